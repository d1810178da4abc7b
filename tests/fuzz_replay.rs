//! Replays the fuzz regression corpus of the rules core (`tests/fuzz/corpus/fen` and
//! `tests/fuzz/corpus/parse_move`) through the same checks as the libFuzzer targets in
//! `fuzz/` (`tests/fuzz/checks.rs`). Each file is one input; none may panic. The fuzz runs
//! themselves (minutes each) are described in docs/testing.md, "Fuzzing".

#[path = "fuzz/checks.rs"]
mod checks;

use std::path::PathBuf;

/// The files of one target's corpus, sorted by name.
fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty corpus", dir.display());
    files.into_iter().map(|p| (p.clone(), std::fs::read(&p).expect("a corpus file"))).collect()
}

/// Runs `check` on every file, naming the file that panics.
fn replay(target: &str, check: fn(&[u8])) {
    for (path, data) in corpus(target) {
        if std::panic::catch_unwind(|| check(&data)).is_err() {
            panic!("{}: the check panicked (message above)", path.display());
        }
    }
}

#[test]
fn fen_corpus() {
    replay("fen", checks::check_fen);
}

#[test]
fn parse_move_corpus() {
    replay("parse_move", checks::check_parse_move);
}

/// Found by fuzzing: a FEN may give clocks up to u32::MAX, and making a move then overflowed
/// (`attempt to add with overflow` in src/position/make.rs). The clocks now saturate, and
/// unmake restores the full-move number from its record.
#[test]
fn clocks_at_u32_max_saturate_and_unmake_restores_them() {
    let normal = tinman_core::variants::by_name("normal").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 4294967295 4294967295";
    let mut pos = tinman_core::Position::from_fen(normal, fen).unwrap();
    let mv = pos.parse_move("g8f6").unwrap();
    pos.make(mv);
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (u32::MAX, u32::MAX));
    pos.make_null();
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    pos.unmake_null();
    pos.unmake();
    assert_eq!(pos.to_fen(), fen);
}
