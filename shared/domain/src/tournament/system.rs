//! 第二十七条 competition systems, as the tournament's set-up names them.

use serde::{Deserialize, Serialize};

use crate::error::{DomainError, Result};
use crate::labels::{Label, Labelled};
use crate::model::Rank;
use crate::tournament::pairing::opengotha::{HandicapParams, PairingParams};
use crate::tournament::pairing::{best_of, knockout};
use crate::tournament::standings::mcmahon::{McMahonParams, Scoring};
use crate::tournament::standings::{Criterion, SwissReading};
use crate::tournament::team;

/// How players are paired and ranked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum System {
    /// 第二十七条二 循环制: single, or double (each pair twice, colours swapped).
    RoundRobin {
        #[serde(default)]
        double: bool,
    },
    /// 第二十七条三 积分编排制, ranked by 第二十八条一2's total.
    Swiss {
        #[serde(default)]
        reading: SwissReading,
    },
    /// 第二十七条四 多局决胜制: two players, best of 3, 5 or 7 (or a ten-game match).
    #[serde(rename = "match")]
    Match { best_of: u8 },
    /// 第二十七条一 淘汰制: out after `losses` defeats (1 单败, 2 双败, 3 多败).
    Knockout { losses: u8 },
    /// 第二十七条六 擂台赛: two teams, winner stays on, out when the last player loses.
    Leitai,
    /// 第二十六条二 team matches on `boards` fixed boards, teams paired by round robin or Swiss.
    Team {
        boards: u8,
        pairing: TeamPairing,
        /// How 第二十八条二2's total is read, for team Swiss.
        #[serde(default)]
        reading: SwissReading,
    },
    /// McMahon as OpenGotha runs it: starting scores from rank between floor and bar, paired
    /// by OpenGotha's weights and matching (`pairing::opengotha`).
    #[serde(rename = "mcmahon")]
    McMahon {
        #[cfg_attr(feature = "ts", ts(type = "string"))]
        bar: Rank,
        #[cfg_attr(feature = "ts", ts(type = "string"))]
        floor: Rank,
        /// The organiser's OpenGotha pairing parameters (absent: OpenGotha's McMahon defaults).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pairing: Option<Box<PairingParams>>,
        /// The organiser's OpenGotha handicap parameters (absent: OpenGotha's McMahon defaults).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        handicap: Option<HandicapParams>,
        /// What absences, byes and unplayed games are worth, and the McMahon zero (absent:
        /// OpenGotha's defaults; a file brought in keeps its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        scoring: Option<Scoring>,
        /// The placement criteria, MMS first (absent: MMS, SOSM, SOSOSM; a file brought in
        /// keeps its own, DC or Rating among them).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        criteria: Option<Vec<Criterion>>,
    },
    /// Swiss as OpenGotha runs it: ranked by NBW, SOSW, SOSOSW and paired by OpenGotha's weights
    /// and matching. The rules' own Swiss (积分编排, 第二十七条三) is [`System::Swiss`].
    #[serde(rename = "opengotha_swiss")]
    OpenGothaSwiss {
        /// The organiser's OpenGotha pairing parameters (absent: OpenGotha's Swiss defaults).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pairing: Option<Box<PairingParams>>,
        /// The organiser's OpenGotha handicap parameters (absent: OpenGotha's Swiss defaults,
        /// even games).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        handicap: Option<HandicapParams>,
        /// What absences, byes and unplayed games are worth (absent: OpenGotha's defaults; a
        /// file brought in keeps its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        scoring: Option<Scoring>,
        /// McMahon bar and floor, which OpenGotha's Swiss still reads: McMahon scores choose
        /// the bye and, when handicaps follow MMS, the handicap (absent: 9d and 30k; a file
        /// brought in keeps its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional, type = "[string, string]"))]
        bar_floor: Option<(Rank, Rank)>,
        /// The placement criteria, NBW first (absent: NBW, SOSW, SOSOSW; a file brought in
        /// keeps its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        criteria: Option<Vec<Criterion>>,
    },
}

/// McMahon criteria: OpenGotha's usual MMS, SOSM, SOSOSM (`PlacementParameterSet.initForMM`).
pub const MCMAHON_CRITERIA: [Criterion; 3] = [Criterion::Mms, Criterion::Sosm, Criterion::Sososm];
/// OpenGotha's Swiss criteria: NBW, SOSW, SOSOSW (`PlacementParameterSet.initForSwiss`).
pub const OPENGOTHA_SWISS_CRITERIA: [Criterion; 3] = [Criterion::Nbw, Criterion::Sosw, Criterion::Sososw];

/// How the teams of a team event meet (第二十七条二/三, 第二十八条二).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum TeamPairing {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
}

impl System {
    /// Whether the system's own settings make sense, and fit `rounds` when the set-up names it.
    pub fn check(&self, rounds: Option<u16>) -> Result<()> {
        match self {
            System::McMahon { bar, floor, .. } | System::OpenGothaSwiss { bar_floor: Some((bar, floor)), .. }
                if bar.value() < floor.value() =>
            {
                Err(out_of_range(crate::error::Detail::BarBelowFloor { bar: *bar, floor: *floor }))
            }
            System::McMahon { pairing, handicap, scoring, .. }
            | System::OpenGothaSwiss { pairing, handicap, scoring, .. } => {
                if let Some(s) = scoring {
                    check_scoring(s)?;
                }
                pairing.as_deref().map_or(Ok(()), PairingParams::check)?;
                handicap.as_ref().map_or(Ok(()), HandicapParams::check)?;
                self.check_criteria()
            }
            &System::Match { best_of } => {
                best_of::check(best_of)?;
                match rounds {
                    Some(r) if r != u16::from(best_of) => {
                        Err(out_of_range(crate::error::Detail::MatchRounds { best_of, rounds: r }))
                    }
                    _ => Ok(()),
                }
            }
            &System::Knockout { losses } => knockout::check(losses),
            &System::Team { boards, .. } => team::check(boards),
            _ => Ok(()),
        }
    }

    /// An OpenGotha system's own criteria: OpenGotha's, computed here, none twice, its main
    /// score (MMS for McMahon, NBW for Swiss) first.
    fn check_criteria(&self) -> Result<()> {
        let (Some(criteria), main) = (match self {
            System::McMahon { criteria, .. } => (criteria.as_ref(), Criterion::Mms),
            System::OpenGothaSwiss { criteria, .. } => (criteria.as_ref(), Criterion::Nbw),
            _ => (None, Criterion::Mms),
        }) else {
            return Ok(());
        };
        if criteria.first() != Some(&main) {
            return Err(out_of_range(crate::error::Detail::RanksFirstBy { criterion: main.name().to_owned() }));
        }
        if let Some(c) = criteria.iter().find(|c| !Criterion::OPENGOTHA.contains(c) || **c == Criterion::Cat) {
            return Err(out_of_range(crate::error::Detail::NotOpenGothaCriterion { criterion: c.name().to_owned() }));
        }
        if let Some((k, c)) = criteria.iter().enumerate().find(|(k, c)| criteria[..*k].contains(c)) {
            return Err(out_of_range(crate::error::Detail::CriterionTwice {
                criterion: c.name().to_owned(),
                at: k + 1,
            }));
        }
        Ok(())
    }

    /// The system without what steers only the pairing of rounds to come (a McMahon event's
    /// OpenGotha parameters): what the rounds already played are ranked by.
    pub fn ranking(&self) -> System {
        match self {
            System::McMahon { bar, floor, scoring, criteria, .. } => System::McMahon {
                bar: *bar,
                floor: *floor,
                pairing: None,
                handicap: None,
                scoring: *scoring,
                criteria: criteria.clone(),
            },
            System::OpenGothaSwiss { scoring, bar_floor, criteria, .. } => System::OpenGothaSwiss {
                pairing: None,
                handicap: None,
                scoring: *scoring,
                bar_floor: *bar_floor,
                criteria: criteria.clone(),
            },
            other => other.clone(),
        }
    }

    /// OpenGotha's pairing and handicap parameters for this system: an OpenGotha event's own
    /// (or OpenGotha's defaults for it); Swiss's defaults for the others, which are not paired
    /// the OpenGotha way (they stand in for them in an exported file).
    pub fn opengotha_pairing(&self) -> (PairingParams, HandicapParams) {
        match self {
            System::McMahon { pairing, handicap, .. } => {
                (pairing.as_deref().copied().unwrap_or_else(PairingParams::mcmahon), handicap.unwrap_or_default())
            }
            System::OpenGothaSwiss { pairing, handicap, .. } => (
                pairing.as_deref().copied().unwrap_or_else(PairingParams::swiss),
                handicap.unwrap_or_else(HandicapParams::none),
            ),
            _ => (PairingParams::swiss(), HandicapParams::none()),
        }
    }

    /// The placement criteria of a system OpenGotha runs (McMahon, OpenGotha's Swiss): what it
    /// is ranked by, and what orders its score groups when it is paired.
    pub fn opengotha_criteria(&self) -> Option<Vec<Criterion>> {
        match self {
            System::McMahon { criteria, .. } => Some(criteria.clone().unwrap_or_else(|| MCMAHON_CRITERIA.to_vec())),
            System::OpenGothaSwiss { criteria, .. } => {
                Some(criteria.clone().unwrap_or_else(|| OPENGOTHA_SWISS_CRITERIA.to_vec()))
            }
            _ => None,
        }
    }

    /// The scores' parameters of an event OpenGotha runs: a McMahon event's bar and floor, and
    /// either system's scoring (OpenGotha's defaults where the event sets none).
    pub fn mcmahon(&self) -> Option<McMahonParams> {
        match *self {
            System::McMahon { bar, floor, scoring, .. } => {
                Some(McMahonParams { bar: bar.value(), floor: floor.value(), scoring: scoring.unwrap_or_default() })
            }
            System::OpenGothaSwiss { scoring, bar_floor, .. } => {
                let d = McMahonParams::default();
                let (bar, floor) = bar_floor.map_or((d.bar, d.floor), |(b, f)| (b.value(), f.value()));
                Some(McMahonParams { bar, floor, scoring: scoring.unwrap_or_default() })
            }
            _ => None,
        }
    }
}

impl Labelled for System {
    fn label(&self) -> Label {
        match self {
            System::RoundRobin { double: false } => Label::new("循环制", "round robin"),
            System::RoundRobin { double: true } => Label::new("双循环制", "double round robin"),
            System::Swiss { .. } => Label::new("积分编排制", "Swiss"),
            System::McMahon { .. } => Label::new("麦克马洪制", "McMahon"),
            System::OpenGothaSwiss { .. } => Label::new("瑞士制（OpenGotha）", "Swiss (OpenGotha)"),
            System::Match { .. } => Label::new("多局决胜制", "best-of-N match"),
            System::Knockout { losses: 1 } => Label::new("单败淘汰制", "single elimination"),
            System::Knockout { losses: 2 } => Label::new("双败淘汰制", "double elimination"),
            System::Knockout { .. } => Label::new("多败淘汰制", "multiple elimination"),
            System::Leitai => Label::new("擂台赛", "winner stays on"),
            System::Team { pairing: TeamPairing::RoundRobin, .. } => Label::new("团体循环赛", "team round robin"),
            System::Team { pairing: TeamPairing::DoubleRoundRobin, .. } => {
                Label::new("团体双循环赛", "team double round robin")
            }
            System::Team { pairing: TeamPairing::Swiss, .. } => Label::new("团体积分编排赛", "team Swiss"),
        }
    }
}

/// OpenGotha's scoring as it can run: starting scores from 30k (OpenGotha 3.52.03's
/// `setGenMMZero` ignores its argument, and the score groups are counted from 30k), and an
/// absence or a bye worth 0, ½ or 1 point.
fn check_scoring(s: &Scoring) -> Result<()> {
    let thirty_kyu = Scoring::default().zero;
    if s.zero != thirty_kyu {
        return Err(out_of_range(crate::error::Detail::MmZero { zero: s.zero, from: thirty_kyu }));
    }
    for (name, v) in [
        ("absent_nbw2", s.absent_nbw2),
        ("absent_mms2", s.absent_mms2),
        ("bye_nbw2", s.bye_nbw2),
        ("bye_mms2", s.bye_mms2),
    ] {
        if !(0..=2).contains(&v) {
            return Err(out_of_range(crate::error::Detail::HalfPoints { name: name.to_owned(), value: v }));
        }
    }
    Ok(())
}

fn out_of_range(detail: crate::error::Detail) -> DomainError {
    DomainError::Outside { what: crate::error::Noun::Settings, detail }
}
