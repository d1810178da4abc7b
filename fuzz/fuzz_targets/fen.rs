//! `Position::from_fen` of every game; accepted FENs go through every check of
//! `tests/fuzz/checks.rs` (round trip, hash, generators, make/unmake, results).
#![no_main]

#[path = "../../tests/fuzz/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_fen(data));
