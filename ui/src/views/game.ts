// The game screen: who plays, where the game stands, and every action a referee takes at the
// table — each one previewed (“see the consequence before confirming”) and then recorded.

import { KeptOffline, OfficeUnreachable, type Backend } from "../backend";
import type { Queued } from "../outbox";
import { decidingRecord } from "../foreseen";
import type { CatalogueEntry } from "../bindings/CatalogueEntry";
import type { Colour } from "../bindings/Colour";
import type { EventBody } from "../bindings/EventBody";
import type { GameView } from "../bindings/GameView";
import type { IncidentView } from "../bindings/IncidentView";
import type { Role } from "../bindings/Role";
import type { Ruling } from "../bindings/Ruling";
import { announce } from "../announce";
import { h, own } from "../dom";
import { rankText, resultSentence, warningDots, warningsLeft } from "../format";
import { correctionForm, correctionList } from "./correction";
import { l, labelled, locale, lt, said, t } from "../i18n";
import { countBoard } from "./countBoard";
import { confirmStep, keepAbove, undoBar } from "./confirmStep";
import { choice, colours, recordForm } from "./recordForm";
import { waitingList } from "./unsent";
import { clockText } from "./reader";

export interface GameCtx {
  backend: Backend;
  role: Role | null;
  /** Draws the game again after a record made on it: the form it was made from (`form`, any
   * element of it) folds if it is still the one shown; one opened since, while the record was on
   * its way, stays, as does everything else the person is doing. */
  reload: (form?: Element) => Promise<void>;
  back: () => void;
  /** Opens the byo-yomi reader for this game (where the device runs the clock). */
  openReader?: () => void;
  /** Opens an incident's whole story. */
  openStory?: (incident: string) => void;
  /** What this phone recorded on this game that has not reached the office yet. */
  waiting?: Queued[];
  /** This tablet's events the office has not taken yet (their ids): never shown as verified
   * or settled until the office has them. */
  unsent?: ReadonlySet<string>;
}

/** Who signed an event: “✓ 签名 tab-wang 已验证”, or a red “未签名” for a build from before
 * signatures (the office and every device check each signature as the event arrives). */
export function sealMark(signer: string | null | undefined, unsent = false): HTMLElement {
  // Signed here but not at the office yet: no tick until the office holds it.
  if (unsent) return h("span", { class: "seal flag", "data-testid": "not-at-office" }, ` · ${t("notAtOffice")}`);
  return signer
    ? h("span", { class: "seal", "data-testid": "seal" }, ` · ${t("signedBy", { signer })}`)
    : h("span", { class: "seal flag", "data-testid": "seal" }, ` · ${t("unsigned")}`);
}

/** What the game screen's parts (the record form, the confirm step) draw with: the game as
 * last fetched, the screen's context, and its panel. */
export interface GameAt {
  view: GameView;
  ctx: GameCtx;
  panel: HTMLElement;
}

export function gameView(view: GameView, ctx: GameCtx): HTMLElement {
  const s = view.state;
  const game = s.game;
  const deciding = decidingRecord(view, ctx.waiting ?? []);
  // The record form, a confirm step: drawn by this screen's own code, kept across redraws.
  const panel = own(`panel-${game}`, () => h("section", { class: "panel card", "data-testid": "panel" }));
  const canRecord = ctx.backend.canRecord;
  const at: GameAt = { view, ctx, panel };
  const confirmFlow = (
    title: string,
    body: EventBody,
    after?: (v: GameView) => Promise<void>,
    record?: () => Promise<GameView>,
  ) => confirmStep(at, title, body, after, record);
  const recorder = (preset?: CatalogueEntry) => recordForm(at, preset);

  /** 第二十三条一–三: the late-arrival timer from the round's start; the referee taps each
   * side's arrival and records what the timer proposes (the core decides, in whole seconds). */
  function latenessTimer(lateness: NonNullable<Backend["lateness"]>): void {
    const arrived: Record<Colour, number | null> = { black: null, white: null };
    let now = 0;
    const info = h("p", { class: "lateness-info", "data-testid": "lateness-info" }, "…");
    const proposal = h("div", { "data-testid": "lateness-proposal" });
    const arrive = (c: Colour) =>
      h(
        "button",
        {
          "data-testid": `arrived-${c}`,
          onclick: () => {
            arrived[c] = now;
            void tick();
          },
        },
        t("arrived", { colour: lt("colours", c) }),
      );
    panel.replaceChildren(
      h("h3", {}, t("latenessTimer")),
      info,
      h("div", { class: "row" }, arrive("black"), arrive("white")),
      proposal,
      h("button", { "data-testid": "lateness-cancel", onclick: () => panel.replaceChildren() }, t("cancel")),
    );
    let shown = "";
    const tick = async () => {
      const s = await lateness(game, arrived.black, arrived.white).catch((e: Error) => {
        // 第二十三条 offline: the timer is the office's; the referee enters the lateness counted.
        if (e instanceof OfficeUnreachable) latenessByHand();
        else info.textContent = e.message;
        return undefined;
      });
      if (s === undefined) return;
      if (!s) {
        info.textContent = t("noRoundStart");
        return;
      }
      now = s.now_ms;
      const sides = (["black", "white"] as Colour[])
        .map((c) => {
          const at = arrived[c];
          return `${lt("colours", c)} ${at === null ? t("notHere") : clockText(Math.max(0, at - s.starts_at_ms))}`;
        })
        .join(" · ");
      const left = `${t("lateLeft", { m: s.allowed_minutes })} ${clockText(s.view.left_ms)}`;
      info.textContent = `${t("waited")} ${clockText(s.view.waited_ms)} · ${left} · ${sides}`;
      const p = s.view.proposal;
      const key = JSON.stringify(p);
      if (key === shown) return;
      shown = key;
      if (!p) return proposal.replaceChildren();
      const ruling: Ruling =
        p.proposal === "deduct" ? "deduct_late_time" : p.proposal === "forfeit" ? "forfeit" : "both_forfeit";
      const body: EventBody = {
        kind: "incident_recorded",
        data: {
          incident: {
            type: "late_arrival",
            facts: { black_late_secs: p.black_late_secs, white_late_secs: p.white_late_secs },
          },
          ruling,
        },
      };
      proposal.replaceChildren(
        h("p", { class: "flag" }, lt("rulings", ruling)),
        h(
          "button",
          { class: "primary", "data-testid": "lateness-record", onclick: () => void confirmFlow(t("lateness"), body) },
          t("record"),
        ),
      );
    };
    const loop = async () => {
      while (info.isConnected) {
        await tick();
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    void loop();
  }

  /** The late arrival as facts the referee enters (the seconds each side was late), for when
   * the timer cannot reach the office: checked by the office on arrival. */
  function latenessByHand(): void {
    const e = view.catalogue.find((c) => c.incident === "late_arrival");
    if (!e) return;
    recorder(e);
    panel.prepend(h("p", { class: "flag", "data-testid": "lateness-offline" }, t("latenessOffline")));
  }

  function pickColour(title: string, make: (c: Colour) => EventBody): void {
    panel.replaceChildren(
      h("h3", {}, title),
      choice(colours(), null, (c) => void confirmFlow(title, make(c)), "pick-colour"),
    );
  }

  function askText(title: string, placeholder: string, make: (v: string) => EventBody | null): void {
    const input = h("input", { type: "text", placeholder, "data-testid": "ask" }) as HTMLInputElement;
    panel.replaceChildren(
      h("h3", {}, title),
      input,
      h(
        "button",
        {
          class: "primary",
          "data-testid": "ask-confirm",
          onclick: () => {
            const b = make(input.value.trim());
            if (b) void confirmFlow(title, b);
          },
        },
        t("confirm"),
      ),
    );
  }

  /** 第十四条: on a tablet the sealing player enters the point, hidden; the ledger gets only its
   * seal. Elsewhere (the office's pages) the sealer is recorded and the envelope is paper. */
  function sealForm(): void {
    const seal = ctx.backend.sealMove?.bind(ctx.backend);
    if (!seal) {
      pickColour(`${t("seal")} · ${t("sealer")}`, (c) => ({ kind: "game_adjourned", data: { sealer: c } }));
      return;
    }
    let sealer: Colour | null = null;
    const point = h("input", {
      type: "password",
      autocomplete: "off",
      placeholder: "Q16",
      "data-testid": "seal-point",
    }) as HTMLInputElement;
    const note = h("p", { class: "error" });
    const sealers = choice(
      colours(),
      null,
      (c) => {
        sealer = c;
        for (const b of sealers.querySelectorAll("button"))
          b.classList.toggle("on", b.getAttribute("data-value") === c);
      },
      "seal-sealer",
    );
    panel.replaceChildren(
      h("h3", {}, t("seal")),
      h("p", {}, t("sealHint")),
      sealers,
      point,
      note,
      h(
        "button",
        {
          class: "primary",
          "data-testid": "seal-confirm",
          onclick: async () => {
            const p = point.value.trim();
            if (!sealer || !/^[A-HJ-Ta-hj-t](1[0-9]|[1-9])$/.test(p)) {
              note.textContent = t("sealNeeds");
              return;
            }
            try {
              await seal(game, sealer, p.toUpperCase());
              await ctx.reload(note);
            } catch (e) {
              note.textContent = (e as Error).message;
            }
          },
        },
        t("confirm"),
      ),
    );
  }

  /** 第十四条 resumption: the tablet that took the sealed move opens it; the referee says whether
   * the point is free (play it) or occupied (第二十二条: the move is void, one pass). */
  async function unsealForm(): Promise<void> {
    // 第十四条: 续赛时，裁判员当场启封 — the point is read only once both players are there.
    panel.replaceChildren(
      h("h3", {}, t("unseal")),
      h("p", { "data-testid": "unseal-ask" }, t("unsealAsk")),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { class: "primary", "data-testid": "unseal-both-present", onclick: () => void unsealPresent(new Date()) },
          t("unsealBothPresent"),
        ),
        h("button", { onclick: () => panel.replaceChildren() }, t("cancel")),
      ),
    );
  }

  async function unsealPresent(confirmed: Date): Promise<void> {
    const held = ctx.backend.sealedMove ? await ctx.backend.sealedMove(game).catch(() => null) : null;
    const open = ctx.backend.unsealMove?.bind(ctx.backend);
    if (!held || !open) {
      return askText(`${t("unseal")} · ${t("point")}`, "Q16", (v) =>
        /^[A-HJ-Ta-hj-t](1[0-9]|[1-9])$/.test(v) ? { kind: "move_unsealed", data: { point: v.toUpperCase() } } : null,
      );
    }
    const sealer: Colour | null = s.status.status === "adjourned" ? s.status.sealer : null;
    const note = h("p", { class: "error" });
    panel.replaceChildren(
      h("h3", {}, t("unseal")),
      h(
        "p",
        { class: "hint", "data-testid": "unseal-present-at" },
        t("unsealPresentAt", {
          time: confirmed.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
        }),
      ),
      h("p", { class: "big", "data-testid": "sealed-point" }, t("sealedPoint", { p: held })),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            class: "primary",
            "data-testid": "unseal-free",
            onclick: async () => {
              try {
                await open(game);
                await ctx.reload(note);
              } catch (e) {
                note.textContent = (e as Error).message;
              }
            },
          },
          t("unsealFree"),
        ),
        h(
          "button",
          {
            "data-testid": "unseal-occupied",
            onclick: async () => {
              try {
                await open(game);
                if (sealer) {
                  await confirmFlow(t("unsealOccupied"), {
                    kind: "incident_recorded",
                    data: {
                      incident: { type: "sealed_point_occupied", facts: { sealer, point: held } },
                      ruling: "move_void_pass",
                    },
                  });
                }
              } catch (e) {
                note.textContent = (e as Error).message;
              }
            },
          },
          t("unsealOccupied"),
        ),
      ),
      note,
    );
  }

  /** 第九条 / KBA 第十三条: the counting board; or, counted on the table, the count typed in. */
  function countForm(): void {
    panel.replaceChildren(
      countBoard({
        backend: ctx.backend,
        ruleset: s.ruleset,
        record: (body) => void confirmFlow(t("recordCount"), body),
      }),
      h("button", { "data-testid": "count-by-hand", onclick: countByHand }, t("countByHand")),
    );
  }

  function countByHand(): void {
    if (s.ruleset.preset === "korean") {
      askText(t("count"), "70 62", (v) => {
        const [b, w] = v.split(/\s+/).map(Number);
        return Number.isInteger(b) && Number.isInteger(w)
          ? { kind: "count_recorded", data: { count: { method: "territory", black_points: b, white_points: w } } }
          : null;
      });
    } else if (s.ruleset.preset === "ing") {
      // Black's points (fill-in, seed 003 四), then the penalty stones each side owes, if any.
      askText(`${t("count")} · ${t("blackPointsIng")}`, "185 0 0", (v) => {
        const [b, bp = 0, wp = 0] = v.trim().split(/\s+/).map(Number);
        const whole = (n: number) => Number.isInteger(n) && n >= 0;
        return Number.isFinite(b) && whole(bp) && whole(wp)
          ? {
              kind: "count_recorded",
              data: {
                count: { method: "points", black_points: b, black_penalty_stones: bp, white_penalty_stones: wp },
              },
            }
          : null;
      });
    } else {
      askText(`${t("count")} · ${t("blackStones")}`, "184.5", (v) => {
        const n = Number(v);
        return Number.isFinite(n)
          ? { kind: "count_recorded", data: { count: { method: "area", black_stones: n } } }
          : null;
      });
    }
  }

  function incidentActions(i: IncidentView): HTMLElement | null {
    // An undone record is kept to be read, not acted on.
    if (!canRecord || !ctx.role || i.withdrawn) return null;
    const b: HTMLElement[] = [];
    if (ctx.role === "referee" && !i.escalated_to.includes("chief_arbiter")) {
      b.push(
        h(
          "button",
          {
            class: "small",
            "data-testid": "escalate",
            onclick: () =>
              void confirmFlow(t("escalate"), { kind: "escalated", data: { incident: i.id, to: "chief_arbiter" } }),
          },
          t("escalate"),
        ),
      );
    }
    if (ctx.role === "referee" || ctx.role === "chief_arbiter") {
      b.push(
        h(
          "button",
          {
            class: "small",
            "data-testid": "appeal",
            onclick: () => {
              let by: Colour | null = null;
              const grounds = h("input", {
                type: "text",
                placeholder: t("grounds"),
                "data-testid": "grounds",
              }) as HTMLInputElement;
              panel.replaceChildren(
                h("h3", {}, t("appeal")),
                choice(
                  colours(),
                  by,
                  (c) => {
                    by = c;
                  },
                  "appeal-by",
                ),
                grounds,
                h(
                  "button",
                  {
                    class: "primary",
                    onclick: () =>
                      by &&
                      void confirmFlow(t("appeal"), {
                        kind: "appeal_filed",
                        data: { incident: i.id, by, grounds: grounds.value },
                      }),
                  },
                  t("confirm"),
                ),
              );
            },
          },
          t("appeal"),
        ),
      );
    }
    if (ctx.role === "chief_arbiter") {
      b.push(
        h(
          "button",
          {
            class: "small primary",
            "data-testid": "decide",
            onclick: async () => {
              const allowed = await ctx.backend.allowed(game, i.incident);
              panel.replaceChildren(
                h("h3", {}, `${t("decide")} · ${lt("incident_types", i.incident.type)}`),
                h(
                  "div",
                  { class: "grid", "data-testid": "rulings" },
                  allowed.map((a) =>
                    h(
                      "button",
                      {
                        "data-value": a.ruling,
                        onclick: () =>
                          void confirmFlow(`${t("decide")} · ${lt("rulings", a.ruling)}`, {
                            kind: "ruling_issued",
                            data: { incident: i.id, ruling: a.ruling },
                          }),
                      },
                      lt("rulings", a.ruling),
                      h("small", {}, lt("articles", a.article)),
                    ),
                  ),
                ),
              );
            },
          },
          t("decide"),
        ),
      );
    }
    if (ctx.role === "committee") {
      for (const a of s.appeals.filter((a) => a.incident === i.id && !a.decision)) {
        b.push(
          h(
            "button",
            {
              class: "small primary",
              "data-testid": "uphold",
              onclick: () =>
                void confirmFlow(t("upheld"), {
                  kind: "appeal_decided",
                  data: { appeal: a.id, decision: { decision: "upheld" } },
                }),
            },
            t("upheld"),
          ),
        );
        b.push(
          h(
            "button",
            {
              class: "small",
              "data-testid": "annul",
              onclick: () =>
                void confirmFlow(t("annul"), {
                  kind: "appeal_decided",
                  data: { appeal: a.id, decision: { decision: "annulled" } },
                }),
            },
            t("annul"),
          ),
        );
        b.push(
          h(
            "button",
            {
              class: "small",
              "data-testid": "overturn",
              onclick: async () => {
                const allowed = await ctx.backend.allowed(game, i.incident);
                panel.replaceChildren(
                  h("h3", {}, t("overturn")),
                  h(
                    "div",
                    { class: "grid" },
                    allowed.map((r) =>
                      h(
                        "button",
                        {
                          onclick: () =>
                            void confirmFlow(t("overturn"), {
                              kind: "appeal_decided",
                              data: { appeal: a.id, decision: { decision: "overturned", ruling: r.ruling } },
                            }),
                        },
                        lt("rulings", r.ruling),
                      ),
                    ),
                  ),
                );
              },
            },
            t("overturn"),
          ),
        );
      }
    }
    return h("div", { class: "row" }, b);
  }

  const time = (iso: string) => new Date(iso).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
  const history = h(
    "ol",
    { class: "history", "data-testid": "history" },
    s.incidents.map((i) =>
      h(
        "li",
        { class: i.withdrawn ? "withdrawn" : i.effective ? "" : "open" },
        h(
          "div",
          { class: "line" },
          h("span", { class: "time" }, time(i.wall_time)),
          h("strong", {}, lt("incident_types", i.incident.type)),
          h("span", { class: "article" }, i.article ? lt("articles", i.article) : ""),
          h("span", { class: "ruling" }, i.effective ? lt("rulings", i.effective.ruling) : "—"),
          i.withdrawn
            ? h(
                "span",
                { class: "flag undone", "data-testid": "undone" },
                t("undoneAt", { time: time(i.withdrawn.wall_time), by: i.withdrawn.author.person }),
              )
            : null,
          i.disputed ? h("span", { class: "flag" }, lt("open_kinds", "dispute")) : null,
          i.after_result ? h("span", { class: "flag" }, lt("open_kinds", "after_result")) : null,
          s.open.some((o) => o.kind === "escalation" && o.incident === i.id)
            ? h("span", { class: "flag" }, lt("open_kinds", "escalation"))
            : null,
        ),
        h(
          "ul",
          { class: "rulings" },
          i.rulings.map((r) =>
            h(
              "li",
              {},
              `${lt("rulings", r.ruling)} — ${r.author.person} (${lt("roles", r.author.role)})`,
              r.superseded_by ? ` · ${t("supersededBy")}` : "",
              r.refused ? ` · ${t("refused")}: ${said(r.refused)}` : "",
              sealMark(view.seals.find((x) => x.event === r.event)?.signer, ctx.unsent?.has(r.event)),
            ),
          ),
        ),
        s.appeals
          .filter((a) => a.incident === i.id && !a.decision)
          .map((a) =>
            h(
              "p",
              { class: "flag", "data-testid": "open-appeal" },
              labelled(t("appeal"), a.grounds),
              a.refused.map((r) => ` · ${t("refused")}: ${said(r)}`).join(""),
            ),
          ),
        ctx.openStory
          ? h(
              "button",
              { class: "small", "data-testid": "open-story", onclick: () => ctx.openStory?.(i.id) },
              t("wholeStory"),
            )
          : null,
        incidentActions(i),
      ),
    ),
  );

  // Table facts are the referee's and the chief arbiter's (an organiser rules on nothing).
  const atTable = canRecord && (ctx.role === "referee" || ctx.role === "chief_arbiter");
  const actions = atTable
    ? h(
        "div",
        { class: "actions grid", "data-testid": "actions" },
        h(
          "button",
          { class: "primary big", "data-testid": "record-incident", onclick: () => recorder() },
          t("recordIncident"),
        ),
        h(
          "button",
          { "data-testid": "clock-start", onclick: () => void confirmFlow(t("start"), { kind: "clock_started" }) },
          t("start"),
        ),
        ctx.openReader ? h("button", { "data-testid": "open-reader", onclick: ctx.openReader }, t("reader")) : null,
        h(
          "button",
          {
            "data-testid": "clock-pause",
            onclick: () => void confirmFlow(t("pause"), { kind: "clock_paused", data: {} }),
          },
          t("pause"),
        ),
        h(
          "button",
          { "data-testid": "clock-resume", onclick: () => void confirmFlow(t("resume"), { kind: "clock_resumed" }) },
          t("resume"),
        ),
        h("button", { "data-testid": "seal", onclick: sealForm }, t("seal")),
        h("button", { "data-testid": "unseal", onclick: () => void unsealForm() }, t("unseal")),
        h(
          "button",
          {
            "data-testid": "lateness",
            onclick: () => {
              const timer = ctx.backend.lateness?.bind(ctx.backend);
              if (timer) return latenessTimer(timer);
              const e = view.catalogue.find((c) => c.incident === "late_arrival");
              if (e) recorder(e);
            },
          },
          t("lateness"),
        ),
        h(
          "button",
          {
            "data-testid": "end-confirmed",
            onclick: () => pickColour(t("endConfirmed"), (c) => ({ kind: "end_confirmed", data: { first: c } })),
          },
          t("endConfirmed"),
        ),
        h("button", { "data-testid": "count", onclick: countForm }, t("count")),
        h(
          "button",
          {
            "data-testid": "resign",
            onclick: () => pickColour(t("resign"), (c) => ({ kind: "resigned", data: { by: c } })),
          },
          t("resign"),
        ),
      )
    : null;

  /** 第二十三条 at one tap: side `c` sits down now, the other was on time; the timer's proposal
   * goes to the confirm step. Where the device runs no timer (the office's pages), the form. */
  async function quickLateness(c: Colour): Promise<void> {
    const timer = ctx.backend.lateness?.bind(ctx.backend);
    const form = () => {
      const e = view.catalogue.find((x) => x.incident === "late_arrival");
      if (e) recorder(e);
    };
    if (!timer) return form();
    const tapped = Date.now();
    try {
      const first = await timer(game, null, null);
      if (!first) return void panel.replaceChildren(h("p", { class: "error" }, t("noRoundStart")));
      const arrived: Record<Colour, number> = { black: first.starts_at_ms, white: first.starts_at_ms };
      arrived[c] = first.now_ms;
      const now = await timer(game, arrived.black, arrived.white);
      const p = now?.view.proposal;
      if (!p) return void panel.replaceChildren(h("p", {}, t("notLate", { colour: lt("colours", c) })));
      const ruling: Ruling =
        p.proposal === "deduct" ? "deduct_late_time" : p.proposal === "forfeit" ? "forfeit" : "both_forfeit";
      const body: EventBody = {
        kind: "incident_recorded",
        data: {
          incident: {
            type: "late_arrival",
            facts: { black_late_secs: p.black_late_secs, white_late_secs: p.white_late_secs },
          },
          ruling,
        },
      };
      await confirmFlow(`${lt("colours", c)} · ${t("lateness")} · ${lt("rulings", ruling)}`, body);
    } catch (e) {
      const offline = ctx.backend.recordArrival?.bind(ctx.backend);
      if (e instanceof OfficeUnreachable && offline) return arrivalOffline(c, tapped, offline);
      panel.replaceChildren(h("p", { class: "error" }, (e as Error).message));
    }
  }

  /** The timer cannot run without the office: the arrival is kept with the moment it was
   * tapped, and the office times it at that moment when it arrives (第二十三条) — the phone
   * proposes no ruling of its own. */
  function arrivalOffline(c: Colour, tapped: number, record: NonNullable<Backend["recordArrival"]>): void {
    const title = `${lt("colours", c)} · ${t("lateness")}`;
    const at = new Date(tapped).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    const lines = h(
      "ul",
      { class: "consequence", "data-testid": "consequence" },
      h(
        "li",
        { class: "flag", "data-testid": "offline-arrival" },
        t("arrivalOffline", { colour: lt("colours", c), time: at }),
      ),
    );
    const confirm = h("button", { class: "primary", "data-testid": "confirm" }, t("confirm"));
    const bar = h(
      "div",
      { class: "row confirm-bar" },
      confirm,
      h("button", { onclick: () => panel.replaceChildren() }, t("cancel")),
    );
    confirm.onclick = async () => {
      confirm.setAttribute("disabled", "");
      try {
        await record(game, c, title, tapped);
        await ctx.reload(bar);
      } catch (e) {
        if (e instanceof KeptOffline) {
          announce(`${title} — ${e.message}`);
          await ctx.reload(bar).catch(() => undefined);
          return;
        }
        lines.append(h("li", { class: "error" }, (e as Error).message));
      }
    };
    panel.replaceChildren(h("h3", {}, title), lines, bar);
    keepAbove(lines, bar);
  }

  // One row per side: the incidents referees record most under this game's ruleset, each one
  // tap and one confirm (rules::quick). Not on a decided game: what is still recorded there
  // (misconduct after the game) goes through the form, whose preview says the result stays.
  const quick =
    atTable && view.quick.length && !s.result
      ? h(
          "section",
          { class: "quick card", "data-testid": "quick", "aria-label": t("quickActions") },
          (["black", "white"] as Colour[]).map((c) =>
            h(
              "div",
              { class: "quick-row", "data-testid": `quick-${c}` },
              h(
                "span",
                { class: `quick-side player ${c}` },
                `${lt("colours", c)} ${(c === "black" ? view.black : view.white).name}`,
              ),
              view.quick.map((q) =>
                h(
                  "button",
                  {
                    type: "button",
                    class: "quick-action",
                    "data-testid": `quick-${c}-${q.incident}-${q.ruling}`,
                    onclick: () =>
                      void confirmFlow(`${lt("colours", c)} · ${l(q.label)} · ${l(q.ruling_label)}`, {
                        kind: "incident_recorded",
                        data: { incident: q[c], ruling: q.ruling },
                      }),
                  },
                  l(q.label),
                  h("small", {}, l(q.ruling_label)),
                ),
              ),
              h(
                "button",
                {
                  type: "button",
                  class: "quick-action",
                  "data-testid": `quick-${c}-late_arrival`,
                  onclick: () => void quickLateness(c),
                },
                lt("incident_types", "late_arrival"),
                h("small", {}, lt("articles", "23.1")),
              ),
            ),
          ),
        )
      : null;

  const sched = s.schedule;
  return h(
    "main",
    { class: "game", "data-testid": "game" },
    h(
      "div",
      { class: "game-head card" },
      h("button", { class: "small", onclick: ctx.back, "data-testid": "back" }, t("back")),
      h("h2", {}, sched ? `${t("round", { n: sched.round })} ${t("table", { n: sched.table })}` : game),
      h(
        "div",
        { class: "players" },
        h(
          "span",
          { class: "player black" },
          `${t("black")} ${view.black.name} ${view.black.rank ? rankText(view.black.rank) : ""}`,
          h(
            "span",
            { class: "dots", "data-testid": "dots-black" },
            warningDots(s.sides.black.warnings.length, warningsLeft(view.foreseen.warnings.black)),
          ),
        ),
        h(
          "span",
          { class: "player white" },
          `${t("white")} ${view.white.name} ${view.white.rank ? rankText(view.white.rank) : ""}`,
          h(
            "span",
            { class: "dots", "data-testid": "dots-white" },
            warningDots(s.sides.white.warnings.length, warningsLeft(view.foreseen.warnings.white)),
          ),
        ),
      ),
      h("p", { class: "status", "data-testid": "status" }, lt("statuses", s.status.status)),
      h(
        "p",
        { class: "result", "data-testid": "result" },
        s.result ? resultSentence(s.result) : t("noResult"),
        // Decided by a record still on this device: the core's result, not yet the office's.
        s.result && ctx.unsent?.has(s.result.event)
          ? h("span", { class: "flag", "data-testid": "decided-here" }, ` · ${t("decidedHere")}`)
          : null,
        // A record kept on this phone that the core foresaw would decide it.
        deciding
          ? h(
              "span",
              { class: "loss", "data-testid": "decides-on-arrival" },
              ` · ${t("decidesOnArrival", { result: resultSentence(deciding.result) })}`,
            )
          : null,
      ),
      // A result changes only by a correction (game::correction): the chief arbiter's, the
      // committee's by an appeal, the organiser's of its own entries.
      canRecord && s.result && (ctx.role === "chief_arbiter" || ctx.role === "committee" || ctx.role === "organiser")
        ? h(
            "button",
            {
              class: "small",
              "data-testid": "correct-result",
              onclick: () => {
                const r = s.result;
                if (!r) return;
                panel.replaceChildren(
                  h("h3", {}, t("correctResult")),
                  correctionForm(r, ctx.role, "game", (body) => void confirmFlow(t("correctResult"), body)),
                );
                panel.scrollIntoView?.({ block: "nearest" });
              },
            },
            t("correctResult"),
          )
        : null,
      s.to_move
        ? h(
            "p",
            { class: "to-move", "data-testid": "to-move" },
            t("toMove", { colour: lt("colours", s.to_move.colour), article: lt("articles", s.to_move.article) }),
          )
        : null,
    ),
    h(
      "div",
      { class: "columns" },
      h("div", { class: "left" }, undoBar(at), quick, panel, actions),
      h(
        "div",
        { class: "right card" },
        h("h3", {}, t("history")),
        waitingList(ctx.waiting ?? [], deciding),
        correctionList(s.corrections),
        history,
      ),
    ),
  );
}
