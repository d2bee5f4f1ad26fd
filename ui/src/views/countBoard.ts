// The counting board (第九条; KBA 第十三条; 第十六条三 a recount): the final position from the
// game record (SGF) or set up by tapping, the referee taps the dead stones, the core counts
// after every tap, and the count is recorded as the game's result. The core does the counting;
// this file only draws and collects taps.

import type { Backend } from "../backend";
import type { BoardSetup } from "../bindings/BoardSetup";
import type { CountAnswer } from "../bindings/CountAnswer";
import type { Count } from "../bindings/Count";
import type { Method } from "../bindings/Method";
import type { Outcome } from "../bindings/Outcome";
import type { RulesetSpec } from "../bindings/RulesetSpec";
import { h } from "../dom";
import { marginText, saysStones, winText } from "../format";
import { bracketed, lt, t } from "../i18n";

const COLUMNS = "ABCDEFGHJKLMNOPQRST";

/** `D4` for zero-based column and row (row 0 at the bottom), as on a score sheet. */
export function pointName(x: number, y: number): string {
  return `${COLUMNS[x]}${y + 1}`;
}

/** The method and komi the game's ruleset counts by (第九条 with its komi; KBA 6.5 points; Ing 8 points). */
export function countingOf(r: RulesetSpec): { method: Method; komi: number } {
  if (r.preset === "korean") return { method: "territory", komi: 6.5 };
  // A game balanced by rank difference names its own komi (seed 003 五); an even game 8 points.
  if (r.preset === "ing") return { method: "ing", komi: r.komi_points ?? 8 };
  return { method: "area", komi: r.komi };
}

/** Adds `p` to the dead stones, or takes it back off. */
export function toggle(list: string[], p: string): string[] {
  return list.includes(p) ? list.filter((q) => q !== p) : [...list, p];
}

/** Each side's total as the method counts it: 子 for area, points otherwise. */
export function totalsText(a: CountAnswer): string {
  const total = (n: number) => t(a.tally.method === "area" ? "stonesUnit" : "pointsUnit", { n });
  const detail = (s: CountAnswer["tally"]["black"]) =>
    a.tally.method === "territory" ? t("territoryDetail", { t: s.territory, p: s.prisoners }) : "";
  const side = (c: "black" | "white") =>
    `${lt("colours", c)} ${total(a.tally[c].total_halves / 2)}${detail(a.tally[c])}`;
  return `${side("black")} · ${side("white")}`;
}

/** “黑胜¾子（1.5目）” / “백 1집 반 승” / “White wins by ¾ stones (1.5 points)” / “和棋”: a margin
 * in 子 also in points (1 子 = 2 目) where the language says it in 子. */
export function outcomeText(o: Outcome): string {
  if (o.outcome === "win") {
    const win = winText(o.winner, o.margin, false);
    const points =
      o.margin?.unit === "stones" && saysStones()
        ? bracketed(marginText({ unit: "points", quarters_or_halves: o.margin.quarters_or_halves }))
        : "";
    return `${win}${points}`;
  }
  return lt("outcomes", o.outcome);
}

type Mode = "dead" | "black" | "white" | "empty";
const MODE_WORDS = {
  dead: "countMode_dead",
  black: "countMode_black",
  white: "countMode_white",
  empty: "countMode_empty",
} as const;

export interface CountBoardContext {
  backend: Backend;
  ruleset: RulesetSpec;
  /** Records the count (the screen says as what: the result, or a count corrected), if this
   * screen may. */
  record?: (count: Count) => void;
}

/** The counting board, drawn into a panel of the game screen. */
export function countBoard(ctx: CountBoardContext): HTMLElement {
  const { method, komi } = countingOf(ctx.ruleset);
  let board: BoardSetup = { size: 19, black: [], white: [], captured_by_black: 0, captured_by_white: 0 };
  let dead: string[] = [];
  let mode: Mode = "dead";
  let answer: CountAnswer | null = null;
  const grid = h("div", { class: "goban", "data-testid": "count-grid" });
  const summary = h("p", { class: "count-summary", "data-testid": "count-summary" }, t("countLoadOrSet"));
  const note = h("p", { class: "error", "data-testid": "count-note" });
  const recordButton = h(
    "button",
    { class: "primary", "data-testid": "count-record", disabled: "" },
    t("recordCount"),
  ) as HTMLButtonElement;
  const modes = h("div", { class: "choice", "data-testid": "count-mode" });
  const article = method === "area" ? lt("articles", "9") : lt("articles", "kr.14");

  const draw = () => {
    const n = board.size;
    grid.style.setProperty("--n", String(n));
    const black = new Set(board.black);
    const white = new Set(board.white);
    const cells: HTMLElement[] = [];
    for (let y = n - 1; y >= 0; y--) {
      for (let x = 0; x < n; x++) {
        const p = pointName(x, y);
        const stone = black.has(p) ? "black" : white.has(p) ? "white" : null;
        const owner = answer && !stone ? answer.tally.owners[y * n + x] : null;
        const cls = ["pt", stone ? `stone ${stone}` : "", dead.includes(p) ? "dead" : "", owner ? `own-${owner}` : ""]
          .filter(Boolean)
          .join(" ");
        cells.push(
          h("button", {
            type: "button",
            class: cls,
            "data-point": p,
            "aria-label": p,
            onclick: () => void tap(p, stone),
          }),
        );
      }
    }
    grid.replaceChildren(...cells);
    modes.replaceChildren(
      ...(["dead", "black", "white", "empty"] as Mode[]).map((m) =>
        h(
          "button",
          {
            type: "button",
            class: m === mode ? "on" : "",
            "data-value": m,
            onclick: () => {
              mode = m;
              draw();
            },
          },
          t(MODE_WORDS[m]),
        ),
      ),
    );
  };

  const recount = async () => {
    note.textContent = "";
    try {
      answer = await ctx.backend.countBoard({ board, dead, method, komi });
      const outcome = `${outcomeText(answer.outcome)}${bracketed(article)}`;
      summary.textContent = `${totalsText(answer)} · ${t("komi")} ${komi} · ${outcome}`;
      if (answer.count && ctx.record) {
        recordButton.removeAttribute("disabled");
      } else {
        recordButton.setAttribute("disabled", "");
        if (answer.not_recordable) note.textContent = answer.not_recordable;
      }
    } catch (e) {
      answer = null;
      note.textContent = (e as Error).message;
      recordButton.setAttribute("disabled", "");
    }
    draw();
  };

  const tap = async (p: string, stone: "black" | "white" | null) => {
    if (mode === "dead") {
      if (!stone) return;
      dead = toggle(dead, p);
    } else {
      board = { ...board, black: board.black.filter((q) => q !== p), white: board.white.filter((q) => q !== p) };
      dead = dead.filter((q) => q !== p);
      if (mode === "black") board.black.push(p);
      if (mode === "white") board.white.push(p);
    }
    await recount();
  };

  const file = h("input", {
    type: "file",
    accept: ".sgf,application/x-go-sgf,text/plain",
    "data-testid": "count-sgf",
  }) as HTMLInputElement;
  file.onchange = async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      const loaded = await ctx.backend.loadRecord(await f.text());
      board = loaded.board;
      dead = loaded.dead;
      mode = "dead";
      await recount();
    } catch (e) {
      note.textContent = (e as Error).message;
    }
  };
  const size = h(
    "div",
    { class: "choice", "data-testid": "count-size" },
    [19, 13, 9].map((n) =>
      h(
        "button",
        {
          type: "button",
          "data-value": String(n),
          onclick: () => {
            board = { size: n, black: [], white: [], captured_by_black: 0, captured_by_white: 0 };
            dead = [];
            mode = "black";
            answer = null;
            void recount();
          },
        },
        `${n}×${n}`,
      ),
    ),
  );
  recordButton.onclick = () => {
    if (answer?.count && ctx.record) ctx.record(answer.count);
  };
  draw();
  return h(
    "section",
    { class: "count-board", "data-testid": "count-board" },
    h("h3", {}, `${t("countBoard")}${bracketed(article)}`),
    h("label", { class: "field" }, h("span", {}, t("countFromRecord")), file),
    h("div", { class: "row" }, h("span", {}, t("countNewBoard")), size),
    modes,
    grid,
    summary,
    note,
    recordButton,
  );
}
