// The chief arbiter's desk (and the committee's): a card per open item with enough on it to
// decide from — the players, what happened in words, who recorded and escalated it and when,
// how long the table has waited and whether its clock is stopped, the referee's ruling and
// note, and each decision the viewer may give with its consequence previewed.

import type { DeskOption } from "../bindings/DeskOption";
import type { IncidentCard } from "../bindings/IncidentCard";
import type { QueueCard } from "../bindings/QueueCard";
import type { Step } from "../bindings/Step";
import { h, own } from "../dom";
import { consequenceLines, rankText } from "../format";
import { getLang, l, labelled, locale, lt, t } from "../i18n";

/** The key of an open item: the event that opened it. */
export function itemKey(c: QueueCard): string {
  return `${c.kind}:${c.event}`;
}

/** Minutes between `from` and `now`, whole. */
export function waitedMinutes(from: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60000));
}

/** How long an item has waited, as a person says it: minutes, then hours, then days. */
export function waitedText(n: number): string {
  if (n < 60) return t("waitedMin", { n });
  if (n < 24 * 60) return t("waitedHours", { h: Math.floor(n / 60), m: n % 60 });
  return t("waitedDays", { d: Math.floor(n / 1440), h: Math.floor((n % 1440) / 60) });
}

/** A time of day in the page's language. */
export function timeOfDay(at: string): string {
  return new Date(at).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
}

export function stepText(word: "recordedBy" | "escalatedBy" | "openedBy", s: Step): string {
  return t(word, { name: s.name, role: lt("roles", s.role), time: timeOfDay(s.at) });
}

export interface QueueCtx {
  open: (game: string) => void;
  /** Shows the incident's whole story. */
  story?: (game: string, incident: string) => void;
  /** What a decision would do to the standings (the office knows every game). */
  standings?: (game: string, option: DeskOption) => Promise<HTMLElement | null>;
  /** Records `option.body` on the card's game, then the queue is drawn again. */
  decide: (target: { game: string }, option: DeskOption) => Promise<void>;
  /** Items that arrived since the queue was last drawn (their keys). */
  fresh: Set<string>;
  /** Items decided on this phone while the office could not be reached: the decision waits
   * in the outbox (`ruling:INCIDENT`, `appeal:APPEAL`); not offered again meanwhile. */
  kept?: ReadonlySet<string>;
  now: Date;
  muted: boolean;
  toggleMute: () => void;
}

export function queueView(cards: QueueCard[], ctx: QueueCtx): HTMLElement {
  const mute = h(
    "div",
    { class: "queue-tools" },
    h(
      "button",
      { class: "small", "data-testid": "queue-mute", onclick: ctx.toggleMute },
      ctx.muted ? t("soundOff") : t("soundOn"),
    ),
  );
  if (cards.length === 0)
    return h("main", {}, mute, h("p", { class: "empty", "data-testid": "queue-empty" }, t("nothingOpen")));
  return h(
    "main",
    {},
    mute,
    h(
      "ul",
      { class: "queue", "data-testid": "queue" },
      cards.map((c) => h("li", {}, card(c, ctx))),
    ),
  );
}

/** What happened, in words: the incident, its facts, the note, who recorded it. */
export function happenedView(i: IncidentCard): HTMLElement[] {
  return [
    // The card's heading, next below the page's (h1): screen readers walk the desk by it.
    h("h2", { class: "incident-title", "data-testid": "card-incident" }, lt("incident_types", i.incident.type)),
    ...(i.facts.length
      ? [
          h(
            "dl",
            { class: "facts", "data-testid": "card-facts" },
            i.facts.flatMap((f) => [h("dt", {}, l(f.label)), h("dd", {}, f[getLang()])]),
          ),
        ]
      : []),
    ...(i.note ? [h("p", { class: "note", "data-testid": "card-note" }, labelled(t("note"), i.note))] : []),
  ];
}

function card(c: QueueCard, ctx: QueueCtx): HTMLElement {
  const i = c.happened;
  const waited = c.opened ? waitedMinutes(c.opened.at, ctx.now) : null;
  const fresh = ctx.fresh.has(itemKey(c));
  const player = (colour: "black" | "white") => {
    const p = c[colour];
    return h(
      "span",
      { class: `player ${colour}`, "data-testid": `card-${colour}` },
      `${p.name} ${p.rank ? rankText(p.rank) : ""}`.trim(),
    );
  };
  const clock = c.clock_running
    ? t("clockRunning")
    : c.status.status === "finished"
      ? lt("statuses", "finished")
      : t("clockStopped");
  const kept = c.kind === "appeal" ? ctx.kept?.has(`appeal:${c.event}`) : ctx.kept?.has(`ruling:${c.incident}`);
  const options = kept ? [] : c.options.map((o) => option(c, o, ctx));
  return h(
    "article",
    {
      class: `card queue-card${fresh ? " fresh" : ""}${c.status.status === "paused" ? " waiting" : ""}`,
      "data-testid": "queue-card",
      "data-game": c.game,
    },
    h(
      "header",
      { class: "line" },
      fresh ? h("span", { class: "badge", "data-testid": "new-badge" }, t("newItem")) : null,
      h("strong", { class: "kind" }, lt("open_kinds", c.kind)),
      h("span", {}, `${t("round", { n: c.round })} ${t("table", { n: c.table })}`),
      c.article ? h("span", { class: "article" }, lt("articles", c.article)) : null,
      h("span", { class: c.clock_running ? "" : "flag", "data-testid": "card-clock" }, clock),
      waited !== null ? h("span", { "data-testid": "card-waited" }, waitedText(waited)) : null,
      c.moves !== null ? h("span", { "data-testid": "card-moves" }, t("afterMove", { n: c.moves })) : null,
    ),
    h("div", { class: "players" }, player("black"), player("white")),
    i
      ? h(
          "section",
          { class: "what" },
          ...happenedView(i),
          h("p", { "data-testid": "card-recorded" }, stepText("recordedBy", i.recorded)),
          c.escalated ? h("p", { "data-testid": "card-escalated" }, stepText("escalatedBy", c.escalated)) : null,
          h(
            "p",
            { "data-testid": "card-referee-ruling" },
            labelled(t("refereeRuling"), i.referee_ruling ? lt("rulings", i.referee_ruling) : t("noRulingYet")),
          ),
        )
      : c.opened
        ? h("p", {}, stepText("openedBy", c.opened))
        : null,
    c.appeal
      ? h(
          "p",
          { class: "flag", "data-testid": "card-appeal" },
          labelled(t("appealBy", { by: lt("colours", c.appeal.by) }), c.appeal.grounds),
        )
      : null,
    c.refused.map((r) =>
      h("p", { class: "flag", "data-testid": "refused-decision" }, labelled(t("refused"), r.message)),
    ),
    kept ? h("p", { class: "flag", "data-testid": "card-kept" }, t("keptOffline")) : null,
    options.length ? h("div", { class: "options", "data-testid": "card-options" }, options) : null,
    h(
      "div",
      { class: "row" },
      c.incident && ctx.story
        ? h(
            "button",
            { class: "small", onclick: () => ctx.story?.(c.game, c.incident as string), "data-testid": "card-story" },
            t("wholeStory"),
          )
        : null,
      h("button", { class: "small", onclick: () => ctx.open(c.game), "data-testid": "card-open" }, t("openGame")),
    ),
  );
}

/** A decision: what it is, what it would do, and a confirm step before it is recorded. */
export function option(c: { game: string }, o: DeskOption, ctx: Pick<QueueCtx, "decide" | "standings">): HTMLElement {
  const name = o.ruling
    ? lt("rulings", o.ruling)
    : o.body.kind === "appeal_decided"
      ? t(o.body.data.decision.decision === "upheld" ? "upheld" : "annul")
      : "?";
  const value = o.ruling ?? (o.body.kind === "appeal_decided" ? o.body.data.decision.decision : "");
  // A decision being confirmed: kept across redraws.
  const confirm = own(`confirm-${c.game}-${value}`, () => h("div", { class: "confirm-row panel" }));
  const pick = () => {
    confirm.replaceChildren(
      h(
        "button",
        { class: "primary small", "data-testid": "card-confirm", onclick: () => void ctx.decide(c, o) },
        `${t("confirm")} · ${name}`,
      ),
      h("button", { class: "small", onclick: () => confirm.replaceChildren() }, t("cancel")),
    );
    void ctx.standings?.(c.game, o).then((el) => el && confirm.firstChild && confirm.append(el));
  };
  return h(
    "div",
    { class: "option", "data-value": value },
    h(
      "button",
      { class: "secondary", disabled: o.preview.refused !== null, onclick: pick },
      name,
      o.article ? h("small", {}, ` ${lt("articles", o.article)}`) : null,
    ),
    h(
      "ul",
      { class: "preview" },
      consequenceLines(o.preview).map((l) => h("li", {}, l)),
    ),
    confirm,
  );
}

/** A short tone for a new item (the browser's and the tablet's WebAudio); silent where none. */
export function chime(): void {
  const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  try {
    const ac = new Ctx();
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.1;
    osc.connect(gain).connect(ac.destination);
    osc.start();
    osc.stop(ac.currentTime + 0.25);
    osc.onended = () => void ac.close();
  } catch {
    /* no sound on this device */
  }
}
