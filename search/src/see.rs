//! Static exchange evaluation: what a capture wins once every piece that attacks the square
//! has taken in turn, cheapest first, each side free to stop.
//!
//! It uses the rules core's `attackers` with a shrinking occupancy, so x-rays through the
//! pieces that have taken are seen. Jump chains, en passant and castling are not exchanges on
//! one square: their SEE is their plain gain. In games with unusual captures (jump chains, the
//! road) the result is an estimate, which is all ordering and pruning need.

use crate::eval::Values;
use crate::picker::gain;
use tinman_core::{Bitboard, Color, Kind, Move, Position, Special};

/// Value a royal piece gets in an exchange: it may take last, never be taken.
const ROYAL_VALUE: i32 = 20_000;

/// Longest exchange followed (more attackers than this on one square do not occur in play).
const MAX_EXCHANGE: usize = 32;

/// Whether the capture `m`, which takes `won` at once, loses material in the exchange. Taking
/// at least the capturing piece's value never loses, so the exchange is only looked at when
/// it takes less.
pub fn loses_material(pos: &Position, m: Move, won: i32, values: &Values) -> bool {
    won < pos.piece_at(m.from()).map_or(0, |p| values.of(p.kind())) && see(pos, m, values) < 0
}

fn piece_value(pos: &Position, values: &Values, kind: Kind) -> i32 {
    if Some(kind) == pos.variant().royal {
        ROYAL_VALUE
    } else {
        values.of(kind)
    }
}

/// The least valuable piece of `side` in `attackers`.
fn cheapest(pos: &Position, values: &Values, attackers: Bitboard, side: Color) -> Option<(Kind, i32)> {
    let kind =
        values.cheapest_first().iter().copied().find(|&k| attackers.intersects(pos.pieces(side, k)))?;
    Some((kind, piece_value(pos, values, kind)))
}

/// The material `m` wins after the best sequence of recaptures on its target square.
pub fn see(pos: &Position, m: Move, values: &Values) -> i32 {
    let first = gain(pos, m, values);
    if matches!(m.special(), Special::MultiCapture | Special::EnPassant | Special::Castle) {
        return first;
    }
    let Some(mover) = pos.piece_at(m.from()) else { return first };
    let to = m.to();
    let us = pos.side_to_move();
    let mut occupied = pos.occupied() - Bitboard::from_square(m.from());
    // What stands on `to` and may be taken next.
    let mut on_square = match m.promoted() {
        Some(k) => values.of(k),
        None => piece_value(pos, values, mover.kind()),
    };
    let mut swap = [0i32; MAX_EXCHANGE];
    swap[0] = first;
    let mut depth = 1;
    let mut side = !us;
    while depth < MAX_EXCHANGE {
        let attackers = pos.attackers(to, side, occupied) & occupied;
        let Some((kind, value)) = cheapest(pos, values, attackers, side) else { break };
        // A King may not take onto a square the other side still covers.
        if value == ROYAL_VALUE && !(pos.attackers(to, !side, occupied) & occupied).is_empty() {
            break;
        }
        swap[depth] = on_square - swap[depth - 1];
        on_square = value;
        let from = (attackers & pos.pieces(side, kind)).first().expect("an attacker of that kind");
        occupied.remove(from);
        side = !side;
        depth += 1;
    }
    // Each side may decline to continue the exchange.
    while depth > 1 {
        depth -= 1;
        swap[depth - 1] = -(-swap[depth - 1]).max(swap[depth]);
    }
    swap[0]
}
