//! Making and unmaking moves.
//!
//! Make/unmake with a small undo record was chosen over copy-make: a `Position` is about
//! 700 bytes (mailbox, 18 bitboards), and perft measured faster this way
//! (docs/bitboard-storage.md).

use super::{zobrist, EnPassant, Position, Undo};
use crate::moves::{Move, Special};
use crate::piece::{Color, Piece};

impl Position {
    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    pub fn make(&mut self, mv: Move) {
        self.make_board(mv);
        self.refresh_checkers();
    }

    /// [`Position::make`] for perft, which reads the checkers only through the fast generator:
    /// where the legality filter applies they are not found (unmake restores them). Perft of
    /// `wizardoz` was 1-3% slower with them.
    pub(crate) fn make_for_perft(&mut self, mv: Move) {
        self.make_board(mv);
        if self.variant.lines_decide_legality() {
            self.refresh_checkers();
        }
    }

    /// [`Position::make`] without finding the new side's checkers: for the legality
    /// filter, which only asks whether the mover's royal piece is attacked and unmakes at once
    /// (unmake restores the checkers either way).
    pub(crate) fn make_board(&mut self, mv: Move) {
        let v = self.variant;
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let mut undo = self.undo_record(mv);
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(ep.skipped, ep.victim);
        }
        let mut piece = self.take(from);
        let mut irreversible = v.pieces[piece.kind().index()].pawn;
        match mv.special() {
            Special::Castle => {
                let c = self.castling_for(us, to);
                let rook = self.take(c.rook_from);
                self.put(piece, to);
                self.put(rook, c.rook_to);
            }
            Special::MultiCapture => {
                for (over, _) in mv.jump_squares() {
                    let captured = self.take(over);
                    self.leg_captures.push(captured);
                }
                irreversible = true;
                self.put(piece, to);
            }
            Special::EnPassant => {
                let victim = undo.en_passant.expect("en passant move needs an en-passant square").victim;
                undo.captured = Some(self.take(victim));
                self.put(piece, to);
            }
            Special::Normal | Special::DoubleStep => {
                if self.board[to.index()].is_some() {
                    undo.captured = Some(self.take(to));
                    irreversible = true;
                }
                if let Some(kind) = mv.promoted() {
                    piece = Piece::new(us, kind);
                }
                self.put(piece, to);
                if mv.special() == Special::DoubleStep {
                    let skipped = crate::square::Square::from_coords(
                        (from.file() + to.file()) / 2,
                        (from.rank() + to.rank()) / 2,
                    )
                    .expect("midpoint of a double step");
                    self.en_passant = self.en_passant_if_capturable(skipped, to);
                    if let Some(ep) = self.en_passant {
                        self.hash ^= zobrist::en_passant(ep.skipped, ep.victim);
                    }
                }
            }
        }
        let rights = self.castling & v.castling_keep[from.index()] & v.castling_keep[to.index()];
        if rights != self.castling {
            self.hash ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
            self.castling = rights;
        }
        // Saturating: a FEN may give any u32 clock (unmake restores both from the record).
        self.halfmove_clock = if irreversible { 0 } else { self.halfmove_clock.saturating_add(1) };
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = !us;
        self.hash ^= zobrist::black_to_move();
        self.history.push(undo);
        if let Some(rules) = v.rules {
            let undo = rules.after_move(self, mv);
            self.rules_history.push(undo);
        }
    }

    /// Takes back the last move made. Does nothing if no move was made.
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        if let Some(rules) = self.variant.rules {
            let extra = self.rules_history.pop().expect("rules undo for every move");
            rules.undo(self, &extra);
        }
        let mv = undo.mv;
        let (from, to) = (mv.from(), mv.to());
        self.side = !self.side;
        let us = self.side;
        self.fullmove_number = undo.fullmove_number;
        match mv.special() {
            Special::Castle => {
                let c = self.castling_for(us, to);
                let rook = self.take(c.rook_to);
                let king = self.take(to);
                self.put(king, from);
                self.put(rook, c.rook_from);
            }
            Special::MultiCapture => {
                let piece = self.take(to);
                self.put(piece, from);
                let mut victims = [from; crate::moves::MAX_JUMPS];
                let mut count = 0;
                for (over, _) in mv.jump_squares() {
                    victims[count] = over;
                    count += 1;
                }
                for &over in victims[..count].iter().rev() {
                    let captured = self.leg_captures.pop().expect("a captured unit per jump");
                    self.put(captured, over);
                }
            }
            Special::EnPassant | Special::Normal | Special::DoubleStep => {
                let mut piece = self.take(to);
                if mv.promoted().is_some() {
                    piece = Piece::new(us, self.variant.pawn.expect("a promoting variant has pawns"));
                }
                self.put(piece, from);
                if let Some(captured) = undo.captured {
                    let at = match mv.special() {
                        Special::EnPassant => undo.en_passant.expect("en passant undo").victim,
                        _ => to,
                    };
                    self.put(captured, at);
                }
            }
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }

    /// Passes the move to the opponent (for null-move pruning): the board stays, en passant
    /// lapses. Undo with [`Position::unmake_null`]; game rules are not applied.
    pub fn make_null(&mut self) {
        let undo = self.undo_record(Move::NONE);
        self.history.push(undo);
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(ep.skipped, ep.victim);
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.side = !self.side;
        self.hash ^= zobrist::black_to_move();
        self.refresh_checkers();
    }

    /// What unmake needs to restore after `mv` (the capture is filled in by make).
    fn undo_record(&self, mv: Move) -> Undo {
        Undo {
            mv,
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
            checkers: self.checkers,
        }
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        let undo = self.history.pop().expect("a null move to take back");
        debug_assert!(undo.mv.is_none());
        self.side = !self.side;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }

    /// The castling whose King belongs to `color` and ends on `king_to`.
    fn castling_for(&self, color: Color, king_to: crate::square::Square) -> crate::variant::Castling {
        *self
            .variant
            .castlings
            .iter()
            .find(|c| c.color == color && c.king_to == king_to)
            .expect("castle move matches a castling of the variant")
    }

    /// Re-derives the en-passant state from a FEN's claim; used by the FEN reader.
    pub(crate) fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(old.skipped, old.victim);
        }
        self.en_passant = ep.and_then(|e| self.en_passant_if_capturable(e.skipped, e.victim));
        if let Some(new) = self.en_passant {
            self.hash ^= zobrist::en_passant(new.skipped, new.victim);
        }
    }
}
