//! Runaway pawns in a race for the last units of a kind (`imawazir`): a passed pawn that no
//! enemy unit of that kind can reach in time promotes into one.
//!
//! A chaser stops the pawn if it stands on a square of the pawn's path before the pawn gets
//! there or next to it when the pawn arrives (and takes it, the new unit on the last square
//! included). Distances are counted as if the board were empty, which favours the chasers,
//! so a pawn counted as a runaway is one. Without this the engine saw an enemy pawn's run
//! only inside its horizon: against the depth-1 gauge a pawn walked from d6 to promotion
//! while every Wazir stood on the wings (thirty-eighth session).

use super::race::wazir_distance;
use super::Values;
use tinman_core::{Bitboard, Color, Kind, Position, Square};

/// The passed pawns of `color` that no enemy `chaser` catches before they promote.
pub(super) fn runaways(pos: &Position, values: &Values, chaser: Kind, color: Color) -> i32 {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return 0 };
    let enemy_pawns = pos.pieces(!color, pawn);
    let chasers = pos.pieces(!color, chaser);
    let occupied = pos.occupied();
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    // Moves the chasers make before the pawn's own next move: one more if they move first.
    let head_start = i32::from(pos.side_to_move() != color);
    // A pawn's special leaps are its double step from the start squares.
    let special = &v.tables(pawn).special[color.index()];
    pos.pieces(color, pawn)
        .squares()
        .filter(|sq| (values.front_span[color.index()][sq.index()] & enemy_pawns).is_empty())
        .filter(|&sq| {
            let steps = values.steps[color.index()][sq.index()];
            let double_step = !special[sq.index()].is_empty();
            let mut square = sq;
            for j in 0..=steps {
                if j > 0 {
                    match square.offset(0, forward) {
                        Some(next) if !occupied.contains(next) => square = next,
                        _ => return false,
                    }
                }
                // The pawn's moves to stand on `square` (its double step saves one).
                let moves = if double_step && j >= 2 { j - 1 } else { j };
                if caught(chasers, square, moves + head_start) {
                    return false;
                }
            }
            true
        })
        .count() as i32
}

/// Whether one of `chasers` reaches `target` or a square next to it within `moves`.
fn caught(chasers: Bitboard, target: Square, moves: i32) -> bool {
    chasers.squares().any(|c| wazir_distance(c, target) <= moves)
}
