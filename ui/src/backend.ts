// The UI talks to one Backend: the Tauri shell's commands (the referee app, offline-first) or
// the office's HTTP API (its web pages: organisers run the event, chief arbiters and the
// committee decide from the browser as they would from a tablet).

import type { RulesetSpec } from "./bindings/RulesetSpec";
import type { AllowedRuling } from "./bindings/AllowedRuling";
import type { AppStatus } from "./bindings/AppStatus";
import type { Colour } from "./bindings/Colour";
import type { CountAnswer } from "./bindings/CountAnswer";
import type { CountRequest } from "./bindings/CountRequest";
import type { ErrorBody } from "./bindings/ErrorBody";
import * as outbox from "./outbox";
import type { Queued } from "./outbox";
import * as lastSeen from "./lastSeen";
import type { Said } from "./bindings/Said";
import { said as saidIn, t } from "./i18n";
import type { EventBody } from "./bindings/EventBody";
import type { GameView } from "./bindings/GameView";
import type { Incident } from "./bindings/Incident";
import type { LabelTables } from "./bindings/LabelTables";
import type { LatenessScreen } from "./bindings/LatenessScreen";
import type { LoadedRecord } from "./bindings/LoadedRecord";
import type { MoveCheck } from "./bindings/MoveCheck";
import type { Preview } from "./bindings/Preview";
import type { PublicIdentity } from "./bindings/PublicIdentity";
import type { QueueCard } from "./bindings/QueueCard";
import type { Story } from "./bindings/Story";
import type { ReaderView } from "./bindings/ReaderView";
import type { StandingsPreview } from "./bindings/StandingsPreview";
import type { TableRow } from "./bindings/TableRow";

export interface Backend {
  readonly kind: "tauri" | "web";
  readonly canRecord: boolean;
  status(): Promise<AppStatus>;
  labels(): Promise<LabelTables>;
  enroll(officeUrl: string, code: string, fingerprint: string, device: string, label: string): Promise<PublicIdentity>;
  tables(): Promise<TableRow[]>;
  game(game: string): Promise<GameView>;
  allowed(game: string, incident: Incident): Promise<AllowedRuling[]>;
  preview(game: string, body: EventBody): Promise<Preview>;
  /** Records `body` on `game`; `title` names it while it waits (the office's pages offline). */
  record(game: string, body: EventBody, title?: string): Promise<GameView>;
  /** Records an incident without a ruling and escalates it to the chief arbiter as one act
   * (the office's pages: one record in the outbox offline). A tablet records the two itself. */
  recordEscalated?(game: string, body: EventBody, title?: string): Promise<GameView>;
  /** 第二十三条 at one tap where the timer cannot run here (a phone offline): `side` sat down
   * now; the office times it at that moment when the record reaches it. */
  recordArrival?(game: string, side: Colour, title?: string, tappedMs?: number): Promise<GameView>;
  /** What this phone recorded that has not reached the office yet (the office's pages). */
  waiting?(): Promise<Queued[]>;
  /** The desk: a card per open item, most urgent first. */
  queue(): Promise<QueueCard[]>;
  /** One incident's whole story, and what this official may decide on it. */
  story(game: string, incident: string): Promise<Story>;
  syncNow(): Promise<AppStatus>;
  /** This tablet's events the office has not taken, as JSON lines (for the chief arbiter). */
  unsent?(): Promise<string>;
  /** The office's receipts this tablet keeps, written to a file for an auditor: [file, text]. */
  exportReceipts?(): Promise<[string, string]>;
  /** A mark that changes when anything arrives at the office (its arrival number), for the
   * pages to redraw then and only then; a tablet's screens follow its sync time instead. */
  arrivals?(): string | undefined;
  /** The byo-yomi reader (第十二条): the clock now, and what to say since `afterMs`. */
  reader?(game: string, afterMs: number | null): Promise<ReaderView>;
  /** The late-arrival timer (第二十三条一–三), given who arrived when; null without a round start. */
  lateness?(game: string, blackArrived: number | null, whiteArrived: number | null): Promise<LatenessScreen | null>;
  /** 第十四条 on a tablet: the sealed move kept on the device, only its seal in the ledger. */
  sealMove?(game: string, sealer: Colour, point: string): Promise<GameView>;
  sealedMove?(game: string): Promise<string | null>;
  unsealMove?(game: string): Promise<GameView>;
  /** A game record (SGF) played through onto the counting board (第九条). */
  loadRecord(sgf: string): Promise<LoadedRecord>;
  /** The counting board's count with the stones marked dead (第九条, KBA 第十三条, Ing). */
  countBoard(request: CountRequest): Promise<CountAnswer>;
  /** Was move `moveNo` of the record legal (第十九条, 第二十条, 第六条)? */
  checkMove(sgf: string, moveNo: number): Promise<MoveCheck>;
  /** What `body` would do to the standings (the office knows every game; a tablet does not). */
  standingsPreview?(game: string, body: EventBody): Promise<StandingsPreview>;
}

/** Errors from either backend arrive as `{code, message}`, and with the core's sentence in
 * each language where it said one: the error's message is then the reader's language. */
export class BackendError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly said?: Said,
  ) {
    super(message);
  }
}

/** The office could not be reached (no network, the hall's Wi-Fi dropped, the office down). */
export class OfficeUnreachable extends BackendError {
  constructor(detail: string) {
    super("network", t("officeUnreachable") + (detail ? ` (${detail})` : ""));
  }
}

/** A record kept on this phone until the office can be reached: not recorded yet. */
export class KeptOffline extends BackendError {
  constructor() {
    super("kept_offline", t("keptOffline"));
  }
}

/** Called when the office no longer knows this browser's token (revoked, or rotated): the
 * page signs out and says why. */
let signedOut: ((message: string) => void) | null = null;
export function whenSignedOut(f: (message: string) => void): void {
  signedOut = f;
}

export function asError(e: unknown): BackendError {
  if (e instanceof BackendError) return e;
  const b = e as Partial<ErrorBody>;
  if (b && typeof b.code === "string" && typeof b.message === "string")
    return new BackendError(b.code, saidIn({ message: b.message, said: b.said }), b.said);
  return new BackendError("unknown", String(e));
}

type Invoke = <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;

export class TauriBackend implements Backend {
  readonly kind = "tauri";
  readonly canRecord = true;
  constructor(private readonly invoke: Invoke) {}
  private async call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
    try {
      return await this.invoke<T>(cmd, args);
    } catch (e) {
      throw asError(e);
    }
  }
  status() {
    return this.call<AppStatus>("status");
  }
  labels() {
    return this.call<LabelTables>("labels");
  }
  enroll(officeUrl: string, code: string, fingerprint: string, device: string, label: string) {
    return this.call<PublicIdentity>("enroll", { officeUrl, code, fingerprint, device, label });
  }
  tables() {
    return this.call<TableRow[]>("tables");
  }
  game(game: string) {
    return this.call<GameView>("game", { game });
  }
  allowed(game: string, incident: Incident) {
    return this.call<AllowedRuling[]>("allowed", { game, incident });
  }
  preview(game: string, body: EventBody) {
    return this.call<Preview>("preview", { game, body });
  }
  record(game: string, body: EventBody) {
    return this.call<GameView>("record", { game, body });
  }
  queue() {
    return this.call<QueueCard[]>("queue");
  }
  story(game: string, incident: string) {
    return this.call<Story>("story", { game, incident });
  }
  syncNow() {
    return this.call<AppStatus>("sync_now");
  }
  unsent() {
    return this.call<string>("unsent");
  }
  exportReceipts() {
    return this.call<[string, string]>("export_receipts");
  }
  reader(game: string, afterMs: number | null) {
    return this.call<ReaderView>("reader", { game, afterMs });
  }
  sealMove(game: string, sealer: Colour, point: string) {
    return this.call<GameView>("seal_move", { game, sealer, point });
  }
  sealedMove(game: string) {
    return this.call<string | null>("sealed_move", { game });
  }
  unsealMove(game: string) {
    return this.call<GameView>("unseal_move", { game });
  }
  loadRecord(sgf: string) {
    return this.call<LoadedRecord>("load_record", { sgf });
  }
  countBoard(request: CountRequest) {
    return this.call<CountAnswer>("count_board", { request });
  }
  checkMove(sgf: string, moveNo: number) {
    return this.call<MoveCheck>("check_move", { sgf, moveNo });
  }
  lateness(game: string, blackArrived: number | null, whiteArrived: number | null) {
    return this.call<LatenessScreen | null>("lateness", { game, blackArrived, whiteArrived });
  }
}

const enrollAtTable = () =>
  Promise.reject(new BackendError("enroll_at_table", "a device enrolls at the table, not from the office's pages"));

/** A fresh key naming one action, for the office to answer it once however often it is sent. */
export function idempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Answers worth one more try with the same key: the office or the way to it was briefly away. */
const RETRY_STATUS = new Set([502, 503, 504]);

/**
 * One call to the office's API: JSON in and out, `{code, message}` errors as BackendError.
 * An action (POST, PUT, DELETE) carries an Idempotency-Key and is sent once more with the same
 * key if the network failed or a gateway answered 502–504: the office records it once.
 */
export async function officeCall<T>(
  fetchFn: typeof fetch,
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  text?: string,
  key?: string,
  extra?: () => Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const action = method !== "GET";
  if (action) headers["Idempotency-Key"] = key ?? idempotencyKey();
  // `extra` headers are read at each try (a record's Sent-At-Ms is the moment of that try).
  const send = () =>
    fetchFn(`${base}/api/v1${path}`, {
      method,
      headers: { ...headers, ...extra?.() },
      body: text ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  let r: Response;
  try {
    r = await send();
    if (action && RETRY_STATUS.has(r.status)) r = await send();
  } catch (e) {
    try {
      if (!action) throw e;
      r = await send();
    } catch (again) {
      throw new OfficeUnreachable(String((again as Error).message ?? again));
    }
  }
  // The office no longer knows this token: revoked, or rotated. The page signs out.
  if (r.status === 401 && token) {
    const said = await r
      .clone()
      .json()
      .then(
        (b: ErrorBody) => asError(b).message,
        () => r.statusText,
      );
    signedOut?.(said);
  }
  const raw = await r.text();
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    /* CSV, XML and other text answers stay text */
  }
  if (!r.ok)
    throw asError(parsed && typeof parsed === "object" ? parsed : { code: String(r.status), message: r.statusText });
  return parsed as T;
}

/** A record's request to the office (docs/events.md, "Records from the office's pages"): the
 * body, and when it was made on the office's clock. The same bytes on every try of one key. */
function eventRequest(q: Queued): [string, Record<string, unknown>] {
  const at = `/games/${encodeURIComponent(q.game)}`;
  const r: Record<string, unknown> = q.arrival ? { side: q.arrival } : { body: q.body };
  if (q.made_at_ms !== undefined) r.made_at_ms = q.made_at_ms;
  if (q.escalate_to !== undefined) r.escalate_to = q.escalate_to;
  return [q.arrival ? `${at}/arrival` : `${at}/events`, r];
}

/** The office's web pages: the same screens over `/api/v1`, with an official's token. A phone
 * that loses the office keeps working on what it last saw: it records into its outbox
 * (outbox.ts), shows it waiting, and sends it once the office answers again. */
export class WebBackend implements Backend {
  readonly kind = "web";
  readonly canRecord = true;
  /** What the office last answered for this sign-in, shown while it cannot be reached — kept
   * in the browser, so a page reloaded offline still has it (lastSeen.ts). */
  private last: lastSeen.Kept;
  /** Records made offline that the office refused when they arrived, with why. */
  private refused: AppStatus["sync"]["rejected"] = [];
  /** The office's arrival number at the last status. */
  private lastSeq: number | undefined;
  constructor(
    readonly base: string,
    readonly token: string,
    private readonly fetchFn: typeof fetch = fetch.bind(globalThis),
  ) {
    this.last = lastSeen.load(token);
  }
  private get<T>(path: string, auth = true): Promise<T> {
    return officeCall<T>(this.fetchFn, this.base, auth ? this.token : null, "GET", path);
  }
  private post<T>(path: string, body: unknown, key?: string): Promise<T> {
    return officeCall<T>(this.fetchFn, this.base, this.token, "POST", path, body, undefined, key);
  }
  /** A record's try: with the moment it is sent on the same corrected clock as its `made_at_ms`,
   * so the office takes the record's age from its own clock (an offset gone stale cancels out). */
  private postRecord(path: string, body: unknown, key: string): Promise<GameView> {
    return officeCall<GameView>(this.fetchFn, this.base, this.token, "POST", path, body, undefined, key, () => ({
      "Sent-At-Ms": String(outbox.officeNow()),
    }));
  }
  arrivals(): string | undefined {
    return this.lastSeq === undefined ? undefined : String(this.lastSeq);
  }
  async status(): Promise<AppStatus> {
    // What waits on this phone goes first, in order, each with its own key; while the office
    // cannot be reached it stays.
    const flushed = await this.flush();
    const pending = flushed.left;
    try {
      const sent = Date.now();
      const s = await this.get<{
        you: PublicIdentity & { office_url?: string };
        ruleset: RulesetSpec | null;
        last_seq?: number;
        now_ms?: number;
      }>("/status");
      if (typeof s.now_ms === "number") outbox.learnOffset(sent, Date.now(), s.now_ms);
      this.lastSeq = s.last_seq;
      const refused = [...this.refused];
      const status: AppStatus = {
        identity: { ...s.you, office_url: this.base },
        sync: {
          online: true,
          pending,
          last_success: new Date().toISOString(),
          last_error: null,
          last_error_code: null,
          rejected: refused,
          forged: [],
          clock_skew: null,
        },
        notice: null,
        ruleset: s.ruleset,
      };
      this.last = lastSeen.withStatus(this.last, status);
      lastSeen.save(this.last);
      return status;
    } catch (e) {
      const before = this.last.status;
      if (!(e instanceof OfficeUnreachable) || !before) throw e;
      // Offline: who this is and what the office last said, and what waits on this phone.
      return {
        ...before,
        sync: {
          ...before.sync,
          online: false,
          pending: (await outbox.waiting()).length,
          last_error: null,
          last_error_code: null,
        },
      };
    }
  }
  /** What waits on this phone for the office. */
  waiting() {
    return outbox.waiting();
  }
  /** Sends what waits on this phone, oldest first, each under its own key; a refusal is kept to
   * show with why, except `asked`'s (the record just made: its refusal is said where it was made). */
  private async flush(asked?: string): Promise<outbox.Flushed> {
    const flushed = await outbox.flush(async (q) => {
      try {
        await this.postRecord(...eventRequest(q), q.id);
      } catch (e) {
        throw e instanceof OfficeUnreachable ? new outbox.Unreachable(e.message) : e;
      }
    });
    for (const r of flushed.refused) {
      if (r.record.id === asked) continue;
      const e = asError(r.error);
      this.refused.push({ id: r.record.id, code: e.code, message: `${r.record.title}: ${e.message}`, said: e.said });
    }
    return flushed;
  }
  /** `f`'s answer, kept; the kept one while the office cannot be reached. */
  private async kept<T>(f: () => Promise<T>, keep: (v: T) => void, kept: () => T | undefined): Promise<T> {
    try {
      const v = await f();
      keep(v);
      return v;
    } catch (e) {
      const v = kept();
      if (e instanceof OfficeUnreachable && v !== undefined) return v;
      throw e;
    }
  }
  labels() {
    return this.kept(
      () => this.get<LabelTables>("/labels", false),
      (v) => {
        this.last.labels = v;
        lastSeen.save(this.last);
      },
      () => this.last.labels,
    );
  }
  enroll() {
    return enrollAtTable();
  }
  tables() {
    return this.kept(
      () => this.get<TableRow[]>("/tables"),
      (v) => {
        this.last.tables = v;
        lastSeen.save(this.last);
        void this.keepOwnGames(v);
      },
      () => this.last.tables,
    );
  }
  /** A referee's own tables' games, fetched and kept as soon as the tables are listed: the
   * Wi-Fi can drop before the referee has opened them, and a reload then still has them. */
  private async keepOwnGames(rows: TableRow[]): Promise<void> {
    const me = this.last.status?.identity;
    if (me?.role !== "referee") return;
    for (const r of rows.filter((x) => x.referee === me.person && !(x.game in this.last.games))) {
      await this.game(r.game).catch(() => undefined);
    }
  }
  game(game: string) {
    return this.kept(
      () => this.get<GameView>(`/games/${encodeURIComponent(game)}`),
      (v) => {
        this.last = lastSeen.withGame(this.last, game, v);
        lastSeen.save(this.last);
      },
      () => this.last.games[game],
    );
  }
  allowed(game: string, incident: Incident) {
    return this.post<AllowedRuling[]>(`/games/${encodeURIComponent(game)}/allowed`, { incident });
  }
  preview(game: string, body: EventBody) {
    return this.post<Preview>(`/games/${encodeURIComponent(game)}/preview`, { body });
  }
  /** Sent at once; kept on this phone (the outbox) when the office cannot be reached, and sent
   * with the same key later: recorded once. */
  record(game: string, body: EventBody, title = "") {
    // The moment it is made, on the office's clock: sent with it on every try.
    return this.send({
      id: outbox.recordId(),
      game,
      body,
      title,
      at: new Date().toISOString(),
      made_at_ms: outbox.officeNow(),
    });
  }
  /** 第二十三条 at one tap: `side` sits down now (the other was on time); the office times it at
   * the moment tapped and records what its timer proposes — kept on this phone offline. */
  recordArrival(game: string, side: Colour, title = "", tappedMs = Date.now()) {
    return this.send({
      id: outbox.recordId(),
      game,
      arrival: side,
      title,
      at: new Date(tappedMs).toISOString(),
      made_at_ms: outbox.officeNow(tappedMs),
    });
  }
  recordEscalated(game: string, body: EventBody, title = "") {
    return this.send({
      id: outbox.recordId(),
      game,
      body,
      title,
      at: new Date().toISOString(),
      made_at_ms: outbox.officeNow(),
      escalate_to: "chief_arbiter",
    });
  }
  private async send(q: Queued): Promise<GameView> {
    const game = q.game;
    // Behind whatever still waits on this phone, so the office gets them in the order made.
    if ((await outbox.waiting()).length > 0) {
      await outbox.keep(q);
      const f = await this.flush(q.id);
      const refused = f.refused.find((r) => r.record.id === q.id);
      if (refused) throw asError(refused.error);
      if (f.sent.some((s) => s.id === q.id)) return this.game(game);
      throw new KeptOffline();
    }
    try {
      return await this.postRecord(...eventRequest(q), q.id);
    } catch (e) {
      if (!(e instanceof OfficeUnreachable)) throw e;
      await outbox.keep(q);
      throw new KeptOffline();
    }
  }
  queue() {
    return this.kept(
      () => this.get<QueueCard[]>("/queue"),
      (v) => {
        this.last.queue = v;
        lastSeen.save(this.last);
      },
      () => this.last.queue,
    );
  }
  story(game: string, incident: string) {
    return this.get<Story>(`/games/${encodeURIComponent(game)}/incidents/${encodeURIComponent(incident)}/story`);
  }
  reader(game: string, afterMs: number | null) {
    return this.get<ReaderView>(
      `/games/${encodeURIComponent(game)}/reader${afterMs === null ? "" : `?after=${afterMs}`}`,
    );
  }
  loadRecord(sgf: string) {
    return this.post<LoadedRecord>("/board/record", { sgf });
  }
  countBoard(request: CountRequest) {
    return this.post<CountAnswer>("/board/count", request);
  }
  checkMove(sgf: string, moveNo: number) {
    return this.post<MoveCheck>("/board/check", { sgf, move_no: moveNo });
  }
  syncNow() {
    return this.status();
  }
  standingsPreview(game: string, body: EventBody) {
    return this.post<StandingsPreview>(`/games/${encodeURIComponent(game)}/preview-standings`, { body });
  }
  lateness(game: string, blackArrived: number | null, whiteArrived: number | null) {
    return this.post<LatenessScreen | null>(`/games/${encodeURIComponent(game)}/lateness`, {
      black_arrived: blackArrived,
      white_arrived: whiteArrived,
    });
  }
}
