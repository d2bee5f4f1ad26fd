//! What handlers read of the store and check before they record on a game, shared so that no
//! handler imports another: a tournament, a game's kept state and its screen, a scheduled game,
//! the checks a record on a game passes, and the draft a preview folds.

use std::sync::Arc;

use arbiter_core::app::GameView;
use arbiter_core::event::{Event, EventBody};
use arbiter_core::game::{validate, GameState};
use arbiter_core::model::{GameId, Role, TournamentId};
use arbiter_core::tournament::TournamentView;
use serde::Deserialize;

use crate::accounts::Principal;
use crate::error::OfficeError;
use crate::server::request::author;
use crate::server::{AppState, Caller};

/// The whole tournament, as the store keeps it derived.
pub(crate) fn view_of(state: &AppState, t: &TournamentId) -> Result<TournamentView, OfficeError> {
    state.store.tournament_view(t)?.ok_or_else(|| OfficeError::NotFound(format!("tournament `{t}` has no events yet")))
}

/// One game's state as kept: a 404 naming the game unless the tournament has it.
pub(crate) fn state_of(state: &AppState, t: &TournamentId, game: &GameId) -> Result<Arc<GameState>, OfficeError> {
    state.store.game_state(t, game)?.ok_or_else(|| OfficeError::NotFound(format!("no game `{game}` in `{t}`")))
}

/// One game's screen (state, players, catalogue) from the kept state and set-up.
pub(crate) fn game_page(state: &AppState, t: &TournamentId, game: &GameId) -> Result<GameView, OfficeError> {
    let s = state_of(state, t, game)?;
    // Not scheduled (yet) is a 404 too: there is no game screen to show.
    let seals = arbiter_core::app::seals_of(&*state.store, &s)?;
    arbiter_core::app::game_view(&*state.store.setup(t)?, s, seals).map_err(|e| OfficeError::NotFound(e.to_string()))
}

/// The caller's tournament, folded.
/// The tournament's events that belong to no game (set-up, registrations, withdrawals,
/// deletions), in the order they arrived: what a registration history reads.
pub(crate) fn setup_events(state: &AppState, t: &TournamentId) -> Result<Vec<arbiter_core::event::Event>, OfficeError> {
    let until = state.store.last_seq()?;
    let (page, _) = state
        .store
        .scan_log(0, until, usize::MAX, usize::MAX, &mut |tag| tag.tournament == t.as_str() && tag.game.is_none())?;
    Ok(page.into_iter().map(|(_, e)| e).collect())
}

pub(crate) fn tournament_view(state: &AppState, caller: &Caller) -> Result<TournamentView, OfficeError> {
    view_of(state, &caller.0.tournament)
}

/// `{body, made_at_ms?}`: an event body proposed on a game (to record, or to preview), and for a
/// record an official's phone made while it could not reach the office, when it was made — ms
/// since the epoch on the office's clock, as the phone corrects its own by the offset learned at
/// its last contact (docs/events.md, "Records from the office's pages").
#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEvent {
    pub(crate) body: EventBody,
    #[serde(default)]
    pub(crate) made_at_ms: Option<u64>,
    /// With an incident recorded without a ruling: escalated to this role in the same act (one
    /// batch), so a phone that makes both offline keeps one record, not an escalation that
    /// needs the incident's id before the office has minted it.
    #[serde(default)]
    pub(crate) escalate_to: Option<Role>,
}

/// The header a phone sends with each try of a record: its office-corrected clock as it sends
/// (not in the body, which is the same on every try of one key).
pub(crate) const SENT_AT: &str = "sent-at-ms";

/// When a record was made: `made_ms` when it says, else `now`. With `sent_ms` (the phone's
/// clock, corrected alike, as it sent this try) the record's age on the phone's own clock is
/// taken from the office's now, so an offset gone stale since the last contact cancels out and
/// a record sent as it is made is stamped at the office's own now. A moment further ahead of the
/// office's clock than `max_ahead_ms` (the clock-skew bound, as for a tablet's stamps) or older
/// than the office answers a request once (`idempotency::KEEP_FOR`) is refused, nothing stored.
pub(crate) fn made_at(
    made_ms: Option<u64>,
    sent_ms: Option<u64>,
    now: chrono::DateTime<chrono::Utc>,
    max_ahead_ms: u64,
) -> Result<chrono::DateTime<chrono::Utc>, OfficeError> {
    use crate::error::NotAdmitted;
    let Some(made_ms) = made_ms else { return Ok(now) };
    let now_ms = u64::try_from(now.timestamp_millis()).unwrap_or(0);
    let made_ms = match sent_ms {
        Some(sent) => now_ms.saturating_add(made_ms).saturating_sub(sent),
        None => made_ms,
    };
    if made_ms > now_ms.saturating_add(max_ahead_ms) {
        return Err(OfficeError::not_admitted(
            NotAdmitted::ClockAhead,
            arbiter_core::refusals::record_ahead((made_ms - now_ms) / 1000, max_ahead_ms / 1000),
        ));
    }
    let keep_ms = u64::try_from(crate::server::idempotency::KEEP_FOR.as_millis()).unwrap_or(u64::MAX);
    if now_ms.saturating_sub(made_ms) > keep_ms {
        return Err(OfficeError::not_admitted(
            NotAdmitted::MadeTooLongAgo,
            arbiter_core::refusals::made_too_long_ago((now_ms - made_ms) / 3_600_000, keep_ms / 3_600_000),
        ));
    }
    i64::try_from(made_ms).ok().and_then(chrono::DateTime::from_timestamp_millis).ok_or_else(|| {
        arbiter_core::DomainError::OutOfRange { what: "made_at_ms", message: "not a time".into() }.into()
    })
}

/// The scheduled game `game` of `t`, as kept (one game's state, not the tournament's), or
/// `not_found`.
pub(crate) fn scheduled(
    state: &AppState,
    t: &TournamentId,
    game: &GameId,
) -> Result<Arc<arbiter_core::game::GameState>, OfficeError> {
    state
        .store
        .game_state(t, game)?
        .filter(|g| g.schedule.is_some())
        .ok_or_else(|| OfficeError::NotFound(format!("no game `{game}`")))
}

/// The checks the office makes before recording on a game: the rules' (`game::validate`). A
/// record on a decided game is not refused: as on a tablet, it is kept and flagged for the
/// chief arbiter, and the result stands (game::correction).
pub(crate) fn check(g: &arbiter_core::game::GameState, role: Role, body: &EventBody) -> Result<(), OfficeError> {
    validate(g, role, body)?;
    Ok(())
}

/// A referee records only at the tables assigned to them (第三十一条三): another table is
/// [`OfficeError::NotYourTable`]. A referee assigned no table is not held to any (a small event
/// without assignments), as their pull scope is not (`sync::scope`); other roles never are.
pub(crate) fn on_own_table(setup: &TournamentView, p: &Principal, table: u16) -> Result<(), OfficeError> {
    if p.role != Role::Referee {
        return Ok(());
    }
    let tables: Vec<u16> = setup.referees.iter().filter(|(_, r)| **r == p.person).map(|(t, _)| *t).collect();
    if tables.is_empty() || tables.contains(&table) {
        return Ok(());
    }
    Err(OfficeError::NotYourTable { table, referee: p.person.clone(), tables })
}

/// An event `p` would record on `game` after everything in `events`: stamped just after the
/// latest, for previews (never stored).
pub(crate) fn draft(
    p: &Principal,
    game: &GameId,
    events: &[Event],
    body: EventBody,
    now: chrono::DateTime<chrono::Utc>,
) -> Event {
    arbiter_core::app::desk::draft(&p.tournament, game, events, author(p), body, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::model::{DeviceId, PersonId};

    fn principal(person: &str, role: Role) -> Principal {
        Principal {
            tournament: TournamentId::new("t1").unwrap(),
            person: PersonId::new(person).unwrap(),
            role,
            device: DeviceId::new("web-1").unwrap(),
        }
    }

    /// 第三十一条三: the refusal names the table and the referee's own, as its typed variant.
    #[test]
    fn a_referee_is_held_to_their_tables_and_no_one_else_is() {
        let mut setup = TournamentView::empty(TournamentId::new("t1").unwrap());
        for (t, r) in [(1, "ref-li"), (2, "ref-li"), (3, "ref-wang")] {
            setup.referees.insert(t, PersonId::new(r).unwrap());
        }
        let li = principal("ref-li", Role::Referee);
        assert!(on_own_table(&setup, &li, 2).is_ok());
        match on_own_table(&setup, &li, 3) {
            Err(OfficeError::NotYourTable { table, referee, tables }) => {
                assert_eq!((table, referee.as_str(), tables), (3, "ref-li", vec![1, 2]));
            }
            other => panic!("expected NotYourTable, got {other:?}"),
        }
        // A referee assigned no table, and the chief arbiter, are held to none.
        assert!(on_own_table(&setup, &principal("ref-zhao", Role::Referee), 3).is_ok());
        assert!(on_own_table(&setup, &principal("chief-ma", Role::ChiefArbiter), 1).is_ok());
    }
}
