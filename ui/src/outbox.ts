// The office pages' outbox: what a phone records while the office cannot be reached, kept in
// the browser (IndexedDB, which a reload or a restart of the phone keeps) until it is sent — in
// the order it was recorded, each once. Its id is the request's Idempotency-Key, which the
// office answers once and gives the same answer again for a day (office/src/server/
// idempotency.rs): a record sent, its answer lost, and sent again is recorded once. The office
// computes its consequence when it arrives; nothing here pretends to know it.

import type { Colour } from "./bindings/Colour";
import type { EventBody } from "./bindings/EventBody";

/** A record waiting to be sent. */
export interface Queued {
  /** Its Idempotency-Key: the same on every try. */
  id: string;
  game: string;
  /** The record (absent on an arrival). */
  body?: EventBody;
  /** 第二十三条 at one tap, offline: this side sat down at `made_at_ms`, the other on time; the
   * office times it at that moment and records what its timer proposes (`POST …/arrival`). */
  arrival?: Colour;
  /** What the official saw on the button, to list it while it waits. */
  title: string;
  /** When it was recorded (ISO, the phone's own clock: what the official saw). */
  at: string;
  /** When it was recorded on the office's clock (ms): the phone's clock corrected by the offset
   * learned at its last contact. Sent with it, the same on every try; the office keeps it as the
   * moment it happened. Absent on records kept by a build before it (the office then stamps
   * them on arrival). */
  made_at_ms?: number;
  /** An incident recorded without a ruling and escalated to the chief arbiter in the same act:
   * the office records both at once (its id minted there), so offline it is one record here. */
  escalate_to?: "chief_arbiter";
}

/** What sending the queue found. */
export interface Flushed {
  sent: Queued[];
  /** Refused by the office (kept out of the queue, with why). */
  refused: { record: Queued; error: Error }[];
  /** Still waiting: the office could not be reached. */
  left: number;
}

/** The office could not be reached: the record waits. */
export class Unreachable extends Error {}

const DB = "arbiter-outbox";
const STORE = "records";

/** Whether this browser keeps data for pages (IndexedDB); without it nothing waits here. */
const available = () => typeof indexedDB !== "undefined";

function open(): Promise<IDBDatabase> {
  if (!available()) return Promise.reject(new Error("this browser cannot keep records while offline (no IndexedDB)"));
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    // `seq` keeps the order they were recorded in.
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB cannot be opened"));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      // Resolved once the transaction is committed: a record kept is kept.
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB write failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB write aborted"));
    });
  } finally {
    db.close();
  }
}

/** Keeps `record` until it is sent. */
export async function keep(record: Queued): Promise<void> {
  await run("readwrite", (s) => s.add(record));
}

/** Every record waiting, oldest first. */
export async function waiting(): Promise<Queued[]> {
  if (!available()) return [];
  const rows = await run("readonly", (s) => s.getAll() as IDBRequest<(Queued & { seq: number })[]>);
  return rows.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...q }) => q);
}

async function drop(id: string): Promise<void> {
  const rows = await run("readonly", (s) => s.getAll() as IDBRequest<(Queued & { seq: number })[]>);
  const row = rows.find((r) => r.id === id);
  if (row) await run("readwrite", (s) => s.delete(row.seq));
}

/** Sends what waits, oldest first, one at a time; stops at the first the office cannot be
 * reached for (it and those after it wait, in order). `send` throws `Unreachable` for that,
 * anything else for a refusal. One flush at a time in this page. */
let flushing: Promise<Flushed> | null = null;
export function flush(send: (q: Queued) => Promise<void>): Promise<Flushed> {
  flushing ??= (async () => {
    const out: Flushed = { sent: [], refused: [], left: 0 };
    const queue = await waiting();
    for (const [i, q] of queue.entries()) {
      try {
        await send(q);
        out.sent.push(q);
      } catch (e) {
        if (e instanceof Unreachable) {
          out.left = queue.length - i;
          break;
        }
        out.refused.push({ record: q, error: e as Error });
      }
      await drop(q.id);
    }
    return out;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The office's clock minus this phone's (ms), as the last answer from the office measured it:
 * kept across reloads and restarts, since a phone that starts offline still stamps its records. */
const OFFSET = "officeClockOffsetMs";

/** Learns the offset from a request sent at `sentMs` and answered at `receivedMs` (this phone's
 * clock) carrying the office's `officeMs`: the office read its clock about half-way (NTP's
 * estimate, as a tablet's `ClockSkew::measure`). */
export function learnOffset(sentMs: number, receivedMs: number, officeMs: number): number {
  const offset = Math.round(officeMs - (sentMs + (receivedMs - sentMs) / 2));
  globalThis.localStorage?.setItem(OFFSET, String(offset));
  return offset;
}

/** Now on the office's clock, as this phone best knows it (its own clock until it has asked). */
export function officeNow(phoneNowMs = Date.now()): number {
  const offset = Number(globalThis.localStorage?.getItem(OFFSET) ?? 0);
  return phoneNowMs + (Number.isFinite(offset) ? offset : 0);
}

/** A fresh id for a record: 128 random bits in hex, the form of every Idempotency-Key. */
export function recordId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
