//! Pawn structure: passed and connected pawns (by distance to each game's own promotion
//! zone), doubled and isolated pawns.

use super::sink::Sink;
use super::values::Values;
use super::weights::{param, PASSED_SLOTS};
use tinman_core::{Color, Position};

pub(super) fn pawn_terms<S: Sink>(pos: &Position, values: &Values, color: Color, sink: &mut S) {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return };
    let ours = pos.pieces(color, pawn);
    let theirs = pos.pieces(!color, pawn);
    // The squares our pawns defend a pawn on `sq` from are those an enemy pawn there captures.
    let defenders = &v.tables(pawn).capture[(!color).index()];
    for sq in ours {
        let span = values.front_span[color.index()][sq.index()];
        let steps = values.steps[color.index()][sq.index()].clamp(0, PASSED_SLOTS as i32 - 1) as usize;
        if (span & theirs).is_empty() {
            sink.add(param::PASSED + steps, 1);
        }
        let beside = |df: i8| sq.offset(df, 0).is_some_and(|s| ours.contains(s));
        if !(defenders[sq.index()] & ours).is_empty() || beside(-1) || beside(1) {
            sink.add(param::CONNECTED + steps, 1);
        }
        if values.straight_pawns {
            let file = sq.file() as usize;
            if (span & ours).intersects(values.file[file]) {
                sink.add(param::DOUBLED, 1);
            }
            if !ours.intersects(values.adjacent_files[file]) {
                sink.add(param::ISOLATED, 1);
            }
        }
    }
}
