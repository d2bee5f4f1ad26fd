// A phone reloaded while the office cannot be reached still shows what it last saw — its
// tables and games, for the official and event it is signed in as — and records into the
// outbox with the moment tapped; another sign-in, or a sign-out, sees none of it.
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { KeptOffline, OfficeUnreachable, WebBackend } from "./backend";
import * as outbox from "./outbox";
import { forgetToken, saveToken } from "./signin";

const you = (person = "ref-li", tournament = "t1") => ({ person, role: "referee", device: "web-1", tournament });
const rows = [
  { game: "g1", round: 1, table: 1, referee: "ref-li", black: { name: "甲" }, white: { name: "乙" } },
  { game: "g2", round: 1, table: 2, referee: "ref-wang", black: { name: "丙" }, white: { name: "丁" } },
];

/** An office answering as `person`, reachable while `net.up`; which paths were asked. */
function office(net: { up: boolean; person?: string; tournament?: string }) {
  const asked: string[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    if (!net.up) throw new TypeError("Failed to fetch");
    const path = new URL(url).pathname.replace("/api/v1", "");
    asked.push(`${init?.method ?? "GET"} ${path}`);
    const body =
      path === "/status"
        ? { you: you(net.person, net.tournament), ruleset: null, now_ms: Date.now() }
        : path === "/labels"
          ? { zh: {} }
          : path === "/tables"
            ? rows
            : path.startsWith("/games/")
              ? { state: { game: path.split("/")[2], incidents: [] } }
              : {};
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  return { fetchFn, asked };
}

/** Waits until `f` holds (the own games are fetched in the background). */
async function until(f: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(f()).toBe(true);
}

beforeEach(async () => {
  localStorage.clear();
  await outbox.flush(async () => undefined);
});

describe("what a phone last saw", () => {
  it(
    "is there after a reload with no office: who, the tables, a game never opened but the " +
      "referee's own; a record goes to the outbox with its moment",
    async () => {
      const net = { up: true };
      const first = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
      await first.labels();
      await first.status();
      await first.tables();
      // The referee's own table's game is kept without being opened; another's is not fetched.
      const games = () => Object.keys(JSON.parse(localStorage.getItem("arbiter-views") ?? "{}").games ?? {});
      await until(() => games().includes("g1"));
      expect(games()).toEqual(["g1"]);

      // The Wi-Fi drops and the page is reloaded: a new backend, the same sign-in.
      net.up = false;
      const reloaded = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
      expect(await reloaded.labels()).toEqual({ zh: {} });
      const s = await reloaded.status();
      expect(s.sync.online).toBe(false);
      expect(s.identity?.person).toBe("ref-li");
      expect((await reloaded.tables()).map((r) => r.game)).toEqual(["g1", "g2"]);
      expect((await reloaded.game("g1")).state.game).toBe("g1");
      // A game this phone never saw is not made up.
      await expect(reloaded.game("g2")).rejects.toBeInstanceOf(OfficeUnreachable);

      const tapped = Date.now();
      await expect(reloaded.record("g1", { kind: "clock_started" }, "开钟")).rejects.toBeInstanceOf(KeptOffline);
      const [kept] = await outbox.waiting();
      expect(kept.game).toBe("g1");
      expect(Math.abs((kept.made_at_ms ?? 0) - tapped)).toBeLessThan(1_000);
    },
  );

  it("is not another sign-in's, and is gone after signing out", async () => {
    const net = { up: true };
    saveToken("wa1_li");
    const li = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
    await li.status();
    await li.tables();
    net.up = false;
    // Another official on this browser: nothing of the first one's.
    const other = new WebBackend("https://office", "wa1_wang", office(net).fetchFn);
    await expect(other.status()).rejects.toBeInstanceOf(OfficeUnreachable);
    await expect(other.tables()).rejects.toBeInstanceOf(OfficeUnreachable);
    // Signed out (or revoked, which signs out): the same token sees nothing either.
    forgetToken();
    const again = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
    await expect(again.status()).rejects.toBeInstanceOf(OfficeUnreachable);
    await expect(again.tables()).rejects.toBeInstanceOf(OfficeUnreachable);
  });

  it("drops the games kept for another official or event when the office names a new one", async () => {
    const net: { up: boolean; person?: string; tournament?: string } = { up: true };
    const b = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
    await b.status();
    await b.game("g1");
    net.tournament = "t2";
    await b.status();
    net.up = false;
    const reloaded = new WebBackend("https://office", "wa1_li", office(net).fetchFn);
    expect((await reloaded.status()).identity?.tournament).toBe("t2");
    await expect(reloaded.game("g1")).rejects.toBeInstanceOf(OfficeUnreachable);
  });
});
