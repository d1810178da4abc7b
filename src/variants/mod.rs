//! The games Tinman plays, looked up by their protocol names: the registry. The five built-in
//! games are defined in the modules below; a program may add its own with [`register`].

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
use std::fmt;
use std::sync::{OnceLock, RwLock};

/// Protocol names of the built-in games, in the order they are announced.
pub const NAMES: &[&str] = &["normal", "wizardoz", "desertoasis", "imawazir", "wedgie"];

/// Games added at run time, after the built-in ones.
static REGISTERED: RwLock<Vec<&'static Variant>> = RwLock::new(Vec::new());

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
        _ => REGISTERED.read().unwrap_or_else(|e| e.into_inner()).iter().copied().find(|v| v.name == name),
    }
}

/// Names of every game this process knows: the built-in ones, then the registered ones.
pub fn names() -> Vec<&'static str> {
    let registered = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    NAMES.iter().copied().chain(registered.iter().map(|v| v.name)).collect()
}

/// Every game this process knows, in the order of [`names`].
pub fn all() -> Vec<&'static Variant> {
    names().into_iter().filter_map(by_name).collect()
}

/// Why a game could not be registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegisterError {
    /// A game (or an alias) of that name exists already.
    NameTaken(&'static str),
    /// Protocol names are one word of lower-case letters, digits and `-`/`_`.
    BadName(&'static str),
}

impl fmt::Display for RegisterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegisterError::NameTaken(n) => write!(f, "a game called '{n}' exists already"),
            RegisterError::BadName(n) => {
                write!(f, "'{n}' is not a protocol name (lower-case letters, digits, '-', '_')")
            }
        }
    }
}

impl std::error::Error for RegisterError {}

/// Adds a game to the registry for the rest of the process: from then on every command,
/// protocol and tool offers it by its name, like the built-in ones.
pub fn register(variant: Variant) -> Result<&'static Variant, RegisterError> {
    let name = variant.name;
    let well_formed = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !well_formed {
        return Err(RegisterError::BadName(name));
    }
    let mut registered = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
    let taken = NAMES.contains(&name)
        || ALIASES.iter().any(|(alias, _)| *alias == name)
        || registered.iter().any(|v| v.name == name);
    if taken {
        return Err(RegisterError::NameTaken(name));
    }
    let variant: &'static Variant = Box::leak(Box::new(variant));
    registered.push(variant);
    Ok(variant)
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
