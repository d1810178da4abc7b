//! What the engine tells XBoard about itself (the `feature` handshake) and about each game
//! (`setup` with the piece pictures and board size, `piece` with each piece's Betza moves).

use crate::game;
use crate::session::{EngineOption, EVALUATION_VALUES};
use tinman_core::{variants, Color, Picture, Variant};

/// XBoard's piece slots, as numbered in XBoard 4.9.1's piece table (its `fairy` table
/// `PNBRQFEACWMOHIJGDVLSUK...` names slots 0-20), for each picture of the definitions; the
/// royal piece always takes the King slot.
fn slot(picture: Picture) -> Option<usize> {
    Some(match picture {
        Picture::Pawn => 0,
        Picture::Knight => 1,
        Picture::Bishop => 2,
        Picture::Rook => 3,
        Picture::Queen => 4,
        // An Advisor.
        Picture::Ferz => 5,
        // An Elephant.
        Picture::Alfil => 6,
        // A Gold general.
        Picture::Wazir => 9,
        // A Commoner.
        Picture::Man => 10,
        Picture::Cannon => 11,
        // Dragon Horse and Dragon King.
        Picture::CrownedBishop => 13,
        Picture::CrownedRook => 14,
        // A Hawk.
        Picture::Falcon => 17,
        Picture::Lion => 21,
        Picture::Camel => 24,
        Picture::Archbishop => 7,
        Picture::Chancellor => 8,
        // Only the royal piece is drawn as a King, in the King slot.
        Picture::King => return None,
    })
}

/// The `feature` lines of the protover 2 handshake, ending with `done=1`.
pub fn features() -> Vec<String> {
    let names = variants::names().join(",");
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
            EngineOption::Road => format!("-string {}", game::setting_default(name)),
            _ => format!("-combo {}", EVALUATION_VALUES.join(" /// ")),
        },
    };
    format!("feature option=\"{name} {spec}\"")
}

/// The reply to `variant NAME`: `setup` (pictures, board size, start position) and the
/// `piece` lines of every piece Betza can describe. A game GUIs know (standard chess) needs
/// none.
pub fn variant_lines(variant: &'static Variant, road: Option<&str>) -> Vec<String> {
    if variant.known_to_guis {
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
        .map(|k| variant.piece_type(k))
        .filter(|p| Some(p.letter) != royal)
        .filter_map(|p| slot(p.picture).map(|s| (s, p.letter)))
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
