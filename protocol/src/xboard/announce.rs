//! What the engine tells XBoard about itself (the `feature` handshake) and about each game
//! (`setup` with the piece pictures and board size, `piece` with each piece's Betza moves).

use crate::game;
use crate::session::{EngineOption, EVALUATION_VALUES};
use tinman_core::{variants, Color, Variant};

/// XBoard's piece slots, as numbered in XBoard 4.9.1's piece table (its `fairy` table
/// `PNBRQFEACWMOHIJGDVLSUK...` names slots 0-20), and the picture 4.9.1 draws for each.
mod slot {
    pub const PAWN: usize = 0;
    pub const KNIGHT: usize = 1;
    pub const QUEEN: usize = 4;
    /// Picture: an Advisor (the Ferz, a one-square diagonal stepper).
    pub const FERZ: usize = 5;
    /// Picture: an Elephant (the Alfil, a leap of two squares diagonally).
    pub const ALFIL: usize = 6;
    /// Picture: a Gold general (the Wazir, a one-square orthogonal stepper).
    pub const WAZIR: usize = 9;
    /// Picture: a Commoner (the Man, a non-royal King).
    pub const MAN: usize = 10;
    /// Picture: a Cannon (which hops orthogonally over a unit).
    pub const CANNON: usize = 11;
    /// Picture: a crowned Bishop (Dragon Horse: Bishop and Wazir).
    pub const DRAGON_HORSE: usize = 13;
    /// Picture: a crowned Rook (Dragon King: Rook and Ferz).
    pub const DRAGON_KING: usize = 14;
    /// Picture: a Hawk.
    pub const FALCON: usize = 17;
    /// Picture: a Lion (a King that moves twice and captures two).
    pub const LION: usize = 21;
    /// Picture: a Camel.
    pub const CAMEL: usize = 24;
    pub const BISHOP: usize = 2;
    pub const ROOK: usize = 3;
}

/// The picture slot of each piece letter, per game, chosen so that the picture suggests the
/// piece's movement; the royal piece always takes the King slot.
/// - `desertoasis`: the Desert Wazir and Ferz (steppers that capture by jumping) take the
///   Wazir and Ferz pictures, the Desert King (steps in all eight directions, captures
///   several units in one chain) the Lion, the Prince (a non-royal King) the Man; the Oasis
///   pieces (capture by stepping, move by hopping over units) take hoppers' and leapers'
///   pictures in their directions: the Oasis Wazir the Cannon (hops orthogonally), the Oasis
///   Ferz the Elephant (one hop is the Alfil's two-square diagonal leap), the Oasis King the
///   Queen (eight directions, and far, by a chain of hops; the game has no Queen).
/// - `wedgie`: the Wedgie Bishop (`BmW`) and Rook (`RmF`) take the crowned Bishop and Rook,
///   whose pieces (Dragon Horse, Dragon King) add exactly those steps.
/// - `wizardoz`: the Falcon takes the Hawk; `imawazir`: the Wazir takes the Wazir.
fn picture_slot(game: &str, letter: char) -> Option<usize> {
    Some(match (game, letter) {
        (_, 'P') => slot::PAWN,
        (_, 'N') => slot::KNIGHT,
        ("wedgie", 'B') => slot::DRAGON_HORSE,
        ("wedgie", 'R') => slot::DRAGON_KING,
        (_, 'B') => slot::BISHOP,
        (_, 'R') => slot::ROOK,
        (_, 'Q') => slot::QUEEN,
        ("wizardoz", 'F') => slot::FALCON,
        ("imawazir", 'W') => slot::WAZIR,
        ("desertoasis", 'C') => slot::CAMEL,
        ("desertoasis", 'M') => slot::MAN,
        ("desertoasis", 'W') => slot::WAZIR,
        ("desertoasis", 'F') => slot::FERZ,
        ("desertoasis", 'D') => slot::LION,
        ("desertoasis", 'V') => slot::CANNON,
        ("desertoasis", 'X') => slot::ALFIL,
        ("desertoasis", 'O') => slot::QUEEN,
        _ => return None,
    })
}

/// The `feature` lines of the protover 2 handshake, ending with `done=1`.
pub fn features() -> Vec<String> {
    let names = variants::NAMES.join(",");
    let mut lines = vec![
        "feature done=0".to_string(),
        format!(
            "feature myname=\"Tinman {}\" ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 san=0 time=1 draw=1 memory=1 smp=1 debug=1 highlight=1 \
             exclude=1 nps=1 name=0 variants=\"{names}\"",
            env!("CARGO_PKG_VERSION")
        ),
    ];
    lines.extend(EngineOption::ALL.into_iter().map(option_feature));
    lines.push("feature done=1".to_string());
    lines
}

/// The `feature option="..."` line of an engine option.
fn option_feature(option: EngineOption) -> String {
    let name = option.name();
    let spec = match option.spin() {
        Some((default, min, max)) => format!("-spin {default} {min} {max}"),
        None => match option {
            EngineOption::ClearHash => "-button".to_string(),
            EngineOption::Road => format!("-string {}", variants::DEFAULT_ROAD.join(",")),
            _ => format!("-combo {}", EVALUATION_VALUES.join(" /// ")),
        },
    };
    format!("feature option=\"{name} {spec}\"")
}

/// The reply to `variant NAME`: `setup` (pictures, board size, start position) and the
/// `piece` lines of every piece Betza can describe. Standard chess needs none.
pub fn variant_lines(variant: &'static Variant, road: Option<&str>) -> Vec<String> {
    if variant.name == "normal" {
        return Vec::new();
    }
    let start = game::start_position(variant, road).to_fen();
    // The GUI knows nothing of the extra fields (road, Wazir heights); it sends them back
    // without, and the engine fills them in.
    let fen: Vec<&str> = start.split_whitespace().take(6).collect();
    let width = variant.geometry.width();
    let height = variant.geometry.height();
    let mut lines =
        vec![format!("setup ({}) {width}x{height}+0_fairy {}", piece_to_char(variant), fen.join(" "))];
    for kind in variant.kinds() {
        let piece = variant.piece_type(kind);
        if !piece.betza.is_empty() {
            lines.push(format!("piece {}& {}", piece.letter, piece.betza));
        }
    }
    lines
}

/// XBoard's PIECETOCHAR table: a letter per picture slot, White's half then Black's, the
/// royal piece last in each half and `.` for unused slots.
pub fn piece_to_char(variant: &Variant) -> String {
    let royal = variant.royal.map(|k| variant.piece_type(k).letter);
    let placed: Vec<(usize, char)> = variant
        .kinds()
        .map(|k| variant.piece_type(k).letter)
        .filter(|&l| Some(l) != royal)
        .filter_map(|l| picture_slot(variant.name, l).map(|s| (s, l)))
        .collect();
    let slots = placed.iter().map(|&(s, _)| s + 1).max().unwrap_or(0);
    let mut half = vec!['.'; slots];
    for (s, letter) in placed {
        half[s] = letter;
    }
    half.push(royal.unwrap_or('.'));
    let white: String = half.iter().collect();
    let black: String = half.iter().map(|c| c.to_ascii_lowercase()).collect();
    debug_assert!(variant.kinds().all(|k| {
        let l = variant.piece_type(k).letter;
        white.contains(l) && variant.letter(Color::Black, k) == l.to_ascii_lowercase()
    }));
    format!("{white}{black}")
}
