//! `bench`: fixed positions of every game searched to a fixed depth. The total node count is
//! a signature of the search (any change in its behaviour changes it); nps measures speed.

use crate::limits::Limits;
use crate::searcher::Searcher;
use std::time::{Duration, Instant};
use tinman_core::{variants, Position, Variant};

/// Every game's bench positions (its definition's `bench_fens`), games in registry order.
pub fn positions() -> Vec<(&'static Variant, &'static str)> {
    variants::NAMES
        .iter()
        .filter_map(|name| variants::by_name(name))
        .flat_map(|v| v.bench_fens.iter().map(move |&fen| (v, fen)))
        .collect()
}

/// One bench run's totals.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub nodes: u64,
    pub elapsed: Duration,
    /// Per position: variant, nodes, best move text.
    pub positions: Vec<(String, u64, String)>,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.elapsed.as_micros().max(1)) as u64
    }
}

/// Searches the bench positions of one game (`Some(name)`) or of all games to `depth`, one
/// thread, a fresh 16 MB table each.
pub fn run(depth: u32, game: Option<&str>) -> BenchReport {
    let start = Instant::now();
    let mut searched = Vec::new();
    let mut nodes = 0;
    for (variant, fen) in positions().into_iter().filter(|(v, _)| game.is_none_or(|g| g == v.name)) {
        let name = variant.name;
        let pos = if fen == "startpos" {
            Position::start(variant)
        } else {
            Position::from_fen(variant, fen).expect("bench FEN is valid")
        };
        let mut searcher = Searcher::new(16);
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let result = searcher.search(&pos, &limits, &mut |_| {});
        nodes += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| pos.move_text(m));
        searched.push((name.to_string(), result.nodes, best));
    }
    BenchReport { nodes, elapsed: start.elapsed(), positions: searched }
}
