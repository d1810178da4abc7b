//! Whether the side to move can bring back a position of the game with one move (Stockfish's
//! "upcoming repetition"). The search treats a repeated position as a draw only once it is
//! reached; a score from the transposition table or a static cut-off can hide that the
//! opponent repeats next move. A side that can repeat can hold at least a draw.
//!
//! Two positions one plain move apart (same side to move after it, same rights and state)
//! differ in their hash by that move's key alone: the key of the piece on its start square,
//! on its end square, and of the side to move. Every plain move of every non-pawn piece on an
//! empty board is stored by that key, so a node looks up each earlier position's difference
//! instead of generating its moves; a hit is then confirmed by the legal-move test and by
//! making the move, so a hit is never wrong.

use super::zobrist;
use super::Position;
use crate::piece::Piece;
use crate::square::Square;
use crate::variant::Variant;
use crate::{Bitboard, Color, Move, Special};

/// Open-addressing table of plain moves by key; slots twice the moves or more.
pub struct CycleMoves {
    slots: Vec<(u64, Square, Square)>,
    shift: u32,
}

impl CycleMoves {
    pub(crate) fn new(v: &Variant) -> CycleMoves {
        let mut moves = Vec::new();
        for color in Color::BOTH {
            let c = color.index();
            for kind in v.kinds() {
                if v.piece_type(kind).pawn {
                    continue;
                }
                let piece = Piece::new(color, kind);
                let t = v.tables(kind);
                for from in v.geometry.playable().squares() {
                    let reach =
                        t.quiet[c][from.index()] | v.geometry.slide(from, t.slide_quiet[c], Bitboard::EMPTY);
                    for to in reach.squares() {
                        let key = zobrist::piece(piece, from)
                            ^ zobrist::piece(piece, to)
                            ^ zobrist::black_to_move();
                        moves.push((key, from, to));
                    }
                }
            }
        }
        let bits = (moves.len() * 2).next_power_of_two().trailing_zeros().max(4);
        let corner = Square::new(0).expect("every board has a square 0");
        let mut table = CycleMoves { slots: vec![(0, corner, corner); 1 << bits], shift: 64 - bits };
        for m in moves {
            let mut i = table.home(m.0);
            while table.slots[i].0 != 0 {
                i = (i + 1) & (table.slots.len() - 1);
            }
            table.slots[i] = m;
        }
        table
    }

    fn home(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// The plain moves (start, end) whose key is `key`.
    fn find(&self, key: u64) -> impl Iterator<Item = (Square, Square)> + '_ {
        let mask = self.slots.len() - 1;
        let start = self.home(key);
        (0..self.slots.len())
            .map(move |n| self.slots[(start + n) & mask])
            .take_while(|s| s.0 != 0)
            .filter(move |s| s.0 == key)
            .map(|s| (s.1, s.2))
    }
}

impl Position {
    /// Whether the side to move has a move to a position that occurred before in the game
    /// (since the last irreversible move): a draw it can claim by repetition.
    pub fn can_repeat(&mut self) -> bool {
        let window = (self.halfmove_clock as usize).min(self.history.len());
        if window < 3 {
            return false;
        }
        let table = self.variant.cycle_moves();
        let len = self.history.len();
        // Positions with the opponent to move, three plies back and every two before.
        for back in (3..=window).step_by(2) {
            let earlier = self.history[len - back].hash;
            for (a, b) in table.find(self.hash ^ earlier) {
                // The stored move may run either way between the two squares.
                let (from, to) = if self.board[a.index()].is_some() { (a, b) } else { (b, a) };
                let mv = Move::new(from, to, Special::Normal);
                if self.is_legal(mv) {
                    self.make(mv);
                    let repeats = self.hash == earlier;
                    self.unmake();
                    if repeats {
                        return true;
                    }
                }
            }
        }
        false
    }
}
