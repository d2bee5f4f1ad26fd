// Language: Simplified Chinese by default, English on request. Rule labels (articles,
// incidents, rulings, outcomes…) come from the core's tables; this file holds only the app's
// own words (buttons, headings).

import type { Label } from "./bindings/Label";
import type { LabelTables } from "./bindings/LabelTables";

export type Lang = "zh" | "en";

let lang: Lang = (globalThis.localStorage?.getItem("lang") as Lang) || "zh";
let tables: LabelTables | null = null;

export function getLang(): Lang {
  return lang;
}

export function setLang(l: Lang): void {
  lang = l;
  globalThis.localStorage?.setItem("lang", l);
  document.documentElement.lang = l === "zh" ? "zh-CN" : "en";
}

export function setTables(t: LabelTables): void {
  tables = t;
}

export function labels(): LabelTables {
  if (!tables) throw new Error("labels not loaded");
  return tables;
}

/** A core label in the current language. */
export function l(label: Label | undefined, fallback = "?"): string {
  return label ? label[lang] : fallback;
}

/** A value's label from one of the core's tables, by its wire name. */
export function lt(table: keyof LabelTables, key: string): string {
  return l(tables?.[table]?.[key], key);
}

const words = {
  appTitle: ["围棋裁判", "Weiqi Arbiter"],
  enrollTitle: ["登记本设备", "Enroll this device"],
  officeUrl: ["赛事办公室地址", "Office address"],
  code: ["登记码", "Enrollment code"],
  deviceId: ["设备编号", "Device id"],
  deviceLabel: ["设备名称", "Device name"],
  enroll: ["登记", "Enroll"],
  tables: ["我的对局", "My tables"],
  queue: ["裁判长待处理", "Chief arbiter's queue"],
  round: ["第{n}轮", "Round {n}"],
  table: ["第{n}台", "Table {n}"],
  black: ["黑", "Black"],
  white: ["白", "White"],
  back: ["返回", "Back"],
  recordIncident: ["记录事件", "Record an incident"],
  chooseGroup: ["选择类别", "Choose the heading"],
  chooseType: ["选择事件", "Choose the incident"],
  facts: ["事实", "Facts"],
  ruling: ["判决", "Ruling"],
  noRuling: ["不判决，报请裁判长", "No ruling: refer to the chief arbiter"],
  consequence: ["后果", "Consequence"],
  confirm: ["确认", "Confirm"],
  cancel: ["取消", "Cancel"],
  history: ["事件记录", "Incident history"],
  supersededBy: ["已被取代", "superseded"],
  refused: ["被拒绝", "refused"],
  escalate: ["报请裁判长", "Escalate to the chief arbiter"],
  appeal: ["申诉", "Appeal"],
  grounds: ["申诉理由", "Grounds"],
  decide: ["裁决", "Decide"],
  upheld: ["维持原判", "Uphold"],
  overturn: ["改判", "Overturn"],
  clock: ["计时", "Clock"],
  start: ["开钟", "Start"],
  pause: ["暂停", "Pause"],
  resume: ["继续", "Resume"],
  seal: ["封棋", "Seal a move"],
  unseal: ["启封", "Unseal"],
  point: ["着点", "Point"],
  sealer: ["封棋方", "Sealing side"],
  result: ["结果", "Result"],
  count: ["数子", "Count"],
  blackStones: ["黑方子数", "Black's stones"],
  resign: ["认输", "Resignation"],
  endConfirmed: ["确认终局", "End confirmed"],
  lateness: ["迟到", "Late arrival"],
  minutes: ["分钟", "minutes"],
  offline: ["离线", "Offline"],
  waiting: ["{n} 条待同步", "{n} waiting"],
  syncedAt: ["已同步 {t}", "Synced at {t}"],
  neverSynced: ["尚未同步", "Not synced yet"],
  lastError: ["错误", "Error"],
  syncNow: ["同步", "Sync"],
  nothingOpen: ["没有待处理事项", "Nothing to decide"],
  noTables: ["暂无对局（等待办公室编排）", "No games yet (waiting for the office's pairings)"],
  warnings: ["警告", "warnings"],
  token: ["令牌", "Token"],
  signIn: ["进入", "Sign in"],
  readOnly: ["只读（办公室网页）", "Read-only (office pages)"],
  noResult: ["未终局", "no result yet"],
  refusedBecause: ["不能记录：", "Cannot record: "],
  resultWillBe: ["结果将为：", "Result will be: "],
  flagged: ["本局已终局：此记录将保留并提交裁判长", "The game has a result: this record will be kept and flagged for the chief arbiter"],
  none: ["无", "none"],
} satisfies Record<string, [string, string]>;

export type Word = keyof typeof words;

/** The app's own word in the current language, with `{n}`-style placeholders filled in. */
export function t(word: Word, vars: Record<string, string | number> = {}): string {
  let s = words[word][lang === "zh" ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}
