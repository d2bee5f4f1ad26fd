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
  annul: ["撤销原判（不构成犯规）", "Annul (no foul happened)"],
  toMove: ["弃权一次后（{article}）轮{colour}下子", "After the imposed pass ({article}), {colour} is to move"],
  clock: ["计时", "Clock"],
  start: ["开钟", "Start"],
  reader: ["读秒", "Byo-yomi reader"],
  pressClock: ["按钟", "Press clock"],
  readerNotStarted: ["尚未开钟", "The clock has not started"],
  latenessTimer: ["迟到计时（第二十三条）", "Late arrival (Art. 23)"],
  arrived: ["{colour}到场", "{colour} arrived"],
  notHere: ["未到", "not here"],
  waited: ["开赛后", "Since the start"],
  lateLeft: ["允许迟到{m}分钟，剩余", "of {m} min allowed, left"],
  noRoundStart: ["本轮未设开赛时间", "This round has no start time"],
  record: ["记录", "Record"],
  reserveLeft: ["另有读秒 {n} 分钟", "then {n} min byo-yomi"],
  byoYomiLeft: ["读秒 · 还剩{n}分钟", "byo-yomi · {n} min left"],
  periodsThen: ["另有读秒 {n} 次 × {s} 秒", "then {n} × {s} s byo-yomi"],
  periodsLeft: ["读秒 · 还剩{n}次（每次{s}秒）", "byo-yomi · {n} × {s} s left"],
  blockThen: ["另有加拿大读秒：{n} 手 / {m}", "then Canadian: {n} moves in {m}"],
  blockLeft: ["加拿大读秒 · 还需 {n} 手", "Canadian · {n} moves to make"],
  fischerEach: ["费舍尔 · 每手加 {s} 秒", "Fischer · +{s} s a move"],
  timeUpProposal: ["{colour}超时（第二十三条五）：判负？", "{colour} ran out of time (Art. 23.5): loss?"],
  pause: ["暂停", "Pause"],
  resume: ["继续", "Resume"],
  seal: ["封棋", "Seal a move"],
  unseal: ["启封", "Unseal"],
  sealHint: ["封棋方在平板上输入封棋之点，他人看不到；记录中只保存其封印（第十四条）", "The sealing player enters the point on the tablet, hidden; the record keeps only its seal (Art. 14)"],
  sealNeeds: ["请选择封棋方并输入着点（如 Q16）", "Choose the sealing side and enter a point (e.g. Q16)"],
  sealedPoint: ["封棋之点：{p}", "Sealed move: {p}"],
  unsealFree: ["该点为空，续弈（第十四条）", "The point is free: play it (Art. 14)"],
  unsealOccupied: ["该点已有棋子（第二十二条）", "The point is occupied (Art. 22)"],
  point: ["着点", "Point"],
  sealer: ["封棋方", "Sealing side"],
  result: ["结果", "Result"],
  count: ["数子", "Count"],
  blackStones: ["黑方子数", "Black's stones"],
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
  unsentHelp: ["办公室尚未收到的本机记录（JSON 行）。本机被吊销时，请交裁判长审核，办公室不会自动合并", "This tablet's records the office has not received (JSON lines). If the tablet was revoked, hand them to the chief arbiter to review; the office never merges them by itself"],
  clockAhead: ["本机时钟比办公室快 {n} 分钟（事件按办公室时间记录）", "This tablet's clock is {n} minutes ahead of the office's (events carry the office's time)"],
  clockBehind: ["本机时钟比办公室慢 {n} 分钟（事件按办公室时间记录）", "This tablet's clock is {n} minutes behind the office's (events carry the office's time)"],
  lastError: ["错误", "Error"],
  syncNow: ["同步", "Sync"],
  nothingOpen: ["没有待处理事项", "Nothing to decide"],
  noTables: ["暂无对局（等待办公室编排）", "No games yet (waiting for the office's pairings)"],
  warnings: ["警告", "warnings"],
  token: ["令牌", "Token"],
  signIn: ["进入", "Sign in"],
  officePages: ["赛事办公室网页：组织者、裁判长、组委会凭令牌进入", "The office's pages: organisers, chief arbiters and the committee sign in with their token"],
  noResult: ["未终局", "no result yet"],
  refusedBecause: ["不能记录：", "Cannot record: "],
  resultWillBe: ["结果将为：", "Result will be: "],
  flagged: ["本局已终局：此记录将保留并提交裁判长", "The game has a result: this record will be kept and flagged for the chief arbiter"],
  none: ["无", "none"],
  // The office's pages: running the event.
  setup: ["比赛设置", "Set-up"],
  players: ["棋手", "Players"],
  officials: ["裁判人员", "Officials"],
  rounds: ["轮次", "Rounds"],
  standings: ["成绩", "Standings"],
  name: ["名称", "Name"],
  playerName: ["姓名", "Name"],
  tableNo: ["台次", "Table"],
  ruleset: ["规则", "Rules"],
  createTournament: ["创建比赛", "Create the tournament"],
  tournamentId: ["比赛编号（字母、数字、. _ -）", "Tournament id (letters, digits, . _ -)"],
  tournamentName: ["比赛名称", "Tournament name"],
  create: ["创建", "Create"],
  tokenOnce: ["组织者令牌只显示这一次：请妥善保存，凭它进入办公室网页", "The organiser's token is shown only this once: keep it, it signs you in to the office's pages"],
  continueSetUp: ["继续设置比赛", "Go on to the set-up"],
  komi: ["贴子", "Komi"],
  begin: ["开始日期", "First day"],
  end: ["结束日期", "Last day"],
  venue: ["地点", "Venue"],
  mainMinutes: ["基本时间（分钟）", "Main time (minutes)"],
  reservedMinutes: ["读秒保留时间（分钟）", "Reserved byo-yomi minutes"],
  allowedLateness: ["允许迟到（分钟）", "Allowed lateness (minutes)"],
  overtime: ["读秒方式", "Overtime"],
  otReserved: ["保留时间（第十二条）", "Reserved minutes (Art. 12)"],
  otPeriods: ["读秒次数（日韩）", "Byo-yomi periods"],
  otCanadian: ["加拿大读秒", "Canadian byo-yomi"],
  otFischer: ["费舍尔加秒", "Fischer increment"],
  otPeriodCount: ["读秒次数", "Periods"],
  otPeriodSeconds: ["每次（秒）", "Seconds each"],
  otCanMoves: ["每段手数", "Moves per block"],
  otCanMinutes: ["每段（分钟）", "Minutes per block"],
  otFischerSeconds: ["每手加（秒）", "Seconds added a move"],
  system: ["比赛办法", "System"],
  numberOfRounds: ["轮数", "Rounds"],
  sharedPlaces: ["允许名次并列（第二十八条 C；否则 D 加赛或抽签）", "Shared places allowed (Art. 28 C; otherwise D: play-off or lots)"],
  swissReading: ["总得分的理解", "Reading of the total"],
  readingTieBreak: ["作为同分时的区分（默认）", "As a tie-break within equal points (default)"],
  readingLiteral: ["按字面总分排名", "Rank by the printed total"],
  bar: ["上限（bar）", "Bar"],
  bestOf: ["局数（第二十七条四）", "Games (Art. 27.4)"],
  boards: ["台数（第二十六条二）", "Boards (Art. 26.2)"],
  teamPairing: ["团体编排", "Teams meet by"],
  lives: ["几败淘汰（第二十七条一）", "Out after (Art. 27.1)"],
  floor: ["下限（floor）", "Floor"],
  save: ["保存", "Save"],
  saved: ["已保存", "Saved"],
  rank: ["段位", "Rank"],
  club: ["单位", "Club"],
  team: ["队", "Team"],
  addPlayer: ["登记棋手", "Register a player"],
  pasteCsv: ["粘贴名单（姓名,段位,单位,队,台次）", "Paste a list (name,rank,club,team,board)"],
  importCsv: ["导入名单", "Import the list"],
  importFile: ["导入文件（CSV 或 OpenGotha XML）", "Import a file (CSV or OpenGotha XML)"],
  imported: ["已导入 {n} 名棋手", "{n} players imported"],
  withdraw: ["退出比赛", "Withdraw"],
  withdrawAfter: ["在第几轮后退出（第二十九条）", "Withdrew after round (Art. 29)"],
  withdrawn: ["已退出（第{n}轮后）", "withdrew after round {n}"],
  role: ["职务", "Role"],
  register: ["登记", "Register"],
  issueCode: ["发登记码", "Issue a code"],
  codeFor: ["{name} 的登记码（只显示一次）", "Code for {name} (shown once)"],
  assignTables: ["分派台次（第三十一条三）", "Assign tables (Art. 31.3)"],
  tablesList: ["台次，如 1-5,8", "Tables, e.g. 1-5,8"],
  pairRound: ["编排第{n}轮", "Pair round {n}"],
  notPaired: ["本轮尚未编排", "Not paired yet"],
  bye: ["轮空", "Bye"],
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
} satisfies Record<string, [string, string]>;

export type Word = keyof typeof words;

/** The app's own word in the current language, with `{n}`-style placeholders filled in. */
export function t(word: Word, vars: Record<string, string | number> = {}): string {
  let s = words[word][lang === "zh" ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}
