import { beforeEach, describe, expect, it } from "vitest";
import type { Colour } from "./bindings/Colour";
import type { GameResult } from "./bindings/GameResult";
import type { Margin } from "./bindings/Margin";
import type { Preview } from "./bindings/Preview";
import type { WarningCount } from "./bindings/WarningCount";
import { BackendError } from "./backend";
import {
  bannerText,
  consequenceLines,
  errorText,
  marginText,
  resultSentence,
  warningCountsText,
  warningDots,
  warningsLeft,
  winText,
} from "./format";
import { setLang, setTables, type Lang } from "./i18n";
import { labelTables } from "./testdata";

const secondWarning: GameResult = {
  outcome: "win",
  winner: "black",
  reason: "second_warning",
  article: "25.2",
  event: "e",
};

describe("format", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
  });

  it("says an incomplete set-up in the reader's language, other errors as the office said them", () => {
    const incomplete = new BackendError("setup_incomplete", "the tournament's set-up has no system (第二十七条) yet");
    expect(errorText(incomplete)).toMatch(/^比赛设置尚未完成/);
    expect(errorText(incomplete)).toContain("赛制（第二十七条）");
    setLang("en");
    expect(errorText(incomplete)).toMatch(/^The set-up is not complete yet/);
    expect(errorText(new BackendError("forbidden", "a referee may not export"))).toBe("a referee may not export");
    expect(errorText("plain")).toBe("plain");
  });

  it("shows warning dots against the limit of 第二十五条二", () => {
    // The further warnings that lose, as the core foresaw them (GameView.foreseen.warnings).
    const loss = { event: "e" };
    expect(warningDots(0, warningsLeft([null, loss]))).toBe("○○");
    expect(warningDots(1, warningsLeft([loss, loss]))).toBe("●○");
    expect(warningDots(2, warningsLeft([]))).toBe("●●");
    // A ruleset the core says loses at the third: nothing of two is written here.
    expect(warningDots(1, warningsLeft([null, loss]))).toBe("●○○");
    expect(warningDots(3)).toBe("●●●");
  });

  it("shows each count of warnings where the ruleset keeps more than one (KBA 競技の規則 第一条)", () => {
    const loss = { event: "e" } as unknown as GameResult;
    const count = (kind: WarningCount["kind"], given: number, next: (GameResult | null)[]): WarningCount => ({
      kind,
      given,
      next,
    });
    // The Chinese rules: one count, its dots alone.
    expect(warningCountsText([count(null, 1, [loss])])).toBe("●○");
    // The KBA's: a ring and a noise each carded once, neither lost; 付則第一条5 has none.
    setLang("ko");
    const kba = [
      count(null, 0, [null, loss]),
      count("phone_rang", 1, [loss]),
      count("noise", 1, [loss]),
      count("clock_stopped_filling_dame", 0, []),
    ];
    expect(warningCountsText(kba)).toBe("○○ · 휴대전화가 울림 ●○ · 소음을 냄 ●○");
  });

  it("says the second warning's loss as a referee would", () => {
    expect(resultSentence(secondWarning)).toBe("第二次警告：白方判负（第二十五条二）");
    setLang("en");
    expect(resultSentence(secondWarning)).toBe("Second warning: White loses (Art. 25.2)");
  });

  it("says a count with its margin", () => {
    const r: GameResult = {
      outcome: "win",
      winner: "black",
      margin: { unit: "stones", quarters_or_halves: 3 },
      reason: "count",
      article: "9",
      event: "e",
    };
    expect(resultSentence(r)).toBe("黑胜¾子（数子，第九条）");
    expect(marginText({ unit: "stones", quarters_or_halves: 5 })).toBe("1¼子");
    expect(marginText({ unit: "points", quarters_or_halves: 13 })).toBe("6.5目");
  });

  it("writes a win as each language's result sheets do", () => {
    const pts = (h: number): Margin => ({ unit: "points", quarters_or_halves: h });
    const stones = (q: number): Margin => ({ unit: "stones", quarters_or_halves: q });
    const cases: [Lang, Margin | null, boolean, Colour, string][] = [
      ["zh", stones(7), false, "black", "黑胜1¾子"],
      ["zh", null, true, "white", "白中盘胜"],
      ["zh_hant", pts(13), false, "black", "黑勝6.5目"],
      ["zh_hant", null, true, "black", "黑中盤勝"],
      ["ko", pts(13), false, "black", "흑 6집 반 승"],
      ["ko", pts(1), false, "white", "백 반집 승"],
      ["ko", pts(6), false, "black", "흑 3집 승"],
      ["ko", stones(3), false, "white", "백 1집 반 승"],
      ["ko", null, true, "black", "흑 불계승"],
      ["ko", null, false, "black", "흑 승"],
      ["ja", pts(13), false, "black", "黒6目半勝ち"],
      ["ja", pts(1), false, "white", "白半目勝ち"],
      ["ja", null, true, "black", "黒中押し勝ち"],
      ["en", pts(13), false, "black", "Black wins by 6.5 points"],
      ["en", null, true, "white", "White wins by resignation"],
    ];
    for (const [lang, m, resigned, winner, want] of cases) {
      setLang(lang);
      expect(winText(winner, m, resigned), `${lang} ${JSON.stringify(m)} ${resigned}`).toBe(want);
    }
    setLang("ko");
    const resigned: GameResult = { outcome: "win", winner: "black", reason: "resignation", article: "9", event: "e" };
    expect(resultSentence(resigned)).not.toContain("불계, ");
    expect(resultSentence(resigned).startsWith("흑 불계승(")).toBe(true);
  });

  it("lists a preview's effects and the new result, or why it is refused", () => {
    const p: Preview = {
      consequence: {
        article: "24.2",
        warning: "white",
        advice: null,
        pass: null,
        clock: [],
        approved_absence: null,
        report_to_committee: null,
        result: null,
      },
      result_before: null,
      result_after: secondWarning,
      warnings_after: { black: 0, white: 2 },
      flagged_after_result: false,
      refused: null,
    };
    expect(consequenceLines(p)).toEqual([
      "警告：白方（第二十四条二），本局第2次",
      "结果将为：第二次警告：白方判负（第二十五条二）",
    ]);
    expect(consequenceLines({ ...p, refused: { code: "ruling_not_allowed", message: "第十八条 …" } })).toEqual([
      "不能记录：第十八条 …",
    ]);
    // A refusal the core said in each language is read in the device's.
    const refused = {
      code: "undo_refused",
      message: "cannot undo: this record is already undone",
      said: {
        zh: "不能撤销：此记录已撤销",
        en: "cannot undo: this record is already undone",
        zh_hant: "不能撤回：此記錄已撤回",
        ko: "되돌릴 수 없습니다: 이 기록은 이미 되돌렸습니다",
        ja: "元に戻せません：この記録はすでに元に戻されています",
      },
    };
    expect(consequenceLines({ ...p, refused })).toEqual(["不能记录：不能撤销：此记录已撤销"]);
  });

  it(
    "says a record on a decided game is kept and the result stays, or " + "that a correction changes it — never both",
    () => {
      const time: Preview = {
        consequence: {
          article: "23.5",
          warning: null,
          advice: null,
          pass: null,
          clock: [],
          approved_absence: null,
          report_to_committee: null,
          result: [{ outcome: "win", winner: "white" }, "time"],
        },
        result_before: secondWarning,
        result_after: secondWarning,
        warnings_after: { black: 0, white: 2 },
        flagged_after_result: true,
        refused: null,
      };
      const kept = consequenceLines(time);
      expect(kept).toEqual(["本局已终局：此记录保留并提交裁判长，结果仍为第二次警告：白方判负（第二十五条二）"]);
      expect(kept.join("")).not.toContain("结果将为");
      const corrected: GameResult = {
        outcome: "win",
        winner: "white",
        reason: "corrected",
        article: "13.1",
        event: "c",
        by: "chief_arbiter",
      };
      const fix: Preview = { ...time, consequence: null, flagged_after_result: false, result_after: corrected };
      expect(consequenceLines(fix)).toEqual([
        "结果将由第二次警告：白方判负（第二十五条二）改为白胜（结果已更正，第十三条一）",
      ]);
      expect(consequenceLines({ ...fix, result_after: null })).toEqual([
        "结果将由第二次警告：白方判负（第二十五条二）改为未终局",
      ]);
    },
  );

  it("words the sync banner", () => {
    const b = bannerText({
      online: false,
      pending: 3,
      last_success: null,
      last_error: "office unreachable: refused",
      last_error_code: "network",
      rejected: [],
      forged: [],
      clock_skew: null,
    });
    expect(b.tone).toBe("bad");
    expect(b.text).toBe("无法连接赛事办公室 · 3 条记录待发送，连接后自动发送 · 尚未同步");
    // The technical detail is one tap away, never in the banner.
    expect(b.detail).toBe("office unreachable: refused");
    // The core's failure in each language: the detail says it in the device's.
    const said = {
      zh: "无法连接办公室：refused",
      en: "office unreachable: refused",
      zh_hant: "無法連線辦公室：refused",
      ko: "사무국에 연결할 수 없습니다: refused",
      ja: "事務局に接続できません：refused",
    };
    const down = {
      online: false,
      pending: 1,
      last_success: "2026-11-22T06:21:00Z",
      last_error: said.en,
      last_error_code: "network",
      last_error_said: said,
      rejected: [],
      forged: [],
      clock_skew: null,
    };
    expect(bannerText(down, "en-GB").detail).toBe("无法连接办公室：refused");
    expect(bannerText(down, "en-GB").text).not.toContain("refused");
    setLang("ko");
    expect(bannerText(down, "en-GB").detail).toBe("사무국에 연결할 수 없습니다: refused");
    expect(bannerText(down, "en-GB").text).toMatch(
      /^대회 사무국에 연결할 수 없습니다 · 기록 1건이 대기 중이며, 연결되면 자동으로 보내집니다 · 마지막 전송 \d\d:21$/,
    );
    setLang("en");
    expect(bannerText(down, "en-GB").text).toMatch(
      new RegExp(
        "^The office cannot be reached · waiting to send: 1 \\(they go by themselves once the office is back\\) · " +
          "last sent at \\d\\d:21$",
      ),
    );
    setLang("zh");
    expect(
      bannerText(
        {
          online: true,
          pending: 0,
          last_success: "2026-11-22T09:05:00Z",
          last_error: null,
          last_error_code: null,
          rejected: [],
          forged: [],
          clock_skew: null,
        },
        "en-GB",
      ).tone,
    ).toBe("ok");
  });

  it("puts a refused office certificate first, in red", () => {
    const b = bannerText({
      online: true,
      pending: 2,
      last_success: null,
      rejected: [],
      forged: [],
      clock_skew: null,
      last_error: "the office's certificate is not the one this tablet enrolled with",
      last_error_code: "office_certificate_changed",
    });
    expect(b.tone).toBe("bad");
    expect(b.text.startsWith("办公室证书不符！ · ")).toBe(true);
    const other = bannerText({
      online: true,
      pending: 0,
      last_success: null,
      rejected: [],
      forged: [],
      clock_skew: null,
      last_error: "x",
      last_error_code: "remote",
    });
    expect(other.text).not.toContain("办公室证书不符");
  });

  it("says when the tablet's clock is off the office's by a minute or more", () => {
    const synced = {
      online: true,
      pending: 0,
      last_success: null,
      last_error: null,
      last_error_code: null,
      rejected: [],
      forged: [],
      clock_skew: null,
    };
    const ahead = bannerText({ ...synced, clock_skew: { offset_ms: -(365 * 86_400_000) } });
    expect(ahead.tone).toBe("warn");
    expect(ahead.text).toContain("本机时钟比办公室快 525600 分钟");
    expect(bannerText({ ...synced, clock_skew: { offset_ms: 90_000 } }).text).toContain("本机时钟比办公室慢 1 分钟");
    const close = bannerText({ ...synced, clock_skew: { offset_ms: -20_000 } });
    expect(close.text).not.toContain("时钟");
    expect(close.tone).toBe("ok");
  });
});
