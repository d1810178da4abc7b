//! PGN output: the seven-tag roster, `Variant` for the four non-FIDE games, `SetUp`/`FEN`
//! for every board but FIDE chess from its start, a `Termination` tag, and move text in
//! coordinate notation (Tinman's UCI/XBoard move text, e.g. `e2e4`, `e7e8q`, `c3c4,c4c5`)
//! with a comment per move: `{book}` or `{+0.25 0.512s}` (the mover's score, pawns, and time).

use super::options::Config;
use super::referee::{GameRecord, Termination};
use std::fmt::Write;
use tinman_core::Position;

/// Longest movetext line.
const LINE_WIDTH: usize = 80;

/// One game in PGN, ending with a blank line.
pub fn game(config: &Config, g: &GameRecord, date: &str) -> String {
    let mut out = String::new();
    let variant = config.variant;
    let tag = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag(&mut out, "Event", "tinman match");
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", date);
    tag(&mut out, "Round", &g.round.to_string());
    tag(&mut out, "White", &config.engines[g.white].name);
    tag(&mut out, "Black", &config.engines[g.black].name);
    tag(&mut out, "Result", g.result());
    if variant.name != "normal" {
        tag(&mut out, "Variant", variant.name);
    }
    let fen = g.fen.clone().unwrap_or_else(|| Position::start(variant).to_fen());
    if variant.name != "normal" || g.fen.is_some() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen);
    }
    tag(&mut out, "PlyCount", &g.moves.len().to_string());
    if g.termination != Termination::Normal {
        tag(&mut out, "Termination", g.termination.pgn());
    }
    out.push('\n');

    let pos = Position::from_fen(variant, &fen).unwrap_or_else(|_| Position::start(variant));
    let mut number = pos.fullmove_number();
    let mut white = pos.side_to_move() == tinman_core::Color::White;
    let mut words: Vec<String> = Vec::new();
    for (i, (m, comment)) in g.moves.iter().zip(&g.comments).enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.clone());
        words.push(format!("{{{comment}}}"));
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.push(format!("{{{}}}", g.reason));
    words.push(g.result().to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Today's date as PGN writes it (`2026.11.30`), from the system clock in UTC.
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}
