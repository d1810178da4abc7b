//! Pawn structure: passed pawns (by distance to each game's own promotion zone), doubled and
//! isolated pawns.

use super::taper;
use super::values::Values;
use tinman_core::{Color, Position};

/// Passed-pawn bonus by steps still to go (index 1 = one step from promoting), middlegame
/// and endgame: a passer is worth little while pieces can stop it, much in the endgame.
const PASSED_MIDDLEGAME: [i32; 7] = [0, 60, 40, 25, 15, 10, 5];
const PASSED_ENDGAME: [i32; 7] = [0, 140, 95, 60, 35, 20, 10];
/// Pawn behind an own pawn on the same file (it blocks and is blocked).
const DOUBLED: i32 = 12;
/// Pawn without own pawns on the neighbouring files (no pawn can defend it).
const ISOLATED: i32 = 10;

pub(super) fn pawn_score(pos: &Position, values: &Values, color: Color, phase: i32) -> i32 {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return 0 };
    let ours = pos.pieces(color, pawn);
    let theirs = pos.pieces(!color, pawn);
    let mut score = 0;
    for sq in ours {
        let span = values.front_span[color.index()][sq.index()];
        if (span & theirs).is_empty() {
            let steps = values.steps[color.index()][sq.index()].clamp(0, 6) as usize;
            score += taper(PASSED_MIDDLEGAME[steps], PASSED_ENDGAME[steps], phase);
        }
        if values.straight_pawns {
            let file = sq.file();
            let same_file_ahead = (span & ours).squares().any(|s| s.file() == file);
            if same_file_ahead {
                score -= DOUBLED;
            }
            let neighbours = ours.squares().any(|s| (s.file() as i32 - file as i32).abs() == 1);
            if !neighbours {
                score -= ISOLATED;
            }
        }
    }
    score
}
