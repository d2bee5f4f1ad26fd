//! Sync between devices and the office: the protocol types (and, at the edge, the client).

pub mod protocol;
