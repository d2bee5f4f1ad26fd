import { describe, expect, it } from "vitest";
import { BackendError, TauriBackend, WebBackend } from "./backend";

describe("backends", () => {
  it("web: sends the token, reads the office's JSON and its {code, message} errors", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      if (url.endsWith("/tables")) return new Response(JSON.stringify([]), { status: 200 });
      if (url.endsWith("/games/g1/events"))
        return new Response(JSON.stringify({ code: "after_result", message: "game already decided" }), { status: 400 });
      return new Response(JSON.stringify({ code: "forbidden", message: "referee may not export" }), { status: 403 });
    }) as typeof fetch;
    const b = new WebBackend("http://office", "wa1_x", fake);
    expect(await b.tables()).toEqual([]);
    expect(calls[0][0]).toBe("http://office/api/v1/tables");
    const headers = calls[0][1]?.headers as Record<string, string> | undefined;
    expect(headers?.Authorization).toBe("Bearer wa1_x");
    await expect(b.queue()).rejects.toMatchObject({ code: "forbidden", message: "referee may not export" });
    // The browser records like a tablet: the body goes to the game's events, refusals come back.
    await expect(b.record("g1", { kind: "clock_started" })).rejects.toMatchObject({ code: "after_result" });
    expect(calls[2][1]?.method).toBe("POST");
    // With the moment it was made on the office's clock (no offset learned yet: this clock's).
    const sent = JSON.parse(String(calls[2][1]?.body));
    expect(Object.keys(sent)).toEqual(["body", "made_at_ms"]);
    expect(sent.body).toEqual({ kind: "clock_started" });
    expect(Math.abs(sent.made_at_ms - Date.now())).toBeLessThan(5_000);
    await expect(b.enroll()).rejects.toBeInstanceOf(BackendError);
  });

  it("web: an action carries an Idempotency-Key, sent again with the same key when the network fails", async () => {
    const calls: RequestInit[] = [];
    let failNext = true;
    const fake = (async (_url: string, init?: RequestInit) => {
      calls.push(init ?? {});
      if (init?.method === "POST" && failNext) {
        failNext = false;
        throw new TypeError("network down");
      }
      return new Response(JSON.stringify(init?.method === "GET" ? [] : { view: true }), { status: 200 });
    }) as typeof fetch;
    const b = new WebBackend("http://office", "wa1_x", fake);
    await b.tables();
    expect((calls[0].headers as Record<string, string>)["Idempotency-Key"]).toBeUndefined();
    await b.record("g1", { kind: "clock_started" });
    const keys = calls.slice(1).map((c) => (c.headers as Record<string, string>)["Idempotency-Key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // A new action, a new key.
    await b.record("g1", { kind: "clock_started" });
    expect((calls[3].headers as Record<string, string>)["Idempotency-Key"]).not.toBe(keys[0]);
  });

  it("tauri: passes arguments by name and turns rejections into BackendError", async () => {
    const seen: [string, unknown][] = [];
    const invoke = (async (cmd: string, args?: unknown) => {
      seen.push([cmd, args]);
      if (cmd === "record") throw { code: "ruling_not_allowed", message: "第十七条一 …" };
      return [] as never;
    }) as <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;
    const b = new TauriBackend(invoke);
    await b.game("g1");
    expect(seen[0]).toEqual(["game", { game: "g1" }]);
    await expect(b.record("g1", { kind: "clock_started" })).rejects.toMatchObject({ code: "ruling_not_allowed" });
  });
});
