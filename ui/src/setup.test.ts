import { describe, expect, it } from "vitest";
import { timeControlOf } from "./views/setup";

const v = { reserved: 5, periods: 3, periodSeconds: 30, canMoves: 15, canMinutes: 5, fischer: 10 };

describe("the set-up's time control", () => {
  it("writes 第十二条's reserved minutes in the version-1 form and the other systems as overtime", () => {
    expect(timeControlOf("reserved_minutes", 60, v)).toEqual({ main_minutes: 60, reserved_minutes: 5 });
    expect(timeControlOf("periods", 45, v)).toEqual({ main_minutes: 45, overtime: { system: "periods", periods: 3, seconds: 30 } });
    expect(timeControlOf("canadian", 30, v)).toEqual({ main_minutes: 30, overtime: { system: "canadian", moves: 15, seconds: 300 } });
    expect(timeControlOf("fischer", 20, v)).toEqual({ main_minutes: 20, overtime: { system: "fischer", seconds: 10 } });
  });
});
