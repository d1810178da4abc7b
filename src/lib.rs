//! Tinman's rules core: one 144-bit board for every variant, positions of any size up to
//! 12x12, legal move generation, FEN, move text, results and perft. No I/O.

pub mod betza;
pub mod bitboard;
pub mod fen;
pub mod geometry;
pub mod moves;
pub mod notation;
pub mod outcome;
mod pawn_sets;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rules;
pub mod square;
pub mod variant;
pub mod variants;

pub use bitboard::Bitboard;
pub use fen::{FenError, Parts, Setup};
pub use geometry::Geometry;
pub use moves::{Move, MoveList, Special};
pub use notation::MoveError;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Color, Kind, Picture, Piece, PieceType};
pub use position::{EnPassant, Position};
pub use square::Square;
pub use variant::Variant;
