//! A double-move road (`wizardoz`'s Yellow Brick Road): who occupies and who controls it.

use super::attacked_by;
use tinman_core::{Bitboard, Color, Position};

/// Bonus per own unit standing on the road (double moves, hard to attack).
const ROAD_OCCUPATION: i32 = 12;
/// Bonus per road square our pieces or pawns attack (who may step onto it).
const ROAD_CONTROL: i32 = 6;

pub(super) fn terms(pos: &Position, road: Bitboard, color: Color) -> i32 {
    ROAD_OCCUPATION * (road & pos.color_set(color)).count() as i32
        + ROAD_CONTROL * (road & attacked_by(pos, color)).count() as i32
}
