//! The `arbiter-office` binary tested from outside, one test binary (`cargo test -p
//! arbiter-office --test it`): a module per command or concern; `support` starts the real binary.

// The throwaway PostgreSQL cluster the cross-crate tests use, for `store_cli`.
#[path = "../../../tests/src/pg.rs"]
#[allow(dead_code)]
mod pg;
// The bounded waits, shared with the cross-crate tests.
mod support;
#[path = "../../../tests/src/wait.rs"]
#[allow(dead_code)]
mod wait;

mod backup_restore;
mod cert_cli;
mod count_cli;
mod disk_full;
mod failed_request;
mod golden_scenarios;
mod office_running_cli;
mod pair_cli;
mod standings_cli;
mod startup_errors;
mod store_cli;
mod store_env_cli;
mod store_failed;
mod verify_cli;
