// Language: one of five, chosen per device (prefs.ts: in the app's data folder, or in this
// browser); without a choice, the browser's (the system's in the app), and where that is none
// of the five, the tournament's ruleset decides (한국어 for the KBA's rules, 繁體中文 for Ing's,
// else 简体).
// Rule labels (articles, incidents, rulings, outcomes…) come from the core's tables; this file
// holds the app's own words in 简体 and English, and lang/ the same words in 繁體, 한국어 and
// 日本語 (a missing word is a type error, and a unit test checks none is empty).

import type { Label } from "./bindings/Label";
import type { LabelTables } from "./bindings/LabelTables";
import type { Lang } from "./bindings/Lang";
import type { Said } from "./bindings/Said";
import { ja } from "./lang/ja";
import { chooseLang, chosenLang } from "./prefs";
import { ko } from "./lang/ko";
import { zh_hant } from "./lang/zh_hant";

export type { Lang };

/** Every language, in the order the switch offers them, each named in itself. */
export const LANGS: [Lang, string][] = [
  ["zh", "简体中文"],
  ["zh_hant", "繁體中文"],
  ["ko", "한국어"],
  ["ja", "日本語"],
  ["en", "English"],
];

/** Whether `v` is one of the five languages. */
export const isLang = (v: unknown): v is Lang => LANGS.some(([l]) => l === v);
/** The first of the browser's languages (in the app, the system's) that is one of the five:
 * zh-TW, zh-HK and zh-Hant are 繁體, any other Chinese 简体. */
export function browserLang(tags: readonly string[] = globalThis.navigator?.languages ?? []): Lang | null {
  for (const tag of tags) {
    const t = tag.toLowerCase();
    if (t.startsWith("zh")) return /^zh-(tw|hk|mo)\b|-hant\b/.test(t) ? "zh_hant" : "zh";
    const l = LANGS.find(([code]) => code !== "zh_hant" && t.split("-")[0] === code)?.[0];
    if (l) return l;
  }
  return null;
}

const stored = chosenLang();
// The person's language from the first screen: their choice on this device, else their
// browser's, else 简体 until a tournament's ruleset says otherwise (defaultLangFor).
let lang: Lang = isLang(stored) ? stored : (browserLang() ?? "zh");
let tables: LabelTables | null = null;

export function getLang(): Lang {
  return lang;
}

/** Whether this device's user chose a language (else the ruleset's is used). */
export function langChosen(): boolean {
  return isLang(chosenLang());
}

/** Uses the language this device's user chose, if any: once the app's preferences are read. */
export function useChosenLang(): void {
  const chosen = chosenLang();
  apply(isLang(chosen) ? chosen : (browserLang() ?? "zh"));
}

/** BCP 47 tags, for dates, times and the page's `lang`. */
const LOCALES: Record<Lang, string> = { zh: "zh-CN", en: "en-GB", zh_hant: "zh-TW", ko: "ko-KR", ja: "ja-JP" };

export function locale(l: Lang = lang): string {
  return LOCALES[l];
}

function apply(l: Lang): void {
  lang = l;
  if (globalThis.document) document.documentElement.lang = l === "en" ? "en" : LOCALES[l];
}

// The page's `lang` from its first render, not the zh-CN its HTML starts with: a page reloaded
// in Japanese is marked Japanese for its fonts, screen readers and spelling.
apply(lang);

/** `draw` in language `l`, this device's language as it was after it (nothing kept): a sheet
 * printed in each of the event's languages. */
export function inLang<T>(l: Lang, draw: () => T): T {
  const was = lang;
  apply(l);
  try {
    return draw();
  } finally {
    apply(was);
  }
}

/** The user's choice: kept on this device. */
export function setLang(l: Lang): void {
  chooseLang(l);
  apply(l);
}

/** The language a ruleset's referees read: 한국어 for the KBA's rules, 繁體 for Ing's. */
export function rulesetLang(preset: string | undefined): Lang {
  return preset === "korean" ? "ko" : preset === "ing" ? "zh_hant" : "zh";
}

/** Uses the ruleset's language unless this device's user chose one or their browser speaks one
 * of the five. */
export function defaultLangFor(preset: string | undefined): void {
  if (!langChosen() && !browserLang()) apply(rulesetLang(preset));
}

export function setTables(t: LabelTables): void {
  tables = t;
}

export function labels(): LabelTables {
  if (!tables) throw new Error("labels not loaded");
  return tables;
}

/** Languages written with CJK punctuation (：、（）); Korean and English use the Latin ones. */
export function cjk(l: Lang = lang): boolean {
  return l === "zh" || l === "zh_hant" || l === "ja";
}

/** "（x）" in Chinese and Japanese, " (x)" otherwise: a bracket after a word. */
export function bracketed(x: string): string {
  return cjk() ? `（${x}）` : ` (${x})`;
}

/** "label：value" in Chinese and Japanese, "label: value" otherwise. */
export function labelled(label: string, value: string): string {
  return cjk() ? `${label}：${value}` : `${label}: ${value}`;
}

/** A list joined as each language joins one: 、 or a comma. */
export function listed(items: string[]): string {
  return items.join(cjk() ? "、" : ", ");
}

/** A core label in the current language. */
export function l(label: Label | undefined, fallback = "?"): string {
  return label ? label[lang] : fallback;
}

/** What the core said (an error, a refusal, a note) in the current language: its sentence
 * where it gave one in each language, else its message as it came (an office's own, English). */
export function said(b: { message?: string; said?: Said }): string {
  return b.said ? b.said[lang] : (b.message ?? "");
}

/** A value's label from one of the core's tables, by its wire name. */
export function lt(table: keyof LabelTables, key: string): string {
  return l(tables?.[table]?.[key], key);
}

const words = {
  appTitle: ["围棋裁判", "Weiqi Arbiter"],
  enrollTitle: ["登记本设备", "Enroll this device"],
  officeUrl: ["赛事办公室地址（或登记二维码中的链接）", "Office address (or the link in the enrollment QR code)"],
  scanToEnroll: ["平板扫描此码即可登记（一次有效）", "Scan with the tablet to enroll (works once)"],
  code: ["登记码", "Enrollment code"],
  fingerprint: ["办公室证书指纹（16位）", "Office certificate fingerprint (16 digits)"],
  fingerprintHint: [
    "与办公室页面上登记码旁的指纹逐字核对；扫码登记时无需填写。",
    "Copy it from beside the code on the office page; not needed when the link is scanned or pasted.",
  ],
  certChanged: ["办公室证书不符！", "Office certificate mismatch!"],
  deviceId: ["设备编号", "Device id"],
  deviceLabel: ["设备名称", "Device name"],
  enroll: ["登记", "Enroll"],
  tables: ["我的对局", "My tables"],
  assignedTables: ["负责台次", "Tables assigned"],
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
  grounds: ["申诉理由", "Grounds of the appeal"],
  decide: ["裁决", "Decide"],
  upheld: ["维持原判", "Uphold"],
  overturn: ["改判", "Overturn"],
  annul: ["撤销原判（不构成犯规）", "Annul (no foul happened)"],
  toMove: ["弃权一次后（{article}）轮{colour}下子", "After the imposed pass ({article}), {colour} is to move"],
  clock: ["计时", "Clock"],
  start: ["开钟", "Start the clock"],
  reader: ["读秒", "Byo-yomi reader"],
  pressClock: ["按钟", "Press clock"],
  removingCaptures: ["提子（停钟，第二十三条四）", "Removing captures (clock stopped, Art. 23.4)"],
  removalDone: ["提子完毕", "Captures removed"],
  toiletBreak: [
    "{colour}如厕（停钟，韩国棋院競技第二条2）",
    "{colour} to the toilet (clock stopped, KBA Competition 2.2)",
  ],
  breakBack: ["{colour}归座", "{colour} back in the seat"],
  readerNotStarted: ["尚未开钟", "The clock has not started"],
  latenessTimer: ["迟到计时（第二十三条）", "Late arrival (Art. 23)"],
  arrived: ["{colour}到场", "{colour} arrived"],
  notHere: ["未到", "not here"],
  waited: ["开赛后", "Since the start"],
  lateLeft: ["允许迟到{m}分钟，剩余", "of {m} min lateness allowed, left"],
  noRoundStart: ["本轮未设开赛时间", "This round has no start time"],
  record: ["记录", "Record"],
  reserveLeft: ["另有读秒 {n} 分钟", "then {n} min byo-yomi"],
  byoYomiLeft: ["读秒 · 还剩{n}分钟", "byo-yomi · {n} min left"],
  periodsThen: ["另有读秒 {n} 次 × {s} 秒", "then {n} × {s} s byo-yomi"],
  periodsLeft: ["读秒 · 还剩{n}次（每次{s}秒）", "byo-yomi · {n} × {s} s left"],
  blockThen: ["另有加拿大读秒：{n} 手 / {m}", "then Canadian byo-yomi: {n} moves in {m}"],
  blockLeft: ["加拿大读秒 · 还需 {n} 手", "Canadian byo-yomi · {n} moves to make"],
  fischerEach: ["费舍尔 · 每手加 {s} 秒", "Fischer · +{s} s a move"],
  timeUpProposal: ["{colour}超时（第二十三条五）：判负？", "{colour} ran out of time (Art. 23.5): loss?"],
  pause: ["暂停", "Pause"],
  resume: ["继续", "Resume"],
  seal: ["封棋", "Seal a move"],
  unseal: ["启封", "Unseal"],
  sealHint: [
    "封棋方在平板上输入封棋之点，他人看不到；记录中只保存其封印（第十四条）",
    "The sealing player enters the point on the tablet, hidden; the record keeps only its seal (Art. 14)",
  ],
  sealNeeds: ["请选择封棋方并输入着点（如 Q16）", "Choose the sealing side and enter a point (e.g. Q16)"],
  sealedPoint: ["封棋之点：{p}", "Sealed move: {p}"],
  unsealFree: ["该点为空，续弈（第十四条）", "The point is free: play it (Art. 14)"],
  unsealOccupied: ["该点已有棋子（第二十二条）", "The point is occupied (Art. 22)"],
  point: ["着点", "Point"],
  sealer: ["封棋方", "Sealing side"],
  result: ["结果", "Result"],
  count: ["数子", "Count"],
  blackStones: ["黑方子数", "Black's stones"],
  blackPointsIng: ["黑方点数（罚子：黑 白）", "Black's points (penalty stones: Black White)"],
  countBoard: ["数子棋盘", "Counting board"],
  countFromRecord: ["从棋谱（SGF）载入终局", "Load the final position from the record (SGF)"],
  countNewBoard: ["或摆出终局", "or set up the position"],
  countLoadOrSet: ["载入棋谱或摆子，再点死子", "Load the record or set up the stones, then tap the dead stones"],
  countMode_dead: ["点死子", "Mark dead"],
  countMode_black: ["摆黑子", "Place black"],
  countMode_white: ["摆白子", "Place white"],
  countMode_empty: ["清除", "Clear"],
  recordCount: ["记录数子结果", "Record the count"],
  countByHand: ["直接输入数子结果", "Enter a count by hand"],
  recount: ["纠正数子", "Correct the count"],
  recountWho: ["哪一方要求纠正数子", "Which player asked for the count to be corrected"],
  askedBy: ["{colour}要求", "asked by {colour}"],
  checkRecord: ["对照棋谱检查", "Check against the record"],
  checkMoveNo: ["第几手", "Move number"],
  checkButton: ["检查", "Check"],
  checkLegal: ["第{n}手合法", "Move {n} is legal"],
  objectionNone: ["未说明", "not stated"],
  objectionAtOnce: ["即时提出", "raised at once"],
  objectionLate: ["对局已继续", "play had gone on"],
  objectionRecord: ["据棋谱：第{m}手违规，第{c}手后提出", "from the record: foul at move {m}, claimed after move {c}"],
  resign: ["认输", "Resignation"],
  endConfirmed: ["确认终局", "End confirmed"],
  lateness: ["迟到", "Late arrival"],
  minutes: ["分钟", "minutes"],
  offline: ["离线", "Offline"],
  waiting: ["{n} 条待同步", "{n} waiting"],
  syncedAt: ["已同步 {t}", "Synced at {t}"],
  neverSynced: ["尚未同步", "Not synced yet"],
  devices: ["已登记设备", "Enrolled devices"],
  revoke: ["吊销（遗失设备）", "Revoke (lost device)"],
  revoked: ["已吊销", "Revoked"],
  unsent: ["未发送的记录", "Unsent records"],
  unsentHelp: [
    "办公室尚未收到的本机记录（JSON 行）。本机被吊销时，请交裁判长审核，办公室不会自动合并",
    "This tablet's records the office has not received (JSON lines). If the tablet was revoked, hand " +
      "them to the chief arbiter to review; the office never merges them by itself",
  ],
  clockAhead: [
    "本机时钟比办公室快 {n} 分钟（事件按办公室时间记录）",
    "This tablet's clock is {n} minutes ahead of the office's (events carry the office's time)",
  ],
  clockBehind: [
    "本机时钟比办公室慢 {n} 分钟（事件按办公室时间记录）",
    "This tablet's clock is {n} minutes behind the office's (events carry the office's time)",
  ],
  lastError: ["错误", "Error"],
  syncNow: ["同步", "Sync"],
  nothingOpen: ["没有待处理事项", "Nothing to decide"],
  noTables: ["暂无对局（等待办公室编排）", "No games yet (waiting for the office's pairings)"],
  warnings: ["警告", "warnings"],
  token: ["令牌", "Token"],
  signIn: ["进入", "Sign in"],
  officePages: [
    "赛事办公室网页：组织者凭令牌进入，裁判员、裁判长和组委会凭登记码进入",
    "The office's pages: the organiser signs in with the token; referees, chief arbiters and the " +
      "committee with an enrollment code",
  ],
  noResult: ["未终局", "no result yet"],
  refusedBecause: ["不能记录：", "Cannot record: "],
  resultWillBe: ["结果将为：", "Result will be: "],
  flagged: [
    "本局已终局：此记录将保留并提交裁判长",
    "The game has a result: this record will be kept and flagged for the chief arbiter",
  ],
  none: ["无", "none"],
  // The office's pages: running the event.
  setup: ["比赛设置", "Set-up"],
  players: ["棋手", "Players"],
  officials: ["裁判人员", "Officials"],
  evaluations: ["裁判评价", "Referee evaluations"],
  evaluationsAbout: [
    "第三十一条：比赛结束后，裁判长对每位裁判员作出评价。只有组委会、组织者和裁判长可见，不进入对局记录。",
    "Art. 31: after the event the chief arbiter evaluates each referee. Only the organiser, the chief " +
      "arbiter and the committee see it; it is not part of the game ledger.",
  ],
  evaluatedBy: ["{by} 写于 {at}", "by {by} at {at}"],
  notEvaluated: ["尚未评价", "not evaluated yet"],
  noReferees: ["尚无裁判员", "no referees yet"],
  rounds: ["轮次", "Rounds"],
  standings: ["成绩", "Standings"],
  setupIncomplete: [
    "比赛设置尚未完成：请先在“比赛设置”页选定赛制（第二十七条）、用时（第十二条）和允许迟到时间（第二十三条）。",
    "The set-up is not complete yet: choose the system (Art. 27), the time control (Art. 12) and the " +
      "allowed lateness (Art. 23) on the Set-up page first.",
  ],
  toSetup: ["去比赛设置", "Go to the set-up"],
  // The association's pages.
  league: ["棋手档案", "Player records"],
  leagueAbout: [
    "本办公室所有比赛的棋手：每人一个编号，历次参赛的段位，警告、判负与申诉记录，供协会纪律委员会查阅。",
    "Every player of every event this office runs: one id each, the rank at each event, and the " +
      "warnings, losses by a penalty and appeals, for the association's discipline committee.",
  ],
  disciplineCsv: ["导出纪律记录 (CSV)", "Export the discipline record (CSV)"],
  entered: ["参赛（段位）", "Events (rank)"],
  games: ["对局", "Games"],
  warningsCol: ["警告", "Warnings"],
  lossesByPenalty: ["判负", "Losses by penalty"],
  appealsCol: ["申诉", "Appeals"],
  noPlayers: ["尚无棋手", "no players yet"],
  event: ["比赛", "Event"],
  mark: ["记录", "Entry"],
  what: ["内容", "What"],
  cleanRecord: ["无违纪记录", "no discipline on record"],
  printLanguages: [
    "打印表和大厅显示的语言（一种或两种）",
    "Languages of the printed sheets and the hall display (one or two)",
  ],
  printLangAsScreen: ["与打印的屏幕相同", "as the screen that prints"],
  printLangNone: ["（无第二种）", "(no second)"],
  printLangSecond: ["第二种语言", "Second language"],
  close: ["关闭", "Close"],
  markWarning: ["警告", "warning"],
  markAdvice: ["劝告", "advice"],
  markImposedPass: ["弃权一次", "imposed pass"],
  markReported: ["报告组委会", "reported to the committee"],
  markLossByPenalty: ["判负", "loss by a penalty"],
  markAppeal: ["申诉", "appeal"],
  name: ["名称", "Name"],
  playerName: ["姓名", "Name"],
  tableNo: ["台次", "Table"],
  ruleset: ["规则", "Rules"],
  createTournament: ["创建比赛", "Create the tournament"],
  tournamentId: ["比赛编号（字母、数字、. _ -）", "Tournament id (letters, digits, . _ -)"],
  tournamentName: ["比赛名称", "Tournament name"],
  create: ["创建", "Create"],
  tokenOnce: [
    "组织者令牌只显示这一次：请妥善保存，凭它进入办公室网页",
    "The organiser's token is shown only this once: keep it, it signs you in to the office's pages",
  ],
  continueSetUp: ["继续设置比赛", "Go on to the set-up"],
  komi: ["贴子", "Komi"],
  begin: ["开始日期", "First day"],
  end: ["结束日期", "Last day"],
  venue: ["地点", "Venue"],
  mainMinutes: ["基本时间（分钟）", "Main time (minutes)"],
  reservedMinutes: ["读秒保留时间（分钟）", "Reserved byo-yomi minutes"],
  limitMinutes: ["时限（分钟，含读秒）", "Time limit (minutes, byo-yomi included)"],
  limitArithmetic: [
    "时限{limit}分钟，其中最后{r}分钟读秒（{main} + {r}）",
    "{limit} minutes, of which the last {r} are byo-yomi ({main} + {r})",
  ],
  limitNoByoYomi: ["时限{limit}分钟，不读秒", "{limit} minutes, no byo-yomi"],
  limitTooShort: [
    "保留的{r}分钟读秒在时限之内，时限须至少{r}分钟（第十二条二）",
    "The {r} reserved byo-yomi minutes are kept within the limit: it must be at least {r} minutes (Art. 12.2)",
  ],
  allowedLateness: ["允许迟到（分钟）", "Allowed lateness (minutes)"],
  overtime: ["读秒方式", "Overtime"],
  otReserved: ["保留时间（第十二条）", "Reserved minutes (Art. 12)"],
  otPeriods: ["读秒次数（日韩）", "Byo-yomi periods"],
  otCanadian: ["加拿大读秒", "Canadian byo-yomi"],
  otFischer: ["费舍尔加秒", "Fischer increment"],
  otPeriodCount: ["读秒次数", "Byo-yomi periods"],
  otPeriodSeconds: ["每次（秒）", "Seconds each"],
  otCanMoves: ["每段手数", "Moves per block"],
  otCanMinutes: ["每段（分钟）", "Minutes per block"],
  otFischerSeconds: ["每手加（秒）", "Seconds added a move"],
  system: ["比赛办法", "System"],
  numberOfRounds: ["轮数", "Rounds"],
  sharedPlaces: [
    "允许名次并列（第二十八条 C；否则 D 加赛或抽签）",
    "Shared places allowed (Art. 28 C; otherwise D: play-off or lots)",
  ],
  swissReading: ["总得分的理解", "Reading of the total"],
  readingTieBreak: ["作为同分时的区分（默认）", "As a tie-break within equal points (default)"],
  readingLiteral: ["按字面总分排名", "Rank by the printed total"],
  bar: ["上限", "Bar"],
  bestOf: ["局数（第二十七条四）", "Games (Art. 27.4)"],
  boards: ["台数（第二十六条二）", "Boards (Art. 26.2)"],
  teamPairing: ["团体编排", "Teams meet by"],
  lives: ["几败淘汰（第二十七条一）", "Out after (Art. 27.1)"],
  floor: ["下限", "Floor"],
  pairsBy_swiss: [
    "按积分分组编排（第二十七条三）：尽量不重复对局，黑白均衡，每人最多轮空一次。",
    "Paired within score groups (Art. 27.3): no rematch while one can be avoided, colours balanced, " +
      "one bye each at most.",
  ],
  pairsBy_round_robin: ["按贝格尔表编排（第二十七条二）。", "Paired by Berger tables (Art. 27.2)."],
  pairsBy_double_round_robin: [
    "按贝格尔表编排两遍，第二遍黑白互换（第二十七条二）。",
    "Berger tables twice, colours swapped the second time (Art. 27.2).",
  ],
  pairsBy_mcmahon: [
    "与 OpenGotha 相同的编排：按 OpenGotha 的各项准则为每一对选手计算权重，取总权重最大的配对；让子按下面的设置。",
    "Paired as OpenGotha pairs McMahon: every pair weighed by OpenGotha's criteria, the heaviest " +
      "pairing taken; handicaps as set below.",
  ],
  pairsBy_opengotha_swiss: [
    "与 OpenGotha 相同的瑞士制：按胜局数（NBW）、SOSW、SOSOSW 排名，按 OpenGotha 的各项准则编排，" +
      "不让子。中国的积分编排制是另一种比赛办法。",
    "Swiss as OpenGotha runs it: ranked by wins (NBW), SOSW, SOSOSW and paired by OpenGotha's " +
      "criteria, even games. The Chinese rules' own Swiss (Art. 27.3) is the other system.",
  ],
  pairsBy_match: ["两人对局，黑白每局交换（第二十七条四）。", "Two players; colours alternate each game (Art. 27.4)."],
  pairsBy_knockout: [
    "按淘汰制编排（第二十七条一），同败场数者相遇。",
    "Knockout (Art. 27.1): players with as many losses meet.",
  ],
  pairsBy_team: [
    "团体之间按所选办法编排，台次按队员顺序。",
    "Teams meet by the chosen system; boards by the players' order.",
  ],
  pairsBy_leitai: ["擂台赛：胜者留台，败队派下一名队员。", "Winner stays on; the losing team sends its next player."],
  ogParams: ["OpenGotha 编排参数", "OpenGotha pairing parameters"],
  ogParamsNote: [
    "默认值即 OpenGotha 麦克马洪的默认值；只保存改动过的设置。已编排的轮次不受影响，可在轮次之间调整。",
    "The defaults are OpenGotha's McMahon defaults; only what you change is stored. Rounds already " +
      "paired stay as they are; you may adjust between rounds.",
  ],
  seedFirst: ["同分组内种子排列（前几轮）", "Seeding in a score group (early rounds)"],
  seedLastRound: ["前几轮截至第几轮", "Early rounds end with round"],
  seedThen: ["之后的种子排列", "Seeding afterwards"],
  seedRandom: ["分半随机", "Split and random"],
  seedFold: ["分半折叠（1对n）", "Split and fold (1 v n)"],
  seedSlip: ["分半平移（1对n/2+1）", "Split and slip (1 v n/2+1)"],
  duddUpper: ["降组者取自上组的", "Drawn down from the upper group's"],
  duddLower: ["升组者取自下组的", "Drawn up from the lower group's"],
  duddTop: ["上部", "top"],
  duddMid: ["中部", "middle"],
  duddBot: ["下部", "bottom"],
  duddCompensate: ["升降组之后予以补偿", "Compensate earlier draw-ups and draw-downs"],
  tableOrder: ["桌号顺序", "Table numbers"],
  tableOrder352: ["按 OpenGotha 3.52（现行版本）", "as OpenGotha 3.52 numbers them (the current release)"],
  tableOrder351: ["按 OpenGotha 3.51（该版本保存的文件）", "as OpenGotha 3.51 numbered them (files it saved)"],
  hdByMms: ["按麦克马洪分计算让子（否则按段级位）", "Handicap from McMahon scores (else from ranks)"],
  hdThreshold: ["此段位及以上不让子", "No handicap at or above"],
  hdCorrection: ["让子减去", "Handicap less"],
  hdCeiling: ["最多让子", "Handicap at most"],
  geoClub: ["宁可分差几组也不同单位相遇", "Score groups worth avoiding the same club"],
  geoCountry: ["宁可分差几组也不同国家相遇", "Score groups worth avoiding the same country"],
  ogWeights: ["各项权重", "Weights"],
  wDuplicate: ["避免重复对局", "Avoid a rematch"],
  wColour: ["黑白均衡", "Balance colours"],
  wScore: ["分差最小", "Smallest score difference"],
  wDudd: ["升降组", "Draw-up/draw-down"],
  wSeeding: ["种子排列", "Seeding"],
  wGeography: ["避免同单位、同国家", "Avoid same club and country"],
  wHandicap: ["让子最少", "Smallest handicap"],
  save: ["保存", "Save"],
  saved: ["已保存", "Saved"],
  rank: ["段位", "Rank"],
  rankExample: ["业余3段 / 5级 / 3d", "3d / 5k / 1p"],
  club: ["单位", "Club"],
  team: ["队", "Team"],
  addPlayer: ["登记棋手", "Register a player"],
  registerAnyway: ["仍然登记（另一位同名棋手）", "Register anyway (another player of that name)"],
  latinNames: ["拉丁字母姓名（欧洲围棋数据库用，可不填）", "In Latin letters, for the EGD (optional)"],
  latinSection: [
    "拉丁字母姓名（欧洲围棋数据库的 .h9 只收拉丁字母）",
    "Names in Latin letters (the EGD's .h9 takes no other)",
  ],
  latinNone: ["每位棋手的姓名都已是拉丁字母", "Every player's name is in Latin letters"],
  latinSaved: ["已填写", "Given"],
  latinProposed: ["建议（{scheme}），请核对后保存", "Proposed ({scheme}): check, then save"],
  hanyu_pinyin: ["汉语拼音", "Hanyu Pinyin"],
  revised_romanization: ["韩文罗马字标记法", "Revised Romanization"],
  hepburn: ["黑本式罗马字", "Hepburn"],
  pasteCsv: ["粘贴名单（姓名,段位,单位,队,台次）", "Paste a list (name,rank,club,team,board)"],
  importCsv: ["导入名单", "Import the list"],
  ratingsToChange: ["新名单将改动 {n} 名棋手", "The list changes {n} players"],
  registrationHistory: ["登记记录", "Registration history"],
  time: ["时间", "Time"],
  previewCsv: ["预览名单", "Preview the list"],
  previewFaults: ["有 {n} 行不对，改正后再导入", "{n} bad lines: correct them, then import"],
  previewRows: ["将登记 {n} 名棋手", "{n} players to register"],
  lineNo: ["第 {n} 行", "line {n}"],
  surname: ["姓", "Surname"],
  givenName: ["名", "Given name"],
  alreadyRegistered: ["已登记（{who}）", "already registered ({who})"],
  deletePlayer: ["删除", "Delete"],
  deleteConfirm: [
    "删除误登记的棋手 {name}？（已下过棋的棋手只能退出）",
    "Delete {name}, registered by mistake? (A player who has played withdraws instead.)",
  ],
  deleted: ["已删除 {name}", "{name} deleted"],
  ratingList: ["等级分名单", "Rating list"],
  ratingListKind: ["名单来源", "List of"],
  ratingListLoaded: ["已载入 {n} 名棋手（{date}）", "{n} players loaded ({date})"],
  ratingSearch: ["按姓名或编号查找", "Find by name or PIN"],
  ratingFound: ["找到 {n} 名", "{n} found"],
  rating: ["等级分", "Rating"],
  country: ["国家或地区", "Country"],
  pin: ["编号", "PIN"],
  refreshRatings: ["按新名单更新等级分", "Refresh ratings from the list"],
  ratingsChanged: ["{n} 名棋手的段位或等级分已更新", "{n} players' rank or rating updated"],
  importFile: ["导入文件（CSV 或 OpenGotha XML）", "Import a file (CSV or OpenGotha XML)"],
  imported: ["已导入 {n} 名棋手", "{n} players imported"],
  withdraw: ["退出比赛", "Withdraw"],
  withdrawAfter: ["在第几轮后退出（第二十九条）", "Withdrew after round (Art. 29)"],
  withdrawn: ["已退出（第{n}轮后）", "withdrew after round {n}"],
  absentRounds: ["缺席轮次", "Rounds missed"],
  absentSaved: ["{name}：缺席第 {rounds} 轮", "{name}: misses round(s) {rounds}"],
  absentNone: ["{name}：不缺席", "{name}: misses no round"],
  role: ["职务", "Role"],
  register: ["登记", "Register"],
  issueCode: ["发登记码", "Issue a code"],
  codeFor: ["{name} 的登记码（只显示一次）", "Code for {name} (shown once)"],
  assignTables: ["分派台次（第三十一条三）", "Assign tables (Art. 31.3)"],
  tablesList: ["台次，如 1-5,8", "Tables, e.g. 1-5,8"],
  pairRound: ["编排第{n}轮", "Pair round {n}"],
  notPaired: ["本轮尚未编排", "Not paired yet"],
  bye: ["轮空", "Bye"],
  handicapStones: ["让{n}子", "{n}-stone handicap"],
  dateFormat: ["日期请写成 2026-11-21", "write the date as 2026-11-21"],
  dateTimeFormat: ["请写成 2026-11-21 09:30", "write it as 2026-11-21 09:30"],
  recordedBy: ["{name}（{role}）{time} 记录", "Recorded by {name} ({role}) at {time}"],
  escalatedBy: ["{name}（{role}）{time} 报请裁判长", "Escalated to the chief arbiter by {name} ({role}) at {time}"],
  openedBy: ["{name}（{role}）{time} 提出", "Raised by {name} ({role}) at {time}"],
  soundOn: ["新事项提示音：开", "Sound for new items: on"],
  soundOff: ["新事项提示音：关", "Sound for new items: off"],
  clockRunning: ["计时钟在走", "clock running"],
  clockStopped: ["计时钟已停，等待处理", "clock stopped, table waiting"],
  newItem: ["新", "new"],
  waitedMin: ["已等 {n} 分钟", "waiting {n} min"],
  waitedHours: ["已等 {h} 小时 {m} 分钟", "waiting {h} h {m} min"],
  waitedDays: ["已等 {d} 天 {h} 小时", "waiting {d} d {h} h"],
  afterMove: ["第{n}手后", "after move {n}"],
  note: ["说明", "Note"],
  refereeRuling: ["裁判的判决", "The referee's ruling"],
  noRulingYet: ["尚未判决", "none yet"],
  openGame: ["打开对局", "Open the game"],
  wholeStory: ["全过程", "The whole story"],
  appealBy: ["申诉（{by}）", "Appeal ({by})"],
  storyStep: ["{name}（{role}）{time} {what}", "{name} ({role}) at {time}: {what}"],
  story_recorded: ["记录", "recorded"],
  story_escalated: ["报请{to}", "escalated to the {to}"],
  story_ruled: ["判决", "ruled"],
  story_appealed: ["{by}申诉", "{by} appealed"],
  story_decided: ["组委会裁决", "the committee decided"],
  story_attached: ["附上棋谱", "attached the game record"],
  signedBy: ["✓ 签名 {signer} 已验证", "✓ signed by {signer}, verified"],
  unsigned: ["未签名", "unsigned"],
  signingKey: ["签名密钥", "Signing key"],
  refusedRecords: ["被拒绝的记录", "Refused records"],
  refusalCode: ["代码", "Code"],
  actionsColumn: ["操作", "Actions"],
  recordedAnnounce: ["已记录", "Recorded"],
  quickActions: ["常用记录", "Quick records"],
  notLate: ["{colour}未迟到", "{colour} is not late"],
  undo: ["撤销（{s} 秒）", "Undo ({s} s)"],
  undone: ["已撤销", "Undone"],
  undoneAt: ["已撤销 {time}（{by}）", "undone {time} ({by})"],
  refusedByCentral: ["总部拒绝", "refused by the central office"],
  resend: ["重新发送", "Send again"],
  resentAdmitted: ["总部已接收", "The central office admitted it"],
  when: ["时间", "Time"],
  attachedRecord: ["棋谱", "Game record"],
  attachRecord: ["附上棋谱（SGF）", "Attach the game record (SGF)"],
  orPaste: ["或粘贴 SGF", "or paste the SGF"],
  attachWhichMove: ["所涉第几手（不填则查第一手违规）", "Which move (blank: the first illegal one)"],
  attach: ["附上", "Attach"],
  attachNothing: ["请选择或粘贴棋谱", "choose or paste a record"],
  attachMoveNo: ["手数须为正整数", "the move number must be a whole number from 1"],
  moveOf: ["第{n}手 {colour} {point}", "Move {n}, {colour} {point}"],
  pass: ["停一手", "pass"],
  legalMove: ["合法", "legal"],
  recordAllLegal: ["全谱{n}手均合法", "All {n} moves of the record are legal"],
  boardBefore: ["下图为第{n}手之前的局面，标记处为该手", "The board before move {n}; the marked point is that move"],
  replacedBy: ["已被{name}（{time}）的裁决取代", "replaced by {name}'s decision at {time}"],
  stillOpen: ["尚待处理", "Still open"],
  referee: ["裁判", "Referee"],
  startsAt: ["开始时间", "Starts at"],
  blackWins: ["黑胜", "Black wins"],
  whiteWins: ["白胜", "White wins"],
  draw: ["和棋", "Draw"],
  bothLose: ["双方判负", "Both lose"],
  overridePairing: ["改变编排（第三十一条四）", "Change the pairing (Art. 31.4)"],
  reason: ["理由", "Reason"],
  place: ["名次", "Place"],
  decidedBy: ["决定名次的依据", "Decided by"],
  changes: ["后来的裁决改变了的结果", "Results later decisions changed"],
  crosstable: ["对阵表", "Crosstable"],
  print: ["打印", "Print"],
  export: ["导出", "Export"],
  hall: ["大厅显示", "Hall display"],
  pending: ["{n} 局尚无结果：成绩为临时", "{n} games without a result: standings are provisional"],
  standingsChange: ["成绩变化", "Standings change"],
  noChange: ["名次不变", "No change in the standings"],
  refreshing: ["每 {n} 秒自动更新", "Refreshes every {n} s"],
  printedAt: ["打印时间", "Printed"],
  languageMenu: ["语言", "Language"],
  stonesUnit: ["{n}子", "{n} stones"],
  pointsUnit: ["{n}目", "{n} points"],
  resultCounted: ["{win}（{reason}，{art}）", "{win} ({reason}, {art})"],
  resultResigned: ["{win}（{art}）", "{win} ({art})"],
  resultLoses: ["{reason}：{loser}判负（{art}）", "{Reason}: {loser} loses ({art})"],
  resultOther: ["{outcome}（{reason}，{art}）", "{Outcome} ({reason}, {art})"],
  cWarning: ["警告：{c}（{art}），本局第{n}次", "Warning: {c} ({art}), {n} in this game"],
  cAdvice: ["劝告：{c}（{art}），不计入警告", "Advice: {c} ({art}), not a warning"],
  cPass: ["弃权一次：{c}（{art}）", "One pass imposed on {c} ({art})"],
  cClock: ["{c}时限扣除 {min} 分钟（{art}）", "{c}: {min} min taken off the clock ({art})"],
  cReport: ["申报大会组委会（{art}）", "Reported to the organising committee ({art})"],
  cAbsence: ["同意离席一次（{art}）", "Absence approved, once per game ({art})"],
  territoryDetail: ["（地{t} + 提子{p}）", " ({t} territory + {p} prisoners)"],
  dateAs: ["格式：{eg}", "as {eg}"],
  crPoints: ["积分", "Points"],
  crA: ["A 所胜对手积分＋所和对手积分之半", "A (beaten opponents' points + half of drawn opponents')"],
  crB: ["B 警告", "B (warnings)"],
  crTotal: ["总得分", "Total"],
  crOpponents: ["对手分项", "Opponents' term"],
  crReached: ["淘汰轮次", "Out in round"],
  crMatchPoints: ["场分", "Match points"],
  crPlayersLeft: ["剩余人数", "Players left"],
  crGamePoints: ["局分", "Game points"],
  crBoard: ["第{k}台局分", "Board {k}"],
  flaggedStays: [
    "本局已终局：此记录保留并提交裁判长，结果仍为{result}",
    "The game is decided: this record is kept and flagged for the chief arbiter; the result stays {result}",
  ],
  resultChanges: ["结果将由{from}改为{to}", "The result changes from {from} to {to}"],
  correctResult: ["更正结果", "Correct the result"],
  correctionCause: ["更正类别", "Kind of correction"],
  noResultAgain: ["取消结果（对局恢复）", "No result (the game reopens)"],
  corrections: ["结果更正", "Result corrections"],
  correctedBy: [
    "{role} {who} 更正：{from} → {to}（{cause}：{why}）",
    "Corrected by the {role} {who}: {from} → {to} ({cause}: {why})",
  ],
  enterResultAsk: ["录入结果：{game}，{result}？", "Enter the result of {game}: {result}?"],
  correctAsk: ["更正结果：{game}，{from} → {to}？", "Correct the result of {game}: {from} → {to}?"],
  resultEntered: ["已录入：{game}，{result}", "Entered: {game}, {result}"],
  undoEntryWhy: ["录入后30秒内撤销", "undone within 30 s of entry"],
  correct: ["更正", "Correct"],
  resultUndone: ["已撤销录入：{game}", "Entry undone: {game}"],
  // The rules and systems an organiser chooses among.
  rsChinese2: ["中国规则（1988）· 贴2子", "Chinese rules (1988) · komi 2 stones"],
  rsChinese275: ["中国规则 · 贴2¾子", "Chinese rules · komi 2¾ stones"],
  rsChinese375: ["中国规则 · 贴3¾子", "Chinese rules · komi 3¾ stones"],
  rsKorean: ["韩国棋院规则 · 贴6目半", "KBA rules · komi 6.5 points"],
  rsIng: ["应氏规则（计点制）· 贴8点", "Ing rules (SST) · komi 8 points"],
  sys_swiss: ["积分编排制", "Swiss (the Chinese rules')"],
  sys_round_robin: ["循环制", "round robin"],
  sys_double_round_robin: ["双循环制", "double round robin"],
  sys_mcmahon: ["麦克马洪制", "McMahon"],
  sys_opengotha_swiss: ["瑞士制（OpenGotha）", "Swiss (OpenGotha)"],
  sys_match: ["多局决胜制", "best-of-N match"],
  sys_knockout: ["淘汰制", "knockout"],
  sys_team: ["团体赛", "team event"],
  sys_leitai: ["擂台赛", "winner stays on"],
  team_round_robin: ["团体循环赛", "team round robin"],
  team_double_round_robin: ["团体双循环赛", "team double round robin"],
  team_swiss: ["团体积分编排赛", "team Swiss"],
  bestOf3: ["三局两胜", "best of 3"],
  bestOf5: ["五局三胜", "best of 5"],
  bestOf7: ["七局四胜", "best of 7"],
  bestOf10: ["十局制", "10 games"],
  lives1: ["单败淘汰", "single elimination"],
  lives2: ["双败淘汰", "double elimination"],
  lives3: ["多败淘汰（三败）", "out after 3 losses"],
  officeUnreachable: ["无法连接赛事办公室", "The office cannot be reached"],
  keptOffline: [
    "未送达办公室：已保存在本机，恢复连接后自动发送；其后果在送达时由办公室计算",
    "Not yet at the office: kept on this phone and sent by itself once the office can be reached; its " +
      "consequence is computed when it arrives",
  ],
  offlineNoPreview: [
    "离线：无法预览后果；确认后记录保存在本机，送达办公室时计算其后果",
    "Offline: no preview of the consequence; once confirmed, the record is kept on this phone and its " +
      "consequence is computed when it reaches the office",
  ],
  rulingsOffline: [
    "离线：以下是规则对此类事件可作的判决及其条件；办公室收到后按所填事实核对，不符则退回并说明原因",
    "Offline: the rulings the rules give for this kind of incident, each with its condition; the " +
      "office checks the facts on arrival and refuses one they do not allow, saying why",
  ],
  latenessOffline: [
    "离线：迟到计时需要赛事办公室。请填写双方各迟到的秒数（第二十三条），办公室收到后核对",
    "Offline: the late-arrival timer needs the office. Enter how many seconds each side was late (Art. " +
      "23); the office checks it on arrival",
  ],
  waitingHere: ["未送达办公室的记录", "Records not yet at the office"],
  tokenOrCode: ["令牌或登记码", "Token or enrollment code"],
  signInHelp: [
    "组织者输入令牌；裁判员、裁判长和组委会输入组织者发给的登记码（或扫描其二维码）",
    "The organiser types the token; referees, chief arbiters and the committee type the enrollment " +
      "code the organiser gave them (or scan its QR code)",
  ],
  enrollThisPhone: ["在本机登记", "Enroll this phone"],
  enrollLinkAsk: ["用登记码 {code} 在 {office} 登记本机", "Enroll this phone at {office} with code {code}"],
  certCompare: [
    "办公室证书指纹：{fp}（与办公室页面上的逐字核对）",
    "The office's certificate fingerprint: {fp} (compare it with the one on the office's page)",
  ],
  certDownload: [
    "首次使用：下载并安装办公室证书，让手机信任它",
    "First time: download and install the office's certificate so this phone trusts it",
  ],
  signOut: ["退出登录", "Sign out"],
  signedOut: ["本机已退出登录：{why}", "This phone was signed out: {why}"],
  cannotSignIn: ["无法登录：{why}", "Cannot sign in: {why}"],
  phoneLabel: ["手机浏览器", "phone browser"],
  offlineStart: [
    "无法连接赛事办公室。本机有 {n} 条记录待发送，连接恢复后自动发送。",
    "The office cannot be reached. {n} records wait on this phone and are sent by themselves once it can be.",
  ],
  yourTables: ["分派给我的台次", "Your tables"],
  otherTables: ["其他台次", "Other tables"],
  arrivalOffline: [
    "离线：{colour}于 {time} 入座。办公室收到后按这一时刻计时（第二十三条）并记录其结果",
    "Offline: {colour} sat down at {time}. The office times it at that moment once this reaches it " +
      "(Art. 23) and records what its timer finds",
  ],
  unsealAsk: [
    "第十四条：续赛时，裁判员当场启封。双方棋手都已在场吗？",
    "Art. 14: when play resumes the referee opens the sealed move on the spot. Are both players at the table?",
  ],
  unsealBothPresent: ["双方均在场：启封", "Both are here: open it"],
  unsealPresentAt: ["{time} 确认双方在场后启封", "Opened at {time}, both players present"],
  assignCover: ["换人代班", "assign a cover"],
  noReferee: ["未分派", "none assigned"],
  retry: ["重试", "Try again"],
  copy: ["复制", "Copy"],
  copied: ["已复制", "Copied"],
  receipts: ["回执", "Receipts"],
  waitToSend: [
    "{n} 条记录待发送，连接后自动发送",
    "waiting to send: {n} (they go by themselves once the office is back)",
  ],
  sending: ["{n} 条记录发送中", "sending {n}"],
  lastSentAt: ["上次发送 {t}", "last sent at {t}"],
  notEnrolledYet: [
    "本设备尚未登记：请输入办公室给的登记码，或扫描其二维码",
    "This device is not enrolled yet: type the code the office gave you, or scan its QR code",
  ],
  details: ["详情", "Details"],
  enrollLinkRead: [
    "已读取登记链接：将以登记码 {code} 在 {office} 登记本设备",
    "Link read: this device enrolls at {office} with code {code}",
  ],
  copyForChief: ["复制给裁判长（签名原文）", "Copy for the chief arbiter (the signed lines)"],
  notAtOffice: ["未送达办公室", "not yet at the office"],
  decidedHere: ["本机判定，待办公室确认", "decided on this device, awaiting the office"],
  decidesGame: ["决定本局：{result}", "decides the game: {result}"],
  decidesOnArrival: ["办公室收到后决定本局：{result}", "decides the game once the office has it: {result}"],
  enrolledTitle: ["本设备已登记", "This device is enrolled"],
  enrolledAs: ["登记为：{name}（{role}）", "Enrolled as: {name} ({role})"],
  enrolledEvent: ["赛事：{event}", "Event: {event}"],
  enrolledOffice: ["赛事办公室：{office}", "Office: {office}"],
  enrolledTables: ["你的台次：{tables}", "Your tables: {tables}"],
  enrolledTablesLater: ["台次在办公室发来赛事资料后显示", "Your tables show once the office has sent the event"],
  startWork: ["开始", "Start"],
  connecting: ["正在连接赛事办公室…", "Connecting to the office…"],
  device: ["本设备", "This device"],
  receiptsSummary: ["办公室已签收本设备的 {n} 条记录", "The office has signed for {n} records from this device"],
  receiptsNone: ["办公室尚未签收本设备的记录", "The office has not signed for any record from this device yet"],
  receiptsShow: ["查看回执", "Show the receipts"],
  receiptsForAuditor: [
    "给审核员：回执原文（办公室签名），已另存于本设备的数据文件夹",
    "For an auditor: the receipts as the office signed them, also saved in this device’s data folder",
  ],
  enrolledAllTables: ["办公室未给你分派台次：下面列出全部 {n} 台", "No tables are assigned to you: all {n} are listed"],
  tpTitle: ["本桌对局", "Your game"],
  tpEven: ["分先（不让子）", "Even game (no handicap)"],
  tpRules: ["规则与贴目", "Rules and komi"],
  tpKomiPoints: ["应氏规则（计点制）· 贴{n}点", "Ing rules (SST) · komi {n} points"],
  tpKomiStones: ["中国规则 · 贴{n}子", "Chinese rules · komi {n} stones"],
  tpTime: ["用时", "Time"],
  tpMain: ["每方{m}分钟", "{m} min each"],
  tpReserved: ["其中最后{r}分钟读秒（第十二条）", "the last {r} min as byo-yomi (Art. 12)"],
  tpPeriods: ["然后{p}次{s}秒读秒", "then {p} × {s} s byo-yomi"],
  tpCanadian: ["然后每{min}分钟{moves}手", "then {moves} moves in each {min} min"],
  tpFischer: ["每手加{s}秒", "plus {s} s a move"],
  tpLateness: ["迟到超过{m}分钟判负（第二十三条）", "Arriving more than {m} min late loses the game (Art. 23)"],
  tpStatus: ["对局状态", "The game"],
  tpWarnings: ["警告（第二次即判负，第二十五条二）", "Warnings (a second one loses the game, Art. 25.2)"],
  tpNoResult: ["尚无结果", "No result yet"],
  tpRightsTitle: ["你的权利（第二十一条）", "Your rights (Art. 21)"],
  tpRightKnow: [
    "知道你下的这盘棋：本页就是赛事办公室所知道的。",
    "To know your game: this page is what the office knows of it.",
  ],
  tpRightCall: [
    "请裁判（第二十一条二）：举手，请本桌裁判过来。",
    "To call the referee (Art. 21.2): raise your hand and ask the referee at your table.",
  ],
  tpRightCorrect: [
    "要求核对计数或更正结果（第二十一条三）：当场向本桌裁判提出。",
    "To have the count or the result checked or corrected (Art. 21.3): ask the referee at your table, there and then.",
  ],
  tpRightAppeal: [
    "通过组织委员会申诉（第二十一条四）：向本桌裁判提出，由裁判转交。",
    "To appeal to the organising committee (Art. 21.4): ask the referee at your table, who passes it on.",
  ],
  tpNotOnPhone: [
    "这些还不能在手机上办理：请向本桌裁判提出。",
    "None of these can be done on this phone yet: ask the referee at your table.",
  ],
  tpOver: ["这一轮已经结束", "This round is over"],
  tpUnknown: ["找不到这盘对局", "This game cannot be found"],
  tpCannotOpen: ["现在打不开本桌页面", "This table's page cannot be opened now"],
  tpScan: ["扫码查看本桌对局", "Scan to see your game"],
  printTableSheets: ["打印各台二维码", "Print the table QR sheets"],
} satisfies Record<string, [string, string]>;

export type Word = keyof typeof words;

const others: Record<"zh_hant" | "ko" | "ja", Record<Word, string>> = { zh_hant, ko, ja };

/** `word` in `l`, its placeholders as written. */
export function wordIn(l: Lang, word: Word): string {
  return l === "zh" ? words[word][0] : l === "en" ? words[word][1] : others[l][word];
}

/** Words a ruleset says its own way (docs/glossary.md, "Terms by ruleset"): Ing counts in
 * points (點) with a komi of points (貼點) and passes with a 虛手 (seed 003); the KBA counts
 * territory (地計算, seed 004). In 简体, English, 繁體, 한국어, 日本語. */
const BY_RULESET: Record<string, Partial<Record<Word, [string, string, string, string, string]>>> = {
  ing: {
    pointsUnit: ["{n}点", "{n} points", "{n}點", "{n}점", "{n}点"],
    komi: ["贴点", "Komi", "貼點", "덤", "コミ"],
    count: ["计点", "Count", "計點", "계점", "計点"],
    countBoard: ["计点棋盘", "Counting board", "計點棋盤", "계점판", "盤面で計点"],
    recordCount: ["记录计点结果", "Record the count", "記錄計點結果", "계점 기록", "計点を記録"],
    countByHand: [
      "直接输入计点结果",
      "Enter a count by hand",
      "直接輸入計點結果",
      "계점 직접 입력",
      "計点の結果を手入力",
    ],
    pass: ["虚手", "pass", "虛手", "패스", "パス"],
    recount: ["纠正计点", "Correct the count", "糾正計點", "계점 정정", "計点の訂正"],
  },
  korean: {
    count: ["数目", "Count", "數目", "계가", "地計算"],
    countBoard: ["数目棋盘", "Counting board", "數目棋盤", "계가판", "整地・地計算"],
    recordCount: ["记录数目结果", "Record the count", "記錄數目結果", "계가 기록", "地計算を記録"],
    countByHand: [
      "直接输入数目结果",
      "Enter a count by hand",
      "直接輸入數目結果",
      "계가 직접 입력",
      "地計算の結果を手入力",
    ],
    recount: ["纠正数目", "Correct the count", "糾正數目", "계가 정정", "地計算の訂正"],
  },
};

let preset: string | undefined;

/** The tournament's ruleset (its preset), for the words it says its own way. */
export function setRuleset(p: string | undefined): void {
  preset = p;
}

/** `word` in `l` as `ruleset` says it, its placeholders as written. */
export function rulesetWordIn(l: Lang, word: Word, ruleset: string | undefined = preset): string {
  const own = ruleset ? BY_RULESET[ruleset]?.[word] : undefined;
  return own ? own[["zh", "en", "zh_hant", "ko", "ja"].indexOf(l)] : wordIn(l, word);
}

/** Every word's key (for the tests that hold each language to all of them). */
export const WORDS = Object.keys(words) as Word[];

/** The app's own word in the current language, with `{n}`-style placeholders filled in. */
export function t(word: Word, vars: Record<string, string | number> = {}): string {
  let s = rulesetWordIn(lang, word);
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}
