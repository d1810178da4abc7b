//! Tree walks over the rules core. It reports through returned structs and never prints;
//! only the protocol crate does I/O.

pub mod perft;
