// The app controller: one backend, one screen at a time, the banner always on top.

import type { AppStatus } from "./bindings/AppStatus";
import { KeptOffline, type Backend, type BackendError } from "./backend";
import { announce } from "./announce";
import { asIs, foldDone, foldSince, forgetOwn, h, inUse, morph, mount, own, usedSince, watchUse } from "./dom";
import { errorText } from "./format";
import { defaultLangFor, setRuleset, setTables, t } from "./i18n";
import { queueMuted, setQueueMuted } from "./prefs";
import type { EventBody } from "./bindings/EventBody";
import type { TableRow } from "./bindings/TableRow";
import type { GameResult } from "./bindings/GameResult";
import { decidingRecord } from "./foreseen";
import { banner } from "./views/banner";
import { enrollView } from "./views/enroll";
import { gameView } from "./views/game";
import { unsentIds, unsentView } from "./views/unsent";
import type { QueueCard } from "./bindings/QueueCard";
import { chime, itemKey, queueView } from "./views/queue";
import { storyView } from "./views/story";
import { standingsChangeView } from "./views/standings";
import type { DeskOption } from "./bindings/DeskOption";
import { tablesView, type Cover } from "./views/tables";
import type { OfficeApi } from "./office";
import type { Role } from "./bindings/Role";
import type { PublicIdentity } from "./bindings/PublicIdentity";
import { deviceView, enrolledView } from "./views/device";
import { evaluationsView } from "./views/evaluations";
import { officialsView } from "./views/officials";
import { playersView } from "./views/players";
import { readerView } from "./views/reader";
import { roundsView } from "./views/rounds";
import { setupView } from "./views/setup";
import { notReadyView, standingsView } from "./views/standings";
import { leagueView } from "./views/league";

type Screen =
  | { name: "tables" }
  | { name: "queue" }
  | { name: "game"; game: string }
  | { name: "reader"; game: string }
  | { name: "story"; game: string; incident: string }
  | { name: "setup" }
  | { name: "players" }
  | { name: "officials" }
  | { name: "evaluations" }
  | { name: "rounds"; round: number }
  | { name: "standings" }
  | { name: "league"; player?: string }
  | { name: "enrolled"; identity: PublicIdentity }
  | { name: "device" }
  | { name: "unsent" };

type Tab = Exclude<Screen["name"], "game" | "reader" | "story" | "enrolled" | "unsent">;

/** The screens each role has in the office's pages (the tablet has tables and the queue). */
function tabsFor(role: Role | undefined, office: boolean): Tab[] {
  // On a tablet: a referee's tables; the chief arbiter's and the committee's desk beside them;
  // the device itself (who it is enrolled as, the office's receipts) last, out of the header.
  if (!office)
    return role === "chief_arbiter" || role === "committee" ? ["tables", "queue", "device"] : ["tables", "device"];
  switch (role) {
    case "organiser":
      return ["setup", "players", "officials", "rounds", "standings", "tables", "queue", "evaluations", "league"];
    case "chief_arbiter":
      return ["rounds", "standings", "tables", "queue", "evaluations", "league"];
    case "committee":
      return ["tables", "queue", "standings", "evaluations", "league"];
    default:
      // A referee: their tables and the standings, no chief arbiter's desk.
      return ["tables", "standings"];
  }
}

/** The screen a role's day starts on, in the office's pages. */
export function landing(role: Role | undefined): Screen {
  switch (role) {
    case "organiser":
      return { name: "setup" };
    case "chief_arbiter":
    case "committee":
      return { name: "queue" };
    default:
      return { name: "tables" };
  }
}

export class ArbiterApp {
  private screen: Screen = { name: "tables" };
  private status: AppStatus | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** The desk's items as last looked at (null before the first look), and when each new one
   * arrived: it is marked new for a minute. */
  private seen: Set<string> | null = null;
  private arrived = new Map<string, number>();
  private muted = queueMuted();
  /** Draws run one after another, each with the data it fetched: a later one is always newer. */
  private drawing: Promise<void> = Promise.resolve();
  /** The last draw of each part of the page (banner, tabs, screen) as markup: a part drawn the
   * same again is left as it is — its elements, and the state its handlers hold. */
  private drawn: string[] = [];
  /** The screen on the page (the last draw's), null before the first. */
  private shown: Screen | null = null;
  /** What the person is pressing and has changed on the page (kept by every redraw). */
  private use: ReturnType<typeof watchUse> | null = null;
  /** Whether the first draw has put the official on their role's page. */
  private landed = false;
  /** This tablet's events the office has not taken yet, as of the last draw (their ids). */
  private unsent: ReadonlySet<string> = new Set();

  constructor(
    private readonly root: HTMLElement,
    private readonly backend: Backend,
    private readonly office: OfficeApi | null = null,
    private readonly opts: { signOut?: () => void } = {},
  ) {}

  async start(pollMs = 2000): Promise<void> {
    setTables(await this.backend.labels());
    // A field focused under the sticky top bar (by the keyboard) is brought clear of it. (Not
    // CSS scroll-padding or scroll-margin: WebKit's WebDriver then cannot click anything, and
    // the Tauri walk drives the app through it.) Never while a finger or the mouse is down: the
    // control taken by a tap would move from under it, and the tap land elsewhere.
    this.use = watchUse(window);
    const use = this.use;
    this.root.addEventListener("focusin", (e) => {
      if (!use.pressed()) clearOfBar(this.root, e.target);
    });
    await this.render();
    // The banner follows the sync client; the open screen refreshes when events arrive.
    this.timer = setInterval(() => void this.tick(), pollMs);
  }

  /** The official signed in, when a referee: their own tables come first. */
  private me(): string | null {
    const id = this.status?.identity;
    return id?.role === "referee" ? id.person : null;
  }

  /** At the office, for a chief arbiter or the organiser: a cover assigned from the tables in
   * two taps (第三十一条三); the covering referee's phone shows the table among theirs. */
  private async cover(): Promise<Cover | undefined> {
    const role = this.status?.identity?.role;
    const office = this.office;
    if (!office || (role !== "chief_arbiter" && role !== "organiser")) return undefined;
    const setup = await office.setup().catch(() => null);
    const referees = (setup?.people ?? []).filter((p) => p.role === "referee").map((p) => ({ id: p.id, name: p.name }));
    if (!referees.length) return undefined;
    return {
      referees,
      assign: (referee, table) => this.acted(() => office.assignReferee(referee, [table])),
    };
  }

  /** Waits for a record; one the office could not be reached for is kept on this phone (its
   * outbox) and said so, not an error — the screen is drawn again with it waiting. */
  private async keptOr<T>(p: Promise<T>): Promise<void> {
    try {
      await p;
    } catch (e) {
      if (!(e instanceof KeptOffline)) throw e;
      announce(e.message);
    }
  }

  /** Per game with records kept on this phone, the result one of them decides it by once the
   * office has it: what the core foresaw in the game's last view (foreseen.ts). */
  private async deciding(): Promise<Map<string, GameResult>> {
    const waiting = (await this.backend.waiting?.()) ?? [];
    const out = new Map<string, GameResult>();
    for (const game of new Set(waiting.map((q) => q.game))) {
      const view = await this.backend.game(game).catch(() => null);
      const d = view ? decidingRecord(view, waiting) : null;
      if (d) out.set(game, d.result);
    }
    return out;
  }

  /** Stops the polls; a draw under way then puts nothing on the page (signed out: the sign-in
   * screen stays). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Every poll draws the screen again over what is shown: what changed is updated, what the
   * person is using is kept (dom.ts, `morph`). */
  private async tick(): Promise<void> {
    await this.render({ background: true });
  }

  private banner(status: AppStatus): HTMLElement {
    return banner(status, {
      rerender: () => void this.render(),
      syncNow: this.backend.kind === "tauri" ? () => void this.backend.syncNow().then(() => this.tick()) : undefined,
      showUnsent: this.backend.unsent ? () => void this.go({ name: "unsent" }) : undefined,
      signOut: this.opts.signOut
        ? () => {
            this.stop();
            this.opts.signOut?.();
          }
        : undefined,
      showRefused: this.backend.kind === "web",
    });
  }

  /** What this tablet recorded that the office has not taken (views/unsent.ts). */
  private async unsentList(): Promise<HTMLElement> {
    const text = (await this.backend.unsent?.()) ?? "";
    const tables = await this.backend.tables().catch(() => [] as TableRow[]);
    return unsentView(
      text,
      tables,
      this.status?.sync ?? null,
      (game) => void this.go({ name: "game", game }),
      () => void this.go({ name: "tables" }),
    );
  }

  /** Opens `screen` from its top (a redraw of the same screen keeps the place). */
  async go(screen: Screen): Promise<void> {
    this.screen = screen;
    await this.render();
    window.scrollTo(0, 0);
  }

  /** After a record made on the screen shown: the form it came from (`form`) folds if it is still
   * shown, and the screen is drawn onto what is shown, as a poll's draw is — a form opened while
   * the record was on its way (the record seen arrive by a poll first) stays under the finger. */
  private async recorded(form?: Element): Promise<void> {
    const holder = form?.isConnected ? form.closest("[data-own]") : null;
    if (holder) {
      holder.replaceChildren();
      window.scrollTo(0, 0);
    }
    await this.render({ background: true });
  }

  /** Draws the current screen, after any draw under way. A background refresh (a poll) is put
   * onto what is shown, keeping what the person uses; a draw after an official's action begun at
   * `since` keeps only what the person began after it (`acted`); any other draw (a screen opened)
   * is the screen anew. */
  render(opts: { background?: boolean; since?: number } = {}): Promise<void> {
    // The screen shown, drawn again at the person's word (its tab tapped again, the language
    // switched): onto itself, as after an action — drawn anew, it would take what they began
    // while the draw waited on the office (a row a finger came down on, a card's confirm step).
    const again = !opts.background && JSON.stringify(this.screen) === JSON.stringify(this.shown);
    const since = opts.since ?? (again ? performance.now() : undefined);
    const run = this.drawing.then(() => this.draw(opts.background ?? false, since));
    this.drawing = run.catch(() => undefined);
    return run;
  }

  /** An official's action on the screen shown, then the screen drawn again: what the action came
   * from folds, and what the person began while it was on its way stays (`foldSince`). */
  private async acted(action: () => Promise<unknown>): Promise<void> {
    const since = performance.now();
    await action();
    await this.render({ since });
  }

  private async draw(background: boolean, since?: number): Promise<void> {
    if (since !== undefined) foldSince(since);
    else if (!background) forgetOwn();
    try {
      await this.drawScreen(background, since);
    } finally {
      foldDone();
    }
  }

  private async drawScreen(background: boolean, since?: number): Promise<void> {
    // The screen this draw is for. One opened while it waits on the office (a tap on a table
    // during a poll's draw) is drawn anew by the draw its opening queued after this one: drawn
    // here, as a poll's, its form would be filled and then replaced under the person's finger.
    let drawing = this.screen;
    this.status = await this.backend.status();
    // Each role lands where its day starts (the office's pages): the organiser on set-up, the
    // chief arbiter and the committee on the desk, a referee on their tables.
    if (this.office && !this.landed) {
      this.landed = true;
      this.screen = landing(this.status.identity?.role);
      drawing = this.screen;
    }
    // Without a choice on this device, the tournament's ruleset picks the language.
    defaultLangFor(this.status.ruleset?.preset);
    setRuleset(this.status.ruleset?.preset);
    const tabs = tabsFor(this.status.identity?.role, this.office !== null);
    // A tablet's records still on it: nothing they decide is shown as settled (tables, game).
    this.unsent =
      this.backend.kind === "tauri" && this.status.sync.pending > 0 && this.backend.unsent
        ? unsentIds(await this.backend.unsent().catch(() => ""))
        : new Set();
    // The desk is looked at on every draw by those who decide (its count on the tab, what is
    // new announced), by others only on the queue screen: the cards cost previews to build.
    const role = this.status.identity?.role;
    const decides = role === "chief_arbiter" || role === "committee";
    const cards =
      role && (decides || this.screen.name === "queue") ? await this.backend.queue().catch(() => null) : null;
    if (cards) this.notice(cards);
    const mine = cards?.filter((c) => c.for_role === this.status?.identity?.role).length ?? 0;
    const tabScreen = (tab: Tab): Screen =>
      tab === "rounds" ? { name: "rounds", round: 1 } : ({ name: tab } as Screen);
    const nav = h(
      "nav",
      {},
      tabs.map((tab) =>
        h(
          "button",
          {
            class: this.screen.name === tab ? "on" : "",
            onclick: () => void this.go(tabScreen(tab)),
            "data-testid": `nav-${tab}`,
          },
          t(tab),
          tab === "queue" && mine > 0
            ? h(
                "span",
                { class: `count${this.arrived.size ? " fresh" : ""}`, "data-testid": "queue-count" },
                String(mine),
              )
            : null,
        ),
      ),
    );
    let body: HTMLElement;
    try {
      body = await this.body(cards);
    } catch (e) {
      body = h("p", { class: "error", "data-testid": "error" }, errorText(e));
    }
    if (this.screen !== drawing || this.stopped) return;
    // One main region per page (the office's pages are one already).
    const main = body.tagName === "MAIN" ? body : h("main", {}, body);
    const screen = [this.banner(this.status), this.status.identity ? nav : h("span"), main];
    const markup = screen.map((p) => (p as Element).outerHTML);
    const live = Array.from(this.root.children);
    const same = markup.map((m, i) => background && m === this.drawn[i] && live.length === screen.length);
    this.drawn = markup;
    if (background)
      morph(
        this.root,
        screen.map((p, i) => (same[i] ? asIs(live[i]) : p)),
        inUse(this.root, this.use),
      );
    else if (since !== undefined) morph(this.root, screen, usedSince(this.root, since, this.use));
    else mount(this.root, ...screen);
    this.shown = drawing;
    // On a phone the tabs scroll sideways: the current one in view (the page itself stays put).
    const on = nav.querySelector<HTMLElement>("button.on");
    if (on && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = Math.max(0, on.offsetLeft - nav.offsetLeft - 12);
  }

  /** Compares the desk with the last look: new items are marked for a minute, with a chime
   * unless muted. */
  private notice(cards: QueueCard[]): void {
    const keys = new Set(cards.map(itemKey));
    const now = Date.now();
    if (this.seen) {
      const arrived = [...keys].filter((k) => !this.seen?.has(k));
      if (arrived.length && !this.muted) chime();
      for (const k of arrived) this.arrived.set(k, now);
    }
    for (const [k, at] of [...this.arrived]) if (!keys.has(k) || now - at > 60_000) this.arrived.delete(k);
    this.seen = keys;
  }

  private async body(cards: QueueCard[] | null): Promise<HTMLElement> {
    if (!this.status?.identity) {
      return enrollView(async (office, code, fingerprint, device, label) => {
        const identity = await this.backend.enroll(office, code, fingerprint, device, label);
        await this.go({ name: "enrolled", identity });
      }, this.status?.notice);
    }
    const open = (game: string) => void this.go({ name: "game", game });
    const office = this.office;
    const role = this.status.identity.role;
    const redraw = (since: number) => void this.render({ since });
    const story = (game: string, incident: string) => void this.go({ name: "story", game, incident });
    // At the office every game is known: a decision shows what it does to the standings.
    const standings = this.backend.standingsPreview
      ? async (game: string, o: DeskOption) => {
          const sp = await this.backend.standingsPreview?.(game, o.body).catch(() => null);
          return sp ? standingsChangeView(sp) : null;
        }
      : undefined;
    switch (this.screen.name) {
      case "tables":
        return tablesView(
          await this.backend.tables(),
          open,
          this.me(),
          await this.cover(),
          this.unsent,
          await this.deciding(),
        );
      case "enrolled": {
        // Who this device now is, at which event and office, and the tables it has so far (the
        // first sync brings them: the screen is drawn again when it does).
        const who = this.status.identity;
        const rows = await this.backend.tables().catch(() => [] as TableRow[]);
        return enrolledView(
          { ...this.screen.identity, ...who, name: who.name ?? this.screen.identity.name },
          rows,
          () => void this.go({ name: "tables" }),
        );
      }
      case "device": {
        const receipts = this.backend.exportReceipts
          ? await this.backend.exportReceipts().then(
              ([, text]) => text,
              () => null,
            )
          : null;
        return deviceView(this.status, receipts);
      }
      case "queue": {
        const shown = queueView(cards ?? (await this.backend.queue()), {
          open,
          story,
          standings,
          decide: (card, option) => this.acted(() => this.keptOr(this.backend.record(card.game, option.body))),
          fresh: new Set(this.arrived.keys()),
          kept: keptDecisions((await this.backend.waiting?.()) ?? []),
          now: new Date(),
          muted: this.muted,
          toggleMute: () => {
            this.muted = !this.muted;
            setQueueMuted(this.muted);
            void this.render();
          },
        });
        return shown;
      }
      case "game": {
        const game = this.screen.game;
        const waiting = (await this.backend.waiting?.()) ?? [];
        return gameView(await this.backend.game(game), {
          backend: this.backend,
          role,
          waiting: waiting.filter((q) => q.game === game),
          unsent: this.unsent,
          reload: (form) => this.recorded(form),
          back: () => void this.go({ name: "tables" }),
          openReader: this.backend.reader ? () => void this.go({ name: "reader", game }) : undefined,
          openStory: (incident) => story(game, incident),
        });
      }
      case "story": {
        const { game, incident } = this.screen;
        return storyView(await this.backend.story(game, incident), {
          back: () => void this.go({ name: "game", game }),
          // Evidence for whoever decides: any official at the table or above (not the organiser).
          attach:
            this.backend.canRecord && role !== "organiser"
              ? (sgf, moveNo) =>
                  this.acted(() =>
                    this.backend.record(game, {
                      kind: "record_attached",
                      data: { incident, sgf, move_no: moveNo ?? undefined },
                    }),
                  )
              : undefined,
          decide: (target, option) => this.acted(() => this.keptOr(this.backend.record(target.game, option.body))),
          standings,
        });
      }
      case "reader": {
        // The reader draws itself every quarter second: kept whole while it is shown.
        const game = this.screen.game;
        return own(`reader-${game}`, () =>
          readerView(game, { backend: this.backend, back: () => void this.go({ name: "game", game }) }),
        );
      }
      case "unsent":
        return this.unsentList();
    }
    if (!office) return tablesView(await this.backend.tables(), open, this.me(), undefined, this.unsent);
    switch (this.screen.name) {
      case "setup":
        return setupView(await office.setup(), office);
      case "players":
        return playersView(await office.setup(), office, redraw);
      case "officials":
        return officialsView(await office.setup(), await office.devices(), office, redraw, await office.refusals());
      case "evaluations":
        return evaluationsView(await office.setup(), await office.evaluations(), office, role, redraw);
      case "rounds": {
        const round = this.screen.round;
        const [setup, sheet] = await Promise.all([office.setup(), office.pairings(round)]);
        return roundsView(setup, sheet, {
          api: office,
          role,
          round,
          go: (r) => void this.go({ name: "rounds", round: r }),
          open,
          print: (what, r) => printPage(`print=${what}&round=${r}`),
        });
      }
      case "standings": {
        try {
          const [st, cross] = await Promise.all([office.standings(), office.crosstable()]);
          return standingsView(st, cross, office, () => printPage("print=standings"));
        } catch (e) {
          // Before the organiser has chosen a system there are no standings to show, only the way to choose it.
          if ((e as BackendError).code !== "setup_incomplete") throw e;
          return notReadyView(() => void this.go({ name: "setup" }));
        }
      }
      case "league": {
        const player = this.screen.player;
        const [players, record] = await Promise.all([
          office.leaguePlayers(),
          player ? office.leaguePlayer(player) : null,
        ]);
        const csv = role === "organiser" || role === "committee";
        return leagueView(
          players,
          record,
          office,
          csv,
          (p) => void this.go({ name: "league", player: p ?? undefined }),
        );
      }
    }
  }
}

/** Scrolls `target` out from under the sticky top bar, if it is under it. */
export function clearOfBar(root: HTMLElement, target: EventTarget | null): void {
  const bar = root.querySelector("header.banner");
  if (!bar || !(target instanceof HTMLElement)) return;
  const overlap = bar.getBoundingClientRect().bottom + 8 - target.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy(0, -overlap);
}

/** Opens a printable sheet in a new tab (it reads the same session's token). */
function printPage(query: string): void {
  window.open(`${location.pathname}?${query}`, "_blank");
}

/** The desk's decisions waiting on this phone (`ruling:INCIDENT`, `appeal:APPEAL`). */
export function keptDecisions(waiting: { body?: EventBody }[]): Set<string> {
  const keys = new Set<string>();
  for (const q of waiting) {
    if (q.body?.kind === "ruling_issued") keys.add(`ruling:${q.body.data.incident}`);
    if (q.body?.kind === "appeal_decided") keys.add(`appeal:${q.body.data.appeal}`);
  }
  return keys;
}
