//! The static evaluation laid out term by term, for `tinman eval` and UCI's `eval`.

use tinman_core::Position;
use tinman_search::eval::{breakdown, Values};
use tinman_search::EvalMode;

/// One line per weight that counts (each side's share and the difference, White's view,
/// largest first), then how the sum becomes the score the search starts from. The weights
/// are those `mode` plays with (the full evaluation's terms are shown for every mode).
pub fn breakdown_lines(pos: &Position, mode: EvalMode) -> Vec<String> {
    let b = breakdown(pos, &Values::for_mode(pos.variant(), mode));
    let mut lines = vec![format!("{:<22} {:>9} {:>9} {:>9}", "term (centipawns)", "White", "Black", "total")];
    for t in &b.terms {
        lines.push(format!("{:<22} {:>9.1} {:>9.1} {:>+9.1}", t.name, t.white, t.black, t.total()));
    }
    lines.push(format!("sum, White's view, middlegame share {:.2}: {:+}", b.phase, b.unscaled));
    lines.push(format!("share that counts (drawishness): {:.2}", b.scale));
    lines.push(format!("tempo for the side to move: {:+}", b.tempo));
    lines.push(format!("evaluation for the side to move ({:?}): {:+}", pos.side_to_move(), b.side_to_move));
    lines
}
