//! Start positions and FENs with the game's setting (the `wizardoz` road) as the user chose it,
//! for the session and the command line.

use tinman_core::{variants, FenError, Position, Variant};

/// The start position of `variant`, with `setting` (the value of its setting option) if one
/// is chosen.
pub fn start_position(variant: &'static Variant, setting: Option<&str>) -> Position {
    Position::from_fen(variant, &with_setting(variant, setting, variant.start_fen))
        .unwrap_or_else(|_| Position::start(variant))
}

/// Reads a FEN of `variant`, adding the chosen setting to a FEN that names none.
pub fn position_from_fen(
    variant: &'static Variant,
    setting: Option<&str>,
    fen: &str,
) -> Result<Position, FenError> {
    Position::from_fen(variant, &with_setting(variant, setting, fen))
}

/// A FEN with the setting option's value added as the game's extra field, for FENs that name
/// none (GUIs send the six standard fields only).
fn with_setting(variant: &Variant, value: Option<&str>, fen: &str) -> String {
    match (variant.setting(), value) {
        (Some(setting), Some(value)) if fen.split_whitespace().count() <= 6 => {
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            while fields.len() < 6 {
                fields.push(if fields.len() == 4 { "0" } else { "1" });
            }
            format!("{} {}{value}", fields.join(" "), setting.fen_prefix)
        }
        _ => fen.to_string(),
    }
}

/// The games that offer the setting called `name`.
pub fn games_with_setting(name: &str) -> impl Iterator<Item = &'static Variant> + '_ {
    variants::all().into_iter().filter(move |v| v.setting().is_some_and(|s| s.name == name))
}

/// Checks a value of the setting `name` (`Road`: `c4,d5,e6,f5,g4`) on every game that offers
/// it, and returns it without spaces.
pub fn checked_setting(name: &str, value: &str) -> Result<String, FenError> {
    let value = value.replace(' ', "");
    for v in games_with_setting(name) {
        let prefix = v.setting().map_or("", |s| s.fen_prefix);
        Position::from_fen(v, &format!("{} {prefix}{value}", v.start_fen))?;
    }
    Ok(value)
}

/// The default value of the setting `name` (from the first game offering it).
pub fn setting_default(name: &str) -> &'static str {
    games_with_setting(name).find_map(|v| v.setting()).map_or("", |s| s.default)
}
