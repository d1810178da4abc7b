//! `Position::parse_move` on arbitrary text against the start and perft-suite positions of
//! every game; accepted moves must be legal and make/unmake must restore the position.
#![no_main]

#[path = "../../tests/fuzz/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_parse_move(data));
