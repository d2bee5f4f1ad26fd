// What a phone last saw from the office — who it is signed in as, the labels, its tables and
// the games it opened — kept in the browser (localStorage: a reload or a restart of the phone
// keeps it), so that a page reloaded while the hall's Wi-Fi is down still shows the referee's
// tables and games and records into the outbox. Kept for one official at one event: the token
// this browser signed in with (one per official and event) scopes it, the identity the office
// last named is checked against it, and signing out or being revoked forgets it.

import type { AppStatus } from "./bindings/AppStatus";
import type { GameView } from "./bindings/GameView";
import type { LabelTables } from "./bindings/LabelTables";
import type { QueueCard } from "./bindings/QueueCard";
import type { TableRow } from "./bindings/TableRow";

const KEY = "arbiter-views";
/** At most this many games kept (the ones opened last): a referee's few tables, and room. */
const GAMES = 40;

/** What is kept, for whom. */
export interface Kept {
  /** A digest of the token (not the token: it is kept once, by signin.ts). */
  scope: string;
  /** The official and event the office last named for this token. */
  person?: string;
  tournament?: string;
  status?: AppStatus;
  labels?: LabelTables;
  tables?: TableRow[];
  /** The desk (a chief arbiter's, the committee's), as last seen. */
  queue?: QueueCard[];
  /** Game id → its view, the last opened last. */
  games: Record<string, GameView>;
}

/** FNV-1a of the token, in hex: tells one sign-in's views from another's without keeping the
 * token a second time. */
export function scopeOf(token: string): string {
  let x = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    x ^= token.charCodeAt(i);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x.toString(16).padStart(8, "0");
}

const storage = (): Storage | undefined => globalThis.localStorage ?? undefined;

/** What this browser kept for `token`'s sign-in (empty for any other, or none). */
export function load(token: string): Kept {
  const scope = scopeOf(token);
  try {
    const raw = storage()?.getItem(KEY);
    const k = raw ? (JSON.parse(raw) as Kept) : null;
    if (k && k.scope === scope && k.games && typeof k.games === "object") return k;
  } catch {
    /* unreadable: start empty */
  }
  return { scope, games: {} };
}

/** Keeps `k`; when the browser's storage is full, the games are dropped before anything else
 * (the tables and who this is matter most), and if even that does not fit, nothing is kept. */
export function save(k: Kept): void {
  const ids = Object.keys(k.games);
  for (const id of ids.slice(0, Math.max(0, ids.length - GAMES))) delete k.games[id];
  try {
    storage()?.setItem(KEY, JSON.stringify(k));
  } catch {
    try {
      storage()?.setItem(KEY, JSON.stringify({ ...k, games: {} }));
    } catch {
      storage()?.removeItem(KEY);
    }
  }
}

/** Keeps a fresh status: if it names another official or event than the kept views were for,
 * those views are dropped first (they are not this sign-in's). */
export function withStatus(k: Kept, status: AppStatus): Kept {
  const id = status.identity;
  const same =
    !id ||
    ((k.person === undefined || k.person === id.person) &&
      (k.tournament === undefined || k.tournament === id.tournament));
  const next: Kept = same ? k : { scope: k.scope, games: {} };
  next.status = status;
  if (id) {
    next.person = id.person;
    next.tournament = id.tournament;
  }
  return next;
}

/** Keeps `view` as the game opened last. */
export function withGame(k: Kept, game: string, view: GameView): Kept {
  delete k.games[game];
  k.games[game] = view;
  return k;
}

/** Forgets everything kept (sign-out, a revoked device). */
export function forget(): void {
  storage()?.removeItem(KEY);
}
