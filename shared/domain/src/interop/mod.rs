//! Other programs' formats, read and written as text (no I/O here): OpenGotha's tournament
//! XML, the EGD results file (`.h9`), players as CSV, and SGF game records.

pub mod egd_h9;
pub mod opengotha;
pub mod players_csv;
pub mod sgf;
