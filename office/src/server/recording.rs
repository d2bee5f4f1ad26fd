//! The office's write path: a command checks under the office's command lock, then records its
//! events in one durable batch as the caller; the field errors the organiser's forms share.

use arbiter_core::error::DomainError;
use arbiter_core::event::{Event, EventBody};
use arbiter_core::model::{Author, Role};
use arbiter_core::tournament::TournamentView;

use crate::accounts::Principal;
use crate::error::OfficeError;
use crate::runtime::blocking;
use crate::server::reading::view_of;
use crate::server::request::author;
use crate::server::{AppState, Caller};

pub(crate) const SETUP: &[Role] = &[Role::Organiser];
/// 第三十一条四: the chief arbiter runs the draw and oversees pairings.
pub(crate) const DRAW: &[Role] = &[Role::Organiser, Role::ChiefArbiter];

/// A fault for the tests that show a failed request leaves the event able to go on
/// (`office/tests/it/failed_request.rs`): with `ARBITER_FAULT_PANIC_ONCE=<event kind>` (e.g.
/// `GameScheduled`) in the environment, the first batch holding an event of that kind panics
/// under the command lock, before anything is stored. Unset, as in every real deployment, it
/// does nothing.
fn injected_fault(bodies: &[arbiter_core::event::NewEvent]) {
    static FIRED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let Ok(kind) = std::env::var("ARBITER_FAULT_PANIC_ONCE") else { return };
    if bodies.iter().any(|(_, b)| format!("{:?}", b.kind()) == kind)
        && !FIRED.swap(true, std::sync::atomic::Ordering::SeqCst)
    {
        panic!("ARBITER_FAULT_PANIC_ONCE: a fault injected at recording {kind}");
    }
}

/// Records office-made events in one durable batch, as the caller.
pub(crate) fn record(
    state: &AppState,
    p: &Principal,
    bodies: Vec<arbiter_core::event::NewEvent>,
) -> Result<Vec<Event>, OfficeError> {
    injected_fault(&bodies);
    Ok(state.store.record_all(
        &p.tournament,
        &author(p),
        bodies,
        state.clock.now(),
        &mut arbiter_core::random_id_bits,
    )?)
}

/// Check-then-record under the office's command lock (the process's, then the store's), so two
/// officials cannot pair the same round (or register the same id) at once.
pub(crate) async fn locked<T: Send + 'static>(
    state: AppState,
    caller: Caller,
    f: impl FnOnce(&AppState, &Principal) -> Result<T, OfficeError> + Send + 'static,
) -> Result<T, OfficeError> {
    blocking(move || {
        let _guard = state.commands.lock().unwrap_or_else(|e| e.into_inner());
        // And across every other office process on the same database.
        let _shared = state.store.command_lock()?;
        f(&state, &caller.0)
    })
    .await
}

/// [`locked`], with the tournament's view read under the lock for the checks.
pub(crate) async fn command<T: Send + 'static>(
    state: AppState,
    caller: Caller,
    f: impl FnOnce(&AppState, &Principal, TournamentView) -> Result<T, OfficeError> + Send + 'static,
) -> Result<T, OfficeError> {
    locked(state, caller, move |state, p| f(state, p, view_of(state, &p.tournament)?)).await
}

/// A field of the organiser's form that is wrong, and how.
pub(crate) fn invalid(field: &str, message: impl Into<String>) -> OfficeError {
    DomainError::InvalidField { field: field.to_owned(), message: message.into() }.into()
}

/// A number outside what the event allows.
pub(crate) fn out_of_range(what: &'static str, message: impl Into<String>) -> OfficeError {
    DomainError::OutOfRange { what, message: message.into() }.into()
}

/// `?preview=true`: say what a command would change (every bad line, every duplicate) and store
/// nothing.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ImportQuery {
    #[serde(default)]
    pub(crate) preview: bool,
}

impl crate::server::request::Asked for ImportQuery {
    fn asked() -> String {
        "use ?preview=true or nothing".into()
    }
}

/// Records an event authored by `p` at the office (the organiser's set-up facts).
pub(crate) fn record_as(state: &AppState, p: &Principal, body: EventBody) -> Result<(), OfficeError> {
    let author = Author { device: p.device.clone(), person: p.person.clone(), role: p.role };
    state.store.record_all(
        &p.tournament,
        &author,
        vec![(None, body)],
        chrono::Utc::now(),
        &mut arbiter_core::random_id_bits,
    )?;
    Ok(())
}
