//! The free-text details the wire format's and the organiser's refusals carry (the `message` of
//! [`DomainError::InvalidField`], `InField` and `OutOfRange`, and the names put in them), said in
//! each language. The refusal keeps its shape (an English `String`); here each detail an
//! organiser or referee meets is matched against its English template and said again in the
//! screen's language. A detail with no template (a parser's own words: serde's, the XML
//! reader's) is quoted as it came, as code, not mixed into the sentence.
//!
//! [`DomainError::InvalidField`]: super::DomainError::InvalidField

use crate::labels::Lang;

/// The names of values a refusal may be about (`what`, an id's `kind`), as each language says
/// them: (English, 简体, 繁體, 한국어, 日本語).
const NAMES: &[(&str, [&str; 4])] = &[
    ("an undo", ["撤销", "撤回", "되돌리기", "元に戻す操作"]),
    ("board", ["台次", "臺次", "판", "盤"]),
    ("count", ["数子结果", "數子結果", "계가 결과", "計算の結果"]),
    ("country", ["国家或地区代码", "國家或地區代碼", "국가 코드", "国・地域コード"]),
    ("criterion", ["排名依据", "排名依據", "순위 기준", "順位の基準"]),
    ("device", ["设备", "裝置", "기기", "端末"]),
    ("event", ["事件", "事件", "이벤트", "イベント"]),
    ("game", ["对局", "對局", "대국", "対局"]),
    ("incident", ["事件", "事件", "상황", "事案"]),
    ("knockout", ["淘汰制", "淘汰制", "토너먼트", "トーナメント"]),
    ("komi", ["贴子", "貼子", "덤", "コミ"]),
    ("komi_points", ["贴还点数", "貼還點數", "덤", "コミ"]),
    ("leitai", ["擂台赛", "擂臺賽", "연승전", "勝ち抜き戦"]),
    ("match", ["多局决胜制", "多局決勝制", "번기", "番勝負"]),
    ("person", ["裁判人员", "裁判人員", "심판원", "審判員"]),
    ("pin", ["欧洲棋手编号", "歐洲棋手編號", "유럽 선수 번호", "欧州選手番号"]),
    ("opengotha file", ["OpenGotha 文件", "OpenGotha 檔案", "OpenGotha 파일", "OpenGotha ファイル"]),
    ("h9 file", ["h9 成绩文件", "h9 成績檔案", "h9 결과 파일", "h9 結果ファイル"]),
    (
        "tou file",
        [
            "法国围棋协会成绩文件",
            "法國圍棋協會成績檔案",
            "프랑스 바둑 협회 결과 파일",
            "フランス囲碁連盟の結果ファイル",
        ],
    ),
    ("sgf", ["棋谱文件", "棋譜檔案", "기보 파일", "棋譜ファイル"]),
    ("event line", ["事件行", "事件行", "이벤트 행", "イベント行"]),
    ("request", ["请求", "請求", "요청", "リクエスト"]),
    ("players csv", ["棋手名单文件", "棋手名單檔案", "선수 명단 파일", "選手名簿ファイル"]),
    ("rating", ["等级分", "等級分", "레이팅", "レーティング"]),
    ("rating list", ["等级分名单", "等級分名單", "레이팅 목록", "レーティング一覧"]),
    ("player", ["棋手", "棋手", "선수", "選手"]),
    ("point", ["着点", "著點", "착점", "着点"]),
    ("rank", ["段位", "段位", "단급", "段級位"]),
    ("round", ["轮次", "輪次", "라운드", "回戦"]),
    ("round robin", ["循环制", "循環制", "리그", "リーグ"]),
    ("settings", ["设置", "設定", "설정", "設定"]),
    ("team", ["队", "隊", "팀", "チーム"]),
    ("this", ["此项", "此項", "이 항목", "この項目"]),
    ("time control", ["用时规定", "用時規定", "제한 시간 규정", "持ち時間の規定"]),
    ("tournament", ["比赛", "比賽", "대회", "大会"]),
    ("venue", ["赛区", "賽區", "경기장", "会場"]),
];

/// The details an organiser or referee meets, by their English template (`{}` a value put in),
/// in 简体, 繁體, 한국어 and 日本語 (`{0}`, `{1}` … the values in the English order).
const DETAILS: &[(&str, [&str; 4])] = &[
    // Players pasted or uploaded (name,rank[,club[,team[,board]]]).
    (
        "a name of 1 to 100 characters is needed",
        [
            "须填写姓名（1 至 100 个字）",
            "須填寫姓名（1 至 100 個字）",
            "이름이 필요합니다(1~100자)",
            "名前が必要です（1〜100文字）",
        ],
    ),
    (
        "`{}` has no rank (name,rank[,club[,team[,board]]])",
        [
            "`{0}` 没有段位（姓名,段位[,单位[,队[,台次]]]）",
            "`{0}` 沒有段位（姓名,段位[,單位[,隊[,臺次]]]）",
            "`{0}`에 단급이 없습니다(이름,단급[,클럽[,팀[,판]]])",
            "`{0}` に段級位がありません（名前,段級位[,クラブ[,チーム[,盤]]]）",
        ],
    ),
    (
        "{} columns; expected name,rank[,club[,team[,board]]]",
        [
            "有 {0} 列；应为 姓名,段位[,单位[,队[,台次]]]",
            "有 {0} 欄；應為 姓名,段位[,單位[,隊[,臺次]]]",
            "열이 {0}개입니다. 이름,단급[,클럽[,팀[,판]]] 형식이어야 합니다",
            "{0} 列あります。名前,段級位[,クラブ[,チーム[,盤]]] の形にしてください",
        ],
    ),
    ("no players in the text", ["名单中没有棋手", "名單中沒有棋手", "목록에 선수가 없습니다", "一覧に選手がいません"]),
    (
        "`{}` is not a rank (e.g. `3d`, `5k`, `1p`)",
        [
            "`{0}` 不是段位（如 `业余3段`、`5级`、`职业9段`、`3d`）",
            "`{0}` 不是段位（如 `業餘3段`、`5級`、`職業9段`、`初段`）",
            "`{0}`은(는) 단급이 아닙니다(예: `아마 3단`, `5급`, `프로 9단`, `초단`)",
            "`{0}` は段級位ではありません（例：`アマ三段`、`5級`、`プロ九段`、`初段`）",
        ],
    ),
    (
        "`{}` is not a rank: dan ranks run from 1 to 9",
        [
            "`{0}` 不是段位：段位为 1 至 9 段",
            "`{0}` 不是段位：段位為 1 至 9 段",
            "`{0}`은(는) 단급이 아닙니다. 단은 1단부터 9단까지입니다",
            "`{0}` は段級位ではありません。段位は初段から九段までです",
        ],
    ),
    (
        "`{}` is not a rank: kyu ranks run from 1 to 30",
        [
            "`{0}` 不是段位：级位为 1 至 30 级",
            "`{0}` 不是段位：級位為 1 至 30 級",
            "`{0}`은(는) 단급이 아닙니다. 급은 1급부터 30급까지입니다",
            "`{0}` は段級位ではありません。級位は1級から30級までです",
        ],
    ),
    (
        "`{}` is not a rank: a professional has no kyu rank",
        [
            "`{0}` 不是段位：职业棋手没有级位",
            "`{0}` 不是段位：職業棋士沒有級位",
            "`{0}`은(는) 단급이 아닙니다. 프로 기사에게는 급이 없습니다",
            "`{0}` は段級位ではありません。プロ棋士に級位はありません",
        ],
    ),
    (
        "`{}` is not a board: 1 to {}",
        [
            "`{0}` 不是台次：应为 1 至 {1}",
            "`{0}` 不是臺次：應為 1 至 {1}",
            "`{0}`은(는) 판 번호가 아닙니다: 1~{1}",
            "`{0}` は盤の番号ではありません：1〜{1}",
        ],
    ),
    (
        "dan ranks run from 1 to 9",
        ["段位为 1 至 9 段", "段位為 1 至 9 段", "단은 1단부터 9단까지입니다", "段位は初段から九段までです"],
    ),
    (
        "kyu ranks run from 1k to 30k",
        ["级位为 1 至 30 级", "級位為 1 至 30 級", "급은 1급부터 30급까지입니다", "級位は1級から30級までです"],
    ),
    (
        "expected e.g. 5k, 3d or 9p",
        [
            "应写作如 `5k`、`3d` 或 `9p`",
            "應寫作如 `5k`、`3d` 或 `9p`",
            "`5k`, `3d`, `9p`처럼 쓰세요",
            "`5k`、`3d`、`9p` のように書いてください",
        ],
    ),
    // Points of the board, counting and komi.
    (
        "`{}` is not a board point (columns A–T without I, rows 1–19, e.g. Q16)",
        [
            "`{0}` 不是棋盘上的点（列 A–T，无 I；行 1–19；如 Q16）",
            "`{0}` 不是棋盤上的點（列 A–T，無 I；行 1–19；如 Q16）",
            "`{0}`은(는) 바둑판의 점이 아닙니다(열 A–T, I 제외, 행 1–19, 예: Q16)",
            "`{0}` は盤上の点ではありません（列 A–T、I を除く、行 1–19、例：Q16）",
        ],
    ),
    (
        "{} is off the {}×{} board",
        [
            "{0} 不在 {1}×{2} 的棋盘上",
            "{0} 不在 {1}×{2} 的棋盤上",
            "{0}은(는) {1}×{2} 판 밖입니다",
            "{0} は {1}×{2} の盤の外です",
        ],
    ),
    (
        "({}, {}) is off the 19×19 board",
        [
            "({0}, {1}) 不在 19×19 的棋盘上",
            "({0}, {1}) 不在 19×19 的棋盤上",
            "({0}, {1})은(는) 19×19 판 밖입니다",
            "({0}, {1}) は 19×19 の盤の外です",
        ],
    ),
    ("{} is given twice", ["{0} 重复", "{0} 重複", "{0}이(가) 두 번 들어 있습니다", "{0} が二度あります"]),
    ("there is no stone on {}", ["{0} 上没有棋子", "{0} 上沒有棋子", "{0}에 돌이 없습니다", "{0} に石がありません"]),
    (
        "a stone is marked dead twice",
        [
            "同一死子标记了两次",
            "同一死子標記了兩次",
            "같은 사석이 두 번 표시되었습니다",
            "同じ死に石が二度示されています",
        ],
    ),
    (
        "board size {}: 9, 13 or 19 only",
        [
            "棋盘 {0} 路：只可为 9、13 或 19 路",
            "棋盤 {0} 路：只可為 9、13 或 19 路",
            "판 크기 {0}: 9, 13, 19줄만 됩니다",
            "盤の大きさ {0}：9、13、19路のみです",
        ],
    ),
    (
        "a result by count is recorded for 19×19 games; this board is {}×{}",
        [
            "只有 19×19 的对局记录数子结果；此棋盘为 {0}×{1}",
            "只有 19×19 的對局記錄數子結果；此棋盤為 {0}×{1}",
            "계가 결과는 19×19 대국에만 기록합니다. 이 판은 {0}×{1}입니다",
            "計算の結果を記録するのは 19×19 の対局だけです。この盤は {0}×{1} です",
        ],
    ),
    (
        "{} stones is not one of the rules' values 2, 2.75 or 3.75",
        [
            "{0} 子不是规则所定的 2、2¾ 或 3¾ 子",
            "{0} 子不是規則所定的 2、2¾ 或 3¾ 子",
            "{0}점은 규칙의 2, 2¾, 3¾점이 아닙니다",
            "{0}子は規則の定める 2、2¾、3¾子ではありません",
        ],
    ),
    (
        "{} stones is more than the board's 361 points",
        [
            "{0} 子超过棋盘的 361 点",
            "{0} 子超過棋盤的 361 點",
            "{0}점은 판의 361점보다 많습니다",
            "{0}子は盤の361点より多いです",
        ],
    ),
    (
        "{} must be a multiple of ½ between 0 and 361",
        [
            "{0} 须为 0 至 361 之间 ½ 的倍数",
            "{0} 須為 0 至 361 之間 ½ 的倍數",
            "{0}은(는) 0~361 사이의 ½ 단위여야 합니다",
            "{0} は 0〜361 の ½ 刻みにしてください",
        ],
    ),
    (
        "{} (in stones for area counting)",
        ["{0}（数子法以子计）", "{0}（數子法以子計）", "{0}(계자법은 점 단위)", "{0}（数子法では子で数える）"],
    ),
    (
        "{} points must be a multiple of 0.5 between 0 and 100",
        [
            "{0} 目须为 0 至 100 之间 0.5 的倍数",
            "{0} 目須為 0 至 100 之間 0.5 的倍數",
            "{0}집은 0~100 사이의 0.5 단위여야 합니다",
            "{0}目は 0〜100 の 0.5 刻みにしてください",
        ],
    ),
    (
        "{} points: the Ing rules give 8, or 6, 4, 2, 0 by rank difference",
        [
            "{0} 点：应氏规则贴 8 点，或按局差贴 6、4、2、0 点",
            "{0} 點：應氏規則貼 8 點，或按局差貼 6、4、2、0 點",
            "{0}점: 응씨 규칙의 덤은 8점, 또는 기력 차에 따라 6, 4, 2, 0점입니다",
            "{0}点：応氏規則のコミは8点、または手合い差により6、4、2、0点です",
        ],
    ),
    ("at most 100", ["至多 100", "至多 100", "최대 100", "最大 100"]),
    (
        "expected a whole number, found {}",
        [
            "应为整数，而不是 {0}",
            "應為整數，而不是 {0}",
            "정수여야 하는데 {0}입니다",
            "整数にしてください（{0} ではなく）",
        ],
    ),
    // The clock (第十二条).
    (
        "give reserved_minutes (Art. 12) or overtime, not both",
        [
            "保留时间（第十二条）与读秒方式只可选一",
            "保留時間（第十二條）與讀秒方式只可選一",
            "보유 시간(제12조)과 초읽기 방식 중 하나만 정하세요",
            "保留時間（第十二条）と秒読みの方式はどちらか一方だけにしてください",
        ],
    ),
    (
        "give reserved_minutes (Art. 12) or an overtime system",
        [
            "请设定保留时间（第十二条）或读秒方式",
            "請設定保留時間（第十二條）或讀秒方式",
            "보유 시간(제12조)이나 초읽기 방식을 정하세요",
            "保留時間（第十二条）か秒読みの方式を決めてください",
        ],
    ),
    (
        "main time: at most 600 minutes",
        ["基本时间至多 600 分钟", "基本時間至多 600 分鐘", "기본 시간은 최대 600분입니다", "持ち時間は最大600分です"],
    ),
    (
        "Art. 12.2: the {} reserved byo-yomi minutes are kept within the time limit, which is only {} minutes",
        [
            "第十二条二：保留的{0}分钟读秒在时限之内，而时限只有{1}分钟",
            "第十二條二：保留的{0}分鐘讀秒在時限之內，而時限只有{1}分鐘",
            "제12조 2: 초읽기로 남기는 {0}분은 제한시간 안에 있어야 하는데, 제한시간이 {1}분뿐입니다",
            "第十二条二：秒読みに残す{0}分は持ち時間の内に含まれますが、持ち時間は{1}分しかありません",
        ],
    ),
    (
        "Art. 14: {} is not the sealed move (it does not match the seal)",
        [
            "第十四条：{0} 不是封棋之点（与封印不符）",
            "第十四條：{0} 不是封棋之點（與封印不符）",
            "제14조: {0}은(는) 봉수한 착점이 아닙니다(봉인과 맞지 않음)",
            "第十四条：{0} は封じ手ではありません（封印と一致しません）",
        ],
    ),
    // Rounds, pairings and systems (第二十七条).
    ("rounds are numbered from 1", ["轮次从 1 起算", "輪次從 1 起算", "라운드는 1부터 셉니다", "回戦は1から数えます"]),
    (
        "round {} is outside 1–{}",
        [
            "第 {0} 轮不在 1–{1} 之内",
            "第 {0} 輪不在 1–{1} 之內",
            "제{0}라운드는 1~{1} 밖입니다",
            "第{0}回戦は 1〜{1} の外です",
        ],
    ),
    (
        "round {} is already paired",
        [
            "第 {0} 轮已编排",
            "第 {0} 輪已編排",
            "제{0}라운드는 이미 대진했습니다",
            "第{0}回戦はすでに組み合わせ済みです",
        ],
    ),
    (
        "round {} is outside this round robin's 1–{}",
        [
            "第 {0} 轮不在本循环赛的 1–{1} 轮之内",
            "第 {0} 輪不在本循環賽的 1–{1} 輪之內",
            "제{0}라운드는 이 리그의 1~{1} 밖입니다",
            "第{0}回戦はこのリーグの 1〜{1} の外です",
        ],
    ),
    (
        "round {} has {} player(s) available; a pairing needs two",
        [
            "第 {0} 轮只有 {1} 名棋手可赛；编排至少需要两名",
            "第 {0} 輪只有 {1} 名棋手可賽；編排至少需要兩名",
            "제{0}라운드에 둘 수 있는 선수가 {1}명입니다. 대진에는 두 명이 필요합니다",
            "第{0}回戦に出られる選手は{1}人です。組み合わせには二人必要です",
        ],
    ),
    (
        "the bracket has no round {}",
        [
            "对阵图中没有第 {0} 轮",
            "對陣圖中沒有第 {0} 輪",
            "대진표에 제{0}라운드가 없습니다",
            "組み合わせ表に第{0}回戦はありません",
        ],
    ),
    (
        "round {}: {} and {} are both still in; their game needs a result",
        [
            "第 {0} 轮：{1} 与 {2} 都未被淘汰；须先录入其对局结果",
            "第 {0} 輪：{1} 與 {2} 都未被淘汰；須先輸入其對局結果",
            "제{0}라운드: {1}와(과) {2} 모두 남아 있습니다. 그 대국의 결과가 필요합니다",
            "第{0}回戦：{1} と {2} はどちらも残っています。その対局の結果が必要です",
        ],
    ),
    (
        "needs at least two entrants",
        ["至少需要两名参赛者", "至少需要兩名參賽者", "참가자가 두 명 이상 필요합니다", "参加者が二人以上必要です"],
    ),
    (
        "standings need at least one round",
        [
            "成绩至少需要一轮",
            "成績至少需要一輪",
            "순위에는 라운드가 하나 이상 필요합니다",
            "順位を出すには回戦が一つ以上必要です",
        ],
    ),
    (
        "a match is between two players, not {}",
        [
            "多局决胜制为两人对局，而不是 {0} 人",
            "多局決勝制為兩人對局，而不是 {0} 人",
            "번기는 두 선수의 대결입니다({0}명이 아님)",
            "番勝負は二人の対局です（{0}人ではありません）",
        ],
    ),
    (
        "best of {}: the rules name 3, 5, 7 or 10 games (Art. 27.4)",
        [
            "{0} 局：规则规定 3、5、7 或 10 局（第二十七条四）",
            "{0} 局：規則規定 3、5、7 或 10 局（第二十七條四）",
            "{0}번기: 규칙은 3, 5, 7, 10판을 정합니다(제27조 4항)",
            "{0}番勝負：規則は3、5、7、10局を定めています（第二十七条第四項）",
        ],
    ),
    (
        "game {} is outside this match's 1–{}",
        [
            "第 {0} 局不在本多局决胜的 1–{1} 局之内",
            "第 {0} 局不在本多局決勝的 1–{1} 局之內",
            "제{0}국은 이 번기의 1~{1} 밖입니다",
            "第{0}局はこの番勝負の 1〜{1} の外です",
        ],
    ),
    (
        "the match is decided ({}–{} in points): no game {}",
        [
            "胜负已定（积分 {0}–{1}）：不再下第 {2} 局",
            "勝負已定（積分 {0}–{1}）：不再下第 {2} 局",
            "승부가 났습니다(승점 {0}–{1}): 제{2}국은 없습니다",
            "勝敗は決しました（勝ち点 {0}–{1}）：第{2}局はありません",
        ],
    ),
    (
        "a player withdrew: the unplayed games are the opponent's wins (Art. 29.4)",
        [
            "棋手已退出：未赛各局均作对方胜（第二十九条四）",
            "棋手已退出：未賽各局均作對方勝（第二十九條四）",
            "선수가 기권했습니다: 남은 대국은 상대의 승리입니다(제29조 4항)",
            "選手が棄権しました：未対局は相手の勝ちです（第二十九条第四項）",
        ],
    ),
    (
        "out after {} losses: a knockout runs with 1 (single), 2 (double) or 3 (multiple elimination) (Art. 27.1)",
        [
            "{0} 败淘汰：淘汰制为单败、双败或三败（第二十七条一）",
            "{0} 敗淘汰：淘汰制為單敗、雙敗或三敗（第二十七條一）",
            "{0}패 탈락: 토너먼트는 1패, 2패, 3패 탈락만 됩니다(제27조 1항)",
            "{0}敗で敗退：トーナメントは1敗、2敗、3敗のみです（第二十七条第一項）",
        ],
    ),
    (
        "a winner-stays-on match is between two teams, not {} (Art. 27.6)",
        [
            "擂台赛为两队对抗，而不是 {0} 队（第二十七条六）",
            "擂臺賽為兩隊對抗，而不是 {0} 隊（第二十七條六）",
            "연승전은 두 팀의 대결입니다({0}팀이 아님, 제27조 6항)",
            "勝ち抜き戦は二チームの対戦です（{0}チームではありません、第二十七条第六項）",
        ],
    ),
    (
        "the winner-stays-on match is over: {} won",
        [
            "擂台赛已结束：{0} 获胜",
            "擂臺賽已結束：{0} 獲勝",
            "연승전이 끝났습니다: {0} 승리",
            "勝ち抜き戦は終わりました：{0} の勝ち",
        ],
    ),
    (
        "both teams' last players lost: the organising committee decides",
        [
            "双方最后一名队员均负：由大会组委会决定",
            "雙方最後一名隊員均負：由大會組委會決定",
            "두 팀의 마지막 선수가 모두 졌습니다: 조직위원회가 결정합니다",
            "両チームの最後の選手がともに負けました：組織委員会が決めます",
        ],
    ),
    (
        "a team event needs two teams or more, not {}",
        [
            "团体赛至少需要两队，而不是 {0} 队",
            "團體賽至少需要兩隊，而不是 {0} 隊",
            "단체전에는 두 팀 이상이 필요합니다({0}팀이 아님)",
            "団体戦には二チーム以上が必要です（{0}チームではありません）",
        ],
    ),
    (
        "a team match has 1 to {} boards, not {}",
        [
            "团体对抗为 1 至 {0} 台，而不是 {1} 台",
            "團體對抗為 1 至 {0} 臺，而不是 {1} 臺",
            "단체전은 1~{0}판입니다({1}판이 아님)",
            "団体戦は1〜{0}盤です（{1}盤ではありません）",
        ],
    ),
    (
        "{} ({}) has no team: a team event needs one (Art. 26.2)",
        [
            "{0}（{1}）没有所属队：团体赛须有（第二十六条二）",
            "{0}（{1}）沒有所屬隊：團體賽須有（第二十六條二）",
            "{0}({1})에게 팀이 없습니다: 단체전에는 팀이 필요합니다(제26조 2항)",
            "{0}（{1}）にチームがありません：団体戦にはチームが必要です（第二十六条第二項）",
        ],
    ),
    (
        "team {} has {} player(s) for {} boards",
        [
            "{0} 队只有 {1} 名队员，不够 {2} 台",
            "{0} 隊只有 {1} 名隊員，不夠 {2} 臺",
            "{0} 팀은 {2}판에 선수가 {1}명뿐입니다",
            "チーム {0} は {2} 盤に対して選手が {1} 人です",
        ],
    ),
    ("no team {}", ["没有 {0} 队", "沒有 {0} 隊", "{0} 팀이 없습니다", "チーム {0} はありません"]),
    (
        "{} is not an entrant",
        ["{0} 不是参赛者", "{0} 不是參賽者", "{0}은(는) 참가자가 아닙니다", "{0} は参加者ではありません"],
    ),
    (
        "{} or {} is not an entrant",
        [
            "{0} 或 {1} 不是参赛者",
            "{0} 或 {1} 不是參賽者",
            "{0} 또는 {1}은(는) 참가자가 아닙니다",
            "{0} または {1} は参加者ではありません",
        ],
    ),
    (
        "McMahon bar {} is below the floor {}",
        [
            "麦克马洪上限 {0} 低于下限 {1}",
            "麥克馬洪上限 {0} 低於下限 {1}",
            "맥마흔 상한 {0}이(가) 하한 {1}보다 낮습니다",
            "マクマホンの上限 {0} が下限 {1} より低いです",
        ],
    ),
    // Ids (a slug a referee reads off a score sheet; an event's UUID).
    ("it is empty", ["为空", "為空", "비어 있습니다", "空です"]),
    ("it is longer than 64 bytes", ["超过 64 字节", "超過 64 位元組", "64바이트보다 깁니다", "64バイトより長いです"]),
    (
        "only letters, digits, '.', '_' and '-' are allowed",
        [
            "只可用字母、数字和 . _ -",
            "只可用字母、數字和 . _ -",
            "영문자, 숫자, . _ -만 쓸 수 있습니다",
            "英字、数字、. _ - だけが使えます",
        ],
    ),
    (
        "event ids must be UUID version 7",
        [
            "事件编号须为 UUID 第 7 版",
            "事件編號須為 UUID 第 7 版",
            "이벤트 ID는 UUID 버전 7이어야 합니다",
            "イベントIDは UUID バージョン7にしてください",
        ],
    ),
    // Records attached (SGF).
    (
        "the record has {} moves; there is no move {}",
        [
            "棋谱共 {0} 手，没有第 {1} 手",
            "棋譜共 {0} 手，沒有第 {1} 手",
            "기보는 {0}수까지이며 {1}수째는 없습니다",
            "棋譜は{0}手までで、{1}手目はありません",
        ],
    ),
    (
        "the record is {} bytes; at most {} may be attached",
        [
            "棋谱有 {0} 字节；至多可附 {1} 字节",
            "棋譜有 {0} 位元組；至多可附 {1} 位元組",
            "기보가 {0}바이트입니다. 최대 {1}바이트까지 첨부할 수 있습니다",
            "棋譜は{0}バイトです。添付できるのは最大{1}バイトです",
        ],
    ),
];

/// `name` (a `what` or an id's `kind`) in `l`; a name without a row is quoted as code.
pub(super) fn name(name: &str, l: Lang) -> String {
    if l == Lang::En {
        return name.to_owned();
    }
    match NAMES.iter().find(|(en, _)| *en == name) {
        Some((_, said)) => pick(said, l).to_owned(),
        None => code(name),
    }
}

/// The detail `m` (English, as the refusal carries it) in `l`.
pub(super) fn detail(m: &str, l: Lang) -> String {
    if l == Lang::En {
        return m.to_owned();
    }
    for (en, said) in DETAILS {
        if let Some(values) = holes(en, m) {
            let mut out = pick(said, l).to_owned();
            for (i, v) in values.iter().enumerate() {
                out = out.replace(&format!("{{{i}}}"), v);
            }
            return out;
        }
    }
    // A value's own refusal carried inside a line's (`line 3` … `rank: …`): its name, then it.
    if let Some((what, rest)) = m.split_once(": ") {
        if NAMES.iter().any(|(en, _)| *en == what) {
            let sep = if l == Lang::Ko { ": " } else { "：" };
            return format!("{}{sep}{}", name(what, l), detail(rest, l));
        }
    }
    code(m)
}

/// An untranslated detail as code: between backticks, its own backticks turned to ‘ ’.
fn code(m: &str) -> String {
    let mut inner = String::with_capacity(m.len());
    let mut open = true;
    for c in m.chars() {
        if c == '`' {
            inner.push(if open { '‘' } else { '’' });
            open = !open;
        } else {
            inner.push(c);
        }
    }
    format!("`{inner}`")
}

fn pick(said: &[&'static str; 4], l: Lang) -> &'static str {
    match l {
        Lang::Zh | Lang::En => said[0],
        Lang::ZhHant => said[1],
        Lang::Ko => said[2],
        Lang::Ja => said[3],
    }
}

/// The values `m` puts in `template`'s `{}` holes, if it is that template.
fn holes(template: &str, m: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = template.split("{}").collect();
    let (first, rest) = parts.split_first()?;
    let mut at = m.strip_prefix(first)?;
    let mut values = Vec::new();
    for (i, lit) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        let end = if last {
            if !at.ends_with(lit) {
                return None;
            }
            at.len() - lit.len()
        } else if lit.is_empty() {
            return None;
        } else {
            at.find(lit)?
        };
        values.push(at[..end].to_owned());
        at = &at[end + lit.len()..];
    }
    (!rest.is_empty() || at.is_empty()).then_some(values)
}

/// Every name and detail template in all five languages (English first), for the crate's
/// language checks.
#[cfg(test)]
pub(crate) fn every_detail() -> Vec<[String; 5]> {
    // A name's English is the code it is matched by (`leitai`), not words: left out.
    let names = NAMES.iter().map(|(_, [zh, zh_hant, ko, ja])| [zh, &"", zh_hant, ko, ja]);
    let details = DETAILS.iter().map(|(en, [zh, zh_hant, ko, ja])| [zh, en, zh_hant, ko, ja]);
    names.chain(details).map(|five| five.map(|s| (*s).to_owned())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_detail_is_said_in_each_language_and_an_unknown_one_is_quoted() {
        let csv = "a name of 1 to 100 characters is needed";
        assert_eq!(detail(csv, Lang::Zh), "须填写姓名（1 至 100 个字）");
        assert_eq!(detail(csv, Lang::En), csv);
        assert_eq!(detail("round 4 is outside 1–3", Lang::Ko), "제4라운드는 1~3 밖입니다");
        assert_eq!(detail("board size 7: 9, 13 or 19 only", Lang::Ja), "盤の大きさ 7：9、13、19路のみです");
        assert_eq!(
            detail("rank: `x` is not a rank (e.g. `3d`, `5k`, `1p`)", Lang::ZhHant),
            "段位：`x` 不是段位（如 `業餘3段`、`5級`、`職業9段`、`初段`）"
        );
        // A rank refused for each reason, in the words and the examples of each language.
        for bad in ["3x", "10段", "31k", "职业5级"] {
            let Err(crate::error::DomainError::OutOfRange { message, .. }) = crate::model::Rank::read_written(bad)
            else {
                panic!("{bad} is read as a rank");
            };
            for l in [Lang::Zh, Lang::ZhHant, Lang::Ko, Lang::Ja] {
                let said = detail(&message, l);
                assert!(said.starts_with(&format!("`{bad}`")) && !said.contains("is not"), "{bad} in {l:?}: {said}");
            }
        }
        assert_eq!(
            detail("`아마 5단` is not a rank (e.g. `3d`, `5k`, `1p`)", Lang::Ko),
            "`아마 5단`은(는) 단급이 아닙니다(예: `아마 3단`, `5급`, `프로 9단`, `초단`)"
        );
        assert_eq!(detail("unknown variant `x`, expected `y`", Lang::Zh), "`unknown variant ‘x’, expected ‘y’`");
        assert_eq!(name("komi", Lang::Ko), "덤");
        assert_eq!(name("widget", Lang::Ja), "`widget`");
        // Every template's holes are all put in, in every language.
        for (en, said) in DETAILS {
            let n = en.matches("{}").count();
            for s in said {
                for i in 0..n {
                    assert!(s.contains(&format!("{{{i}}}")), "{en}: {s} lacks {{{i}}}");
                }
            }
        }
    }
}
