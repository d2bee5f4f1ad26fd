// The office pages' outbox on a phone that loses the office: records kept in order, sent once
// each with their own Idempotency-Key when the office answers again, a refusal reported.
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { KeptOffline, WebBackend } from "./backend";
import * as outbox from "./outbox";

const warning = {
  kind: "incident_recorded",
  data: { incident: { type: "disturbing", facts: { offender: "black" } }, ruling: "warning" },
} as const;

beforeEach(async () => {
  // Each test starts with an empty queue, and nothing seen before.
  localStorage.clear();
  await outbox.flush(async () => undefined);
});

describe("outbox", () => {
  it("keeps records in order, stops at the first the office cannot be reached for, sends each once", async () => {
    await outbox.keep({ id: "a", game: "g1", body: warning, title: "first", at: "2026-11-27T08:00:00Z" });
    await outbox.keep({ id: "b", game: "g1", body: warning, title: "second", at: "2026-11-27T08:00:05Z" });
    const down = await outbox.flush(async () => {
      throw new outbox.Unreachable("down");
    });
    expect(down).toEqual({ sent: [], refused: [], left: 2 });
    expect((await outbox.waiting()).map((q) => q.id)).toEqual(["a", "b"]);
    const sent: string[] = [];
    const up = await outbox.flush(async (q) => {
      sent.push(q.id);
    });
    expect(sent).toEqual(["a", "b"]);
    expect(up.left).toBe(0);
    expect(await outbox.waiting()).toEqual([]);
  });

  it("reports a record the office refused and keeps it out of the queue", async () => {
    await outbox.keep({ id: "c", game: "g1", body: warning, title: "refused", at: "2026-11-27T08:01:00Z" });
    const r = await outbox.flush(async () => {
      throw new Error("no such game");
    });
    expect(r.refused.map((x) => [x.record.id, x.error.message])).toEqual([["c", "no such game"]]);
    expect(await outbox.waiting()).toEqual([]);
  });
});

describe("WebBackend offline", () => {
  it("keeps a record made offline and sends it, with its key, once the office answers", async () => {
    let online = false;
    const posts: string[] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      if (init?.method === "POST") posts.push((init.headers as Record<string, string>)["Idempotency-Key"]);
      const body = url.endsWith("/status")
        ? { you: { person: "ref-wang", role: "referee", device: "web-1", tournament: "t1" }, ruleset: null }
        : { state: {} };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const b = new WebBackend("https://office", "wa1_x", fake);
    await expect(b.record("g1", warning, "黑方 · 警告")).rejects.toBeInstanceOf(KeptOffline);
    const [kept] = await outbox.waiting();
    expect(kept.title).toBe("黑方 · 警告");
    expect(kept.id).toMatch(/^[0-9a-f]{32}$/);
    // Still offline: asking for the status sends nothing and keeps the record.
    await expect(b.status()).rejects.toThrow();
    expect((await outbox.waiting()).map((q) => q.id)).toEqual([kept.id]);
    online = true;
    const s = await b.status();
    expect(s.sync.online).toBe(true);
    expect(posts).toEqual([kept.id]);
    // Asked again: nothing is sent twice.
    await b.status();
    expect(posts).toEqual([kept.id]);
    // Offline again after a status was seen: who this is stays, marked offline.
    online = false;
    const off = await b.status();
    expect(off.sync.online).toBe(false);
    expect(off.identity?.person).toBe("ref-wang");
  });

  it(
    "stamps a record made offline with the office's clock learned at " + "the last contact, the same on every try",
    async () => {
      // The office's clock runs 90 s ahead of this phone's.
      const ahead = 90_000;
      let online = true;
      const sent: { key: string; made: number; kind: string }[] = [];
      const fake = (async (url: string, init?: RequestInit) => {
        if (!online) throw new TypeError("Failed to fetch");
        if (init?.method === "POST") {
          const b = JSON.parse(String(init.body));
          sent.push({
            key: (init.headers as Record<string, string>)["Idempotency-Key"],
            made: b.made_at_ms,
            kind: b.body.kind,
          });
        }
        const body = url.endsWith("/status")
          ? {
              you: { person: "ref-wang", role: "referee", device: "web-1", tournament: "t1" },
              ruleset: null,
              now_ms: Date.now() + ahead,
            }
          : { state: {} };
        return new Response(JSON.stringify(body), { status: 200 });
      }) as typeof fetch;
      const b = new WebBackend("https://office", "wa1_x", fake);
      const asked = Date.now();
      await b.status();
      // The offset is learned to within half the status call's round trip (the office's clock
      // read somewhere in it, taken as its middle): the bounds below allow exactly that.
      const slack = Math.ceil((Date.now() - asked) / 2) + 1;
      expect(Math.abs(outbox.officeNow() - (Date.now() + ahead))).toBeLessThan(1_000);
      online = false;
      const before = Date.now() + ahead;
      await expect(b.record("g1", warning, "first")).rejects.toBeInstanceOf(KeptOffline);
      await expect(b.record("g1", { kind: "clock_started" }, "second")).rejects.toBeInstanceOf(KeptOffline);
      const after = Date.now() + ahead;
      const kept = await outbox.waiting();
      expect(kept.map((q) => q.title)).toEqual(["first", "second"]);
      // Made between the two readings of the office's clock (bounded by what happened, not by
      // how fast a loaded machine ran it).
      for (const q of kept) expect(q.made_at_ms! - before).toBeGreaterThanOrEqual(-slack);
      for (const q of kept) expect(q.made_at_ms!).toBeLessThanOrEqual(after + slack);
      // Back: sent in the order made, each with its own key and the moment it was made.
      online = true;
      await b.status();
      expect(sent).toEqual(kept.map((q) => ({ key: q.id, made: q.made_at_ms, kind: q.body?.kind })));
    },
  );

  it("keeps an incident and its escalation made offline as one record, sent as one request", async () => {
    let online = false;
    const bodies: unknown[] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      if (init?.method === "POST") bodies.push(JSON.parse(String(init.body)));
      const body = url.endsWith("/status")
        ? { you: { person: "ref-wang", role: "referee", device: "web-1", tournament: "t1" }, ruleset: null }
        : { state: {} };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const b = new WebBackend("https://office", "wa1_x", fake);
    const moved = {
      kind: "incident_recorded",
      data: { incident: { type: "moved_stones", facts: { mover: null, players_agree: false, deliberate: false } } },
    } as const;
    await expect(b.recordEscalated("g1", moved, "moved stones")).rejects.toBeInstanceOf(KeptOffline);
    expect((await outbox.waiting()).map((q) => q.escalate_to)).toEqual(["chief_arbiter"]);
    online = true;
    await b.status();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ body: moved, escalate_to: "chief_arbiter" });
  });

  it("sends a record made while others wait behind them, not before them", async () => {
    let online = false;
    const order: string[] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      if (init?.method === "POST") order.push(JSON.parse(String(init.body)).body.kind);
      const body = url.endsWith("/status")
        ? { you: { person: "ref-wang", role: "referee", device: "web-1", tournament: "t1" }, ruleset: null }
        : { state: {} };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const b = new WebBackend("https://office", "wa1_x", fake);
    await expect(b.record("g1", warning, "offline")).rejects.toBeInstanceOf(KeptOffline);
    online = true;
    await b.record("g1", { kind: "clock_started" }, "online");
    expect(order).toEqual(["incident_recorded", "clock_started"]);
    expect(await outbox.waiting()).toEqual([]);
  });

  it("marks what arrived at the office by its arrival number, not by each contact", async () => {
    let seq = 5;
    const fake = (async (url: string) => {
      const body = url.endsWith("/status")
        ? { you: { person: "org", role: "organiser", device: "web-1", tournament: "t1" }, ruleset: null, last_seq: seq }
        : {};
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const b = new WebBackend("https://office", "wa1_x", fake);
    expect(b.arrivals()).toBeUndefined();
    await b.status();
    const first = b.arrivals();
    // Asked again with nothing new: the same mark, though the contact time moved on.
    await b.status();
    expect(b.arrivals()).toBe(first);
    seq = 6;
    await b.status();
    expect(b.arrivals()).not.toBe(first);
  });
});
