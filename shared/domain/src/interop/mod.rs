//! Other programs' formats, read and written as text (no I/O here): OpenGotha's tournament
//! XML and the EGD results file (`.h9`).

pub mod egd_h9;
pub mod opengotha;
pub mod players_csv;
