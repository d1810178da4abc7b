//! Scores: centipawns from the side to move's view, with wins and losses as mate distances.

use tinman_core::{Color, Outcome};

/// A won position at the root; a win found `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Deepest ply the search reaches (bounds mate scores and per-ply tables).
pub const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses in a known number of plies.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const INFINITE: i32 = MATE + 1;

/// The score of a finished game for `side`, found `ply` plies from the root.
pub fn outcome_score(outcome: Outcome, side: Color, ply: usize) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == side => MATE - ply as i32,
        Outcome::Win { .. } => -(MATE - ply as i32),
        Outcome::Draw(_) => 0,
    }
}

/// A score as reported to the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(i32),
    /// Win (positive) or loss (negative) in this many moves (not plies).
    Mate(i32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-(MATE + score + 1) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// Mate scores are stored in the transposition table relative to the node, not the root.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
        assert_eq!(from_table(to_table(MATE - 7, 4), 4), MATE - 7);
    }
}
