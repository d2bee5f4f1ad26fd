//! Other programs' formats, read and written as text (no I/O here): OpenGotha's tournament
//! XML, the EGD results file (`.h9`), the FFG's (`.tou`), players as CSV, the EGF's and
//! the FFG's rating lists, and SGF game records.

pub mod egd_h9;
pub mod ffg_tou;
pub mod latin;
pub mod note;
pub mod opengotha;
pub mod players_csv;
pub mod rating_list;
pub mod sgf;
