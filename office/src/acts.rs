//! What an official asks the office to do, named so that a refusal for the caller's role says
//! it in the official's language (`OfficeError::NotAllowed`). The words are labels: 简体 and
//! English here, the other languages in the core's translation table, keyed by the 简体.

use arbiter_core::labels::{Label, Labelled, Lang, Said};
use arbiter_core::model::Role;

/// An act the office's API allows to some roles only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    SetUp,
    ImportOpenGotha,
    AssignReferees,
    AssignVenues,
    RegisterOfficials,
    IssueCodes,
    ListDevices,
    RevokeDevices,
    RegisterPlayers,
    DeletePlayer,
    GiveLatinName,
    ReadLatinNames,
    ReadRegistrationHistory,
    RecordWithdrawal,
    SetAbsences,
    LoadRatingList,
    SearchRatingList,
    RefreshRatings,
    ScheduleRounds,
    PairRound,
    OverridePairing,
    RecordLateArrival,
    TimeLateArrival,
    ExportResults,
    ReadRefusalLog,
    ResendRefused,
    ReadLockouts,
    LiftLockout,
    ReadRegistry,
    ReadPlayerRecord,
    ExportDiscipline,
    EvaluateReferees,
    ReadEvaluations,
    MintTableLinks,
}

impl Act {
    /// Every act, for the tests that hold each to a label in every language.
    pub const ALL: [Act; 34] = [
        Act::SetUp,
        Act::ImportOpenGotha,
        Act::AssignReferees,
        Act::AssignVenues,
        Act::RegisterOfficials,
        Act::IssueCodes,
        Act::ListDevices,
        Act::RevokeDevices,
        Act::RegisterPlayers,
        Act::DeletePlayer,
        Act::GiveLatinName,
        Act::ReadLatinNames,
        Act::ReadRegistrationHistory,
        Act::RecordWithdrawal,
        Act::SetAbsences,
        Act::LoadRatingList,
        Act::SearchRatingList,
        Act::RefreshRatings,
        Act::ScheduleRounds,
        Act::PairRound,
        Act::OverridePairing,
        Act::RecordLateArrival,
        Act::TimeLateArrival,
        Act::ExportResults,
        Act::ReadRefusalLog,
        Act::ResendRefused,
        Act::ReadLockouts,
        Act::LiftLockout,
        Act::ReadRegistry,
        Act::ReadPlayerRecord,
        Act::ExportDiscipline,
        Act::EvaluateReferees,
        Act::ReadEvaluations,
        Act::MintTableLinks,
    ];
}

impl Labelled for Act {
    /// The act as a noun phrase in 简体 ("登记棋手") and a verb phrase in English ("register
    /// players"), as the refusal's sentence in each language takes it.
    fn label(&self) -> Label {
        match self {
            Act::SetUp => Label::new("设置比赛", "set the tournament up"),
            Act::ImportOpenGotha => Label::new("导入 OpenGotha 文件", "import an OpenGotha file"),
            Act::AssignReferees => Label::new("分派裁判员", "assign referees"),
            Act::AssignVenues => Label::new("分派赛区", "assign venues"),
            Act::RegisterOfficials => Label::new("登记裁判人员", "register officials"),
            Act::IssueCodes => Label::new("发放登记码", "issue enrollment codes"),
            Act::ListDevices => Label::new("查看设备列表", "list devices"),
            Act::RevokeDevices => Label::new("吊销设备", "revoke devices"),
            Act::RegisterPlayers => Label::new("登记棋手", "register players"),
            Act::DeletePlayer => Label::new("删除棋手", "delete a player"),
            Act::GiveLatinName => Label::new("填写棋手的拉丁字母姓名", "give a player's name in Latin letters"),
            Act::ReadLatinNames => Label::new("查看拉丁字母姓名", "read the names in Latin letters"),
            Act::ReadRegistrationHistory => Label::new("查看报名记录", "read the registration history"),
            Act::RecordWithdrawal => Label::new("登记退赛", "record a withdrawal"),
            Act::SetAbsences => Label::new("登记棋手缺席的轮次", "set a player's absences"),
            Act::LoadRatingList => Label::new("载入等级分名单", "load a rating list"),
            Act::SearchRatingList => Label::new("查询等级分名单", "search the rating list"),
            Act::RefreshRatings => Label::new("更新等级分", "refresh ratings"),
            Act::ScheduleRounds => Label::new("安排轮次时间", "schedule rounds"),
            Act::PairRound => Label::new("编排对局", "pair a round"),
            // 第三十一条四: the chief arbiter oversees the draw.
            Act::OverridePairing => Label::new("更改对阵（第三十一条四）", "override a pairing (第三十一条四)"),
            Act::RecordLateArrival => Label::new("记录迟到", "record a late arrival"),
            Act::TimeLateArrival => Label::new("计时迟到", "time a late arrival"),
            Act::ExportResults => Label::new("导出成绩", "export results"),
            Act::ReadRefusalLog => Label::new("查看拒收记录", "read the refusal log"),
            Act::ResendRefused => Label::new("重发被拒收的记录", "resend a refused event"),
            Act::ReadLockouts => Label::new("查看被锁定的地址", "read the lock-outs"),
            Act::LiftLockout => Label::new("解除地址锁定", "lift a lock-out"),
            Act::ReadRegistry => Label::new("查看棋手名册", "read the player registry"),
            Act::ReadPlayerRecord => Label::new("查看棋手档案", "read a player's record"),
            Act::ExportDiscipline => Label::new("导出违纪记录", "export the discipline record"),
            // 第三十一条: the chief arbiter evaluates the referees.
            Act::EvaluateReferees => Label::new("考评裁判员（第三十一条）", "evaluate referees (第三十一条)"),
            Act::ReadEvaluations => Label::new("查看裁判员考评", "read the referees' evaluations"),
            // 第二十一条: the players' page each table's QR code opens.
            Act::MintTableLinks => Label::new("生成对局链接", "mint the table links"),
        }
    }
}

/// `role` refused `act`, which only `allowed` may do: said in each language, the English as
/// the office has always said it.
pub fn not_allowed(role: Role, allowed: &[Role], act: Act) -> Said {
    let list = |lang: Lang, sep: &str| allowed.iter().map(|r| r.label().get(lang)).collect::<Vec<_>>().join(sep);
    let (who, what) = (role.label(), act.label());
    Said {
        zh: format!("{}不能{}（仅限{}）", who.zh, what.zh, list(Lang::Zh, "、")),
        en: format!(
            "{role} may not {} (only {})",
            what.en,
            allowed.iter().map(Role::to_string).collect::<Vec<_>>().join(", ")
        ),
        zh_hant: format!("{}不能{}（僅限{}）", who.get(Lang::ZhHant), what.get(Lang::ZhHant), list(Lang::ZhHant, "、")),
        ko: {
            let what = what.get(Lang::Ko);
            format!("{what}{} {}만 할 수 있습니다(이 기기: {})", topic(what), list(Lang::Ko, ", "), who.get(Lang::Ko))
        },
        ja: format!(
            "{}は{}だけが行えます（この端末：{}）",
            what.get(Lang::Ja),
            list(Lang::Ja, "、"),
            who.get(Lang::Ja)
        ),
    }
}

/// The Korean topic particle after `word`: 은 after a final consonant, 는 after a vowel (and
/// after a closing bracket, the bracket's word deciding: "(제31조 4항)" ends in a consonant).
fn topic(word: &str) -> &'static str {
    let last = word.trim_end_matches(|c: char| !is_hangul_syllable(c) && !c.is_ascii_digit()).chars().last();
    match last {
        Some(c) if is_hangul_syllable(c) && (c as u32 - 0xAC00) % 28 == 0 => "는",
        Some(c) if is_hangul_syllable(c) => "은",
        // A number read in Korean: 1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영 end in a consonant.
        Some('1' | '3' | '6' | '7' | '8' | '0') => "은",
        _ => "는",
    }
}

fn is_hangul_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every act has its words in every language: a refusal never falls back to another.
    #[test]
    fn every_act_is_said_in_every_language() {
        let missing: Vec<_> = Act::ALL.iter().filter(|a| !a.label().translated()).map(|a| a.label().zh).collect();
        assert!(missing.is_empty(), "acts without a row in the core's translation table: {missing:?}");
    }

    #[test]
    fn a_referee_refused_the_draw_reads_it_in_each_language() {
        let s = not_allowed(Role::Referee, &[Role::Organiser, Role::ChiefArbiter], Act::PairRound);
        assert_eq!(s.zh, "裁判员不能编排对局（仅限组织者、裁判长）");
        assert_eq!(s.en, "裁判员 (referee) may not pair a round (only 组织者 (organiser), 裁判长 (chief arbiter))");
        assert_eq!(s.zh_hant, "裁判員不能編排對局（僅限組織者、裁判長）");
        assert_eq!(s.ko, "대국 편성은 주최자, 심판장만 할 수 있습니다(이 기기: 심판)");
        assert_eq!(s.ja, "対局の組み合わせは主催者、審判長だけが行えます（この端末：審判員）");
    }

    #[test]
    fn the_korean_topic_particle_follows_the_last_sound() {
        assert_eq!(topic("선수 등록"), "은");
        assert_eq!(topic("기기 목록 보기"), "는");
        assert_eq!(topic("대진 변경(제31조 4항)"), "은");
    }
}
