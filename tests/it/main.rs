//! The cross-crate tests, one binary (`cargo test -p arbiter-tests --test it`): real stores on
//! disk, real office processes and servers on loopback, real PostgreSQL clusters; a module per
//! concern. The shared harness is the `arbiter_tests` library (`tests/src/`).

mod abuse_limits;
mod api_bad_input;
mod api_fuzz;
mod app_service;
mod authz_matrix;
mod chief_desk;
mod clock_skew;
mod flake_hunt;
mod hostile_input;
mod https_pinning;
mod journal_corrupt;
mod league_harness;
mod league_processes;
mod league_venues;
mod module_graph;
mod office_postgres;
mod office_tournament;
mod office_views;
mod opengotha_reader;
mod pg_cluster;
mod pg_ledger;
mod pull_scope;
mod reader_clips;
mod readme;
mod registration_desk;
mod restarts;
mod security_headers;
mod signed_ledger;
mod slow_clients;
mod store_conformance;
mod store_durability;
mod sync_convergence;
mod table_links;
