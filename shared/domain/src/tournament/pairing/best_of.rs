//! 第二十七条四 多局决胜制: a match between two players over 3, 5 or 7 games (三局两胜, 五局三胜,
//! 七局四胜) or ten (十局制). Colours alternate from game 1, where the first seed takes Black
//! (the draw of 第十条 decides who that is). The match ends as soon as one side cannot be caught.

use crate::error::{DomainError, Result};
use crate::model::PlayerId;
use crate::tournament::field::Field;

use super::{Board, RoundPairing};

/// Match lengths the rules name.
pub const LENGTHS: [u8; 4] = [3, 5, 7, 10];

/// Refuses a match length the rules do not name.
pub fn check(best_of: u8) -> Result<()> {
    if LENGTHS.contains(&best_of) {
        return Ok(());
    }
    Err(DomainError::Outside {
        what: crate::error::Noun::Match,
        detail: crate::error::Detail::BestOf { games: best_of },
    })
}

/// Each side's points (2 a win, 1 a draw) after `up_to`, for `a` and `b`.
pub fn score(field: &Field, a: &PlayerId, b: &PlayerId, up_to: u16) -> (i64, i64) {
    let index = field.index();
    (index.points(a, up_to), index.points(b, up_to))
}

/// Whether the match is decided after `played` games: the leader cannot be caught in the games
/// left (points are 2 a win, so `games_left * 2` is all the other side can still gain).
pub fn decided(best_of: u8, points: (i64, i64), played: u16) -> bool {
    let left = i64::from(best_of).saturating_sub(i64::from(played)).max(0);
    (points.0 - points.1).abs() > 2 * left || (left == 0 && points.0 != points.1)
}

/// The pairing of game `round` of a best-of-`best_of` match between `seeds[0]` and `seeds[1]`.
pub fn pair(field: &Field, seeds: &[PlayerId], round: u16, best_of: u8) -> Result<RoundPairing> {
    check(best_of)?;
    let [a, b] = seeds else {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Match,
            detail: crate::error::Detail::MatchOfTwo { players: seeds.len() },
        });
    };
    if round == 0 || round > u16::from(best_of) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Round,
            detail: crate::error::Detail::MatchGameOutside { game: round, best_of },
        });
    }
    let before = round - 1;
    let played = field.games.iter().filter(|g| g.round <= before).count() as u16;
    let points = score(field, a, b, before);
    if decided(best_of, points, played) {
        return Err(DomainError::Outside {
            what: crate::error::Noun::Match,
            detail: crate::error::Detail::MatchDecided { a: points.0, b: points.1, game: round },
        });
    }
    let (black, white) = if round % 2 == 1 { (a, b) } else { (b, a) };
    Ok(RoundPairing {
        round,
        boards: vec![Board { table: 1, black: black.clone(), white: white.clone(), handicap: 0 }],
        byes: vec![],
        rematches: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Rank;
    use crate::tournament::field::{Entrant, FieldGame, GameScore};

    fn field() -> (Field, Vec<PlayerId>) {
        let ids: Vec<PlayerId> = ["a", "b"].iter().map(|s| PlayerId::new(*s).unwrap()).collect();
        let entrants = ids.iter().map(|i| Entrant::new(i.clone(), i.to_string(), Rank::Dan(5))).collect();
        (Field { entrants, rounds: 5, ..Field::default() }, ids)
    }

    fn play(f: &mut Field, round: u16, score: GameScore) {
        let p = pair(f, &["a", "b"].map(|s| PlayerId::new(s).unwrap()), round, 5).unwrap();
        let b = &p.boards[0];
        f.games.push(FieldGame {
            round,
            table: 1,
            black: b.black.clone(),
            white: b.white.clone(),
            handicap: 0,
            score,
            by_default: false,
        });
    }

    #[test]
    fn colours_alternate_and_the_match_stops_once_decided() {
        // 五局三胜: a wins games 1–3 (Black, White, Black): decided after three.
        let (mut f, ids) = field();
        play(&mut f, 1, GameScore::BlackWins);
        assert_eq!(f.games[0].black, ids[0]);
        play(&mut f, 2, GameScore::WhiteWins);
        assert_eq!(f.games[1].white, ids[0], "colours alternate");
        play(&mut f, 3, GameScore::BlackWins);
        let err = pair(&f, &ids, 4, 5).unwrap_err();
        assert!(err.to_string().contains("decided (6–0"), "{err}");
    }

    #[test]
    fn a_close_match_goes_the_distance() {
        let (mut f, ids) = field();
        for (r, s) in
            [(1, GameScore::BlackWins), (2, GameScore::BlackWins), (3, GameScore::Draw), (4, GameScore::BlackWins)]
        {
            play(&mut f, r, s);
        }
        // a: win, loss, draw, loss = 3; b: 5 — game 5 can still level it: not decided.
        assert!(pair(&f, &ids, 5, 5).is_ok());
        assert!(!decided(5, (3, 5), 4));
        assert!(decided(5, (3, 7), 5));
        assert!(!decided(10, (10, 10), 10), "a drawn ten-game match is level, not decided");
    }

    #[test]
    fn lengths_and_players_outside_the_rules_are_refused() {
        let (f, ids) = field();
        assert!(pair(&f, &ids, 1, 4).is_err());
        assert!(pair(&f, &ids[..1], 1, 3).is_err());
        assert!(pair(&f, &ids, 6, 5).is_err());
    }
}
