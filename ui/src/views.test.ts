import { beforeEach, describe, expect, it } from "vitest";
import type { TableRow } from "./bindings/TableRow";
import { setLang, setTables } from "./i18n";
import { labelTables } from "./testdata";
import { tablesView } from "./views/tables";
import { banner } from "./views/banner";
import { queueView } from "./views/queue";

const row: TableRow = {
  game: "g1",
  round: 1,
  table: 3,
  black: { id: "p1", name: "李明", rank: "5d", rank_zh: "业余5段" },
  white: { id: "p2", name: "陈静", rank: "4d", rank_zh: "业余4段" },
  status: { status: "finished" },
  black_warnings: 2,
  white_warnings: 0,
  result: { outcome: "win", winner: "white", reason: "second_warning", article: "25.2", event: "e" },
  open_items: 0,
};

describe("views", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
  });

  it("a table card shows players, warning dots, status and the result with its article", () => {
    let opened = "";
    const el = tablesView([row], (g) => (opened = g));
    const card = el.querySelector("[data-testid=table-g1]") as HTMLButtonElement;
    expect(card.textContent).toContain("第1轮 第3台");
    expect(card.textContent).toContain("李明●●");
    expect(card.textContent).toContain("陈静○○");
    expect(card.textContent).toContain("终局");
    expect(card.textContent).toContain("第二次警告：黑方判负（第二十五条二）");
    card.click();
    expect(opened).toBe("g1");
  });

  it("switches language from the banner", () => {
    let redrawn = 0;
    const el = banner({ identity: null, sync: { online: true, pending: 1, last_success: null, last_error: null, last_error_code: null, rejected: [], clock_skew: null } }, { rerender: () => redrawn++ });
    expect(el.querySelector("[data-testid=sync-banner]")?.textContent).toBe("1 条待同步 · 尚未同步");
    (el.querySelector("[data-testid=lang]") as HTMLButtonElement).click();
    expect(redrawn).toBe(1);
    expect(tablesView([row], () => {}).textContent).toContain("Second warning: Black loses (Art. 25.2)");
  });

  it("the committee's queue keeps an appeal whose decision was refused, with the refusal beside it", () => {
    const el = queueView(
      [{ game: "g1", round: 1, table: 3, kind: "appeal", for_role: "committee", event: "a1", incident: "i1", article: "16.4", refused: [{ event: "d1", code: "ruling_not_allowed", message: "第二十四条二: ruling “no penalty” is not allowed" }] }],
      () => {},
    );
    expect(el.textContent).toContain("申诉");
    expect(el.querySelector("[data-testid=refused-decision]")?.textContent).toBe("被拒绝：第二十四条二: ruling “no penalty” is not allowed");
  });

  it("says so when the office has not paired any games yet", () => {
    expect(tablesView([], () => {}).textContent).toBe("暂无对局（等待办公室编排）");
  });
});

describe("a background refresh never throws away what an official typed", () => {
  it("sees typed text, a ticked box and a changed choice, and nothing on a screen as drawn", async () => {
    const { edited } = await import("./app");
    const { input, select } = await import("./views/forms");
    const root = document.createElement("div");
    const text = input({ type: "text", value: "" });
    const box = input({ type: "checkbox", checked: true });
    const choice = select("s", [["a", "A"], ["b", "B"]], "a");
    const plain = select("p", [["x", "X"], ["y", "Y"]], "none");
    root.append(text, box, choice, plain);
    expect(edited(root)).toBe(false);
    text.value = "1-3";
    expect(edited(root)).toBe(true);
    text.value = "";
    box.checked = false;
    expect(edited(root)).toBe(true);
    box.checked = true;
    choice.value = "b";
    expect(edited(root)).toBe(true);
    choice.value = "a";
    plain.value = "y";
    expect(edited(root)).toBe(true);
  });
});
