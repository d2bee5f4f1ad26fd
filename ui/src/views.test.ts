import { beforeEach, describe, expect, it } from "vitest";
import type { TableRow } from "./bindings/TableRow";
import { setLang, setTables } from "./i18n";
import { labelTables } from "./testdata";
import { tablesView } from "./views/tables";
import { banner } from "./views/banner";
import { enrollView, readEnrollLink } from "./views/enroll";
import { keptDecisions } from "./app";
import { unsentIds, unsentRows } from "./views/unsent";
import { watchUse } from "./dom";
import { deviceView, enrolledView } from "./views/device";
import { sealMark } from "./views/game";
import { bannerText } from "./format";
import type { QueueCard } from "./bindings/QueueCard";
import type { Story } from "./bindings/Story";
import type { StoryStep } from "./bindings/StoryStep";
import { queueView, waitedMinutes, waitedText, type QueueCtx } from "./views/queue";
import { evaluationsView } from "./views/evaluations";
import type { OfficeApi } from "./office";

const ctx = (over: Partial<QueueCtx> = {}): QueueCtx => ({
  open: () => {},
  decide: async () => {},
  fresh: new Set(["escalation:e2"]),
  now: new Date("2026-11-24T10:07:30Z"),
  muted: true,
  toggleMute: () => {},
  ...over,
});

const players = {
  black: { id: "p3", name: "张三", rank: "3d", rank_zh: "业余3段" },
  white: { id: "p4", name: "王五", rank: "2k", rank_zh: "2级" },
};
const wang = (at: string) => ({ person: "ref-wang", name: "王裁判", role: "referee" as const, at });
const noPreview = {
  consequence: null,
  result_before: null,
  result_after: null,
  warnings_after: { black: 0, white: 0 },
  flagged_after_result: false,
  refused: null,
};

const disputeCard: QueueCard = {
  game: "g2",
  round: 1,
  table: 2,
  ...players,
  kind: "escalation",
  for_role: "chief_arbiter",
  event: "e2",
  incident: "i2",
  article: "17.3",
  refused: [],
  opened: wang("2026-11-24T10:00:10Z"),
  escalated: wang("2026-11-24T10:00:10Z"),
  happened: {
    incident: { type: "moved_stones", facts: { mover: "white", players_agree: false, deliberate: false } },
    facts: [
      {
        name: "mover",
        label: {
          zh: "移子方（如知道）",
          en: "who moved them (if known)",
          zh_hant: "移子方（如知道）",
          ko: "돌을 옮긴 쪽(알면)",
          ja: "石を動かした側（分かれば）",
        },
        zh: "白方",
        en: "White",
        zh_hant: "白方",
        ko: "백",
        ja: "白",
      },
      {
        name: "players_agree",
        label: {
          zh: "对局者意见一致",
          en: "both players agree",
          zh_hant: "對局者意見一致",
          ko: "대국자 의견 일치",
          ja: "対局者の意見が一致",
        },
        zh: "否",
        en: "no",
        zh_hant: "否",
        ko: "아니오",
        ja: "いいえ",
      },
    ],
    note: "黑方称白方碰动了两子",
    recorded: wang("2026-11-24T10:00:00Z"),
    referee_ruling: null,
    in_force: null,
  },
  appeal: null,
  status: { status: "paused" },
  clock_running: false,
  moves: 87,
  options: [
    {
      body: { kind: "ruling_issued", data: { incident: "i2", ruling: "draw" } },
      ruling: "draw",
      article: "17.3",
      preview: { ...noPreview, result_after: { outcome: "draw", reason: "ruling", article: "17.3", event: "x" } },
    },
  ],
};

const appealCard: QueueCard = {
  ...disputeCard,
  kind: "appeal",
  for_role: "committee",
  event: "a1",
  incident: "i1",
  article: "16.4",
  refused: [{ event: "d1", code: "ruling_not_allowed", message: "第二十四条二: ruling “no penalty” is not allowed" }],
  appeal: { by: "black", grounds: "对方未移子" },
  options: [],
};

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
  referee: null,
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
    // No warnings, no dot: how many lose is the core's, and a table's row does not carry it.
    expect(card.querySelectorAll(".dots")[1]?.textContent).toBe("");
    expect(card.textContent).toContain("终局");
    expect(card.textContent).toContain("第二次警告：黑方判负（第二十五条二）");
    card.click();
    expect(opened).toBe("g1");
  });

  it("lists the current round first, by table, then the rounds before it", () => {
    const at = (game: string, round: number, table: number) => ({ ...row, game, round, table });
    const el = tablesView([at("r1-t2", 1, 2), at("r2-t2", 2, 2), at("r1-t1", 1, 1), at("r2-t1", 2, 1)], () => {});
    const order = Array.from(el.querySelectorAll("button.table-card")).map((b) => b.getAttribute("data-testid"));
    expect(order).toEqual(["table-r2-t1", "table-r2-t2", "table-r1-t1", "table-r1-t2"]);
  });

  it("puts a referee's own tables (a cover included) first, under their heading, the others after", () => {
    const at = (game: string, round: number, table: number, referee: string | null) => ({
      ...row,
      game,
      round,
      table,
      referee,
    });
    const rows = [
      at("t1", 2, 1, "ref-wang"),
      at("t2", 2, 2, "ref-li"),
      at("t3", 2, 3, null),
      at("t7", 2, 7, "ref-li"),
      at("old", 1, 2, "ref-li"),
    ];
    const el = tablesView(rows, () => {}, "ref-li");
    const ids = (sel: string) =>
      Array.from(el.querySelectorAll(`${sel} button.table-card`)).map((b) => b.getAttribute("data-testid"));
    expect(ids("[data-testid=my-tables]")).toEqual(["table-t2", "table-t7", "table-old"]);
    expect(ids("[data-testid=other-tables]")).toEqual(["table-t1", "table-t3"]);
    expect(Array.from(el.querySelectorAll("h2")).map((x) => x.textContent)).toEqual(["分派给我的台次", "其他台次"]);
    // Without a referee's tables (a chief arbiter, or none assigned): one list, no headings.
    expect(tablesView(rows, () => {}, "ref-zhao").querySelectorAll("h2").length).toBe(0);
    expect(tablesView(rows, () => {}, null).querySelectorAll("button.table-card").length).toBe(5);
  });

  it("assigns a cover from the tables in two taps: the table's referee, then who covers it", async () => {
    const assigned: [string, number][] = [];
    const cover = {
      referees: [
        { id: "ref-li", name: "李裁判" },
        { id: "ref-wang", name: "王裁判" },
      ],
      assign: async (r: string, table: number) => void assigned.push([r, table]),
    };
    const el = tablesView([{ ...row, game: "g7", table: 7, referee: "ref-wang" }], () => {}, null, cover);
    const button = el.querySelector("[data-testid=cover-g7]") as HTMLButtonElement;
    expect(button.textContent).toBe("裁判：王裁判 · 换人代班");
    button.click();
    // The table's own referee is not offered to cover it.
    expect(Array.from(el.querySelectorAll("[data-testid=cover-choice-g7] button"), (b) => b.textContent)).toEqual([
      "李裁判",
    ]);
    (el.querySelector("[data-testid=cover-g7-ref-li]") as HTMLButtonElement).click();
    await Promise.resolve();
    expect(assigned).toEqual([["ref-li", 7]]);
  });

  it("switches language from the banner", () => {
    let redrawn = 0;
    const el = banner(
      {
        identity: null,
        notice: null,
        ruleset: null,
        sync: {
          online: true,
          pending: 1,
          last_success: null,
          last_error: null,
          last_error_code: null,
          rejected: [],
          forged: [],
          clock_skew: null,
        },
      },
      { rerender: () => redrawn++ },
    );
    // Not enrolled yet: said neutrally, with what to do.
    expect(el.querySelector("[data-testid=sync-banner]")?.textContent).toBe(
      "本设备尚未登记：请输入办公室给的登记码，或扫描其二维码",
    );
    expect(el.querySelector("[data-testid=sync-banner]")?.className).toContain("sync-neutral");
    (el.querySelector("[data-testid=lang]") as HTMLButtonElement).click();
    expect(el.querySelector("[data-testid=lang-menu]")?.hasAttribute("hidden")).toBe(false);
    expect([...el.querySelectorAll("[data-testid=lang-menu] button")].map((b) => b.textContent)).toEqual([
      "简体中文",
      "繁體中文",
      "한국어",
      "日本語",
      "English",
    ]);
    // The banner is drawn again every few seconds: an open menu stays open.
    const again = banner(
      {
        identity: null,
        notice: null,
        ruleset: null,
        sync: {
          online: true,
          pending: 1,
          last_success: null,
          last_error: null,
          last_error_code: null,
          rejected: [],
          forged: [],
          clock_skew: null,
        },
      },
      { rerender: () => {} },
    );
    expect(again.querySelector("[data-testid=lang-menu]")?.hasAttribute("hidden")).toBe(false);
    (el.querySelector("[data-testid=lang-en]") as HTMLButtonElement).click();
    expect(redrawn).toBe(1);
    expect(tablesView([row], () => {}).textContent).toContain("Second warning: Black loses (Art. 25.2)");
  });

  it("closes the language menu on Escape (focus back on its button) and on a tap outside it", () => {
    const status = {
      identity: null,
      notice: null,
      ruleset: null,
      sync: {
        online: true,
        pending: 0,
        last_success: null,
        last_error: null,
        last_error_code: null,
        rejected: [],
        forged: [],
        clock_skew: null,
      },
    };
    const el = banner(status, { rerender: () => {} });
    document.body.append(el);
    const button = el.querySelector("[data-testid=lang]") as HTMLButtonElement;
    const menu = el.querySelector("[data-testid=lang-menu]") as HTMLElement;
    const open = () => {
      button.click();
      expect(menu.hidden).toBe(false);
    };
    open();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(menu.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    open();
    // A tap inside the menu leaves it open; one outside closes it.
    menu.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(menu.hidden).toBe(false);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(menu.hidden).toBe(true);
    el.remove();
  });

  it("the committee's queue keeps an appeal whose decision was refused, with the refusal beside it", () => {
    const el = queueView([appealCard], ctx());
    expect(el.textContent).toContain("申诉");
    expect(el.querySelector("[data-testid=card-appeal]")?.textContent).toBe("申诉（黑方）：对方未移子");
    expect(el.querySelector("[data-testid=refused-decision]")?.textContent).toBe(
      "被拒绝：第二十四条二: ruling “no penalty” is not allowed",
    );
  });

  it("a desk card says who, what, when and what each decision would do", async () => {
    let decided: unknown = null;
    const el = queueView(
      [disputeCard],
      ctx({
        decide: async (_c, o) => {
          decided = o.body;
        },
      }),
    );
    const text = (id: string) => el.querySelector(`[data-testid=${id}]`)?.textContent;
    expect(text("card-black")).toBe("张三 业余3段");
    expect(text("card-white")).toBe("王五 2级");
    expect(text("card-incident")).toBe("移子");
    expect(text("card-facts")).toBe("移子方（如知道）白方对局者意见一致否");
    expect(text("card-note")).toBe("说明：黑方称白方碰动了两子");
    expect(text("card-recorded")).toMatch(/^王裁判（裁判员）\d\d:\d\d 记录$/);
    expect(text("card-escalated")).toMatch(/^王裁判（裁判员）\d\d:\d\d 报请裁判长$/);
    expect(text("card-clock")).toBe("计时钟已停，等待处理");
    expect(text("card-waited")).toBe("已等 7 分钟");
    expect(text("card-moves")).toBe("第87手后");
    expect(text("new-badge")).toBe("新");
    // The draw: what it does, then a confirm step before anything is recorded.
    const draw = el.querySelector("[data-value=draw]")!;
    expect(draw.querySelector(".preview")?.textContent).toContain("和棋");
    (draw.querySelector("button") as HTMLButtonElement).click();
    expect(decided).toBeNull();
    (draw.querySelector("[data-testid=card-confirm]") as HTMLButtonElement).click();
    expect(decided).toEqual(disputeCard.options[0].body);
  });

  it("tells minutes waited from the time an item was opened", () => {
    expect(waitedMinutes("2026-11-24T10:00:00Z", new Date("2026-11-24T10:07:59Z"))).toBe(7);
    expect(waitedMinutes("2026-11-24T10:00:00Z", new Date("2026-11-24T09:59:00Z"))).toBe(0);
    // Past an hour in hours, past a day in days (an appeal can wait for the committee).
    expect([59, 61, 14429].map(waitedText)).toEqual(["已等 59 分钟", "已等 1 小时 1 分钟", "已等 10 天 0 小时"]);
  });

  it("says so when the office has not paired any games yet", () => {
    expect(tablesView([], () => {}).textContent).toBe("暂无对局（等待办公室编排）");
  });
});

describe("an incident's whole story", () => {
  it("strikes a replaced ruling through and says what replaced it, with the appeal's grounds", async () => {
    const { storyView } = await import("./views/story");
    const chief = { person: "chief-liu", name: "刘裁判长", role: "chief_arbiter" as const, at: "2026-11-24T10:05:00Z" };
    const step = (over: Partial<StoryStep>): StoryStep => ({
      event: "e",
      kind: "recorded",
      by: wang("2026-11-24T10:00:00Z"),
      ruling: null,
      decision: null,
      to: null,
      appellant: null,
      note: null,
      in_force: false,
      superseded_by: null,
      refused: null,
      signed_by: "tab-wang",
      ...over,
    });
    const story: Story = {
      game: "g1",
      round: 1,
      table: 1,
      ...players,
      incident: "i1",
      happened: { ...disputeCard.happened!, referee_ruling: "warning", in_force: "advice" },
      steps: [
        step({ event: "i1", ruling: "warning", superseded_by: "r1" }),
        step({ event: "x1", kind: "escalated", to: "chief_arbiter", signed_by: null }),
        step({ event: "r1", kind: "ruled", by: chief, ruling: "advice", in_force: true }),
        step({ event: "a1", kind: "appealed", appellant: "black", note: "白方未发出声音" }),
      ],
      open: [{ kind: "appeal", for_role: "committee", event: "a1", incident: "i1", article: "24.2", refused: [] }],
      options: [],
      record: null,
    };
    const el = storyView(story, { back: () => {}, decide: async () => {} });
    const recorded = el.querySelector("[data-testid=story-recorded]")!;
    expect(recorded.querySelector("s")?.textContent).toMatch(/^王裁判（裁判员）\d\d:\d\d 记录 · 警告一次$/);
    expect(recorded.querySelector("[data-testid=replaced-by]")?.textContent).toMatch(
      /^已被刘裁判长（\d\d:\d\d）的裁决取代$/,
    );
    expect(el.querySelector("[data-testid=story-escalated]")?.textContent).toMatch(/报请裁判长 · 未签名$/);
    // Who signed each step; an unsigned one (a build from before signatures) in red.
    expect(el.querySelector("[data-testid=story-recorded] [data-testid=seal]")?.textContent).toBe(
      " · ✓ 签名 tab-wang 已验证",
    );
    expect(el.querySelector("[data-testid=story-escalated] [data-testid=seal]")?.classList.contains("flag")).toBe(true);
    expect(el.querySelector("[data-testid=story-ruled]")?.classList.contains("in-force")).toBe(true);
    expect(el.querySelector("[data-testid=story-appealed]")?.textContent).toMatch(
      /黑方申诉 · ✓ 签名 tab-wang 已验证申诉理由：白方未发出声音$/,
    );
    expect(el.querySelector("[data-testid=story-open]")?.textContent).toBe("尚待处理：申诉");
    expect(el.querySelector("[data-testid=card-options]")).toBeNull();
  });
});

describe("a record attached to an incident", () => {
  const base = async () => {
    const { storyView } = await import("./views/story");
    const story: Story = {
      game: "g1",
      round: 1,
      table: 1,
      ...players,
      incident: "i1",
      happened: disputeCard.happened!,
      steps: [],
      open: [],
      options: [],
      record: {
        event: "x",
        moves: 11,
        check: {
          move_no: 10,
          colour: "white",
          point: "B2",
          moves_after: 1,
          verdict: {
            verdict: "illegal",
            article: "20.1",
            reason: "第二十条一: retaking the ko at once",
            incident: { type: "ko_recapture", facts: { offender: "white", point: "B2" } },
          },
        },
        board: {
          size: 9,
          black: ["B3", "A2", "C2", "B1"],
          white: ["C3", "D2", "C1"],
          captured_by_black: 1,
          captured_by_white: 0,
        },
        problem: null,
      },
    };
    return { storyView, story };
  };

  it("says the move checked in words and rings its point on the board before it", async () => {
    const { storyView, story } = await base();
    const el = storyView(story, { back: () => {}, decide: async () => {} });
    expect(el.querySelector("[data-testid=record-check]")?.textContent).toBe(
      "第10手 白方 B2：劫争马上回提（第二十条一）",
    );
    expect(el.querySelectorAll("[data-testid=record-board] [data-point]").length).toBe(81);
    expect(el.querySelector("[data-point=C2]")?.className).toBe("pt stone black");
    expect(el.querySelector("[data-point=B2]")?.className).toBe("pt checked white");
    expect(el.querySelector("[data-testid=attach-record]")).toBeNull();
  });

  it("says a legal record is legal, shows why one could not be read, and attaches with the move asked", async () => {
    const { storyView, story } = await base();
    const legal = storyView(
      { ...story, record: { ...story.record!, check: null } },
      { back: () => {}, decide: async () => {} },
    );
    expect(legal.querySelector("[data-testid=record-check]")?.textContent).toBe("全谱11手均合法");
    const broken = storyView(
      {
        ...story,
        record: {
          ...story.record!,
          check: null,
          board: null,
          problem: { code: "invalid_field", message: "sgf: line 1" },
        },
      },
      { back: () => {}, decide: async () => {} },
    );
    expect(broken.querySelector("[data-testid=record-problem]")?.textContent).toBe("sgf: line 1");
    expect(broken.querySelector("[data-testid=record-board]")).toBeNull();
    const sent: [string, number | null][] = [];
    const el = storyView(story, {
      back: () => {},
      decide: async () => {},
      attach: async (sgf, n) => void sent.push([sgf, n]),
    });
    const send = el.querySelector("[data-testid=attach-send]") as HTMLButtonElement;
    send.click();
    expect(el.querySelector("[data-testid=attach-error]")?.textContent).toBe("请选择或粘贴棋谱");
    (el.querySelector("[data-testid=attach-sgf]") as HTMLTextAreaElement).value = "(;B[pd])";
    (el.querySelector("[data-testid=attach-move-no]") as HTMLInputElement).value = "0";
    send.click();
    expect(el.querySelector("[data-testid=attach-error]")?.textContent).toBe("手数须为正整数");
    (el.querySelector("[data-testid=attach-move-no]") as HTMLInputElement).value = "";
    send.click();
    await Promise.resolve();
    expect(sent).toEqual([["(;B[pd])", null]]);
  });
});

describe("the officials page", () => {
  it("shows each device's signing key and a forged push in red", async () => {
    const { officialsView } = await import("./views/officials");
    const setup = { people: [], referees: {}, players: [], rounds: {} } as unknown as Parameters<
      typeof officialsView
    >[0];
    const devices = [
      {
        device: "tab-wang",
        person: "ref-wang",
        role: "referee" as const,
        label: "tablet",
        revoked: false,
        key: "0123456789abcdef".repeat(4),
      },
      { device: "tab-old", person: "ref-li", role: "referee" as const, label: "old build", revoked: false },
    ];
    const refusals = [
      {
        at: "2026-11-25T09:00:00Z",
        device: "tab-wang",
        person: "ref-wang",
        role: "referee" as const,
        event: "e1",
        code: "forged",
        message: "the signature does not hold",
      },
      {
        at: "2026-11-25T09:01:00Z",
        device: "tab-li",
        person: "ref-li",
        role: "referee" as const,
        event: "e2",
        code: "clock_ahead",
        message: "ahead",
      },
    ];
    const el = officialsView(setup, devices, {} as never, () => {}, refusals);
    const rows = Array.from(el.querySelectorAll("[data-testid=devices] tbody tr"));
    expect(rows[0].textContent).toContain("0123456789abcdef");
    expect(rows[1].querySelector(".flag")?.textContent).toBe("未签名");
    const refused = Array.from(el.querySelectorAll("[data-testid=refusals] tbody tr"));
    expect(refused.map((r) => r.querySelector(".flag")?.textContent ?? null)).toEqual(["forged", null]);
  });
});

describe("referee evaluations (第三十一条)", () => {
  const setup = {
    people: [
      { id: "ref-a", name: "王裁判", role: "referee" },
      { id: "chief", name: "刘裁判长", role: "chief_arbiter" },
    ],
    referees: {},
    players: [],
    rounds: {},
  } as unknown as Parameters<typeof evaluationsView>[0];
  const kept = [{ referee: "ref-a", text: "判罚准确", by: "chief", at: "2026-11-22T10:00:00Z" }];

  it("the chief arbiter writes one per referee and saving sends it", async () => {
    setTables(labelTables);
    setLang("zh");
    const sent: [string, string][] = [];
    const api = {
      evaluate: async (r: string, text: string) => {
        sent.push([r, text]);
        return kept[0];
      },
    } as unknown as OfficeApi;
    const el = evaluationsView(setup, kept, api, "chief_arbiter", () => {});
    const text = el.querySelector("[data-testid=eval-text-ref-a]") as HTMLTextAreaElement;
    expect(text.value).toBe("判罚准确");
    expect(el.querySelector("[data-testid=eval-chief]")).toBeNull();
    text.value = "读秒清楚";
    (el.querySelector("[data-testid=eval-save-ref-a]") as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([["ref-a", "读秒清楚"]]);
  });

  it("the organiser reads them and cannot edit", () => {
    const el = evaluationsView(setup, kept, {} as OfficeApi, "organiser", () => {});
    expect(el.querySelector("textarea")).toBeNull();
    expect(el.querySelector("[data-testid=eval-ref-a]")?.textContent).toContain("判罚准确");
  });
});

describe("the players page's absences (McMahon, OpenGotha's Swiss)", () => {
  const player = { id: "p1", name: "王一", rank: { dan: 3 } };
  const setupOf = (kind: string) =>
    ({
      tournament: {
        id: "t",
        name: "t",
        ruleset: { preset: "chinese_1988", komi: 3.75 },
        settings: { system: { kind } },
      },
      players: [player],
      people: [],
      withdrawals: {},
      absences: { p1: [2, 4] },
      byes: {},
      rounds: {},
      referees: {},
      paired: {},
    }) as unknown as Parameters<typeof import("./views/players").playersView>[0];

  it("shows the rounds a player misses and saves what the organiser types", async () => {
    const { playersView } = await import("./views/players");
    setTables(labelTables);
    setLang("en");
    const sent: [string, number[]][] = [];
    const api = {
      setAbsences: async (p: string, rounds: number[]) => {
        sent.push([p, rounds]);
        return {};
      },
    } as unknown as OfficeApi;
    const el = playersView(setupOf("mcmahon"), api, () => {});
    const rounds = el.querySelector("[data-testid=absences-p1]") as HTMLInputElement;
    expect(rounds.value).toBe("2, 4");
    rounds.value = "3，5 6";
    (el.querySelector("[data-testid=save-absences-p1]") as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([["p1", [3, 5, 6]]]);
    expect(el.querySelector("[data-testid=outcome]")?.textContent).toContain("misses round(s) 3, 5, 6");
  });

  it("is not offered where the rules' own systems pair", async () => {
    const { playersView } = await import("./views/players");
    const el = playersView(setupOf("swiss"), {} as OfficeApi, () => {});
    expect(el.querySelector("[data-testid=absences-p1]")).toBeNull();
  });
});

describe("a player entered twice by hand", () => {
  it("is answered with the match and registered only when the organiser confirms", async () => {
    const { playersView } = await import("./views/players");
    const { BackendError } = await import("./backend");
    setTables(labelTables);
    setLang("en");
    const setup = {
      tournament: {
        id: "t",
        name: "t",
        ruleset: { preset: "chinese_1988", komi: 3.75 },
        settings: { system: { kind: "swiss" } },
      },
      players: [{ id: "p001", name: "王伟", rank: { dan: 3 } }],
      people: [],
      withdrawals: {},
      absences: {},
      byes: {},
      rounds: {},
      referees: {},
      paired: {},
    } as unknown as Parameters<typeof playersView>[0];
    const sent: unknown[] = [];
    const api = {
      addPlayer: async (p: { confirm?: boolean }) => {
        sent.push(p);
        if (!p.confirm)
          throw new BackendError("already_registered", "already registered with the same name or PIN: p001 王伟 (3d)");
        return { id: "p002", name: "王伟", rank: { dan: 1 } };
      },
    } as unknown as OfficeApi;
    const el = playersView(setup, api, () => {});
    (el.querySelector("[data-testid=p-name]") as HTMLInputElement).value = "王伟";
    (el.querySelector("[data-testid=p-rank]") as HTMLInputElement).value = "1d";
    (el.querySelector("form") as HTMLFormElement).dispatchEvent(new Event("submit", { cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(el.querySelector("[data-testid=outcome]")?.textContent).toContain("p001 王伟");
    const anyway = el.querySelector("[data-testid=add-player-anyway]") as HTMLButtonElement;
    expect(anyway).not.toBeNull();
    anyway.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((p) => (p as { confirm?: boolean }).confirm)).toEqual([undefined, true]);
    expect(el.querySelector("[data-testid=outcome]")?.textContent).toBe("p002 王伟");
    expect(el.querySelector("[data-testid=add-player-anyway]")).toBeNull();
  });

  it("sends the name in Latin letters beside the name as written", async () => {
    const { playersView } = await import("./views/players");
    const setup = {
      tournament: {
        id: "t",
        name: "t",
        ruleset: { preset: "chinese_1988", komi: 3.75 },
        settings: { system: { kind: "swiss" } },
      },
      players: [],
      people: [],
      withdrawals: {},
      absences: {},
      byes: {},
      rounds: {},
      referees: {},
      paired: {},
    } as unknown as Parameters<typeof playersView>[0];
    const sent: Record<string, unknown>[] = [];
    const api = {
      addPlayer: async (p: Record<string, unknown>) => {
        sent.push(p);
        return { id: "p001", name: "李昌镐", rank: { dan: 9 } };
      },
    } as unknown as OfficeApi;
    const el = playersView(setup, api, () => {});
    const set = (id: string, v: string) => {
      (el.querySelector(`[data-testid=${id}]`) as HTMLInputElement).value = v;
    };
    set("p-name", "李昌镐");
    set("p-rank", "9d");
    set("p-latin-surname", "Lee");
    set("p-latin-given", "Changho");
    (el.querySelector("form") as HTMLFormElement).dispatchEvent(new Event("submit", { cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect([sent[0].name, sent[0].surname, sent[0].given_name]).toEqual(["李昌镐", "Lee", "Changho"]);
  });
});

describe("names in Latin letters for the EGD", () => {
  it("shows each proposal in the fields and writes only what the organiser saves", async () => {
    const { playersView } = await import("./views/players");
    setLang("en");
    const setup = {
      tournament: {
        id: "t",
        name: "t",
        ruleset: { preset: "chinese_1988", komi: 3.75 },
        settings: { system: { kind: "swiss" } },
      },
      players: [],
      people: [],
      withdrawals: {},
      absences: {},
      byes: {},
      rounds: {},
      referees: {},
      paired: {},
    } as unknown as Parameters<typeof playersView>[0];
    const saved: string[][] = [];
    const api = {
      latinNames: async () => [
        {
          player: "p001",
          name: "박정환",
          egd_name: "박정환",
          ready: false,
          proposal: { kind: "proposed", surname: "Bak", given_name: "Jeonghwan", scheme: "revised_romanization" },
        },
        {
          player: "p002",
          name: "井山裕太",
          egd_name: "井山裕太",
          ready: false,
          proposal: { kind: "organiser", why: "a Japanese name in kanji is read in Japanese, not in Pinyin" },
        },
      ],
      setLatinName: async (player: string, surname: string, given: string) => {
        saved.push([player, surname, given]);
        return { id: player, name: "박정환", rank: { dan: 9 }, opengotha: { name: surname, first_name: given } };
      },
    } as unknown as OfficeApi;
    const el = playersView(setup, api, () => {});
    const details = el.querySelector("[data-testid=latin-names]") as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    await new Promise((r) => setTimeout(r, 0));
    const value = (id: string) => (el.querySelector(`[data-testid=${id}]`) as HTMLInputElement).value;
    expect([value("latin-surname-p001"), value("latin-given-p001")]).toEqual(["Bak", "Jeonghwan"]);
    expect(el.querySelector("[data-testid=latin-says-p001]")?.textContent).toBe(
      "Proposed (Revised Romanization): check, then save",
    );
    expect([value("latin-surname-p002"), value("latin-given-p002")]).toEqual(["", ""]);
    expect(el.querySelector("[data-testid=latin-says-p002]")?.textContent).toContain("not in Pinyin");
    expect(saved).toEqual([]);
    (el.querySelector("[data-testid=latin-surname-p001]") as HTMLInputElement).value = "Park";
    (el.querySelector("[data-testid=latin-given-p001]") as HTMLInputElement).value = "Junghwan";
    (el.querySelector("[data-testid=save-latin-p001]") as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(saved).toEqual([["p001", "Park", "Junghwan"]]);
    expect(el.querySelector("[data-testid=outcome]")?.textContent).toBe("박정환: Park Junghwan");
  });
});

describe("the officials page at a league's venue", () => {
  it("says what the central office refused and sends it again", async () => {
    const { officialsView } = await import("./views/officials");
    setTables(labelTables);
    setLang("en");
    const setup = { people: [], referees: {}, players: [], rounds: {} } as unknown as Parameters<
      typeof officialsView
    >[0];
    const refusals = [
      {
        at: "2026-11-25T09:00:00Z",
        device: "tab-li",
        person: "ref-li",
        role: "referee" as const,
        event: "e9",
        code: "forbidden",
        message: "game g1 is played at venue venue-sh",
        upstream: true,
      },
      {
        at: "2026-11-25T09:01:00Z",
        device: "tab-wu",
        person: "ref-wu",
        role: "referee" as const,
        event: "e2",
        code: "clock_ahead",
        message: "ahead",
      },
    ];
    const sent: string[] = [];
    let changed = 0;
    const api = {
      resendRefused: async (e: string) => {
        sent.push(e);
        return { index: 0, id: e, status: "accepted" as const };
      },
    } as unknown as OfficeApi;
    const el = officialsView(
      setup,
      [],
      api,
      () => {
        changed += 1;
      },
      refusals,
    );
    const rows = Array.from(el.querySelectorAll("[data-testid=refusals] tbody tr"));
    expect(rows[0].textContent).toContain("refused by the central office: game g1 is played at venue venue-sh");
    expect(rows[1].querySelector("button")).toBeNull();
    (el.querySelector("[data-testid=resend-e9]") as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(["e9"]);
    expect(changed).toBe(1);
    expect(el.querySelector("[data-testid=outcome]")?.textContent).toContain("The central office admitted it");
  });
});

describe("the referee's app says what it holds in a referee's words", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
  });

  it("reads an enrollment link of either version into its office, code and certificate", () => {
    const fp = "ab".repeat(32);
    expect(readEnrollLink(`https://192.168.1.10:7878/#enroll=K7M2-9QXD&fp=${fp}&v=2`)).toEqual({
      office: "https://192.168.1.10:7878",
      code: "K7M2-9QXD",
      fingerprint: fp,
    });
    expect(
      readEnrollLink(`weiqi-arbiter:enroll?v=1&office=https%3A%2F%2F192.168.1.10%3A7878&code=K7M2-9QXD&fp=${fp}`),
    ).toEqual({ office: "https://192.168.1.10:7878", code: "K7M2-9QXD", fingerprint: fp });
    expect(readEnrollLink("https://192.168.1.10:7878")).toBeNull();
    expect(readEnrollLink("K7M2-9QXD")).toBeNull();
  });

  it("fills the enrollment form from a pasted link before anything is sent", () => {
    let sent = false;
    const form = enrollView(async () => {
      sent = true;
    });
    const office = form.querySelector("#office") as HTMLInputElement;
    office.value = `https://192.168.1.10:7878/#enroll=K7M2-9QXD&fp=${"ab".repeat(32)}&v=2`;
    office.dispatchEvent(new Event("input"));
    expect((form.querySelector("#code") as HTMLInputElement).value).toBe("K7M2-9QXD");
    expect((form.querySelector("#fingerprint") as HTMLInputElement).value).toBe("ABAB ABAB ABAB ABAB");
    expect(form.querySelector("[data-testid=enroll-link-read]")?.textContent).toBe(
      "已读取登记链接：将以登记码 K7M2-9QXD 在 https://192.168.1.10:7878 登记本设备",
    );
    expect(sent).toBe(false);
  });

  it("lists unsent records by table, players, incident, ruling, time and why each waits", () => {
    const line = (id: string, body: unknown) =>
      JSON.stringify({ id, game: "g1", wall_time: "2026-11-22T06:21:00Z", body });
    const text = `${[
      line("e1", {
        kind: "incident_recorded",
        data: { incident: { type: "disturbing", facts: { offender: "black" } }, ruling: "warning" },
      }),
      line("e2", { kind: "clock_paused", data: {} }),
    ].join("\n")}\n`;
    const offline = {
      online: false,
      pending: 2,
      last_success: null,
      last_error: null,
      last_error_code: null,
      rejected: [],
      forged: [],
      clock_skew: null,
    };
    const rows = unsentRows(text, [row], offline);
    expect(rows.map((r) => [r.where, r.what, r.why])).toEqual([
      ["第1轮 第3台 李明 – 陈静", "妨碍他人思考 · 警告一次", "无法连接赛事办公室"],
      ["第1轮 第3台 李明 – 陈静", "暂停", "无法连接赛事办公室"],
    ]);
    const refused = { ...offline, online: true, rejected: [{ id: "e1", code: "not_authorized", message: "revoked" }] };
    expect(unsentRows(text, [row], refused)[0].why).toBe("被拒绝: revoked");
  });

  it("says which unsent record decides its game, from the core's result on this tablet", () => {
    const line = (id: string, body: unknown) =>
      JSON.stringify({ id, game: "g1", wall_time: "2026-11-22T06:21:00Z", body });
    const warning = {
      kind: "incident_recorded",
      data: { incident: { type: "disturbing", facts: { offender: "black" } }, ruling: "warning" },
    };
    // The row's result was decided by event "e": the second warning, still on this tablet.
    const text = [line("d", warning), line("e", warning)].join("\n");
    const rows = unsentRows(text, [row], null);
    expect(rows.map((r) => r.decides)).toEqual([null, "决定本局：第二次警告：黑方判负（第二十五条二）"]);
    expect([...unsentIds(text)]).toEqual(["d", "e"]);
  });

  it("never shows an unsent record as verified or its result as settled", () => {
    expect(sealMark("tab-1").textContent).toContain("✓");
    const pending = sealMark("tab-1", true);
    expect(pending.textContent).toBe(" · 未送达办公室");
    expect(pending.textContent).not.toContain("✓");
    // The table list: the loss the tablet decided, not yet the office's.
    const el = tablesView([row], () => {}, null, undefined, new Set(["e"]));
    expect(el.querySelector("[data-testid=decided-here]")?.textContent).toBe(" · 本机判定，待办公室确认");
    expect(
      tablesView([row], () => {}, null, undefined, new Set(["other"])).querySelector("[data-testid=decided-here]"),
    ).toBeNull();
  });

  it("after enrolling, says who this device is, at which event and office, and the tables", () => {
    const id = {
      office_url: "https://192.168.1.10:7878",
      office_cert: null,
      tournament: "spring-cup",
      person: "ref-li",
      name: "李裁判",
      role: "referee" as const,
      device: "tab-1",
    };
    const el = enrolledView(
      id,
      [
        { ...row, referee: "ref-li" },
        { ...row, game: "g2", table: 4 },
      ],
      () => {},
    );
    expect(el.textContent).toContain("登记为：李裁判（裁判员）");
    // Named once the set-up is on the device; its id before.
    expect(el.textContent).toContain("赛事：spring-cup");
    expect(enrolledView({ ...id, tournament_name: "春季杯" }, [], () => {}).textContent).toContain("赛事：春季杯");
    expect(el.textContent).toContain("赛事办公室：https://192.168.1.10:7878");
    expect(el.querySelector("[data-testid=enrolled-tables]")?.textContent).toBe("你的台次：第1轮 第3台");
    expect(enrolledView(id, [], () => {}).querySelector("[data-testid=enrolled-tables]")?.textContent).toBe(
      "台次在办公室发来赛事资料后显示",
    );
    // The first sync under way is not a failure; a failure is.
    const sync = {
      online: false,
      pending: 0,
      last_success: null,
      last_error: null,
      last_error_code: null,
      rejected: [],
      forged: [],
      clock_skew: null,
    };
    expect(bannerText(sync)).toMatchObject({ text: "正在连接赛事办公室…", tone: "warn" });
    expect(bannerText({ ...sync, last_error: "connection refused" }).text).toMatch(/^无法连接赛事办公室/);
  });

  it("the device screen says in words what the office signed for, no file path", () => {
    const id = {
      office_url: "https://o",
      office_cert: null,
      tournament: "t",
      person: "ref-li",
      role: "referee" as const,
      device: "tab-1",
    };
    const status = {
      identity: id,
      notice: null,
      ruleset: null,
      sync: {
        online: true,
        pending: 0,
        last_success: null,
        last_error: null,
        last_error_code: null,
        rejected: [],
        forged: [],
        clock_skew: null,
      },
    };
    const receipts = JSON.stringify([
      { tournament: "t", signer: "tab-1", count: 12, last: "ab", office: "k", sig: "s" },
    ]);
    const el = deviceView(status, receipts);
    expect(el.querySelector("[data-testid=receipts-summary]")?.textContent).toBe("办公室已签收本设备的 12 条记录");
    expect(el.textContent).not.toMatch(/receipts\.json|arbiter-office verify/);
    expect(deviceView(status, "[]").querySelector("[data-testid=receipts-summary]")?.textContent).toBe(
      "办公室尚未签收本设备的记录",
    );
  });

  it("knows a finger or the mouse is down, so a tap's focus does not scroll its control away", () => {
    const use = watchUse(window);
    const button = document.createElement("button");
    document.body.append(button);
    expect(use.pressed()).toBe(null);
    button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(use.pressed()).toBe(button);
    // Released, the tap not landed yet: still the finger's.
    button.dispatchEvent(new Event("pointerup", { bubbles: true }));
    expect(use.pressed()).toBe(button);
    button.dispatchEvent(new Event("click", { bubbles: true }));
    expect(use.pressed()).toBe(null);
    button.dispatchEvent(new Event("touchstart", { bubbles: true }));
    expect(use.pressed()).toBe(button);
    window.dispatchEvent(new Event("pointercancel"));
    expect(use.pressed()).toBe(null);
    button.remove();
  });

  it("a decision kept on the phone is not offered again on its card, and says it waits", () => {
    const kept = keptDecisions([
      { body: { kind: "ruling_issued", data: { incident: "i2", ruling: "draw" } } },
      { body: { kind: "clock_paused" } as never },
    ]);
    expect([...kept]).toEqual(["ruling:i2"]);
    const el = queueView([disputeCard], ctx({ kept }));
    expect(el.querySelector("[data-testid=card-kept]")?.textContent).toMatch(/^未送达办公室：已保存在本机/);
    expect(el.querySelector("[data-testid=card-options]")).toBeNull();
    expect(queueView([disputeCard], ctx()).querySelector("[data-testid=card-options]")).not.toBeNull();
  });
});
