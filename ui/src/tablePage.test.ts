import { beforeEach, describe, expect, it } from "vitest";
import type { TablePage } from "./bindings/TablePage";
import { setLang, setTables } from "./i18n";
import { OfficeApi } from "./office";
import { labelTables } from "./testdata";
import { rulesetText, tablePageView, tableRefusedView, timeText } from "./views/tablePage";

const page: TablePage = {
  tournament: "城市赛",
  round: 1,
  table: 2,
  black: { name: "김민준", rank: "3d", club: "서울" },
  white: { name: "佐藤", rank: "2k", club: null },
  handicap: 0,
  ruleset: { preset: "chinese_1988", komi: 3.75 },
  time_control: { main_minutes: 60, reserved_minutes: 5 },
  allowed_lateness_minutes: 15,
  status: { status: "finished" },
  warnings: { black: 1, white: 0 },
  result: { outcome: "win", winner: "white", reason: "resignation", article: "19" },
};

describe("the players' page (第二十一条)", () => {
  beforeEach(() => setTables(labelTables));

  it("shows the game and the rights in the phone's language, the unbuilt ones as asking the referee", () => {
    setLang("ko");
    const el = tablePageView(page);
    const text = (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(el.querySelector("h1")?.textContent).toBe("이 테이블의 대국 · 제1라운드 · 2번 테이블");
    expect(text("tp-black")).toBe("● 흑 · 김민준 아마 3단 (서울)");
    expect(text("tp-white")).toBe("○ 백 · 佐藤 2급");
    expect(text("tp-handicap")).toBe("호선(접바둑 아님)");
    expect(text("tp-rules")).toBe("규칙과 덤: 중국 규칙 · 덤 3¾점");
    expect(text("tp-time")).toBe("시간: 각자 60분, 그중 마지막 5분은 초읽기(제12조)");
    expect(text("tp-lateness")).toBe("15분 넘게 지각하면 패배입니다(제23조)");
    expect(text("tp-warnings")).toContain("흑 ●");
    // The result as the other pages say it: who won, how, by which article — in Korean.
    expect(text("tp-result")).toContain(labelTables.articles["19"].ko);
    expect(text("tp-result")).toContain("백");
    const rights = el.querySelector('[data-testid="tp-rights"]')?.textContent ?? "";
    expect(rights).toContain("제21조 2항");
    expect(rights).toContain("아직 이 휴대폰으로는 할 수 없습니다. 이 테이블의 심판에게 요청하세요.");
  });

  it("says each ruleset and time control as a player reads them", () => {
    setLang("zh");
    expect(rulesetText({ preset: "chinese_1988", komi: 2.75 })).toBe("中国规则 · 贴2¾子");
    expect(rulesetText({ preset: "ing" })).toBe("应氏规则（计点制）· 贴8点");
    expect(timeText({ main_minutes: 40, overtime: { system: "periods", periods: 3, seconds: 30 } })).toBe(
      "每方40分钟、然后3次30秒读秒",
    );
    setLang("en");
    expect(timeText({ main_minutes: 10, overtime: { system: "fischer", seconds: 5 } })).toBe(
      "10 min each, plus 5 s a move",
    );
  });

  it("reads the page with no token, and a round that is over as a sentence in the phone's language", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const gone = {
      code: "table_link_gone",
      message: "round 1 is over: …",
      said: { zh: "第 1 轮已结束…", en: "round 1 is over: …", zh_hant: "…", ko: "1라운드는 끝났습니다. …", ja: "…" },
    };
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return url.endsWith("/table/OLD")
        ? new Response(JSON.stringify(gone), { status: 410 })
        : new Response(JSON.stringify(page), { status: 200 });
    }) as typeof fetch;
    expect(await OfficeApi.tablePage("http://office", "ABC", fake)).toEqual(page);
    expect(calls[0][0]).toBe("http://office/api/v1/table/ABC");
    const headers = (calls[0][1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers).toEqual({});
    const refused = await OfficeApi.tablePage("http://office", "OLD", fake).catch((e) => e);
    setLang("ko");
    const el = tableRefusedView(refused);
    expect(el.querySelector("h1")?.textContent).toBe("이 라운드는 끝났습니다");
    expect(el.querySelector('[data-testid="table-refused-why"]')?.textContent).toBe("1라운드는 끝났습니다. …");
    expect(el.textContent).not.toContain("table_link_gone");
    setLang("ja");
    expect(
      tableRefusedView({ code: "unknown_table_link", message: "no table link…" }).querySelector("h1")?.textContent,
    ).toBe("この対局は見つかりません");
  });
});
