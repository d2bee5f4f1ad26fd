import { beforeEach, describe, expect, it } from "vitest";
import type { GameResult } from "./bindings/GameResult";
import type { GameView } from "./bindings/GameView";
import type { TableRow } from "./bindings/TableRow";
import { decidingRecord } from "./foreseen";
import { setLang, setTables } from "./i18n";
import type { Queued } from "./outbox";
import { labelTables } from "./testdata";
import { tablesView } from "./views/tables";

const loses = (c: "black" | "white"): GameResult => ({
  outcome: "win",
  winner: c === "black" ? "white" : "black",
  reason: "second_warning",
  article: "25.2",
  event: "x",
});
const timeLoss: GameResult = {
  outcome: "win",
  winner: "black",
  reason: "time",
  article: "23.5",
  event: "y",
} as GameResult;
const resignedBy = (c: "black" | "white"): GameResult => ({
  outcome: "win",
  winner: c === "black" ? "white" : "black",
  reason: "resignation",
  article: "7.2",
  event: "z",
});
const disturbing = (c: "black" | "white") => ({ type: "disturbing" as const, facts: { offender: c } });
const timeExceeded = (c: "black" | "white") => ({ type: "time_exceeded" as const, facts: { offender: c } });

/** The last view a phone kept: no warning yet, as the core foresaw it (views.rs). */
const view = {
  state: { game: "g1", result: null },
  quick: [
    { incident: "disturbing", black: disturbing("black"), white: disturbing("white"), ruling: "warning" },
    { incident: "time_exceeded", black: timeExceeded("black"), white: timeExceeded("white"), ruling: "offender_loses" },
  ],
  foreseen: {
    warnings: {
      black: [{ kind: null, given: 0, next: [null, loses("black")] }],
      white: [{ kind: null, given: 0, next: [null, loses("white")] }],
    },
    quick: [
      { black: null, white: null },
      { black: null, white: timeLoss },
    ],
    counted: ["restore_with_warning", "warning", "warning_and_report"],
    resigned: { black: resignedBy("black"), white: resignedBy("white") },
  },
} as unknown as GameView;

let n = 0;
const kept = (incident: object, ruling: string, game = "g1"): Queued =>
  ({
    id: `q${++n}`,
    game,
    title: "",
    at: "2026-11-28T05:00:00Z",
    body: { kind: "incident_recorded", data: { incident, ruling } },
  }) as unknown as Queued;

describe("a record kept offline that decides the game", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
  });

  it("is the side's second warning counted from the last view, whatever the other side has waiting", () => {
    const first = kept(disturbing("black"), "warning");
    const other = kept(disturbing("white"), "warning");
    const second = kept({ type: "left_hall", facts: { offender: "black" } }, "warning_and_report");
    expect(decidingRecord(view, [first])).toBeNull();
    expect(decidingRecord(view, [first, other])).toBeNull();
    expect(decidingRecord(view, [first, other, second])).toEqual({ id: second.id, result: loses("black") });
    expect(decidingRecord(view, [kept(disturbing("black"), "advice"), first])).toBeNull();
    expect(decidingRecord(view, [first, kept(disturbing("black"), "warning", "g2")])).toBeNull();
  });

  it("under the KBA's rules counts a ring and a noise each in its own count (競技の規則 第一条)", () => {
    const card = (type: string) => ({ type, facts: { offender: "black" } });
    const kba = {
      ...view,
      foreseen: {
        ...view.foreseen,
        warnings: {
          black: [
            { kind: null, given: 0, next: [null, loses("black")] },
            { kind: "phone_rang", given: 0, next: [null, loses("black")] },
            { kind: "noise", given: 0, next: [null, loses("black")] },
          ],
          white: [],
        },
      },
    } as unknown as GameView;
    const ring = kept(card("phone_rang"), "warning");
    const noise = kept(card("noise"), "warning");
    // A ring and a noise: two yellow cards, neither decides; a second noise does.
    expect(decidingRecord(kba, [ring, noise])).toBeNull();
    const again = kept(card("noise"), "warning");
    expect(decidingRecord(kba, [ring, noise, again])).toEqual({ id: again.id, result: loses("black") });
    // Any other warning counts with the others, not with the ring.
    const other = kept(card("clock_before_capture"), "warning");
    expect(decidingRecord(kba, [ring, other])).toBeNull();
  });

  it("is a quick action the core foresaw deciding it, and nothing once the game has a result", () => {
    const late = kept(timeExceeded("white"), "offender_loses");
    expect(decidingRecord(view, [late])).toEqual({ id: late.id, result: timeLoss });
    expect(decidingRecord(view, [kept(timeExceeded("black"), "offender_loses")])).toBeNull();
    const over = { ...view, state: { ...view.state, result: loses("white") } } as GameView;
    expect(
      decidingRecord(over, [kept(disturbing("black"), "warning"), kept(disturbing("black"), "warning")]),
    ).toBeNull();
  });

  it("is a resignation, for the side that resigned, after any record before it", () => {
    const resign = {
      id: "qr",
      game: "g1",
      title: "",
      at: "2026-11-28T05:00:00Z",
      body: { kind: "resigned", data: { by: "white" } },
    } as unknown as Queued;
    const first = kept(disturbing("black"), "warning");
    expect(decidingRecord(view, [first, resign])).toEqual({ id: "qr", result: resignedBy("white") });
    expect(decidingRecord(view, [{ ...resign, game: "g2" } as Queued])).toBeNull();
  });

  it("says so on the table card in words", () => {
    const row = {
      game: "g1",
      round: 1,
      table: 3,
      black: { id: "p1", name: "李明", rank: "5d", rank_zh: "业余5段" },
      white: { id: "p2", name: "陈静", rank: "4d", rank_zh: "业余4段" },
      status: { status: "in_progress" },
      black_warnings: 1,
      white_warnings: 0,
      result: null,
      open_items: 0,
      referee: null,
    } as unknown as TableRow;
    const el = tablesView([row], () => {}, null, undefined, undefined, new Map([["g1", loses("black")]]));
    expect(el.querySelector("[data-testid=decides-on-arrival]")?.textContent).toContain(
      "办公室收到后决定本局：第二次警告：黑方判负（第二十五条二）",
    );
    setLang("en");
    const en = tablesView([row], () => {}, null, undefined, undefined, new Map([["g1", loses("black")]]));
    expect(en.querySelector("[data-testid=decides-on-arrival]")?.textContent).toContain(
      "decides the game once the office has it",
    );
    expect(tablesView([row], () => {}).querySelector("[data-testid=decides-on-arrival]")).toBeNull();
  });
});
