//! Timed perft runs with per-root-move counts.

use std::time::{Duration, Instant};
use tinman_core::perft::{divide, divide_parallel};
use tinman_core::{Move, Position};

/// The result of one perft run.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// Leaf count per root move, in generation order.
    pub divide: Vec<(Move, u64)>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl PerftReport {
    /// Leaves per second.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}

/// Runs perft to `depth` plies, sharing root moves among `threads` threads when more than one.
pub fn run(pos: &Position, depth: u32, threads: usize) -> PerftReport {
    let start = Instant::now();
    let divide = if depth == 0 {
        Vec::new()
    } else if threads > 1 {
        divide_parallel(pos, depth, threads)
    } else {
        divide(&mut pos.clone(), depth)
    };
    let nodes = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
    PerftReport { divide, nodes, elapsed: start.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_do_not_change_the_count() {
        let normal = tinman_core::variants::by_name("normal").unwrap();
        let pos = Position::start(normal);
        let one = run(&pos, 3, 1);
        let two = run(&pos, 3, 2);
        assert_eq!(one.nodes, 8902);
        assert_eq!(two.nodes, 8902);
        assert_eq!(one.divide, two.divide);
        assert_eq!(run(&pos, 0, 1).nodes, 1);
    }
}
