//! "Win At Chess": the search's tactical strength on the classic 300-position suite, at a
//! fixed node budget per position (deterministic, so the count is a regression signature).

use tinman_core::{variants, Position};
use tinman_search::{Limits, Searcher};

/// Nodes per position.
const NODES: u64 = 200_000;
/// Positions solved in the last measured run with these settings; a drop means a regression.
const EXPECTED_AT_LEAST: usize = 234;

#[test]
#[ignore = "slow: run in release with --include-ignored"]
fn win_at_chess() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/wac.epd");
    let Ok(text) = std::fs::read_to_string(path) else {
        panic!("{path} missing: the WAC suite lives in the shared data folder");
    };
    let normal = variants::by_name("normal").unwrap();
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        // EPD: four FEN fields, then operations `bm MOVES;` (best) or `am MOVES;` (avoid).
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = fields[..4].join(" ");
        let (opcode, rest) = fields[4].split_once(' ').expect("an EPD operation");
        let listed: Vec<&str> = rest.split(';').next().unwrap().split_whitespace().collect();
        let pos = Position::from_fen(normal, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let limits = Limits { nodes: Some(NODES), ..Limits::default() };
        let result = Searcher::new(16).search(&pos, &limits, &mut |_| {});
        let san = pos.san(result.best.expect("a move"));
        let bare = san.trim_end_matches(['+', '#']);
        let named = listed.iter().any(|b| b.trim_end_matches(['+', '#']) == bare);
        total += 1;
        if named == (opcode == "bm") {
            solved += 1;
        }
    }
    eprintln!("WAC: {solved} of {total} solved at {NODES} nodes per position");
    assert_eq!(total, 300);
    assert!(solved >= EXPECTED_AT_LEAST, "{solved} < {EXPECTED_AT_LEAST}");
}
