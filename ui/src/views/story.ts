// One incident's whole story on one screen: recorded → escalated → ruled → appealed →
// decided, each step with who and when; a ruling later replaced is struck through with what
// replaced it, a refused one with why; and, when something on it is the viewer's to decide,
// each decision previewed (with the standings change at the office) and confirmed here.

import type { DeskOption } from "../bindings/DeskOption";
import type { Story } from "../bindings/Story";
import type { StoryRecord } from "../bindings/StoryRecord";
import type { StoryStep } from "../bindings/StoryStep";
import { h } from "../dom";
import { rankText } from "../format";
import { bracketed, labelled, listed, lt, said, t } from "../i18n";
import { pointName } from "./countBoard";
import { sealMark } from "./game";
import { happenedView, option, timeOfDay } from "./queue";

export interface StoryCtx {
  back: () => void;
  /** Attaches a game record (SGF) to the incident, checked at move `moveNo` (or its first
   * illegal move), where the viewer may. */
  attach?: (sgf: string, moveNo: number | null) => Promise<void>;
  decide: (target: { game: string }, option: DeskOption) => Promise<void>;
  standings?: (game: string, option: DeskOption) => Promise<HTMLElement | null>;
}

/** What a step did, in words: "王裁判（裁判员）10:02 报请裁判长 · 判和". */
export function stepLine(s: StoryStep): string {
  const what = t(`story_${s.kind}` as "story_recorded", {
    to: s.to ? lt("roles", s.to) : "",
    by: s.appellant ? lt("colours", s.appellant) : "",
  });
  const ruling = s.ruling
    ? ` · ${lt("rulings", s.ruling)}`
    : s.decision
      ? ` · ${t(s.decision.decision === "upheld" ? "upheld" : "annul")}`
      : "";
  return t("storyStep", { name: s.by.name, role: lt("roles", s.by.role), time: timeOfDay(s.by.at), what }) + ruling;
}

export function storyView(story: Story, ctx: StoryCtx): HTMLElement {
  const byEvent = new Map(story.steps.map((s) => [s.event, s]));
  const steps = story.steps.map((s) => {
    const replaced = s.superseded_by ? byEvent.get(s.superseded_by) : undefined;
    const line = h("span", { class: "step-line" }, stepLine(s));
    return h(
      "li",
      {
        class: `story-step ${s.kind}${s.in_force ? " in-force" : ""}${replaced || s.refused ? " superseded" : ""}`,
        "data-testid": `story-${s.kind}`,
      },
      replaced || s.refused ? h("s", {}, line) : line,
      sealMark(s.signed_by),
      // The recording's note is shown once, with what happened above.
      s.note && s.kind !== "recorded"
        ? h("p", { class: "note" }, labelled(t(s.kind === "appealed" ? "grounds" : "note"), s.note))
        : null,
      replaced
        ? h(
            "p",
            { class: "why", "data-testid": "replaced-by" },
            t("replacedBy", { name: replaced.by.name, time: timeOfDay(replaced.by.at) }),
          )
        : null,
      s.refused ? h("p", { class: "why flag" }, labelled(t("refused"), said(s.refused))) : null,
    );
  });
  const player = (p: Story["black"], mark: string) => `${mark} ${p.name} ${p.rank ? rankText(p.rank) : ""}`.trim();
  return h(
    "main",
    { class: "office story", "data-testid": "story" },
    h("div", { class: "row" }, h("button", { class: "small", "data-testid": "back", onclick: ctx.back }, t("back"))),
    h(
      "article",
      { class: "card" },
      h(
        "header",
        { class: "line" },
        h("strong", {}, t("wholeStory")),
        h("span", {}, `${t("round", { n: story.round })} ${t("table", { n: story.table })}`),
        story.happened.in_force
          ? h("span", { "data-testid": "in-force" }, `· ${lt("rulings", story.happened.in_force)}`)
          : null,
      ),
      h(
        "div",
        { class: "players row" },
        h("span", {}, player(story.black, "●")),
        h("span", {}, player(story.white, "○")),
      ),
      ...happenedView(story.happened),
      h("ol", { class: "story-steps", "data-testid": "story-steps" }, steps),
      story.open.length
        ? h(
            "p",
            { class: "flag", "data-testid": "story-open" },
            labelled(t("stillOpen"), listed(story.open.map((o) => lt("open_kinds", o.kind)))),
          )
        : null,
      story.options.length
        ? h(
            "div",
            { class: "options", "data-testid": "card-options" },
            story.options.map((o) => option(story, o, ctx)),
          )
        : null,
    ),
    story.record ? recordView(story.record) : null,
    ctx.attach ? attachForm(ctx.attach) : null,
  );
}

/** What the record says of the move: “第87手 黑 D4：劫争中立即提回（第二十条一）”. */
export function checkLine(r: StoryRecord): string {
  const c = r.check;
  if (!c) return t("recordAllLegal", { n: r.moves });
  const move = t("moveOf", { n: c.move_no, colour: lt("colours", c.colour), point: c.point ?? t("pass") });
  if (c.verdict.verdict === "legal") return labelled(move, t("legalMove"));
  const what = c.verdict.incident ? lt("incident_types", c.verdict.incident.type) : c.verdict.reason;
  return `${labelled(move, what)}${bracketed(lt("articles", c.verdict.article))}`;
}

/** The attached record: the move checked, and the board just before it with that point marked. */
function recordView(r: StoryRecord): HTMLElement {
  const board = r.board;
  let grid: HTMLElement | null = null;
  if (board) {
    const black = new Set(board.black);
    const white = new Set(board.white);
    const cells: HTMLElement[] = [];
    for (let y = board.size - 1; y >= 0; y--) {
      for (let x = 0; x < board.size; x++) {
        const p = pointName(x, y);
        const stone = black.has(p) ? "black" : white.has(p) ? "white" : null;
        const marked = r.check?.point === p;
        cells.push(
          h("span", {
            class: ["pt", stone ? `stone ${stone}` : "", marked ? `checked ${r.check?.colour}` : ""]
              .filter(Boolean)
              .join(" "),
            "data-point": p,
            title: p,
          }),
        );
      }
    }
    grid = h("div", { class: "goban readonly", "data-testid": "record-board" }, cells);
    // Through the CSSOM: a `style` attribute is inline style, which the office's CSP refuses.
    grid.style.setProperty("--n", String(board.size));
  }
  const illegal = r.check?.verdict.verdict === "illegal";
  return h(
    "section",
    { class: "card record", "data-testid": "story-record" },
    h("h3", {}, t("attachedRecord")),
    r.problem
      ? h("p", { class: "flag", "data-testid": "record-problem" }, r.problem.message)
      : h("p", { class: illegal ? "flag" : "", "data-testid": "record-check" }, checkLine(r)),
    r.check ? h("p", { class: "muted" }, t("boardBefore", { n: r.check.move_no })) : null,
    grid,
  );
}

/** Attach the game record: a file or pasted SGF, and the move the incident is about. */
function attachForm(attach: NonNullable<StoryCtx["attach"]>): HTMLElement {
  const file = h("input", {
    type: "file",
    accept: ".sgf,application/x-go-sgf,text/plain",
    "data-testid": "attach-file",
  }) as HTMLInputElement;
  const text = h("textarea", {
    rows: 3,
    placeholder: "(;GM[1]SZ[19];B[pd];W[dp]…)",
    "data-testid": "attach-sgf",
  }) as HTMLTextAreaElement;
  const moveNo = h("input", { type: "number", min: 1, step: 1, "data-testid": "attach-move-no" }) as HTMLInputElement;
  const note = h("p", { class: "error", "data-testid": "attach-error" });
  file.onchange = async () => {
    const f = file.files?.[0];
    if (f) text.value = await f.text();
  };
  const send = async () => {
    note.textContent = "";
    if (!text.value.trim()) {
      note.textContent = t("attachNothing");
      return;
    }
    const n = moveNo.value.trim() ? Number(moveNo.value) : null;
    if (n !== null && !(Number.isInteger(n) && n >= 1)) {
      note.textContent = t("attachMoveNo");
      return;
    }
    try {
      await attach(text.value, n);
    } catch (e) {
      note.textContent = (e as Error).message;
    }
  };
  return h(
    "details",
    { class: "card attach", "data-testid": "attach-record" },
    h("summary", {}, t("attachRecord")),
    h("label", { class: "field" }, h("span", {}, "SGF"), file),
    h("label", { class: "field" }, h("span", {}, t("orPaste")), text),
    h("label", { class: "field" }, h("span", {}, t("attachWhichMove")), moveNo),
    note,
    h(
      "button",
      { type: "button", class: "primary", "data-testid": "attach-send", onclick: () => void send() },
      t("attach"),
    ),
  );
}
