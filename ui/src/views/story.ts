// One incident's whole story on one screen: recorded → escalated → ruled → appealed →
// decided, each step with who and when; a ruling later replaced is struck through with what
// replaced it, a refused one with why; and, when something on it is the viewer's to decide,
// each decision previewed (with the standings change at the office) and confirmed here.

import type { DeskOption } from "../bindings/DeskOption";
import type { Story } from "../bindings/Story";
import type { StoryStep } from "../bindings/StoryStep";
import { h } from "../dom";
import { rankText } from "../format";
import { labelled, listed, lt, t } from "../i18n";
import { happenedView, option, timeOfDay } from "./queue";

export interface StoryCtx {
  back: () => void;
  decide: (target: { game: string }, option: DeskOption) => Promise<void>;
  standings?: (game: string, option: DeskOption) => Promise<HTMLElement | null>;
}

/** What a step did, in words: "王裁判（裁判员）10:02 报请裁判长 · 判和". */
export function stepLine(s: StoryStep): string {
  const what = t(`story_${s.kind}` as "story_recorded", {
    to: s.to ? lt("roles", s.to) : "",
    by: s.appellant ? lt("colours", s.appellant) : "",
  });
  const ruling = s.ruling ? ` · ${lt("rulings", s.ruling)}` : s.decision ? ` · ${t(s.decision.decision === "upheld" ? "upheld" : "annul")}` : "";
  return t("storyStep", { name: s.by.name, role: lt("roles", s.by.role), time: timeOfDay(s.by.at), what }) + ruling;
}

export function storyView(story: Story, ctx: StoryCtx): HTMLElement {
  const byEvent = new Map(story.steps.map((s) => [s.event, s]));
  const steps = story.steps.map((s) => {
    const replaced = s.superseded_by ? byEvent.get(s.superseded_by) : undefined;
    const line = h("span", { class: "step-line" }, stepLine(s));
    return h("li", { class: `story-step ${s.kind}${s.in_force ? " in-force" : ""}${replaced || s.refused ? " superseded" : ""}`, "data-testid": `story-${s.kind}` },
      replaced || s.refused ? h("s", {}, line) : line,
      // The recording's note is shown once, with what happened above.
      s.note && s.kind !== "recorded" ? h("p", { class: "note" }, labelled(t(s.kind === "appealed" ? "grounds" : "note"), s.note)) : null,
      replaced ? h("p", { class: "why", "data-testid": "replaced-by" }, t("replacedBy", { name: replaced.by.name, time: timeOfDay(replaced.by.at) })) : null,
      s.refused ? h("p", { class: "why flag" }, labelled(t("refused"), s.refused.message)) : null,
    );
  });
  const player = (p: Story["black"], mark: string) => `${mark} ${p.name} ${p.rank ? rankText(p.rank) : ""}`.trim();
  return h("main", { class: "office story", "data-testid": "story" },
    h("div", { class: "row" }, h("button", { class: "small", "data-testid": "back", onclick: ctx.back }, t("back"))),
    h("article", { class: "card" },
      h("header", { class: "line" },
        h("strong", {}, t("wholeStory")),
        h("span", {}, `${t("round", { n: story.round })} ${t("table", { n: story.table })}`),
        story.happened.in_force ? h("span", { "data-testid": "in-force" }, `· ${lt("rulings", story.happened.in_force)}`) : null),
      h("div", { class: "players row" }, h("span", {}, player(story.black, "●")), h("span", {}, player(story.white, "○"))),
      ...happenedView(story.happened),
      h("ol", { class: "story-steps", "data-testid": "story-steps" }, steps),
      story.open.length ? h("p", { class: "flag", "data-testid": "story-open" }, labelled(t("stillOpen"), listed(story.open.map((o) => lt("open_kinds", o.kind))))) : null,
      story.options.length ? h("div", { class: "options", "data-testid": "card-options" }, story.options.map((o) => option(story, o, ctx))) : null,
    ),
  );
}
