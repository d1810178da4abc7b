//! The odd rules of a game, beyond what piece data can say, behind one small trait; one module
//! per mechanic, named after the mechanic.

pub mod vanishing;

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;

/// What a game's rules change at the end of a move, kept so that unmake can restore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesUndo {
    /// The per-square timers before the move (see [`Position::timers`]).
    pub timers: u64,
    /// Pieces the rules removed, per colour (their kind is the game's timed kind).
    pub removed: [Bitboard; 2],
}

/// A game's own rules. The core calls these at fixed points; a game without odd rules has
/// none and pays nothing.
pub trait GameRules: Send + Sync {
    /// Called at the end of `make`, after the move is on the board and the side to move has
    /// changed. May remove pieces and change the position's timers (keeping the hash right).
    fn after_move(&self, pos: &mut Position, mv: Move) -> RulesUndo;

    /// Undoes [`GameRules::after_move`]; the core then undoes the move itself.
    fn undo(&self, pos: &mut Position, undo: &RulesUndo);

    /// A result decided by the board alone (such a position has no legal moves).
    fn decided(&self, pos: &Position) -> Option<Outcome>;

    /// The result when the side to move has no legal move.
    fn no_moves(&self, pos: &Position) -> Outcome;

    /// Hash of the rules' own state, for recomputing the hash from scratch.
    fn state_hash(&self, pos: &Position) -> u64;

    /// Reads the FEN fields after the move number into the position.
    fn read_extra_fields(&self, pos: &mut Position, fields: &[String]) -> Result<(), FenError>;

    /// The FEN fields after the move number.
    fn write_extra_fields(&self, pos: &Position) -> Vec<String>;
}
