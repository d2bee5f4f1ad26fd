//! [`DomainError`]s in words, one template per language. The values put in bring
//! their own labels (articles, rulings, roles, colours); the English is the error's `Display`,
//! so the `message` every client already reads says what it said before.

use super::{CorrectionRefusal, Detail, DomainError, Forbidden, Noun, Scope, UndoRefusal, Unmet};
use crate::labels::{say, Labelled, Lang};
use crate::rules::{Article, IncidentType, Ruling};

/// `x`'s label in `l`.
fn w(x: &impl Labelled, l: Lang) -> &'static str {
    x.label().get(l)
}

/// `x`'s label in English: the English message names articles, rulings and people in English
/// only (the labels' `Display` is “中文 (English)”, for logs).
fn en(x: &impl Labelled) -> &'static str {
    x.label().en
}

/// The rulings listed in `l`: “判负、警告”, “none”.
fn rulings(allowed: &[Ruling], l: Lang) -> String {
    if allowed.is_empty() {
        return l.pick(["无", "none", "無", "없음", "なし"]).to_owned();
    }
    allowed.iter().map(|r| w(r, l)).collect::<Vec<_>>().join(l.pick(["、", ", ", "、", ", ", "、"]))
}

/// `name` (a file's or a value's, as the office's handlers still give it) in `l`: the
/// [`Noun`] it is the key of, else as code.
fn name(name: &str, l: Lang) -> String {
    match (Noun::of_key(name), l) {
        (Some(n), _) => n.said(l),
        (None, Lang::En) => name.to_owned(),
        (None, _) => format!("`{name}`"),
    }
}

/// `m` said of the field `field`.
fn at(field: &str, m: &str, l: Lang) -> String {
    say!(l =>
        zh: format!("字段 `{field}`：{m}"),
        en: format!("field `{field}`: {m}"),
        zh_hant: format!("欄位 `{field}`：{m}"),
        ko: format!("필드 `{field}`: {m}"),
        ja: format!("フィールド `{field}`：{m}"),
    )
}

/// `m` said of the value named `w`.
fn outside(w: &str, m: &str, l: Lang) -> String {
    say!(l =>
        zh: format!("{w}超出范围：{m}"),
        en: format!("{w}: {m}"),
        zh_hant: format!("{w}超出範圍：{m}"),
        ko: format!("{w} 범위 초과: {m}"),
        ja: format!("{w}が範囲外です：{m}"),
    )
}

/// `e` in `l`.
pub(super) fn domain(e: &DomainError, l: Lang) -> String {
    said(e, l, false)
}

/// `e`'s `message`: the English as it has always read, articles, rulings and people named
/// “中文 (English)”, for what the derived states of stored logs hold (tests/compat) and every
/// client that reads `message`. Screens read the [`Said`](crate::labels::Said), English there
/// in English only.
pub(super) fn message(e: &DomainError) -> String {
    said(e, Lang::En, true)
}

/// `e` in `l`; `legacy`: the English of [`message`].
fn said(e: &DomainError, l: Lang, legacy: bool) -> String {
    use DomainError::*;
    match e {
        MalformedJson(d) => {
            let d = Detail::AsWritten(d.clone()).said(l);
            say!(l =>
                zh: format!("不是有效的 JSON：{d}"),
                en: format!("not valid JSON: {d}"),
                zh_hant: format!("不是有效的 JSON：{d}"),
                ko: format!("올바른 JSON이 아닙니다: {d}"),
                ja: format!("有効な JSON ではありません：{d}"),
            )
        }
        InvalidField { field, message } => match super::carried(message) {
            // A value's own refusal that a caller's parser carried as text (`to_serde`).
            Some(refusal) => at(field, &said(&refusal, l, legacy), l),
            None => at(field, &Detail::AsWritten(message.clone()).said(l), l),
        },
        Invalid { field, detail } => at(field, &detail.said(l), l),
        InField { field, refusal } => at(field, &said(refusal, l, legacy), l),
        UnsupportedSchema { found, supported } => say!(l =>
            zh: format!("不支持第 {found} 版数据格式（本版本读取第 1 至 {supported} 版）"),
            en: format!("schema version {found} is not supported (this build reads versions 1 to {supported})"),
            zh_hant: format!("不支援第 {found} 版資料格式（本版本讀取第 1 至 {supported} 版）"),
            ko: format!("데이터 형식 버전 {found}은(는) 지원되지 않습니다(이 빌드는 버전 1~{supported}을 읽습니다)"),
            ja: format!("データ形式のバージョン {found} には対応していません（このビルドはバージョン 1〜{supported} を読みます）"),
        ),
        UnsupportedOpenGothaSystem { system } => say!(l =>
            zh: format!("不支持 OpenGotha 的 {system} 赛制（本版本编排和排名麦克马洪制与瑞士制）"),
            en: format!("OpenGotha's {system} system is not supported (this build pairs and ranks McMahon and Swiss)"),
            zh_hant: format!("不支援 OpenGotha 的 {system} 賽制（本版本編排和排名麥克馬洪制與瑞士制）"),
            ko: format!("OpenGotha의 {system} 방식은 지원되지 않습니다(이 빌드는 맥마흔과 스위스 방식을 대진하고 순위를 매깁니다)"),
            ja: format!("OpenGotha の {system} 方式には対応していません（このビルドはマクマホン方式とスイス方式を組み合わせ・順位付けします）"),
        ),
        InvalidId { kind, value, reason } => {
            let (k, r) = (kind.said(l), reason.said(l));
            say!(l =>
                zh: format!("无效的{k}编号 `{value}`：{r}"),
                en: format!("invalid {k} id `{value}`: {r}"),
                zh_hant: format!("無效的{k}編號 `{value}`：{r}"),
                ko: format!("잘못된 {k} ID `{value}`: {r}"),
                ja: format!("無効な{k}ID `{value}`：{r}"),
            )
        }
        OutOfRange { what, message } => outside(&name(what, l), &Detail::AsWritten(message.clone()).said(l), l),
        Outside { what, detail } => outside(&what.said(l), &detail.said(l), l),
        RulingNotAllowed { article, incident, ruling, allowed } => {
            let (a, i, r) = (article, incident, ruling);
            say!(l =>
                zh: format!("{}：“{}”不能判“{}”（可判：{}）", w(a, l), w(i, l), w(r, l), rulings(allowed, l)),
                en: if legacy {
                    format!("{}: ruling “{r}” is not allowed for “{i}” (allowed: {})", a.cite(), super::listed(allowed, true))
                } else {
                    format!("{}: ruling “{}” is not allowed for “{}” (allowed: {})", en(a), en(r), en(i), super::listed(allowed, false))
                },
                zh_hant: format!("{}：「{}」不能判「{}」（可判：{}）", w(a, l), w(i, l), w(r, l), rulings(allowed, l)),
                ko: format!("{}: ‘{}’에는 ‘{}’ 판정을 내릴 수 없습니다(가능한 판정: {})", w(a, l), w(i, l), w(r, l), rulings(allowed, l)),
                ja: format!("{}：「{}」に「{}」の裁定はできません（可能な裁定：{}）", w(a, l), w(i, l), w(r, l), rulings(allowed, l)),
            )
        }
        ConditionNotMet { article, why } => {
            let why = unmet(why, l, legacy);
            match l {
                Lang::En => format!("{}: {why}", if legacy { article.cite() } else { en(article).to_owned() }),
                Lang::Zh | Lang::ZhHant | Lang::Ja => format!("{}：{why}", w(article, l)),
                Lang::Ko => format!("{}: {why}", w(article, l)),
            }
        }
        NotAuthorized { role, action, needs } => {
            let action = forbidden(action, l, legacy);
            say!(l =>
                zh: format!("{}无权{}{}", w(role, l), action, needs.map(|r| format!("（需{}）", w(&r, l))).unwrap_or_default()),
                en: if legacy {
                    format!("{role} may not {}{}", action, needs.map(|r| format!(" (needs {r})")).unwrap_or_default())
                } else {
                    format!("{} may not {}{}", en(role), action, needs.map(|r| format!(" (needs {})", en(&r))).unwrap_or_default())
                },
                zh_hant: format!("{}無權{}{}", w(role, l), action, needs.map(|r| format!("（需{}）", w(&r, l))).unwrap_or_default()),
                ko: format!("{}은(는) {} 권한이 없습니다{}", w(role, l), action, needs.map(|r| format!(" ({} 필요)", w(&r, l))).unwrap_or_default()),
                ja: format!("{}には{}権限がありません{}", w(role, l), action, needs.map(|r| format!("（{}が必要）", w(&r, l))).unwrap_or_default()),
            )
        }
        NotEnrolled => say!(l =>
            zh: "本设备尚未登记，不能记录（请先输入办公室的登记码）",
            en: "this device may not record before it is enrolled (enter the office's enrollment code first)",
            zh_hant: "本裝置尚未登記，不能記錄（請先輸入辦公室的登記碼）",
            ko: "이 기기는 아직 등록되지 않아 기록할 수 없습니다(먼저 사무국의 등록 코드를 입력하세요)",
            ja: "この端末はまだ登録されていないため記録できません（先に事務局の登録コードを入力してください）",
        ),
        MissingFact { article, fact } => say!(l =>
            zh: format!("{}：此判决须先记录“{}”", w(article, l), fact.get(l)),
            en: if legacy {
                format!("{}: the fact `{}` must be recorded for this ruling", article.cite(), fact.en)
            } else {
                format!("{}: the fact “{}” must be recorded for this ruling", en(article), fact.en)
            },
            zh_hant: format!("{}：此判決須先記錄「{}」", w(article, l), fact.get(l)),
            ko: format!("{}: 이 판정에는 ‘{}’을(를) 기록해야 합니다", w(article, l), fact.get(l)),
            ja: format!("{}：この裁定には「{}」の記録が必要です", w(article, l), fact.get(l)),
        ),
        NotInRuleset { ruleset, incident } => {
            let (other, art) = (IncidentType::OtherFoul, Article::Art25_1);
            say!(l =>
                zh: format!("{}中没有关于“{}”的条文；请记为“{}”（{}）", w(ruleset, l), w(incident, l), w(&other, l), w(&art, l)),
                en: if legacy {
                    format!("the {ruleset} ruleset has no article for “{incident}”; record it as `other_foul` (第二十五条一, any other foul)")
                } else {
                    format!("the {} have no article for “{}”; record it as “{}” ({})", en(ruleset), en(incident), en(&other), en(&art))
                },
                zh_hant: format!("{}中沒有關於「{}」的條文；請記為「{}」（{}）", w(ruleset, l), w(incident, l), w(&other, l), w(&art, l)),
                ko: format!("{}에는 ‘{}’에 관한 조항이 없습니다. ‘{}’({})으로 기록하세요", w(ruleset, l), w(incident, l), w(&other, l), w(&art, l)),
                ja: format!("{}には「{}」の条文がありません。「{}」（{}）として記録してください", w(ruleset, l), w(incident, l), w(&other, l), w(&art, l)),
            )
        }
        UnknownIncident { what, incident } => say!(l =>
            zh: format!("所指事件 {incident} 在此尚不存在（可能尚未同步）"),
            en: format!("{what} refers to incident {incident}, which is not known here (yet)"),
            zh_hant: format!("所指事件 {incident} 在此尚不存在（可能尚未同步）"),
            ko: format!("가리키는 상황 {incident}이(가) 여기에는 아직 없습니다(아직 동기화되지 않았을 수 있습니다)"),
            ja: format!("指している事案 {incident} はここにはまだありません（未同期かもしれません）"),
        ),
        UnknownAppeal(a) => say!(l =>
            zh: format!("所指申诉 {a} 在此尚不存在（可能尚未同步）"),
            en: format!("appeal decision refers to appeal {a}, which is not known here (yet)"),
            zh_hant: format!("所指申訴 {a} 在此尚不存在（可能尚未同步）"),
            ko: format!("가리키는 이의 신청 {a}이(가) 여기에는 아직 없습니다(아직 동기화되지 않았을 수 있습니다)"),
            ja: format!("指している異議申し立て {a} はここにはまだありません（未同期かもしれません）"),
        ),
        WrongScope(s) => scope(s, l),
        ConflictingDuplicate(id) => say!(l =>
            zh: format!("事件 {id} 出现了两份不同内容；保留另一份"),
            en: format!("event id {id} was seen with different contents; the other copy is kept"),
            zh_hant: format!("事件 {id} 出現了兩份不同內容；保留另一份"),
            ko: format!("이벤트 {id}이(가) 서로 다른 내용으로 두 번 왔습니다. 다른 쪽을 유지합니다"),
            ja: format!("イベント {id} が異なる内容で二度届きました。もう一方を残します"),
        ),
        SetupIncomplete { missing } => say!(l =>
            zh: format!("比赛设置中尚无{}", missing.get(l)),
            en: format!("the tournament's set-up has no {} yet", missing.en),
            zh_hant: format!("比賽設定中尚無{}", missing.get(l)),
            ko: format!("대회 설정에 아직 {}이(가) 없습니다", missing.get(l)),
            ja: format!("大会の設定にまだ{}がありません", missing.get(l)),
        ),
        UndoRefused(r) => {
            let r = undo(r, l);
            say!(l =>
                zh: format!("不能撤销：{}", r),
                en: format!("cannot undo: {}", r),
                zh_hant: format!("不能撤回：{}", r),
                ko: format!("되돌릴 수 없습니다: {}", r),
                ja: format!("元に戻せません：{}", r),
            )
        }
        BadLines { file, lines } => {
            let f = name(file, l);
            let n = lines.len();
            let each: Vec<String> = lines
                .iter()
                .map(|x| {
                    let m = x.detail.said(l);
                    let line = x.line;
                    say!(l =>
                        zh: format!("第 {line} 行：{m}"),
                        en: format!("line {line}: {m}"),
                        zh_hant: format!("第 {line} 行：{m}"),
                        ko: format!("{line}행: {m}"),
                        ja: format!("{line} 行目：{m}"),
                    )
                })
                .collect();
            let all = each.join(if l == Lang::En { "; " } else { "；" });
            say!(l =>
                zh: format!("{f}有 {n} 行不对，未登记任何内容：{all}"),
                en: format!("{file}: {n} bad lines, nothing stored: {all}"),
                zh_hant: format!("{f}有 {n} 行不對，未登記任何內容：{all}"),
                ko: format!("{f}에 잘못된 행이 {n}개 있어 아무것도 저장하지 않았습니다: {all}"),
                ja: format!("{f}に誤った行が {n} 行あり、何も登録していません：{all}"),
            )
        }
        OverBound { file, field, line, value, min, max } => {
            let f = name(file, l);
            let at = |zh: &str| if *line == 0 { String::new() } else { zh.replace("{}", &line.to_string()) };
            say!(l =>
                zh: format!("{f}{}：`{field}` = {value} 超出界限 {min}–{max}，未登记任何内容", at("第 {} 行")),
                en: format!("{file}{}: `{field}` = {value} is outside its bounds {min}–{max}; nothing stored", at(", line {}")),
                zh_hant: format!("{f}{}：`{field}` = {value} 超出界限 {min}–{max}，未登記任何內容", at("第 {} 行")),
                ko: format!("{f}{}: `{field}` = {value}은(는) 한계 {min}~{max}를 벗어나 아무것도 저장하지 않았습니다", at(" {}행")),
                ja: format!("{f}{}：`{field}` = {value} は上下限 {min}〜{max} の外です。何も登録していません", at(" {} 行目")),
            )
        }
        CorrectionRefused(r) => {
            let r = correction(r, l);
            say!(l =>
                zh: format!("不能更正结果：{}", r),
                en: format!("cannot correct the result: {}", r),
                zh_hant: format!("不能更正結果：{}", r),
                ko: format!("결과를 정정할 수 없습니다: {}", r),
                ja: format!("結果を訂正できません：{}", r),
            )
        }
    }
}

fn correction(r: &CorrectionRefusal, l: Lang) -> String {
    match r {
        CorrectionRefusal::NoResult => say!(l =>
            zh: "此对局尚无结果",
            en: "this game has no result yet",
            zh_hant: "此對局尚無結果",
            ko: "이 대국에는 아직 결과가 없습니다",
            ja: "この対局にはまだ結果がありません",
        ),
        CorrectionRefusal::NotInForce { named } => say!(l =>
            zh: format!("所指结果（{named}）不是此对局现有的结果；请刷新后再更正"),
            en: format!("the result it names ({named}) is not the game's result now; reload and correct again"),
            zh_hant: format!("所指結果（{named}）不是此對局現有的結果；請重新整理後再更正"),
            ko: format!("가리키는 결과({named})는 이 대국의 현재 결과가 아닙니다. 새로 고친 뒤 다시 정정하세요"),
            ja: format!("指している結果（{named}）はこの対局の現在の結果ではありません。再読み込みしてから訂正してください"),
        ),
        CorrectionRefusal::NoReason => say!(l =>
            zh: "须写明更正理由",
            en: "a reason is needed",
            zh_hant: "須寫明更正理由",
            ko: "정정 사유를 적어야 합니다",
            ja: "訂正の理由を書いてください",
        ),
        CorrectionRefusal::ReasonTooLong { max } => say!(l =>
            zh: format!("理由最多 {max} 字"),
            en: format!("the reason is longer than {max} characters"),
            zh_hant: format!("理由最多 {max} 字"),
            ko: format!("사유는 {max}자를 넘을 수 없습니다"),
            ja: format!("理由は {max} 文字以内です"),
        ),
        CorrectionRefusal::CauseNotOpen { role, cause } => say!(l =>
            zh: format!("{}不能以“{}”为由更正结果", w(role, l), w(cause, l)),
            en: format!("a {} may not correct a result for “{}”", role.label().en, cause.label().en),
            zh_hant: format!("{}不能以「{}」為由更正結果", w(role, l), w(cause, l)),
            ko: format!("{}은(는) ‘{}’을(를) 이유로 결과를 정정할 수 없습니다", w(role, l), w(cause, l)),
            ja: format!("{}は「{}」を理由に結果を訂正できません", w(role, l), w(cause, l)),
        ),
        CorrectionRefusal::NotOrganisersEntry => say!(l =>
            zh: "组织者只能更正组织者录入的结果；裁判判出的结果由裁判长更正",
            en: "the organiser corrects only results the organiser entered; a result from a ruling is the chief arbiter's to correct",
            zh_hant: "組織者只能更正組織者輸入的結果；裁判判出的結果由裁判長更正",
            ko: "주최자는 주최자가 입력한 결과만 정정할 수 있습니다. 판정으로 난 결과는 심판장이 정정합니다",
            ja: "主催者が訂正できるのは主催者が入力した結果だけです。裁定による結果は審判長が訂正します",
        ),
    }
}

fn unmet(why: &Unmet, l: Lang, legacy: bool) -> String {
    match why {
        Unmet::Condition { ruling, when } => {
            let c = when.describe();
            say!(l =>
                zh: format!("“{}”{}", w(ruling, l), c.get(l)),
                en: if legacy { format!("“{ruling}” applies {}", c.en) } else { format!("“{}” applies {}", en(ruling), c.en) },
                zh_hant: format!("「{}」{}", w(ruling, l), c.get(l)),
                ko: format!("‘{}’ 판정은 {} 적용됩니다", w(ruling, l), c.get(l)),
                ja: format!("「{}」は{}適用されます", w(ruling, l), c.get(l)),
            )
        }
        Unmet::PlayWentOn => say!(l =>
            zh: "提出异议前对局已继续：视为接受该犯规",
            en: "play had gone on before the objection: the foul counts as accepted",
            zh_hant: "提出異議前對局已繼續：視為接受該犯規",
            ko: "이의 제기 전에 대국이 계속되었으므로 반칙을 인정한 것으로 봅니다",
            ja: "異議の前に対局が続いたため、反則は受け入れたものとみなされます",
        ),
        Unmet::AppealDecided => say!(l =>
            zh: "此申诉已有裁决",
            en: "this appeal is already decided",
            zh_hant: "此申訴已有裁決",
            ko: "이 이의 신청은 이미 결정되었습니다",
            ja: "この異議申し立てはすでに決定済みです",
        ),
        Unmet::OneApprovedAbsence(c) => say!(l =>
            zh: format!("每局只准离席一次，{}已用过", w(c, l)),
            en: format!("only one approved absence per game, and {} already had it", c.label().en),
            zh_hant: format!("每局只准離席一次，{}已用過", w(c, l)),
            ko: format!("한 대국에 허가된 이석은 한 번뿐이며 {}은(는) 이미 사용했습니다", w(c, l)),
            ja: format!("離席の承認は一局に一度だけで、{}はすでに使っています", w(c, l)),
        ),
        Unmet::ClockNotRunning => say!(l =>
            zh: "棋钟未在走时（请先开始或继续计时）",
            en: "the clock is not running (start or resume it first)",
            zh_hant: "棋鐘未在計時（請先開始或繼續計時）",
            ko: "시계가 가고 있지 않습니다(먼저 시작하거나 재개하세요)",
            ja: "対局時計が動いていません（先に開始または再開してください）",
        ),
        Unmet::NotToMove { to_move, by } => say!(l =>
            zh: format!("该{}下，不是{}", w(to_move, l), w(by, l)),
            en: format!("{} is to move, not {}", to_move.label().en, by.label().en),
            zh_hant: format!("該{}下，不是{}", w(to_move, l), w(by, l)),
            ko: format!("{} 차례이며 {} 차례가 아닙니다", w(to_move, l), w(by, l)),
            ja: format!("{}の手番で、{}ではありません", w(to_move, l), w(by, l)),
        ),
        Unmet::NotPaused => say!(l =>
            zh: "棋钟未暂停",
            en: "the clock is not paused",
            zh_hant: "棋鐘未暫停",
            ko: "시계가 일시 정지 상태가 아닙니다",
            ja: "対局時計は一時停止していません",
        ),
        Unmet::NotAdjourned => say!(l =>
            zh: "对局未以封手方式暂停",
            en: "the game is not adjourned with a sealed move",
            zh_hant: "對局並非封棋暫停",
            ko: "봉수로 중단된 대국이 아닙니다",
            ja: "封じ手で打ち掛けになった対局ではありません",
        ),
        Unmet::RemovalUnderWay => say!(l =>
            zh: "已在提子，时钟已停",
            en: "the captured stones are already being removed, the clock stopped",
            zh_hant: "已在提子，時鐘已停",
            ko: "이미 따낸 돌을 들어내는 중이며 시계가 멈춰 있습니다",
            ja: "すでにアゲハマを取り上げ中で、時計は止まっています",
        ),
        Unmet::NoRemoval => say!(l =>
            zh: "没有正在进行的提子",
            en: "no removal of captured stones is under way",
            zh_hant: "沒有正在進行的提子",
            ko: "따낸 돌을 들어내는 중이 아닙니다",
            ja: "アゲハマの取り上げ中ではありません",
        ),
        Unmet::KoreanRulesOnly => say!(l =>
            zh: "读秒中如厕停钟是韩国棋院规则才有的，本局规则没有",
            en: "stopping the clock for a toilet break in byo-yomi is a KBA rule, not one of this game's rules",
            zh_hant: "讀秒中如廁停鐘是韓國棋院規則才有的，本局規則沒有",
            ko: "초읽기 중 화장실 시계 정지는 한국기원 규칙에만 있으며 이 대국의 규칙에는 없습니다",
            ja: "秒読み中の化粧室での時計停止は韓国棋院の規則だけのもので、この対局の規則にはありません",
        ),
        Unmet::NotInByoYomi(c) => say!(l =>
            zh: format!("{}未进入读秒：只有读秒中才能停钟如厕", w(c, l)),
            en: format!("{} is not in byo-yomi: only a player in byo-yomi stops the clock for the toilet", c.label().en),
            zh_hant: format!("{}未進入讀秒：只有讀秒中才能停鐘如廁", w(c, l)),
            ko: format!("{}은(는) 초읽기 중이 아닙니다. 초읽기 중에만 화장실 때문에 시계를 멈출 수 있습니다", w(c, l)),
            ja: format!("{}は秒読みに入っていません。化粧室で時計を止められるのは秒読み中だけです", w(c, l)),
        ),
        Unmet::NotAfterOwnMove(c) => say!(l =>
            zh: format!("{}须先落子并按钟，再停钟如厕", w(c, l)),
            en: format!("{} must play its move and press the clock first, then stop it for the toilet", c.label().en),
            zh_hant: format!("{}須先落子並按鐘，再停鐘如廁", w(c, l)),
            ko: format!("{}은(는) 먼저 착수하고 시계를 누른 뒤에 화장실 때문에 시계를 멈춰야 합니다", w(c, l)),
            ja: format!("{}は着手をして時計を押してから、化粧室のために時計を止めなければなりません", w(c, l)),
        ),
        Unmet::BreakUnderWay(c) => say!(l =>
            zh: format!("{}正在如厕，先记录其归座", w(c, l)),
            en: format!("{} is on a toilet break: record their return to the seat first", c.label().en),
            zh_hant: format!("{}正在如廁，先記錄其歸座", w(c, l)),
            ko: format!("{}은(는) 화장실에 가 있습니다. 먼저 착석을 기록하십시오", w(c, l)),
            ja: format!("{}は化粧室に行っています。先に着座を記録してください", w(c, l)),
        ),
        Unmet::NoBreak => say!(l =>
            zh: "没有正在进行的如厕停钟",
            en: "no toilet break with the clock stopped is under way",
            zh_hant: "沒有正在進行的如廁停鐘",
            ko: "화장실 때문에 멈춘 시계가 없습니다",
            ja: "化粧室のための時計停止中ではありません",
        ),
        Unmet::NoCountToCorrect => say!(l =>
            zh: "本局的结果不是数子得出的，无从纠正数子（已更正的结果由裁判长更正）",
            en: "the game's result was not decided by a count, so there is no count to correct (a corrected result is the chief arbiter's to correct)",
            zh_hant: "本局的結果不是數子得出的，無從糾正數子（已更正的結果由裁判長更正）",
            ko: "이 대국의 결과는 계가로 정해지지 않아 고칠 계가가 없습니다(고쳐진 결과는 심판장이 고칩니다)",
            ja: "この対局の結果は計算で決まっていないため、直す計算がありません（訂正済みの結果は審判長が訂正します）",
        ),
        Unmet::NotInPlay => say!(l =>
            zh: "只有进行中的对局可以封手暂停",
            en: "only a game in play can be adjourned",
            zh_hant: "只有進行中的對局可以封棋暫停",
            ko: "진행 중인 대국만 중단할 수 있습니다",
            ja: "打ち掛けにできるのは対局中の対局だけです",
        ),
    }
}

fn forbidden(f: &Forbidden, l: Lang, legacy: bool) -> String {
    match f {
        Forbidden::Record(k) => say!(l =>
            zh: format!("记录“{}”", w(k, l)),
            en: if legacy { format!("record “{k}”") } else { format!("record “{}”", en(k)) },
            zh_hant: format!("記錄「{}」", w(k, l)),
            ko: format!("‘{}’을(를) 기록할", w(k, l)),
            ja: format!("「{}」を記録する", w(k, l)),
        ),
        Forbidden::RecordKey(k) => say!(l =>
            zh: format!("记录“{}”（签名密钥由办公室在登记和吊销时自行记录）", w(k, l)),
            en: format!("record “{}” (the office records signing keys itself, at enrollment and revocation)", if legacy { k.to_string() } else { en(k).to_owned() }),
            zh_hant: format!("記錄「{}」（簽名金鑰由辦公室在登記和註銷時自行記錄）", w(k, l)),
            ko: format!("‘{}’을(를) 기록할(서명 키는 사무국이 등록과 등록 해지 때 직접 기록합니다)", w(k, l)),
            ja: format!("「{}」を記録する（署名鍵は登録と失効のときに事務局が自ら記録します）", w(k, l)),
        ),
        Forbidden::FindNoFoul(i) => say!(l =>
            zh: format!("认定“{}”不构成犯规", w(i, l)),
            en: if legacy { format!("find that no foul happened on “{i}”") } else { format!("find that no foul happened on “{}”", en(i)) },
            zh_hant: format!("認定「{}」不構成犯規", w(i, l)),
            ko: format!("‘{}’을(를) 반칙이 아니라고 판정할", w(i, l)),
            ja: format!("「{}」を反則でないと認定する", w(i, l)),
        ),
        Forbidden::RuleOn(i) => say!(l =>
            zh: format!("对“{}”作出判决", w(i, l)),
            en: if legacy { format!("rule on “{i}”") } else { format!("rule on “{}”", en(i)) },
            zh_hant: format!("對「{}」作出判決", w(i, l)),
            ko: format!("‘{}’에 대해 판정할", w(i, l)),
            ja: format!("「{}」について裁定する", w(i, l)),
        ),
        Forbidden::Rule(r, i) => say!(l =>
            zh: format!("在此对“{}”判“{}”", w(i, l), w(r, l)),
            en: if legacy { format!("rule “{r}” on “{i}” here") } else { format!("rule “{}” on “{}” here", en(r), en(i)) },
            zh_hant: format!("在此對「{}」判「{}」", w(i, l), w(r, l)),
            ko: format!("여기서 ‘{}’에 ‘{}’ 판정을 내릴", w(i, l), w(r, l)),
            ja: format!("ここで「{}」に「{}」の裁定をする", w(i, l), w(r, l)),
        ),
        Forbidden::EscalateTo(to) => say!(l =>
            zh: format!("上报给{}（只能向上报给裁判长或大会组委会）", w(to, l)),
            en: if legacy {
                format!("escalate to {to}: escalations go up, to the chief arbiter or the committee")
            } else {
                format!("escalate to the {}: escalations go up, to the chief arbiter or the committee", en(to))
            },
            zh_hant: format!("上報給{}（只能向上報給裁判長或大會組委會）", w(to, l)),
            ko: format!("{}에게 상신할(상신은 심판장이나 대회 조직위원회에만 할 수 있습니다)", w(to, l)),
            ja: format!("{}に上申する（上申先は審判長か大会組織委員会だけです）", w(to, l)),
        ),
    }
}

fn scope(s: &Scope, l: Lang) -> String {
    match s {
        Scope::NeedsGame => say!(l =>
            zh: "对局事件须指明对局",
            en: "a game event needs a game",
            zh_hant: "對局事件須指明對局",
            ko: "대국 이벤트에는 대국이 필요합니다",
            ja: "対局のイベントには対局の指定が必要です",
        ),
        Scope::NoGame(g) => say!(l =>
            zh: format!("此处（尚）无对局 `{g}`"),
            en: format!("no game `{g}` here (yet)"),
            zh_hant: format!("此處（尚）無對局 `{g}`"),
            ko: format!("여기에는 (아직) 대국 `{g}`이(가) 없습니다"),
            ja: format!("ここには（まだ）対局 `{g}` がありません"),
        ),
        Scope::NotScheduled(g) => say!(l =>
            zh: format!("对局 `{g}` （尚）未编排"),
            en: format!("game `{g}` is not scheduled (yet)"),
            zh_hant: format!("對局 `{g}` （尚）未編排"),
            ko: format!("대국 `{g}`은(는) (아직) 편성되지 않았습니다"),
            ja: format!("対局 `{g}` は（まだ）組まれていません"),
        ),
        Scope::NoIncident { incident, game } => say!(l =>
            zh: format!("对局 `{game}` 中没有事件 `{incident}`"),
            en: format!("no incident `{incident}` in game `{game}`"),
            zh_hant: format!("對局 `{game}` 中沒有事件 `{incident}`"),
            ko: format!("대국 `{game}`에 상황 `{incident}`이(가) 없습니다"),
            ja: format!("対局 `{game}` に事案 `{incident}` はありません"),
        ),
        Scope::NoRecord(e) => say!(l =>
            zh: format!("事件 `{e}` 未附棋谱"),
            en: format!("event `{e}` attaches no record"),
            zh_hant: format!("事件 `{e}` 未附棋譜"),
            ko: format!("이벤트 `{e}`에는 기보가 첨부되어 있지 않습니다"),
            ja: format!("イベント `{e}` には棋譜が添付されていません"),
        ),
    }
}

fn undo(r: &UndoRefusal, l: Lang) -> String {
    match r {
        UndoRefusal::AlreadyUndone => say!(l =>
            zh: "此记录已撤销",
            en: "this record is already undone",
            zh_hant: "此記錄已撤回",
            ko: "이 기록은 이미 되돌렸습니다",
            ja: "この記録はすでに元に戻されています",
        ),
        UndoRefusal::OtherDevice(d) => say!(l =>
            zh: format!("只有记录它的设备（`{d}`）可以撤销；请裁判长裁决"),
            en: format!("only the device that recorded it ({d}) may undo it; ask the chief arbiter for a ruling"),
            zh_hant: format!("只有記錄它的裝置（`{d}`）可以撤回；請裁判長裁決"),
            ko: format!("기록한 기기(`{d}`)만 되돌릴 수 있습니다. 심판장에게 판정을 요청하세요"),
            ja: format!("元に戻せるのは記録した端末（`{d}`）だけです。審判長に裁定を求めてください"),
        ),
        UndoRefusal::TooLate { waited_s, window_s } => say!(l =>
            zh: format!("已过 {waited_s} 秒（撤销限于记录后 {window_s} 秒内）；请裁判长裁决"),
            en: format!("{waited_s} s have passed (undo is for the first {window_s} s); ask the chief arbiter for a ruling"),
            zh_hant: format!("已過 {waited_s} 秒（撤回限於記錄後 {window_s} 秒內）；請裁判長裁決"),
            ko: format!("{waited_s}초가 지났습니다(되돌리기는 처음 {window_s}초 안에만 가능). 심판장에게 판정을 요청하세요"),
            ja: format!("{waited_s} 秒が過ぎました（元に戻せるのは最初の {window_s} 秒以内）。審判長に裁定を求めてください"),
        ),
        UndoRefusal::ActedOn => say!(l =>
            zh: "已有其他裁判人员处理；请裁判长裁决",
            en: "another official has acted on it; ask the chief arbiter for a ruling",
            zh_hant: "已有其他裁判人員處理；請裁判長裁決",
            ko: "다른 심판이 이미 조치했습니다. 심판장에게 판정을 요청하세요",
            ja: "ほかの審判がすでに対応しています。審判長に裁定を求めてください",
        ),
    }
}

/// The facts an error may ask for, and the set-up it may lack: labels of the messages' own
/// (their other languages in the translation table, like every label).
pub mod words {
    use crate::labels::Label;

    pub const OFFENDER: Label = Label::new("违规方", "offender");
    pub const OBJECTION: Label = Label::new(
        "异议时机（对照棋谱提出，或经裁判确认）",
        "objection (when the claim was raised: against the move record, or as the referee confirms)",
    );
    pub const ALLOWED_LATENESS: Label =
        Label::new("允许迟到时间（先编排对局）", "allowed_lateness_minutes (schedule the game first)");
    pub const SYSTEM: Label = Label::new("赛制（第二十七条）", "system (Art. 27)");
    pub const TOURNAMENT: Label = Label::new("比赛", "tournament");
    pub const TIME_CONTROL: Label = Label::new("用时规定（第十二条）", "time control (Art. 12)");
    pub const LATENESS_LIMIT: Label = Label::new("允许迟到时间（第二十三条）", "allowed lateness (Art. 23)");

    /// Every label above, for the test that holds them to the translation table.
    pub const ALL: [Label; 7] =
        [OFFENDER, OBJECTION, ALLOWED_LATENESS, SYSTEM, TOURNAMENT, TIME_CONTROL, LATENESS_LIMIT];
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::error::{words, DomainError as E};
    use crate::event::EventKind;
    use crate::labels::Label;
    use crate::model::{Colour, Role};
    use crate::rules::condition::Condition;
    use crate::rules::{Preset, Ruleset, RulesetSpec};

    /// Every condition a preset's penalty table uses.
    fn conditions() -> Vec<Condition> {
        let mut all = Vec::new();
        for spec in [RulesetSpec::default(), RulesetSpec::Korean, RulesetSpec::ING] {
            for e in Ruleset::from_spec(spec).table.sections.iter().flat_map(|s| s.iter()) {
                if !all.contains(&e.when) {
                    all.push(e.when);
                }
            }
        }
        all
    }

    /// One of each refusal, every sub-reason included. The match below fails to compile when
    /// a variant is added, so a new refusal cannot go without its words.
    pub(crate) fn one_of_each() -> Vec<E> {
        let id = "0190a5b2-7c3e-7000-8000-000000000001".to_owned();
        let mut all = vec![
            E::MalformedJson("expected value at line 1".into()),
            E::InvalidField { field: "body.kind".into(), message: "unknown variant `x`".into() },
            E::Invalid { field: "line 2".into(), detail: Detail::NameNeeded },
            E::InField {
                field: "game".into(),
                refusal: Box::new(E::InvalidId {
                    kind: Noun::Game,
                    value: String::new(),
                    reason: crate::error::IdFault::Empty,
                }),
            },
            E::UnsupportedSchema { found: 9, supported: 5 },
            E::UnsupportedOpenGothaSystem { system: "Breizh" },
            E::InvalidId { kind: Noun::Game, value: "a b".into(), reason: crate::error::IdFault::Characters },
            E::OutOfRange { what: "ttl_minutes", message: "ttl_minutes must be between 1 and 10080 (one week)".into() },
            E::Outside { what: Noun::Komi, detail: Detail::AtMost100 },
            E::BadLines {
                file: "players csv",
                lines: vec![crate::error::LineFault::new(
                    3,
                    Detail::of(Noun::Rank, Detail::NotARank { written: "3x".into() }),
                )],
            },
            E::over_bound("opengotha file", "numberOfCategories", 12, 4_000_000_000u64, (1, 9)),
            E::over_bound("event line", "body.rounds", 0, 70_000, (1, 100)),
            E::ruling_not_allowed(
                Article::Art25_2,
                IncidentType::PhoneRang,
                Ruling::Void,
                &[Ruling::Warning, Ruling::OffenderLoses],
            ),
            E::ruling_not_allowed(Article::Art25_2, IncidentType::PhoneRang, Ruling::Void, &[]),
            E::NotEnrolled,
            E::MissingFact { article: Article::Art23_1, fact: words::OFFENDER },
            E::UnknownIncident { what: "an undo", incident: id.clone() },
            E::UnknownAppeal(id.clone()),
            E::ConflictingDuplicate(id.clone()),
        ];
        for p in [Preset::Chinese1988, Preset::Korean, Preset::Ing] {
            all.push(E::NotInRuleset { ruleset: p, incident: IncidentType::PhoneRang });
        }
        for when in conditions() {
            all.push(E::ConditionNotMet {
                article: Article::Art17_3,
                why: Unmet::Condition { ruling: Ruling::Warning, when },
            });
        }
        for why in [
            Unmet::PlayWentOn,
            Unmet::AppealDecided,
            Unmet::OneApprovedAbsence(Colour::Black),
            Unmet::ClockNotRunning,
            Unmet::NotToMove { to_move: Colour::White, by: Colour::Black },
            Unmet::NotPaused,
            Unmet::NotAdjourned,
            Unmet::NotInPlay,
            Unmet::RemovalUnderWay,
            Unmet::NoRemoval,
            Unmet::NoCountToCorrect,
            Unmet::KoreanRulesOnly,
            Unmet::NotInByoYomi(Colour::Black),
            Unmet::NotAfterOwnMove(Colour::Black),
            Unmet::BreakUnderWay(Colour::Black),
            Unmet::NoBreak,
        ] {
            all.push(E::ConditionNotMet { article: Article::Art14, why });
        }
        for action in [
            Forbidden::Record(EventKind::GameScheduled),
            Forbidden::RecordKey(EventKind::KeyRegistered),
            Forbidden::FindNoFoul(IncidentType::PhoneRang),
            Forbidden::RuleOn(IncidentType::PhoneRang),
            Forbidden::Rule(Ruling::OffenderLoses, IncidentType::PhoneRang),
            Forbidden::EscalateTo(Role::Referee),
        ] {
            all.push(E::not_authorized(Role::Referee, action.clone(), Some(Role::ChiefArbiter)));
            all.push(E::not_authorized(Role::Organiser, action, None));
        }
        for s in [
            Scope::NeedsGame,
            Scope::NoGame("r1-t3".into()),
            Scope::NotScheduled("r1-t3".into()),
            Scope::NoIncident { incident: id.clone(), game: "r1-t3".into() },
            Scope::NoRecord(id.clone()),
        ] {
            all.push(E::WrongScope(s));
        }
        for missing in words::ALL {
            all.push(E::SetupIncomplete { missing });
        }
        for r in [
            UndoRefusal::AlreadyUndone,
            UndoRefusal::OtherDevice("tablet-2".into()),
            UndoRefusal::TooLate { waited_s: 31, window_s: 30 },
            UndoRefusal::ActedOn,
        ] {
            all.push(E::UndoRefused(r));
        }
        for r in [
            CorrectionRefusal::NoResult,
            CorrectionRefusal::NotInForce { named: id.clone() },
            CorrectionRefusal::NoReason,
            CorrectionRefusal::ReasonTooLong { max: 500 },
            CorrectionRefusal::CauseNotOpen { role: Role::Committee, cause: crate::game::CorrectionCause::WrongEntry },
            CorrectionRefusal::NotOrganisersEntry,
        ] {
            all.push(E::CorrectionRefused(r));
        }
        for e in &all {
            match e {
                E::MalformedJson(_)
                | E::InvalidField { .. }
                | E::Invalid { .. }
                | E::InField { .. }
                | E::UnsupportedSchema { .. }
                | E::UnsupportedOpenGothaSystem { .. }
                | E::InvalidId { .. }
                | E::OutOfRange { .. }
                | E::Outside { .. }
                | E::RulingNotAllowed { .. }
                | E::ConditionNotMet { .. }
                | E::NotAuthorized { .. }
                | E::NotEnrolled
                | E::MissingFact { .. }
                | E::NotInRuleset { .. }
                | E::UnknownIncident { .. }
                | E::UnknownAppeal(_)
                | E::WrongScope(_)
                | E::ConflictingDuplicate(_)
                | E::SetupIncomplete { .. }
                | E::UndoRefused(_)
                | E::CorrectionRefused(_)
                | E::BadLines { .. }
                | E::OverBound { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_refusal_is_said_in_every_language() {
        for e in one_of_each() {
            let s = e.said();
            assert!(s.whole(), "{e:?} is not said in every language: {s:?}");
            // The message keeps its English as it always read; the screens' English is English only.
            assert_eq!(e.body().message, e.to_string());
            assert_eq!(e.body().said.as_deref(), Some(&s));
            // The CJK sentences are not the English with a few words swapped in.
            for l in [Lang::Zh, Lang::ZhHant, Lang::Ko, Lang::Ja] {
                // What is quoted as written (between backticks) is not the sentence's words.
                let text: String = s.get(l).split('`').step_by(2).collect();
                for english in ["may not", "must be", "not known", "ruling", "applies", "undo"] {
                    assert!(!text.contains(english), "{l:?} of {e:?} has “{english}”: {text}");
                }
            }
        }
    }

    #[test]
    fn the_labels_the_messages_put_in_are_translated() {
        let conditions = conditions();
        assert!(conditions.len() > 15, "the tables' conditions: {conditions:?}");
        let mut labels: Vec<Label> = conditions.iter().map(|c| c.describe()).collect();
        labels.extend(words::ALL);
        labels.extend([Preset::Chinese1988, Preset::Korean, Preset::Ing].map(|p| p.label()));
        let missing: Vec<_> = labels.iter().filter(|l| !l.translated()).map(|l| l.zh).collect();
        assert!(missing.is_empty(), "not in the translation table: {missing:?}");
    }

    #[test]
    fn a_refusal_reads_as_a_referee_would_say_it() {
        let e = E::ConditionNotMet {
            article: Article::Art17_3,
            why: Unmet::Condition { ruling: Ruling::Warning, when: Condition::AgreedNotDeliberate },
        };
        let s = e.said();
        assert_eq!(s.zh, "第十七条三：“警告一次”仅当双方认可且并非故意移动时适用");
        assert_eq!(s.ko, "제17조 3항: ‘경고 1회’ 판정은 양측이 동의하고 고의로 움직인 것이 아닐 때만 적용됩니다");
        assert_eq!(s.ja, "第十七条第三項：「警告一回」は双方が合意し、故意に動かしたものでない場合のみ適用されます");
        let undo = E::UndoRefused(UndoRefusal::TooLate { waited_s: 31, window_s: 30 }).said();
        assert_eq!(undo.zh_hant, "不能撤回：已過 31 秒（撤回限於記錄後 30 秒內）；請裁判長裁決");
    }
}
