//! The games Tinman plays, looked up by their protocol names.

mod desertoasis;
mod imawazir;
mod normal;
mod wedgie;
mod wizardoz;

pub use imawazir::{imawazir_rules, ImAWazir};
pub use wizardoz::{road, DEFAULT_ROAD};

use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::Square;
use crate::variant::{Castling, Variant};
use std::sync::OnceLock;

/// Protocol names of every implemented game, in the order they are announced.
pub const NAMES: &[&str] = &["normal", "wizardoz", "desertoasis", "imawazir", "wedgie"];

/// Other names GUIs use for a game: `chess` and `standard` are standard chess.
const ALIASES: &[(&str, &str)] = &[("chess", "normal"), ("standard", "normal")];

/// The game standard chess is: the default wherever a game can be chosen.
pub const DEFAULT: &str = "normal";

/// The variant called `name` (its protocol name, or an alias GUIs use), built on first use.
pub fn by_name(name: &str) -> Option<&'static Variant> {
    let name = ALIASES.iter().find(|(alias, _)| *alias == name).map_or(name, |&(_, n)| n);
    static NORMAL: OnceLock<Variant> = OnceLock::new();
    static WEDGIE: OnceLock<Variant> = OnceLock::new();
    static IMAWAZIR: OnceLock<Variant> = OnceLock::new();
    static DESERTOASIS: OnceLock<Variant> = OnceLock::new();
    static WIZARDOZ: OnceLock<Variant> = OnceLock::new();
    match name {
        "normal" => Some(NORMAL.get_or_init(normal::variant)),
        "wedgie" => Some(WEDGIE.get_or_init(wedgie::variant)),
        "imawazir" => Some(IMAWAZIR.get_or_init(imawazir::variant)),
        "desertoasis" => Some(DESERTOASIS.get_or_init(desertoasis::variant)),
        "wizardoz" => Some(WIZARDOZ.get_or_init(wizardoz::variant)),
        _ => None,
    }
}

/// The playable squares of one rank, `files` wide.
pub(crate) fn rank(rank: u8, files: u8) -> Bitboard {
    (0..files).filter_map(|f| Square::from_coords(f, rank)).collect()
}

/// The set of the named squares.
pub(crate) fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

/// A castling: the King's and the Rook's start and end squares.
pub(crate) fn castling(color: Color, letter: char, king: [&str; 2], rook: [&str; 2]) -> Castling {
    Castling {
        color,
        letter,
        king_from: sq(king[0]),
        king_to: sq(king[1]),
        rook_from: sq(rook[0]),
        rook_to: sq(rook[1]),
    }
}

/// Parses a square name in a variant definition.
pub(crate) fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name in a variant definition")
}
