//! Each game's own ideas, a module per game.

mod desertoasis;
mod imawazir;
mod wizardoz;

use super::values::{reach, Values};
use tinman_core::{Bitboard, Color, Position};

pub(super) fn game_terms(pos: &Position, values: &Values, color: Color) -> i32 {
    match pos.variant().name {
        "imawazir" => imawazir::terms(pos, color),
        "desertoasis" => desertoasis::terms(pos, values, color),
        "wizardoz" => wizardoz::terms(pos, color),
        _ => 0,
    }
}

/// The evaluation `score` (White's view) scaled by each game's own drawishness.
pub(super) fn scale(pos: &Position, score: i32) -> i32 {
    match pos.variant().name {
        "imawazir" => imawazir::scale(pos, score),
        _ => score,
    }
}

/// Squares the units of `color` reach by their table moves (pawns: their captures).
fn attacked_by(pos: &Position, color: Color) -> Bitboard {
    let v = pos.variant();
    let occupied = pos.occupied();
    let mut attacked = Bitboard::EMPTY;
    for kind in v.kinds() {
        let pawn = v.piece_type(kind).pawn;
        for sq in pos.pieces(color, kind) {
            attacked |= if pawn {
                v.tables(kind).capture[color.index()][sq.index()]
            } else {
                reach(v, kind, color, sq, occupied)
            };
        }
    }
    attacked
}
