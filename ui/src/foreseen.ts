// What a record kept on this phone would do once the office has it, read from what the core
// foresaw in the last game view (GameView.foreseen): the page folds nothing itself.

import type { GameResult } from "./bindings/GameResult";
import type { GameView } from "./bindings/GameView";
import type { Queued } from "./outbox";

/** The waiting record of `view`'s game that decides it, with the result the core foresaw for
 * it: the further warnings each side has waiting are counted in order, each in its count
 * (第二十五条二; KBA 競技の規則 第一条 a ring and a noise each apart), any other
 * record matched to a quick action, a resignation by its side. None once the game has a result, or
 * where none decides it. */
export function decidingRecord(view: GameView, waiting: readonly Queued[]): { id: string; result: GameResult } | null {
  if (view.state.result) return null;
  const f = view.foreseen;
  // Per side, the waiting warnings in each count (GameView.foreseen.warnings, by index).
  const warnings = { black: new Map<number, number>(), white: new Map<number, number>() };
  for (const q of waiting) {
    if (q.game !== view.state.game) continue;
    if (q.body?.kind === "resigned") {
      const r = f.resigned?.[q.body.data.by];
      if (r) return { id: q.id, result: r };
      continue;
    }
    if (q.body?.kind !== "incident_recorded") continue;
    const { incident, ruling } = q.body.data;
    if (!ruling) continue;
    const offender =
      "facts" in incident && incident.facts && "offender" in incident.facts ? incident.facts.offender : null;
    if (offender && f.counted.includes(ruling)) {
      // Its kind's own count where the ruleset keeps one (KBA 競技の規則 第一条), else the others'.
      const counts = f.warnings[offender];
      const own = counts.findIndex((c) => c.kind === incident.type);
      const g = own >= 0 ? own : counts.findIndex((c) => c.kind === null);
      const n = (warnings[offender].get(g) ?? 0) + 1;
      warnings[offender].set(g, n);
      const r = counts[g]?.next[n - 1];
      if (r) return { id: q.id, result: r };
      continue;
    }
    const same = JSON.stringify(incident);
    for (const [i, a] of view.quick.entries()) {
      if (a.ruling !== ruling) continue;
      for (const side of ["black", "white"] as const) {
        const r = f.quick[i]?.[side];
        if (r && JSON.stringify(a[side]) === same) return { id: q.id, result: r };
      }
    }
  }
  return null;
}
