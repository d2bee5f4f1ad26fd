import { describe, expect, it } from "vitest";
import { defaultsOf, opengothaForm, rankOfValue, rankValue, unlessDefault } from "./views/opengothaParams";

const { pairing: MCMAHON_PAIRING, handicap: MCMAHON_HANDICAP } = defaultsOf("mcmahon");
import { dateField, dateWords, dayTimeText, parseDay, parseDayTime } from "./views/forms";
import { setLang } from "./i18n";
import { limitArithmetic, timeControlOf } from "./views/setup";

const v = { reserved: 5, periods: 3, periodSeconds: 30, canMoves: 15, canMinutes: 5, fischer: 10 };

describe("the set-up's time control", () => {
  it("writes 第十二条's reserved minutes in the version-1 form and the other systems as overtime", () => {
    expect(timeControlOf("reserved_minutes", 60, v)).toEqual({ main_minutes: 60, reserved_minutes: 5 });
    expect(timeControlOf("periods", 45, v)).toEqual({
      main_minutes: 45,
      overtime: { system: "periods", periods: 3, seconds: 30 },
    });
    expect(timeControlOf("canadian", 30, v)).toEqual({
      main_minutes: 30,
      overtime: { system: "canadian", moves: 15, seconds: 300 },
    });
    expect(timeControlOf("fischer", 20, v)).toEqual({ main_minutes: 20, overtime: { system: "fischer", seconds: 10 } });
  });

  it("shows 第十二条二's arithmetic: the reserve is the last minutes of the limit, not added after it", () => {
    setLang("en");
    expect(limitArithmetic(60, 5)).toBe("60 minutes, of which the last 5 are byo-yomi (55 + 5)");
    expect(limitArithmetic(30, 0)).toBe("30 minutes, no byo-yomi");
    expect(limitArithmetic(3, 5)).toContain("at least 5 minutes");
    setLang("zh");
    expect(limitArithmetic(60, 5)).toBe("时限60分钟，其中最后5分钟读秒（55 + 5）");
  });
});

describe("a McMahon event's OpenGotha parameters", () => {
  it("stores nothing while the organiser keeps OpenGotha's McMahon defaults", () => {
    const form = opengothaForm("mcmahon");
    expect(form.read()).toEqual({ pairing: undefined, handicap: undefined });
    // The form starts from the defaults the Rust side generated.
    const seed1 = form.el.querySelector<HTMLSelectElement>('[data-testid="og-seed1"]')!;
    expect(seed1.value).toBe(MCMAHON_PAIRING.seed_system1);
  });

  it("stores the whole set once one setting changes, and reads a stored set back", () => {
    const form = opengothaForm("mcmahon");
    form.el.querySelector<HTMLSelectElement>('[data-testid="og-seed1"]')!.value = "split_and_fold";
    form.el.querySelector<HTMLInputElement>('[data-testid="og-hd-ceiling"]')!.value = "3";
    const { pairing, handicap } = form.read();
    expect(pairing).toEqual({ ...MCMAHON_PAIRING, seed_system1: "split_and_fold" });
    expect(handicap).toEqual({ ...MCMAHON_HANDICAP, ceiling: 3 });
    const again = opengothaForm("mcmahon", pairing, handicap);
    expect(again.read()).toEqual({ pairing, handicap });
    expect(again.el.querySelector<HTMLSelectElement>('[data-testid="og-hd-threshold"]')!.value).toBe("1d");
  });

  it("starts an OpenGotha Swiss from OpenGotha's Swiss defaults: split and slip, even games", () => {
    const swiss = defaultsOf("opengotha_swiss");
    expect(swiss.pairing.seed_system1).toBe("split_and_slip");
    expect(swiss.handicap.ceiling).toBe(0);
    const form = opengothaForm("opengotha_swiss");
    expect(form.read()).toEqual({ pairing: undefined, handicap: undefined });
    expect(form.el.querySelector<HTMLSelectElement>('[data-testid="og-seed1"]')!.value).toBe("split_and_slip");
    // McMahon's defaults are another system's: stored in full for a Swiss event.
    expect(opengothaForm("opengotha_swiss", MCMAHON_PAIRING).read().pairing).toEqual(MCMAHON_PAIRING);
  });

  it("numbers tables as OpenGotha 3.52 does unless the event keeps 3.51's (a file 3.51 saved)", () => {
    expect(MCMAHON_PAIRING.table_order).toBe("opengotha_3_52");
    const form = opengothaForm("mcmahon");
    const order = form.el.querySelector<HTMLSelectElement>('[data-testid="og-table-order"]')!;
    expect(order.value).toBe("opengotha_3_52");
    const kept = { ...MCMAHON_PAIRING, table_order: "opengotha_3_51" as const };
    const imported = opengothaForm("mcmahon", kept);
    expect(imported.el.querySelector<HTMLSelectElement>('[data-testid="og-table-order"]')!.value).toBe(
      "opengotha_3_51",
    );
    expect(imported.read().pairing).toEqual(kept);
    order.value = "opengotha_3_51";
    expect(form.read().pairing).toEqual(kept);
  });

  it("reads ranks as OpenGotha's values", () => {
    expect([rankValue("30k"), rankValue("1k"), rankValue("1d"), rankValue("9d")]).toEqual([-30, -1, 0, 8]);
    for (const r of ["30k", "5k", "1k", "1d", "3d", "9d"]) expect(rankOfValue(rankValue(r))).toBe(r);
    expect(() => rankValue("3p")).toThrow("not a rank");
  });

  it("tells a default from a change field by field", () => {
    expect(unlessDefault({ a: 1, b: "x" }, { a: 1, b: "x" })).toBeUndefined();
    expect(unlessDefault({ a: 2, b: "x" }, { a: 1, b: "x" })).toEqual({ a: 2, b: "x" });
  });
});

describe("dates typed the same in every language, shown in the page's", () => {
  it("reads 2026-11-21 and 2026-11-21 09:30, and refuses what is not a date", () => {
    expect(parseDay("2026-11-21")?.getDate()).toBe(21);
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("11/21/2026")).toBeNull();
    const at = parseDayTime("2026-11-21 09:30")!;
    expect([at.getHours(), at.getMinutes()]).toEqual([9, 30]);
    expect(parseDayTime("2026-11-21 24:00")).toBeNull();
    expect(dayTimeText(at)).toBe("2026-11-21 09:30");
  });

  it("says the date in Chinese or English beside the field", () => {
    const d = new Date(2026, 10, 21, 9, 30);
    expect(dateWords(d, "zh")).toMatch(/^2026年11月21日\s*星期六$/);
    expect(dateWords(d, "en")).toBe("Saturday, 21 November 2026");
    expect(dateWords(d, "en", true)).toBe("Saturday, 21 November 2026 09:30");
    const f = dateField("t-begin", "2026-11-21", "zh");
    expect(f.el.querySelector("[data-testid=t-begin-words]")?.textContent).toMatch(/星期六/);
    f.input.value = "21.11.2026";
    f.input.dispatchEvent(new Event("input"));
    expect(f.el.querySelector("[data-testid=t-begin-words]")?.textContent).toBe("格式：2026-11-21");
  });
});
