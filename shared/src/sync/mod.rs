//! Sync between devices and the office: the protocol types and the device-side client.

pub mod client;
pub mod enroll_link;
pub mod protocol;
pub mod scope;
pub mod tls;
