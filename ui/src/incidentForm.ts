// Builds an incident from the fact fields the core describes for its type (rules/facts.rs):
// the form never hard-codes an article's fields.

import type { FactField } from "./bindings/FactField";
import type { Incident } from "./bindings/Incident";
import type { IncidentType } from "./bindings/IncidentType";
import type { Objection } from "./bindings/Objection";

export type FactValue = string | boolean | number | Objection | null;

/** A starting value for each fact, chosen so the common case needs the fewest taps. */
export function defaultFacts(fields: FactField[]): Record<string, FactValue> {
  const v: Record<string, FactValue> = {};
  for (const f of fields) {
    switch (f.kind) {
      case "colour":
        v[f.name] = "black";
        break;
      case "optional_colour":
      case "optional_point":
      case "optional_objection":
      case "optional_bool":
        v[f.name] = null;
        break;
      case "bool":
        v[f.name] = false;
        break;
      case "seconds":
        v[f.name] = 0;
        break;
      case "scatter_cause":
        v[f.name] = "force_majeure";
        break;
      case "cycle":
        v[f.name] = "triple_ko";
        break;
      case "text":
        v[f.name] = "";
        break;
    }
  }
  return v;
}

/** Problems with the values, in words; empty when the incident can be built. */
export function problems(fields: FactField[], values: Record<string, FactValue>): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "seconds" && (typeof v !== "number" || !Number.isInteger(v) || v < 0)) out.push(`${f.name}: ≥ 0`);
    if (f.kind === "optional_point" && v !== null && !/^[A-HJ-Ta-hj-t](1[0-9]|[1-9])$/.test(String(v)))
      out.push(`${f.name}: A1–T19`);
    if (f.kind === "text" && typeof v === "string" && v.trim() === "") out.push(`${f.name}: ?`);
  }
  return out;
}

/** The facts of an incident the core filled in (a move check), as form values. */
export function factsOf(incident: Incident): Record<string, FactValue> {
  const facts = (incident as { facts?: Record<string, FactValue> }).facts ?? {};
  return { ...facts };
}

/** The incident in its wire form: `{type, facts}` (no `facts` for types without any). */
export function buildIncident(type: IncidentType, fields: FactField[], values: Record<string, FactValue>): Incident {
  if (fields.length === 0) return { type } as Incident;
  const facts: Record<string, FactValue> = {};
  for (const f of fields) {
    const v = values[f.name];
    facts[f.name] = f.kind === "optional_point" && typeof v === "string" ? v.toUpperCase() : (v ?? null);
  }
  return { type, facts } as unknown as Incident;
}
