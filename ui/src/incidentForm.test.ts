import { describe, expect, it } from "vitest";
import type { FactField } from "./bindings/FactField";
import { buildIncident, defaultFacts, factsOf, problems } from "./incidentForm";

const lbl = { zh: "x", en: "x", zh_hant: "x", ko: "x", ja: "x" };
const moved: FactField[] = [
  { name: "mover", kind: "optional_colour", label: lbl },
  { name: "players_agree", kind: "bool", label: lbl },
  { name: "deliberate", kind: "bool", label: lbl },
];

describe("incident form", () => {
  it("starts from defaults and builds the wire form", () => {
    const v = defaultFacts(moved);
    expect(v).toEqual({ mover: null, players_agree: false, deliberate: false });
    v.players_agree = true;
    expect(buildIncident("moved_stones", moved, v)).toEqual({
      type: "moved_stones",
      facts: { mover: null, players_agree: true, deliberate: false },
    });
  });

  it("leaves unsaid whether moved stones can be put back (KBA 付則第一条3) until the referee says", () => {
    const kba: FactField[] = [...moved, { name: "restorable", kind: "optional_bool", label: lbl }];
    const v = defaultFacts(kba);
    expect(v.restorable).toBeNull();
    v.restorable = false;
    expect(buildIncident("moved_stones", kba, v)).toEqual({
      type: "moved_stones",
      facts: { mover: null, players_agree: false, deliberate: false, restorable: false },
    });
  });

  it("carries when a claim was raised (KBA 付則第三条1) and takes a move check's facts", () => {
    const ko: FactField[] = [
      { name: "offender", kind: "colour", label: lbl },
      { name: "point", kind: "optional_point", label: lbl },
      { name: "objection", kind: "optional_objection", label: lbl },
    ];
    const v = defaultFacts(ko);
    expect(v.objection).toBeNull();
    v.objection = { by: "referee", play_went_on: true };
    expect(buildIncident("ko_recapture", ko, v)).toEqual({
      type: "ko_recapture",
      facts: { offender: "black", point: null, objection: { by: "referee", play_went_on: true } },
    });
    const found = {
      type: "ko_recapture",
      facts: { offender: "white", point: "B1", objection: { by: "record", offending_move: 2, claimed_after_move: 3 } },
    } as const;
    expect(buildIncident("ko_recapture", ko, { ...defaultFacts(ko), ...factsOf(found) })).toEqual(found);
  });

  it("omits facts for types that have none", () => {
    expect(buildIncident("neutral_points", [], {})).toEqual({ type: "neutral_points" });
  });

  it("reports bad seconds, points and empty text, and upper-cases points", () => {
    const f: FactField[] = [
      { name: "black_late_secs", kind: "seconds", label: lbl },
      { name: "point", kind: "optional_point", label: lbl },
      { name: "description", kind: "text", label: lbl },
    ];
    expect(problems(f, { black_late_secs: -1, point: "I5", description: " " })).toHaveLength(3);
    expect(problems(f, { black_late_secs: 600, point: "q16", description: "ok" })).toEqual([]);
    expect(buildIncident("forbidden_point", [f[1]], { point: "q16" })).toEqual({
      type: "forbidden_point",
      facts: { point: "Q16" },
    });
  });
});
