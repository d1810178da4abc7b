//! Start positions with the chosen `wizardoz` road, for the session and the command line.

use tinman_core::{FenError, Position, Variant};

/// The start position of `variant`, with `road` (a `wizardoz` road option) if one is chosen.
pub fn start_position(variant: &'static Variant, road: Option<&str>) -> Position {
    Position::from_fen(variant, &with_road(variant, road, variant.start_fen))
        .unwrap_or_else(|_| Position::start(variant))
}

/// Reads a FEN of `variant`, adding the chosen road to a `wizardoz` FEN that names none.
pub fn position_from_fen(
    variant: &'static Variant,
    road: Option<&str>,
    fen: &str,
) -> Result<Position, FenError> {
    Position::from_fen(variant, &with_road(variant, road, fen))
}

/// A FEN with the road option's road added, for `wizardoz` FENs that name none (GUIs send
/// the six standard fields only).
fn with_road(variant: &Variant, road: Option<&str>, fen: &str) -> String {
    match road {
        Some(road) if variant.name == "wizardoz" && fen.split_whitespace().count() <= 6 => {
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            while fields.len() < 6 {
                fields.push(if fields.len() == 4 { "0" } else { "1" });
            }
            format!("{} road:{road}", fields.join(" "))
        }
        _ => fen.to_string(),
    }
}

/// Checks a road option value (`c4,d5,e6,f5,g4`) and returns it without spaces.
pub fn checked_road(value: &str) -> Result<String, FenError> {
    let road = value.replace(' ', "");
    let wizardoz = tinman_core::variants::by_name("wizardoz").expect("wizardoz is built in");
    Position::from_fen(wizardoz, &format!("{} road:{road}", wizardoz.start_fen))?;
    Ok(road)
}
