//! The XBoard move reader and writer (`protocol/src/xboard/moves.rs`, compiled in here from
//! the binary's source) on arbitrary text against the same positions as `parse_move`.
#![no_main]

#[path = "../../tests/fuzz/checks.rs"]
mod checks;
#[allow(dead_code)]
#[path = "../../protocol/src/xboard/moves.rs"]
mod moves;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::check_xboard_move(data, moves::from_xboard, moves::to_xboard)
});
