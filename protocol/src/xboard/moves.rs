//! Moves as XBoard draws them. XBoard empties the end square of every non-final leg of a
//! multi-leg move (a kill square), so units that a move removes besides its capture (the
//! Wazirs that vanish in `imawazir`) are sent as extra legs through those squares:
//! `e2d4,d4e3` is the pawn step e2e3 that makes the Wazir on d4 vanish. Jump chains are
//! already written that way; every other move is plain from-to.

use tinman_core::{Bitboard, Move, MoveError, Position, Special};

/// The text of `mv` for XBoard.
pub fn to_xboard(pos: &Position, mv: Move) -> String {
    let text = pos.move_text(mv);
    let removed = side_removals(pos, mv);
    if removed.is_empty() {
        return text;
    }
    // Through every removed square, then on to the move's own destination (and promotion).
    let mut at = mv.from();
    let mut legs = Vec::new();
    for sq in removed.squares() {
        legs.push(format!("{at}{sq}"));
        at = sq;
    }
    legs.push(format!("{at}{}", &text[mv.from().to_string().len()..]));
    legs.join(",")
}

/// Reads a move from XBoard: the engine's own notation, or the kill-square form of
/// [`to_xboard`].
pub fn from_xboard(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let direct = pos.parse_move(text);
    if direct.is_ok() || !text.contains(',') {
        return direct;
    }
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| m.special() != Special::MultiCapture && to_xboard(pos, m) == text)
        .ok_or(MoveError::Illegal(text.to_string()))
}

/// Units `mv` removes other than the one it captures on its destination (or by en passant,
/// or by a jump chain, which XBoard's notation already covers).
fn side_removals(pos: &Position, mv: Move) -> Bitboard {
    // Castling moves its Rook (XBoard knows how); chains are written leg by leg already.
    if pos.variant().rules.is_none() || matches!(mv.special(), Special::MultiCapture | Special::Castle) {
        return Bitboard::EMPTY;
    }
    let before = pos.occupied();
    let mut after = pos.clone();
    after.make(mv);
    let mut removed = before - after.occupied() - Bitboard::from_square(mv.from());
    if mv.special() == Special::EnPassant {
        if let Some(ep) = pos.en_passant() {
            removed -= Bitboard::from_square(ep.victim);
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use tinman_core::variants;

    /// A White Wazir on d4 at height 6 vanishes at the end of Black's next move.
    #[test]
    fn a_vanishing_wazir_is_a_kill_square() {
        let v = variants::by_name("imawazir").unwrap();
        let pos = Position::from_fen(v, "w7/8/8/8/3W4/8/8/7w b - - 0 1 d4=6").unwrap();
        let mv = pos.parse_move("a8b8").unwrap();
        assert_eq!(to_xboard(&pos, mv), "a8d4,d4b8");
        assert_eq!(from_xboard(&pos, "a8d4,d4b8"), Ok(mv));
        assert_eq!(from_xboard(&pos, "a8b8"), Ok(mv));
        assert!(from_xboard(&pos, "a8c4,c4b8").is_err());
    }

    #[test]
    fn ordinary_moves_castling_and_chains_keep_their_text() {
        let v = variants::by_name("normal").unwrap();
        let pos = Position::start(v);
        let mv = pos.parse_move("e2e4").unwrap();
        assert_eq!(to_xboard(&pos, mv), "e2e4");
        // In a game with odd rules too: the Rook that castling moves is not a removed unit.
        let v = variants::by_name("wizardoz").unwrap();
        let pos = Position::from_fen(v, "r4k2r/ppp3ppp/9/9/9/9/9/PPP3PPP/R2K4R w KQkq - 0 1").unwrap();
        let castles: Vec<Move> =
            pos.legal_moves().iter().copied().filter(|m| m.special() == Special::Castle).collect();
        assert_eq!(castles.len(), 2);
        for m in castles {
            assert_eq!(to_xboard(&pos, m), pos.move_text(m));
        }
        let v = variants::by_name("desertoasis").unwrap();
        let pos = Position::from_fen(v, "12/12/12/12/12/12/12/12/2n9/2W9/12/1n10 w - - 0 1").unwrap();
        let chain = pos.parse_move("c3c4,c4c5").unwrap();
        assert_eq!(to_xboard(&pos, chain), "c3c4,c4c5");
    }
}
