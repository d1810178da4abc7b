//! Test suites in EPD (four FEN fields, then `bm MOVES;` best or `am MOVES;` avoid, and an
//! `id "..."`): searches each position and says whether the move played solves it.

use crate::{Limits, Searcher};
use tinman_core::{variants, Position};

/// How a suite went.
#[derive(Debug, Default)]
pub struct SuiteResult {
    pub solved: usize,
    pub total: usize,
    /// `id (played, bm|am MOVES)` for every position not solved.
    pub missed: Vec<String>,
}

/// Runs the standard-chess EPD `text` with `limits` per position on one thread and a fresh
/// 16 MB table each, skipping positions whose id `keep` refuses. Panics on a malformed line.
pub fn run_suite(text: &str, limits: &Limits, keep: impl Fn(&str) -> bool) -> SuiteResult {
    let normal = variants::by_name(variants::DEFAULT).expect("standard chess");
    let mut result = SuiteResult::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = fields[..4].join(" ");
        let (opcode, rest) = fields[4].split_once(' ').expect("an EPD operation");
        let listed: Vec<&str> = rest.split(';').next().unwrap_or("").split_whitespace().collect();
        let id = rest.split("id \"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("?");
        if !keep(id) {
            continue;
        }
        let pos = Position::from_fen(normal, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let best = Searcher::new(16).search(&pos, limits, &mut |_| {}).best.expect("a move");
        let san = pos.san(best);
        // Check marks differ between suites and SAN writers.
        let bare = san.trim_end_matches(['+', '#']);
        let named = listed.iter().any(|m| m.trim_end_matches(['+', '#']) == bare);
        result.total += 1;
        if named == (opcode == "bm") {
            result.solved += 1;
        } else {
            result.missed.push(format!("{id} ({san}, {opcode} {})", listed.join(" ")));
        }
    }
    result
}
