//! The pure core's integration tests, one binary (`cargo test -p arbiter-domain --test it`):
//! a module per article group, system or format; `support` holds the given/when/then helpers.

#![allow(clippy::disallowed_methods, clippy::disallowed_types)] // tests read fixtures and run OpenGotha: outside the pure library (clippy.toml)

mod support;

mod annulment_and_appeals;
mod art12_14_23_clock;
mod art17_moves;
mod art18_to_22;
mod art23_timing;
mod art24_25_discipline;
mod board;
mod chapter2_facts;
mod compat;
mod counting_games;
mod format_fuzz;
mod ing_ko;
mod ing_rules;
mod input_bounds;
mod korean;
mod opengotha_oracle;
mod opengotha_pairing_parity;
mod opengotha_real_files;
mod opengotha_releases;
mod opengotha_round_trip;
mod opengotha_weights;
mod pairing_matching;
mod pairing_properties;
mod properties;
mod rating_lists;
mod result_correction;
mod rules_coverage;
mod run_event;
mod setup_properties;
mod sgf;
mod standings_art28_29;
mod supersession;
mod undo;
mod wire_format;
