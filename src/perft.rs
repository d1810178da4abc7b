//! Perft: counting the leaves of the legal-move tree, the standard check of move generation.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use rayon::prelude::*;

/// Leaves of the legal-move tree of `depth` plies (bulk-counted at the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.count_legal() as u64 };
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    let mut nodes = 0;
    for &m in &list {
        pos.make_for_perft(m);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// Perft per root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            pos.make(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake();
            (m, n)
        })
        .collect()
}

/// [`divide`] with the root moves shared among `threads` worker threads.
pub fn divide_parallel(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let work = || {
        moves
            .par_iter()
            .map(|&m| {
                let mut p = pos.clone();
                p.make(m);
                let n = if depth <= 1 { 1 } else { perft(&mut p, depth - 1) };
                (m, n)
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}
