// The UI talks to one Backend: the Tauri shell's commands (the referee app, offline-first) or
// the office's HTTP API (its web pages for organisers and chief arbiters, read-only).

import type { AllowedRuling } from "./bindings/AllowedRuling";
import type { AppStatus } from "./bindings/AppStatus";
import type { ErrorBody } from "./bindings/ErrorBody";
import type { EventBody } from "./bindings/EventBody";
import type { GameView } from "./bindings/GameView";
import type { Incident } from "./bindings/Incident";
import type { LabelTables } from "./bindings/LabelTables";
import type { Preview } from "./bindings/Preview";
import type { PublicIdentity } from "./bindings/PublicIdentity";
import type { QueueRow } from "./bindings/QueueRow";
import type { TableRow } from "./bindings/TableRow";

export interface Backend {
  readonly kind: "tauri" | "web";
  readonly canRecord: boolean;
  status(): Promise<AppStatus>;
  labels(): Promise<LabelTables>;
  enroll(officeUrl: string, code: string, device: string, label: string): Promise<PublicIdentity>;
  tables(): Promise<TableRow[]>;
  game(game: string): Promise<GameView>;
  allowed(game: string, incident: Incident): Promise<AllowedRuling[]>;
  preview(game: string, body: EventBody): Promise<Preview>;
  record(game: string, body: EventBody): Promise<GameView>;
  queue(): Promise<QueueRow[]>;
  syncNow(): Promise<AppStatus>;
}

/** Errors from either backend arrive as `{code, message}`. */
export class BackendError extends Error {
  constructor(public readonly code: string, message: string) {
    super(message);
  }
}

function asError(e: unknown): BackendError {
  if (e instanceof BackendError) return e;
  const b = e as Partial<ErrorBody>;
  if (b && typeof b.code === "string" && typeof b.message === "string") return new BackendError(b.code, b.message);
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
  status() { return this.call<AppStatus>("status"); }
  labels() { return this.call<LabelTables>("labels"); }
  enroll(officeUrl: string, code: string, device: string, label: string) {
    return this.call<PublicIdentity>("enroll", { officeUrl, code, device, label });
  }
  tables() { return this.call<TableRow[]>("tables"); }
  game(game: string) { return this.call<GameView>("game", { game }); }
  allowed(game: string, incident: Incident) { return this.call<AllowedRuling[]>("allowed", { game, incident }); }
  preview(game: string, body: EventBody) { return this.call<Preview>("preview", { game, body }); }
  record(game: string, body: EventBody) { return this.call<GameView>("record", { game, body }); }
  queue() { return this.call<QueueRow[]>("queue"); }
  syncNow() { return this.call<AppStatus>("sync_now"); }
}

const readOnly = () => Promise.reject(new BackendError("read_only", "the office's web pages are read-only; record at the table"));

/** The office's web pages: the same screens over `/api/v1`, with an organiser's or chief arbiter's token. */
export class WebBackend implements Backend {
  readonly kind = "web";
  readonly canRecord = false;
  constructor(private readonly base: string, private readonly token: string, private readonly fetchFn: typeof fetch = fetch.bind(globalThis)) {}
  private async get<T>(path: string, auth = true): Promise<T> {
    let r: Response;
    try {
      r = await this.fetchFn(`${this.base}/api/v1${path}`, { headers: auth ? { Authorization: `Bearer ${this.token}` } : {} });
    } catch (e) {
      throw new BackendError("network", String(e));
    }
    const body = await r.json().catch(() => null);
    if (!r.ok) throw asError(body ?? { code: String(r.status), message: r.statusText });
    return body as T;
  }
  async status(): Promise<AppStatus> {
    const s = await this.get<{ you: PublicIdentity & { office_url?: string } }>("/status");
    return {
      identity: { ...s.you, office_url: this.base },
      sync: { online: true, pending: 0, last_success: new Date().toISOString(), last_error: null, rejected: [] },
    };
  }
  labels() { return this.get<LabelTables>("/labels", false); }
  enroll() { return readOnly(); }
  tables() { return this.get<TableRow[]>("/tables"); }
  game(game: string) { return this.get<GameView>(`/games/${encodeURIComponent(game)}`); }
  allowed() { return readOnly(); }
  preview() { return readOnly(); }
  record() { return readOnly(); }
  queue() { return this.get<QueueRow[]>("/queue"); }
  syncNow() { return this.status(); }
}
