// This device's preferences (the screens' language, the desk's chime). Inside the referee app
// they are a file in the app's data folder, read and written through the shell's commands, so
// the folder is all of an instance's state (two instances share nothing; a backup keeps them).
// In a browser (the office's pages) they stay in that browser's localStorage.

import type { Lang } from "./bindings/Lang";
import type { Preferences } from "./bindings/Preferences";

type Invoke = <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;

/** The app's preferences as kept in its folder, once read (null: in a browser, or not read yet). */
let kept: Preferences | null = null;
let save: ((p: Preferences) => Promise<unknown>) | null = null;

/** Reads the app's preferences from its data folder; from then on choices are kept there. A
 * file that cannot be read leaves the defaults, and the next choice replaces it. */
export async function useAppPreferences(invoke: Invoke): Promise<void> {
  save = (p) => invoke<Preferences>("set_preferences", { preferences: p });
  try {
    kept = await invoke<Preferences>("preferences");
  } catch (e) {
    console.error("preferences:", e);
    kept = { lang: null, queue_muted: false };
  }
}

function update(change: Partial<Preferences>): void {
  if (kept && save) {
    kept = { ...kept, ...change };
    void save(kept).catch((e) => console.error("preferences:", e));
  }
}

const local = () => (kept ? null : (globalThis.localStorage ?? null));

/** The language this device's user chose, if any (what it is, is the caller's to check). */
export function chosenLang(): unknown {
  return kept ? kept.lang : local()?.getItem("lang");
}

export function chooseLang(l: Lang): void {
  if (kept) update({ lang: l });
  else local()?.setItem("lang", l);
}

/** Whether the desk's chime is off. */
export function queueMuted(): boolean {
  return kept ? kept.queue_muted : local()?.getItem("queueMuted") === "1";
}

export function setQueueMuted(muted: boolean): void {
  if (kept) update({ queue_muted: muted });
  else local()?.setItem("queueMuted", muted ? "1" : "0");
}
