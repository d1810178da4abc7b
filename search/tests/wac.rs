//! "Win At Chess": the search's tactical strength on the classic 300-position suite, at a
//! fixed node budget per position on one thread (deterministic, so the count is a regression
//! signature). The measure, one second per position, depends on the machine and is
//! an example instead: `cargo run --release -p tinman-search --example wac -- --ms 1000`.

use tinman_search::{epd, Limits};

/// Nodes per position.
const NODES: u64 = 200_000;
/// Positions solved in the last measured run with these settings; a drop means a regression.
const EXPECTED_AT_LEAST: usize = 268;

/// Runs the suite with `limits` per position.
fn run_suite(limits: &Limits) -> epd::SuiteResult {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/wac.epd");
    let Ok(text) = std::fs::read_to_string(path) else {
        panic!("{path} missing: the WAC suite lives in the shared data folder");
    };
    epd::run_suite(&text, limits, |_| true)
}

#[test]
#[ignore = "slow: run in release with --include-ignored"]
fn win_at_chess() {
    let epd::SuiteResult { solved, total, missed } =
        run_suite(&Limits { nodes: Some(NODES), ..Limits::default() });
    eprintln!("WAC: {solved} of {total} solved at {NODES} nodes per position; missed: {missed:?}");
    assert_eq!(total, 300);
    assert!(solved >= EXPECTED_AT_LEAST, "{solved} < {EXPECTED_AT_LEAST}");
}
