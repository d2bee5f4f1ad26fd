import { beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "./backend";
import type { CountAnswer } from "./bindings/CountAnswer";
import type { CountRequest } from "./bindings/CountRequest";
import type { Count } from "./bindings/Count";
import { setLang, setTables } from "./i18n";
import { labelTables } from "./testdata";
import { countBoard, countingOf, outcomeText, pointName, toggle, totalsText } from "./views/countBoard";
import { rulesetField, rulesetOf, rulesetSelect } from "./views/forms";

const side = (total_halves: number, territory = 0, prisoners = 0) => ({
  stones: 0,
  territory,
  prisoners,
  total_halves,
});

function answer(method: CountAnswer["tally"]["method"], b: number, w: number): CountAnswer {
  return {
    tally: {
      method,
      size: 9,
      black: side(b, 20, 3),
      white: side(w, 18, 1),
      shared: 0,
      seki_eyes: 0,
      owners: Array(81).fill(null),
    },
    outcome: { outcome: "win", winner: "black", margin: { unit: "stones", quarters_or_halves: 3 } },
    count: { method: "area", black_stones: 184 },
    not_recordable: null,
  };
}

describe("the counting board (第九条)", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
  });

  it("names points as a score sheet does and toggles dead stones", () => {
    expect(pointName(0, 0)).toBe("A1");
    expect(pointName(8, 8)).toBe("J9"); // no I
    expect(pointName(18, 18)).toBe("T19");
    expect(toggle(["D4"], "Q16")).toEqual(["D4", "Q16"]);
    expect(toggle(["D4", "Q16"], "D4")).toEqual(["Q16"]);
  });

  it("counts by the game's ruleset: area with its komi, territory at 6.5 for the KBA", () => {
    expect(countingOf({ preset: "chinese_1988", komi: 3.75 })).toEqual({ method: "area", komi: 3.75 });
    expect(countingOf({ preset: "korean" })).toEqual({ method: "territory", komi: 6.5 });
    expect(countingOf({ preset: "ing" })).toEqual({ method: "ing", komi: 8 });
    expect(countingOf({ preset: "ing", komi_points: 4 })).toEqual({ method: "ing", komi: 4 });
  });

  it("says the totals in the method's unit and the result with its margin", () => {
    expect(totalsText(answer("area", 368, 354))).toBe("黑方 184子 · 白方 177子");
    expect(totalsText(answer("territory", 46, 38))).toBe("黑方 23目（地20 + 提子3） · 白方 19目（地18 + 提子1）");
    expect(outcomeText({ outcome: "win", winner: "white", margin: { unit: "points", quarters_or_halves: 1 } })).toBe(
      "白胜0.5目",
    );
    // 第九条's margin in 子, and in points: ¾ 子 = 1.5 目.
    expect(outcomeText({ outcome: "win", winner: "black", margin: { unit: "stones", quarters_or_halves: 3 } })).toBe(
      "黑胜¾子（1.5目）",
    );
    expect(outcomeText({ outcome: "draw" })).toBe("和棋");
  });

  it("sends each tap's dead stones to the core and records the core's count", async () => {
    const asked: CountRequest[] = [];
    const recorded: Count[] = [];
    const backend = {
      loadRecord: async () => {
        throw new Error("unused");
      },
      countBoard: async (r: CountRequest) => {
        asked.push(structuredClone(r));
        return answer("area", 368, 354);
      },
    } as unknown as Backend;
    const el = countBoard({
      backend,
      ruleset: { preset: "chinese_1988", komi: 3.75 },
      record: (b) => recorded.push(b),
    });
    document.body.replaceChildren(el);
    const click = (sel: string) => (el.querySelector(sel) as HTMLButtonElement).click();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    click('[data-testid=count-size] [data-value="9"]');
    await settle();
    expect(el.querySelectorAll("[data-point]").length).toBe(81);
    click('[data-point="C3"]'); // place black (set-up mode after choosing a size)
    await settle();
    click('[data-testid=count-mode] [data-value="dead"]');
    click('[data-point="C3"]');
    await settle();
    const last = asked[asked.length - 1];
    expect(last.board.black).toEqual(["C3"]);
    expect(last.dead).toEqual(["C3"]);
    expect((el.querySelector('[data-point="C3"]') as HTMLElement).className).toContain("dead");
    expect(el.querySelector("[data-testid=count-summary]")?.textContent).toContain("黑胜¾子（1.5目）");
    click("[data-testid=count-record]");
    expect(recorded).toEqual([{ method: "area", black_stones: 184 }]);
  });
});

describe("choosing the rules", () => {
  it("offers the Ing rules beside the Chinese and Korean ones, and reads each choice back", () => {
    const sel = rulesetSelect("rules", { preset: "ing" });
    expect(Array.from(sel.options).map((o) => o.value)).toEqual([
      "chinese_1988|2",
      "chinese_1988|2.75",
      "chinese_1988|3.75",
      "korean",
      "ing",
    ]);
    expect(sel.value).toBe("ing");
    expect(rulesetOf(sel)).toEqual({ preset: "ing" });
    sel.value = "chinese_1988|2.75";
    expect(rulesetOf(sel)).toEqual({ preset: "chinese_1988", komi: 2.75 });
    sel.value = "korean";
    expect(rulesetOf(sel)).toEqual({ preset: "korean" });
  });

  it("says under the choice what the chosen rules rule by and fall back on", () => {
    setTables(labelTables);
    setLang("en");
    const sel = rulesetSelect("rules", { preset: "ing" });
    const el = rulesetField("Rules", sel);
    const about = el.querySelector("[data-testid=rules-about]") as HTMLElement;
    expect(about.textContent).toMatch(/Ing rules.*referee rules/);
    sel.value = "korean";
    sel.dispatchEvent(new Event("change"));
    expect(about.textContent).toMatch(/KBA/);
  });
});
