//! The odd rules of a game, beyond what piece data can say, behind one small trait; one module
//! per mechanic, named after the mechanic.

pub mod jump_chains;
pub mod road;
pub mod vanishing;

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::moves::{Move, MoveList};
use crate::notation;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::square::Square;

/// A game's own state in a position, of a fixed size whatever the game: a set of squares
/// and a word, which each game's rules read and write in their own terms (the road of
/// `rules::road` is the set, the heights of `rules::vanishing` the word). The position only
/// carries, compares and restores it; the rules keep the hash right ([`GameRules::state_hash`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesState {
    pub squares: Bitboard,
    pub word: u64,
}

/// What a game's rules change at the end of a move, kept so that unmake can restore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesUndo {
    /// The rules' state before the move.
    pub state: RulesState,
    /// Pieces the rules removed, per colour (their kind is the game's own business).
    pub removed: [Bitboard; 2],
}

/// How a game is won, for whoever plans toward it (the evaluation); the rules themselves
/// decide it ([`GameRules::decided`], [`GameRules::no_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Mate the royal piece (and stalemate draws).
    Checkmate,
    /// Capture every enemy unit.
    Extinction,
    /// Be the only side left with units of this kind.
    LastOwner(Kind),
}

/// A choice a game leaves to the players before it starts, carried by the FEN in an extra
/// field `PREFIX VALUE` (the road of `wizardoz`: `road:c4,d5,e6,f5,g4`); GUIs offer it as an
/// engine option of the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetting {
    pub name: &'static str,
    pub fen_prefix: &'static str,
    pub default: &'static str,
}

/// A game's own rules. The core calls these at fixed points; a game without odd rules has
/// none and pays nothing. Every hook has the behaviour of a game without that rule as its
/// default.
pub trait GameRules: Send + Sync {
    /// Appends the moves the piece tables cannot describe (e.g. jump chains) to `list`.
    fn extra_moves(&self, _pos: &Position, _list: &mut MoveList) {}

    /// The moves of [`GameRules::extra_moves`] made by units in `movers` that capture or
    /// promote (`tactical`), or those that do neither, in the same order: the staged
    /// generator asks for one part at a time. By default every extra move is made and sorted.
    fn extra_moves_part(&self, pos: &Position, movers: Bitboard, tactical: bool, list: &mut MoveList) {
        let mut all = MoveList::new();
        self.extra_moves(pos, &mut all);
        for &m in &all {
            if movers.contains(m.from()) && pos.is_tactical(m) == tactical {
                list.push(m);
            }
        }
    }

    /// Units of the side to move whose moves [`GameRules::extra_moves`] makes entirely: the
    /// core generates no ordinary move (nor en passant or castling) for them.
    fn ruled_units(&self, _pos: &Position) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The pieces of `by` attacking `sq`, given those found from the piece tables (`table`):
    /// for games whose rules change what some units attack.
    fn adjust_attackers(
        &self,
        _pos: &Position,
        _sq: Square,
        _by: Color,
        _occupied: Bitboard,
        table: Bitboard,
    ) -> Bitboard {
        table
    }

    /// Called at the end of `make`, after the move is on the board and the side to move has
    /// changed. May remove pieces and change the rules' state (keeping the hash right).
    fn after_move(&self, _pos: &mut Position, _mv: Move) -> RulesUndo {
        RulesUndo::default()
    }

    /// Undoes [`GameRules::after_move`]; the core then undoes the move itself.
    fn undo(&self, _pos: &mut Position, _undo: &RulesUndo) {}

    /// A result decided by the board alone (such a position has no legal moves).
    fn decided(&self, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// The result when the side to move has no legal move: mate or stalemate.
    fn no_moves(&self, pos: &Position) -> Outcome {
        if pos.in_check() {
            Outcome::Win { winner: !pos.side_to_move(), reason: WinReason::Checkmate }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    /// The choice the game leaves to the players, if any.
    fn setting(&self) -> Option<GameSetting> {
        None
    }

    /// How the game is won.
    fn goal(&self) -> Goal {
        Goal::Checkmate
    }

    /// The game's jump chains, if it has them.
    fn jump_chains(&self) -> Option<&jump_chains::JumpChains> {
        None
    }

    /// The game's vanishing zone, if it has one (units there vanish after a while).
    fn vanishing(&self) -> Option<&vanishing::VanishingZone> {
        None
    }

    /// The squares of the position's double-move road, if the game has one.
    fn road(&self, _pos: &Position) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The squares a legal double move `mv` could pass through as its leg 1's end (the
    /// Tornado), for showing the move; empty for every other move.
    fn tornadoes(&self, _pos: &Position, _mv: Move) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The text of one of the game's multi-capture moves ([`crate::Special::MultiCapture`]); by
    /// default XBoard's multi-leg form ([`notation::leg_text`]).
    fn move_text(&self, _pos: &Position, mv: Move) -> String {
        notation::leg_text(mv)
    }

    /// The legal move that a multi-leg text (its legs as from-to pairs) names, `None` if none
    /// does; the reverse of [`GameRules::move_text`].
    fn read_move(&self, pos: &Position, legs: &[(Square, Square)]) -> Option<Move> {
        notation::read_legs(pos, legs)
    }

    /// Hash of the rules' own state, for recomputing the hash from scratch.
    fn state_hash(&self, _pos: &Position) -> u64 {
        0
    }

    /// Reads the FEN fields after the move number into the position.
    fn read_extra_fields(&self, _pos: &mut Position, fields: &[String]) -> Result<(), FenError> {
        match fields.first() {
            Some(field) => Err(FenError::UnexpectedField(field.clone())),
            None => Ok(()),
        }
    }

    /// The FEN fields after the move number.
    fn write_extra_fields(&self, _pos: &Position) -> Vec<String> {
        Vec::new()
    }
}
