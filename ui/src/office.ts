// The organiser's and chief arbiter's calls to the office (web pages only): set-up, players,
// officials, the draw, results, standings, exports. Every type comes from the Rust side.

import type { EventKind } from "./bindings/EventKind";
import type { CsvReview } from "./bindings/CsvReview";
import type { ListKind } from "./bindings/ListKind";
import type { Listed } from "./bindings/Listed";
import type { Refreshed } from "./bindings/Refreshed";
import type { Evaluation } from "./bindings/Evaluation";
import type { Board } from "./bindings/Board";
import type { MintedLinks } from "./bindings/MintedLinks";
import type { TablePage } from "./bindings/TablePage";
import type { Crosstable } from "./bindings/Crosstable";
import type { DeviceInfo } from "./bindings/DeviceInfo";
import type { EventStandings } from "./bindings/EventStandings";
import type { EventBody } from "./bindings/EventBody";
import type { GameView } from "./bindings/GameView";
import type { ImportReport } from "./bindings/ImportReport";
import type { IssuedCode } from "./bindings/IssuedCode";
import type { Outcome } from "./bindings/Outcome";
import type { PairingSheet } from "./bindings/PairingSheet";
import type { Person } from "./bindings/Person";
import type { PushResult } from "./bindings/PushResult";
import type { Refusal } from "./bindings/Refusal";
import type { Player } from "./bindings/Player";
import type { PlayerRecord } from "./bindings/PlayerRecord";
import type { RegistryEntry } from "./bindings/RegistryEntry";
import type { Role } from "./bindings/Role";
import type { RulesetSpec } from "./bindings/RulesetSpec";
import type { Settings } from "./bindings/Settings";
import type { Setup } from "./bindings/Setup";
import type { Tournament } from "./bindings/Tournament";
import { BackendError, officeCall } from "./backend";

/** One entry of the registration history (`GET /players/history`). */
/** A proposed name in Latin letters (`GET /players/latin`): shown to the organiser, never written by itself. */
export type LatinProposal =
  | { kind: "latin" }
  | {
      kind: "proposed";
      surname: string;
      given_name: string;
      scheme: "hanyu_pinyin" | "revised_romanization" | "hepburn";
    }
  | { kind: "organiser"; why: string };
export interface LatinEntry {
  player: string;
  name: string;
  egd_name: string;
  ready: boolean;
  proposal: LatinProposal;
}
export interface RegistrationEntry {
  at_ms: number;
  kind: EventKind;
  player: string;
  name: string;
  by: string;
  note?: string;
  after_round?: number;
}

export class OfficeApi {
  constructor(
    readonly base: string,
    readonly token: string,
    private readonly fetchFn: typeof fetch = fetch.bind(globalThis),
  ) {}
  private call<T>(method: string, path: string, body?: unknown, text?: string): Promise<T> {
    return officeCall<T>(this.fetchFn, this.base, this.token, method, path, body, text);
  }
  setup() {
    return this.call<Setup>("GET", "/setup");
  }
  putTournament(name: string, ruleset: RulesetSpec, settings: Settings) {
    return this.call<Tournament>("PUT", "/tournament", { name, ruleset, settings });
  }
  addPlayer(p: {
    name: string;
    rank: string;
    club?: string;
    team?: string;
    board?: number;
    surname?: string;
    given_name?: string;
    country?: string;
    pin?: string;
    rating?: number;
    confirm?: boolean;
  }) {
    return this.call<Player>("POST", "/players", p);
  }
  importPlayers(csv: string) {
    return this.call<ImportReport>("POST", "/players/import", undefined, csv);
  }
  previewPlayers(csv: string) {
    return this.call<CsvReview>("POST", "/players/import?preview=true", undefined, csv);
  }
  registrationHistory() {
    return this.call<RegistrationEntry[]>("GET", "/players/history");
  }
  latinNames() {
    return this.call<LatinEntry[]>("GET", "/players/latin");
  }
  setLatinName(player: string, surname: string, given_name: string) {
    return this.call<Player>("PUT", `/players/${encodeURIComponent(player)}/latin`, { surname, given_name });
  }
  deletePlayer(player: string) {
    return this.call<unknown>("DELETE", `/players/${encodeURIComponent(player)}`);
  }
  loadRatingList(kind: ListKind, text: string) {
    return this.call<{ kind: ListKind; date: string; players: number }>(
      "POST",
      `/rating-list?kind=${kind}`,
      undefined,
      text,
    );
  }
  searchRatingList(q: string) {
    return this.call<Listed[]>("GET", `/rating-list/search?q=${encodeURIComponent(q)}`);
  }
  refreshRatings(preview: boolean) {
    return this.call<Refreshed[]>("POST", `/rating-list/refresh${preview ? "?preview=true" : ""}`);
  }
  importOpenGotha(xml: string) {
    return this.call<ImportReport>("POST", "/import/opengotha", undefined, xml);
  }
  previewOpenGotha(xml: string) {
    return this.call<ImportReport>("POST", "/import/opengotha?preview=true", undefined, xml);
  }
  /** The rounds `player` will miss (McMahon, OpenGotha's Swiss), replacing any set before. */
  setAbsences(player: string, rounds: number[]) {
    return this.call<unknown>("POST", `/players/${encodeURIComponent(player)}/absences`, { rounds });
  }
  withdraw(player: string, afterRound: number) {
    return this.call<unknown>("POST", `/players/${encodeURIComponent(player)}/withdraw`, { after_round: afterRound });
  }
  registerPerson(id: string, name: string, role: Role) {
    return this.call<Person>("POST", "/people", { id, name, role });
  }
  devices() {
    return this.call<DeviceInfo[]>("GET", "/devices");
  }
  revoke(device: string) {
    return this.call<unknown>("POST", `/devices/${encodeURIComponent(device)}/revoke`);
  }
  /** What the office refused, newest first (forged signatures among them). */
  refusals(limit = 50) {
    return this.call<Refusal[]>("GET", `/refusals?limit=${limit}`);
  }
  /** At a league's venue: sends an event the central office refused again, once fixed. */
  resendRefused(event: string) {
    return this.call<PushResult>("POST", "/refusals/resend", { event });
  }
  issueCode(person: string) {
    return this.call<IssuedCode>("POST", "/enrollment-codes", { person });
  }
  /** 第三十一条: the chief arbiter's evaluation of a referee (organiser, chief arbiter, committee read them). */
  evaluations() {
    return this.call<Evaluation[]>("GET", "/evaluations");
  }
  evaluate(referee: string, text: string) {
    return this.call<Evaluation>("PUT", `/referees/${encodeURIComponent(referee)}/evaluation`, { text });
  }
  assignReferee(referee: string, tables: number[]) {
    return this.call<unknown>("POST", "/referees", { referee, tables });
  }
  scheduleRound(round: number, startsAt: string) {
    return this.call<unknown>("PUT", `/rounds/${round}`, { starts_at: startsAt });
  }
  pair(round: number) {
    return this.call<PairingSheet>("POST", `/rounds/${round}/pair`);
  }
  pairings(round: number) {
    return this.call<PairingSheet>("GET", `/rounds/${round}/pairings`);
  }
  override(game: string, black: string, white: string, reason: string) {
    return this.call<PairingSheet>("PUT", `/games/${encodeURIComponent(game)}/pairing`, { black, white, reason });
  }
  enterResult(game: string, outcome: Outcome) {
    return this.record(game, { kind: "result_entered", data: { outcome } });
  }
  /** Records `body` on `game` from the office's pages (a result, a correction), checked as the tablet checks it. */
  record(game: string, body: EventBody) {
    return this.call<GameView>("POST", `/games/${encodeURIComponent(game)}/events`, { body });
  }
  standings(round?: number) {
    return this.call<EventStandings>("GET", `/standings${round ? `?round=${round}` : ""}`);
  }
  crosstable(round?: number) {
    return this.call<Crosstable>("GET", `/crosstable${round ? `?round=${round}` : ""}`);
  }
  /** The association's registry and one player's record, across every event of this office. */
  leaguePlayers() {
    return this.call<RegistryEntry[]>("GET", "/league/players");
  }
  leaguePlayer(player: string) {
    return this.call<PlayerRecord>("GET", `/league/players/${encodeURIComponent(player)}`);
  }
  /** A text export (CSV, XML, h9), to save as a file. */
  text(path: string) {
    return this.call<string>("GET", path).then((t) => (typeof t === "string" ? t : JSON.stringify(t)));
  }

  /** A round's table links (organiser, 第二十一条): minted anew, each game's earlier link
   * revoked — for the sheets printed with them. */
  mintTableLinks(round: number) {
    return this.call<MintedLinks>("POST", `/rounds/${round}/table-links`);
  }

  /** The players' page a table link opens: the link is the key, no token. */
  static tablePage(base: string, link: string, fetchFn: typeof fetch = fetch.bind(globalThis)): Promise<TablePage> {
    return officeCall<TablePage>(fetchFn, base, null, "GET", `/table/${encodeURIComponent(link)}`);
  }

  /** The hall's board: no token needed. */
  static board(
    base: string,
    tournament: string,
    round?: number,
    fetchFn: typeof fetch = fetch.bind(globalThis),
  ): Promise<Board> {
    return officeCall<Board>(
      fetchFn,
      base,
      null,
      "GET",
      `/public/${encodeURIComponent(tournament)}/board${round ? `?round=${round}` : ""}`,
    );
  }
}

/** Saves `text` as a file the browser downloads. */
export function saveAs(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export { BackendError };
