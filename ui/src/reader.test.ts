import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Backend } from "./backend";
import type { EventBody } from "./bindings/EventBody";
import type { ReaderView } from "./bindings/ReaderView";
import type { SideView } from "./bindings/SideView";
import { setLang, setTables } from "./i18n";
import { labelTables } from "./testdata";
import { clockText, readerView, sideNote, sideText, speak } from "./views/reader";

const side = (over: Partial<SideView> = {}): SideView => ({
  main_ms: 0,
  reserve: 1,
  byo_yomi: true,
  minute_ms: 0,
  block_ms: null,
  moves_left: null,
  absence_used: false,
  ...over,
});

function view(now: number, say: ReaderView["say"], over: Partial<ReaderView> = {}): ReaderView {
  return {
    now_ms: now,
    clock: {
      overtime: { system: "periods", count: 1, period_ms: 60_000 },
      to_move: "white",
      running: true,
      black: side({ main_ms: 40_000, byo_yomi: false, reserve: 1 }),
      white: side({ minute_ms: 51_000 }),
      time_up: null,
    },
    say,
    time_up: null,
    toilet_break: false,
    ...over,
  };
}

describe("the byo-yomi reader screen (第十二条)", () => {
  const spoken: { text: string; lang: string }[] = [];
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
    spoken.length = 0;
    vi.stubGlobal(
      "SpeechSynthesisUtterance",
      class {
        lang = "";
        constructor(public text: string) {}
      },
    );
    vi.stubGlobal("speechSynthesis", {
      speak: (u: { text: string; lang: string }) => spoken.push({ text: u.text, lang: u.lang }),
      getVoices: () => [{ lang: "zh-CN" }],
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("plays the recorded clip where the platform has no voice for the language", () => {
    const played: string[] = [];
    vi.stubGlobal(
      "Audio",
      class {
        constructor(public src: string) {
          played.push(src);
        }
        play() {
          return Promise.resolve();
        }
      },
    );
    expect(speak("1", "c1", "zh")).toBe("voice");
    // 繁體 is read by a Mandarin voice where the platform has one.
    expect(speak("還剩1分鐘", "left1", "zh_hant")).toBe("voice");
    expect(spoken.map((s) => s.lang)).toEqual(["zh-CN", "zh-TW"]);
    expect(speak("one minute left", "left1", "en")).toBe("clip");
    expect(speak("1분 남았습니다", "left1", "ko")).toBe("clip");
    expect(speak("残り1分", "left1", "ja")).toBe("clip");
    expect(played).toEqual(["clips/en/left1.wav", "clips/ko/left1.wav", "clips/ja/left1.wav"]);
    vi.stubGlobal("speechSynthesis", undefined);
    expect(speak("10，超时判负", "timeup", "zh")).toBe("clip");
    expect(speak("10，超時判負", "timeup", "zh_hant")).toBe("clip");
    expect(played.slice(3)).toEqual(["clips/zh/timeup.wav", "clips/zh/timeup.wav"]);
  });

  it("shows main time as a clock and byo-yomi as reserve and seconds", () => {
    expect(clockText(3_599_999)).toBe("59:59");
    expect(clockText(61_000)).toBe("1:01");
    expect(sideText(side({ main_ms: 40_000, byo_yomi: false }), false)).toBe("0:40");
    expect(sideText(side({ reserve: 3, minute_ms: 42_500 }), true)).toBe("0:42");
    expect(sideText(side({ reserve: 3, minute_ms: 42_500 }), false)).toBe("0:00");
    expect(sideNote(side({ reserve: 3 }))).toBe("读秒 · 还剩3分钟");
    expect(sideNote(side({ main_ms: 40_000, byo_yomi: false, reserve: 5 }))).toBe("另有读秒 5 分钟");
    // The other systems organisers set.
    expect(sideNote(side({ reserve: 2 }), { system: "periods", count: 3, period_ms: 30_000 })).toBe(
      "读秒 · 还剩2次（每次30秒）",
    );
    const canadian = { system: "canadian", moves: 15, block_ms: 300_000 } as const;
    expect(sideNote(side({ main_ms: 60_000, byo_yomi: false, block_ms: 300_000, moves_left: 15 }), canadian)).toBe(
      "另有加拿大读秒：15 手 / 5:00",
    );
    expect(sideNote(side({ block_ms: 200_000, moves_left: 9 }), canadian)).toBe("加拿大读秒 · 还需 9 手");
    expect(sideText(side({ block_ms: 200_000, moves_left: 9 }), true)).toBe("3:20");
    expect(sideNote(side({ main_ms: 60_000, byo_yomi: false }), { system: "fischer", increment_ms: 10_000 })).toBe(
      "费舍尔 · 每手加 10 秒",
    );
  });

  it("speaks each call once, presses for the side to move, and proposes the 23.5 loss when time is up", async () => {
    const script = [
      view(1_000, []),
      view(2_000, [
        {
          at_ms: 2_000,
          call: { call: "count", n: 1 },
          words: { zh: "1", en: "1", zh_hant: "1", ko: "1", ja: "1" },
          clip: "c1",
        },
      ]),
      view(
        3_000,
        [
          {
            at_ms: 3_000,
            call: { call: "time_up" },
            words: {
              zh: "10，超时判负",
              en: "10 — loss on time",
              zh_hant: "10，超時判負",
              ko: "10, 시간패",
              ja: "10、時間切れ負け",
            },
            clip: "timeup",
          },
        ],
        { time_up: { side: "white", at_ms: 3_000 } },
      ),
    ];
    const asked: (number | null)[] = [];
    const recorded: EventBody[] = [];
    let backed = false;
    const backend = {
      reader: async (_game: string, after: number | null) => {
        asked.push(after);
        // As the core does, what was due comes once — except one overlapping ask that brings the
        // last call again (a press and the loop asking together): the screen says it once.
        if (asked.length <= script.length + 1) return script[Math.min(asked.length, script.length) - 1];
        return { ...script[script.length - 1], say: [] };
      },
      record: async (_game: string, body: EventBody) => {
        recorded.push(body);
        return {};
      },
    } as unknown as Backend;
    const el = readerView("g1", { backend, back: () => (backed = true), every: 5 });
    document.body.append(el);
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(5));
    expect(asked.slice(0, 3)).toEqual([null, 1_000, 2_000]);
    expect(spoken).toEqual([
      { text: "1", lang: "zh-CN" },
      { text: "10，超时判负", lang: "zh-CN" },
    ]);
    expect(el.querySelector("[data-testid=reader-call]")?.textContent).toBe("10，超时判负");
    expect(el.querySelector("[data-testid=reader-white]")?.className).toContain("to-move");
    (el.querySelector("[data-testid=reader-press]") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(recorded.length).toBe(1));
    expect(recorded[0]).toEqual({ kind: "clock_pressed", data: { by: "white" } });
    expect(el.querySelector("[data-testid=reader-timeup]")?.textContent).toContain("白方超时（第二十三条五）");
    (el.querySelector("[data-testid=reader-confirm-loss]") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(backed).toBe(true));
    expect(recorded[1]).toEqual({
      kind: "incident_recorded",
      data: { incident: { type: "time_exceeded", facts: { offender: "white" } }, ruling: "offender_loses" },
    });
    el.remove();
  });

  it(
    "第二十三条四: one tap stops the clock to remove captures in byo-yomi, " + "the second tap or the press goes on",
    async () => {
      // White in the last minute; then, once the tap is recorded, the core says the clock waits.
      let removing = false;
      const recorded: EventBody[] = [];
      const now = () => {
        const v = view(1_000, []);
        return { ...v, clock: v.clock && { ...v.clock, running: !removing, removing } };
      };
      const backend = {
        reader: async () => now(),
        record: async (_game: string, body: EventBody) => {
          recorded.push(body);
          removing = body.kind === "removal_started";
          return {};
        },
      } as unknown as Backend;
      const el = readerView("g1", { backend, back: () => undefined, every: 5 });
      document.body.append(el);
      const removal = () => el.querySelector("[data-testid=reader-removal]") as HTMLButtonElement;
      const press = () => el.querySelector("[data-testid=reader-press]") as HTMLButtonElement;
      await vi.waitFor(() => expect(removal().hidden).toBe(false));
      expect(removal().textContent).toBe("提子（停钟，第二十三条四）");
      removal().click();
      await vi.waitFor(() => expect(removal().textContent).toBe("提子完毕"));
      expect(recorded).toEqual([{ kind: "removal_started", data: { by: "white" } }]);
      // The clock is stopped, yet the press stays at hand: it ends the removal with the move.
      expect(press().disabled).toBe(false);
      removal().click();
      await vi.waitFor(() => expect(recorded.length).toBe(2));
      expect(recorded[1]).toEqual({ kind: "removal_ended", data: { by: "white" } });
      await vi.waitFor(() => expect(removal().textContent).toBe("提子（停钟，第二十三条四）"));
      el.remove();
    },
  );

  it(
    "KBA 競技第二条2: after its own move in byo-yomi a player stops the clock for the toilet; " +
      "the opponent may play meanwhile; a tap seats the player again",
    async () => {
      // Black has just played in byo-yomi; White is to move. Once the break is recorded the core
      // says Black is away and no clock runs; White's move is recorded as any move.
      let away: "black" | null = null;
      let toMove: "black" | "white" = "white";
      const recorded: EventBody[] = [];
      const now = () => {
        const v = view(1_000, [], { toilet_break: true });
        const clock = v.clock && {
          ...v.clock,
          to_move: toMove,
          running: away === null,
          black: side({ minute_ms: 0 }),
          on_break: away ?? undefined,
        };
        return { ...v, clock };
      };
      const backend = {
        reader: async () => now(),
        record: async (_game: string, body: EventBody) => {
          recorded.push(body);
          if (body.kind === "break_started") away = "black";
          if (body.kind === "break_ended") away = null;
          if (body.kind === "clock_pressed") toMove = toMove === "white" ? "black" : "white";
          return {};
        },
      } as unknown as Backend;
      const el = readerView("g1", { backend, back: () => undefined, every: 5 });
      document.body.append(el);
      const brk = () => el.querySelector("[data-testid=reader-break]") as HTMLButtonElement;
      const press = () => el.querySelector("[data-testid=reader-press]") as HTMLButtonElement;
      await vi.waitFor(() => expect(brk().hidden).toBe(false));
      expect(brk().textContent).toBe("黑方如厕（停钟，韩国棋院競技第二条2）");
      brk().click();
      await vi.waitFor(() => expect(brk().textContent).toBe("黑方归座"));
      expect(recorded).toEqual([{ kind: "break_started", data: { by: "black" } }]);
      // White plays while Black is away.
      expect(press().disabled).toBe(false);
      press().click();
      await vi.waitFor(() => expect(recorded.length).toBe(2));
      expect(recorded[1]).toEqual({ kind: "clock_pressed", data: { by: "white" } });
      // Now Black is to move and away: nobody presses until Black sits down.
      await vi.waitFor(() => expect(press().disabled).toBe(true));
      brk().click();
      await vi.waitFor(() => expect(recorded.length).toBe(3));
      expect(recorded[2]).toEqual({ kind: "break_ended", data: { by: "black" } });
      await vi.waitFor(() => expect(press().disabled).toBe(false));
      el.remove();
    },
  );

  it("offers no toilet break outside the Korean rules or to a player in main time", async () => {
    const backend = (v: ReaderView) => ({ reader: async () => v, record: async () => ({}) }) as unknown as Backend;
    // The Chinese rules: Black has just moved and is in byo-yomi, but no break is offered.
    const chinese = view(1_000, [], {});
    chinese.clock = chinese.clock && { ...chinese.clock, black: side({ minute_ms: 0 }) };
    // The Korean rules, but Black, who has just moved, still has main time.
    const korean = view(1_000, [], { toilet_break: true });
    for (const v of [chinese, korean]) {
      const el = readerView("g1", { backend: backend(v), back: () => undefined, every: 5 });
      document.body.append(el);
      await vi.waitFor(() => expect(el.querySelector("[data-testid=reader-white]")?.className).toContain("to-move"));
      expect((el.querySelector("[data-testid=reader-break]") as HTMLButtonElement).hidden).toBe(true);
      el.remove();
    }
  });

  it("shows no removal button in main time", async () => {
    const backend = {
      reader: async () => view(1_000, [], { clock: { ...view(0, []).clock!, to_move: "black" } }),
      record: async () => ({}),
    } as unknown as Backend;
    const el = readerView("g1", { backend, back: () => undefined, every: 5 });
    document.body.append(el);
    await vi.waitFor(() => expect(el.querySelector("[data-testid=reader-black]")?.className).toContain("to-move"));
    expect((el.querySelector("[data-testid=reader-removal]") as HTMLButtonElement).hidden).toBe(true);
    el.remove();
  });
});
