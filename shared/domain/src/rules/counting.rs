//! Deciding a counted game: Chinese area counting (第九条, 第十一条) and KBA territory
//! counting (KBA Art. 13–14). Pure arithmetic in exact units (quarter-stones, half-points).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Detail, DomainError, Noun, Number, Result};
use crate::model::Colour;
use crate::rules::{Counting, Komi, Margin, Outcome, Ruleset};

/// Points on the board; the even line is half of it, 180½.
const BOARD_POINTS: u32 = 361;

/// A count in half-stones, so 184½ is exact. Wire form: a number such as `184.5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, type = "number"))]
pub struct HalfStones(u32);

impl HalfStones {
    pub fn new(halves: u32) -> Result<Self> {
        if halves <= BOARD_POINTS * 2 {
            Ok(Self(halves))
        } else {
            Err(DomainError::Outside {
                what: Noun::Count,
                detail: Detail::StonesOver361 { stones: Number(f64::from(halves) / 2.0) },
            })
        }
    }
}

impl Serialize for HalfStones {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_f64(f64::from(self.0) / 2.0)
    }
}

impl<'de> Deserialize<'de> for HalfStones {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        let halves = v * 2.0;
        if !(0.0..=f64::from(BOARD_POINTS * 2)).contains(&halves) || halves.fract() != 0.0 {
            return Err(crate::error::to_serde(DomainError::Outside {
                what: Noun::Count,
                detail: Detail::HalfStones { stones: Number(v) },
            }));
        }
        HalfStones::new(halves as u32).map_err(crate::error::to_serde)
    }
}

/// What the referee counted. Wire form: `{"method": "area", "black_stones": 184.5}` or
/// `{"method": "territory", "black_points": 62, "white_points": 55}` (territory + prisoners).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub enum Count {
    Area {
        black_stones: HalfStones,
    },
    Territory {
        black_points: u16,
        white_points: u16,
    },
    /// Ing fill-in counting (seed 003 四): Black's points on the board (stones and surrounded
    /// points, a shared point half each), and the penalty stones each side owes (罰子, 2
    /// points each, 五). White's points are the rest of the board's.
    Points {
        black_points: HalfStones,
        #[serde(default)]
        black_penalty_stones: u16,
        #[serde(default)]
        white_penalty_stones: u16,
    },
}

/// Decides a count under `ruleset`.
pub fn decide(count: Count, ruleset: &Ruleset) -> Result<Outcome> {
    match (count, ruleset.komi) {
        (Count::Area { black_stones }, Komi::QuarterStones(komi)) => {
            Ok(area_outcome(black_stones.0, BOARD_POINTS, komi))
        }
        (Count::Territory { black_points, white_points }, Komi::HalfPoints(komi))
            if ruleset.counting == Counting::Territory =>
        {
            Ok(territory_outcome(u32::from(black_points) * 2, u32::from(white_points) * 2, komi))
        }
        (Count::Points { black_points, black_penalty_stones, white_penalty_stones }, Komi::HalfPoints(komi))
            if ruleset.counting == Counting::Points =>
        {
            // A penalty stone is 2 points to the other side (五, 四: "每子二點").
            let stone = 2 * crate::rules::ing::POINTS_PER_STONE;
            let black = black_points.0 + u32::from(white_penalty_stones) * stone;
            let white = BOARD_POINTS * 2 - black_points.0 + u32::from(black_penalty_stones) * stone;
            Ok(ing_outcome(black, white, komi))
        }
        (count, _) => Err(DomainError::Invalid {
            field: "count.method".to_owned(),
            detail: crate::error::Detail::MethodNotUnder {
                counted: match count {
                    Count::Area { .. } => Counting::Area,
                    Count::Territory { .. } => Counting::Territory,
                    Count::Points { .. } => Counting::Points,
                },
                ruleset: match ruleset.spec {
                    crate::rules::RulesetSpec::Chinese1988 { .. } => crate::rules::Preset::Chinese1988,
                    crate::rules::RulesetSpec::Korean => crate::rules::Preset::Korean,
                    crate::rules::RulesetSpec::Ing { .. } => crate::rules::Preset::Ing,
                },
                counts: ruleset.counting,
            },
        }),
    }
}

/// 第九条: black's area (in half-stones) minus komi against half the board's points (180½ on
/// 19×19); more wins, less loses, equal draws. The margin is in quarter-stones.
pub fn area_outcome(black_halves: u32, board_points: u32, komi_quarters: u32) -> Outcome {
    compare(black_halves * 2, board_points * 2 + komi_quarters, Margin::Stones)
}

/// KBA 第十四条: territory + prisoners, komi to white, all in half-points; equal counts are
/// 無勝負, not a draw.
pub fn territory_outcome(black_halves: u32, white_halves: u32, komi_halves: u32) -> Outcome {
    match compare(black_halves, white_halves + komi_halves, Margin::Points) {
        Outcome::Draw => Outcome::NoResult,
        o => o,
    }
}

/// Seed 003 (計點制, 填滿計點): each side's points (stones and surrounded points, a shared
/// point split half each), komi to white, in half-points; equal is a draw, which 8-point komi
/// makes rare.
pub fn ing_outcome(black_halves: u32, white_halves: u32, komi_halves: u32) -> Outcome {
    compare(black_halves, white_halves + komi_halves, Margin::Points)
}

fn compare(black: u32, against: u32, unit: fn(u32) -> Margin) -> Outcome {
    match black.cmp(&against) {
        std::cmp::Ordering::Greater => Outcome::Win { winner: Colour::Black, margin: Some(unit(black - against)) },
        std::cmp::Ordering::Less => Outcome::Win { winner: Colour::White, margin: Some(unit(against - black)) },
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ChineseKomi, RulesetSpec};

    fn chinese(komi: ChineseKomi) -> Ruleset {
        Ruleset::from_spec(RulesetSpec::Chinese1988 { komi })
    }

    fn area(black: f64) -> Count {
        Count::Area { black_stones: HalfStones::new((black * 2.0) as u32).unwrap() }
    }

    #[test]
    fn seed_003_black_185_wins_by_three_quarters_with_komi_3_3_4() {
        // “黑185子，白176子”: with 3¾ black needs 184¼+, wins by ¾ 子.
        let o = decide(area(185.0), &chinese(ChineseKomi::ThreeAndThreeQuarters)).unwrap();
        assert_eq!(o, Outcome::Win { winner: Colour::Black, margin: Some(Margin::Stones(3)) });
        assert_eq!(Margin::Stones(3).zh(), "¾子");
        let o = decide(area(184.0), &chinese(ChineseKomi::ThreeAndThreeQuarters)).unwrap();
        assert_eq!(o, Outcome::Win { winner: Colour::White, margin: Some(Margin::Stones(1)) });
    }

    #[test]
    fn komi_two_allows_a_draw_at_182_and_a_half() {
        let r = chinese(ChineseKomi::Two);
        assert_eq!(decide(area(182.5), &r).unwrap(), Outcome::Draw);
        assert_eq!(
            decide(area(183.0), &r).unwrap(),
            Outcome::Win { winner: Colour::Black, margin: Some(Margin::Stones(2)) }
        );
    }

    #[test]
    fn komi_two_and_three_quarters() {
        let r = chinese(ChineseKomi::TwoAndThreeQuarters);
        // 180½ + 2¾ = 183¼; black 183½ wins by ¼.
        assert_eq!(
            decide(area(183.5), &r).unwrap(),
            Outcome::Win { winner: Colour::Black, margin: Some(Margin::Stones(1)) }
        );
    }

    #[test]
    fn korean_territory_with_six_and_a_half_komi() {
        let r = Ruleset::from_spec(RulesetSpec::Korean);
        let o = decide(Count::Territory { black_points: 70, white_points: 62 }, &r).unwrap();
        assert_eq!(o, Outcome::Win { winner: Colour::Black, margin: Some(Margin::Points(3)) });
        assert_eq!(Margin::Points(3).zh(), "1.5目");
        let o = decide(Count::Territory { black_points: 60, white_points: 62 }, &r).unwrap();
        assert_eq!(o, Outcome::Win { winner: Colour::White, margin: Some(Margin::Points(17)) });
    }

    #[test]
    fn ing_points_with_8_komi_and_penalty_stones_worked_by_hand() {
        let ing = Ruleset::from_spec(RulesetSpec::ING);
        let points = |black: f64, b_pen: u16, w_pen: u16| Count::Points {
            black_points: HalfStones::new((black * 2.0) as u32).unwrap(),
            black_penalty_stones: b_pen,
            white_penalty_stones: w_pen,
        };
        // 185 against 176 + 8 = 184: Black by 1 point.
        assert_eq!(
            decide(points(185.0, 0, 0), &ing).unwrap(),
            Outcome::Win { winner: Colour::Black, margin: Some(Margin::Points(2)) }
        );
        // 184 against 177 + 8 = 185: White by 1.
        assert_eq!(
            decide(points(184.0, 0, 0), &ing).unwrap(),
            Outcome::Win { winner: Colour::White, margin: Some(Margin::Points(2)) }
        );
        // A shared point: 184½ against 176½ + 8 = 184½ — the draw 8 points makes rare.
        assert_eq!(decide(points(184.5, 0, 0), &ing).unwrap(), Outcome::Draw);
        // Black 185 but one penalty stone (2 points to White): 185 against 178 + 8 = 186.
        assert_eq!(
            decide(points(185.0, 1, 0), &ing).unwrap(),
            Outcome::Win { winner: Colour::White, margin: Some(Margin::Points(2)) }
        );
        // White owes two: Black 181 + 4 = 185 against 180 + 8 = 188: White still by 3.
        assert_eq!(
            decide(points(181.0, 0, 2), &ing).unwrap(),
            Outcome::Win { winner: Colour::White, margin: Some(Margin::Points(6)) }
        );
        // An area count is not how the Ing rules count, and Ing points are not the KBA's.
        assert!(decide(area(185.0), &ing).is_err());
        assert!(decide(points(185.0, 0, 0), &Ruleset::from_spec(RulesetSpec::Korean)).is_err());
    }

    #[test]
    fn the_wrong_method_for_the_ruleset_is_refused() {
        let e = decide(area(185.0), &Ruleset::from_spec(RulesetSpec::Korean)).unwrap_err();
        assert!(matches!(&e, DomainError::Invalid { field, .. } if field == "count.method"), "{e:?}");
        assert!(e.to_string().contains("territory"), "{e}");
    }

    #[test]
    fn counts_must_be_whole_or_half_and_on_the_board() {
        for bad in ["184.3", "361.5", "-1"] {
            let json = format!("{{\"method\":\"area\",\"black_stones\":{bad}}}");
            assert!(serde_json::from_str::<Count>(&json).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Count>("{\"method\":\"area\",\"black_stones\":184.5}").is_ok());
    }
}
