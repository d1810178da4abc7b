//! Runs the perft suites in `tests/perft/*.perft`. Counts up to `SHALLOW_LIMIT` nodes run in
//! every `cargo test`; the rest are `#[ignore]`d and run in release in CI.

mod common;

use common::{perft_by_king_capture, perft_cases};
use std::time::Instant;
use tinman_core::perft::{divide_parallel, perft};

/// Largest count that the quick (debug) run checks.
const SHALLOW_LIMIT: u64 = 100_000;

#[test]
fn perft_suites_shallow() {
    let mut checked = 0;
    for case in perft_cases() {
        let mut pos = case.position();
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= SHALLOW_LIMIT) {
            let got = perft(&mut pos, depth);
            assert_eq!(got, expected, "{}.perft:{} depth {depth}: {}", case.file, case.line, case.fen);
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} shallow counts checked");
}

#[test]
#[ignore = "deep perft: run in release with --include-ignored"]
fn perft_suites_deep() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (mut total, start) = (0u64, Instant::now());
    for case in perft_cases() {
        let pos = case.position();
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n > SHALLOW_LIMIT) {
            let t = Instant::now();
            let got: u64 = divide_parallel(&pos, depth, threads).iter().map(|(_, n)| n).sum();
            assert_eq!(got, expected, "{}.perft:{} depth {depth}: {}", case.file, case.line, case.fen);
            total += got;
            eprintln!(
                "{}.perft:{} depth {depth}: {got} in {:.1}s",
                case.file,
                case.line,
                t.elapsed().as_secs_f64()
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "deep perft: {total} nodes in {secs:.1}s ({:.0} nodes/s, {threads} threads)",
        total as f64 / secs
    );
}

/// Every count of the games with a King up to `KING_CAPTURE_LIMIT` nodes, recomputed with
/// legality decided by "can the opponent move onto the King?" instead of attack tables: the
/// proof for `wizardoz`, where no other program plays the road.
#[test]
#[ignore = "slow: run in release with --include-ignored"]
fn perft_by_king_capture_agrees() {
    const KING_CAPTURE_LIMIT: u64 = 2_000_000;
    let mut checked = 0;
    for case in perft_cases().into_iter().filter(|c| c.file == "wizardoz" || c.file == "wedgie") {
        let mut pos = case.position();
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= KING_CAPTURE_LIMIT) {
            let got = perft_by_king_capture(&mut pos, depth);
            assert_eq!(got, expected, "{}.perft:{} depth {depth}: {}", case.file, case.line, case.fen);
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked}");
}
