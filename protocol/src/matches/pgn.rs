//! PGN output: the seven-tag roster, `Variant` for the four non-FIDE games, `SetUp`/`FEN`
//! for every board but FIDE chess from its start, a `Termination` tag, and move text in SAN
//! (`Position::san`: `e4`, `Nbd7`, `exd6`, `e8=Q+`, `O-O`, `Qxf7#`; in the other games the
//! same style, with a jump chain's landing squares `Dc3xc5xe7` and a road move's start square
//! `Nc4f5`), with a comment per move: `{book}` or `{+0.25 0.512s}` (the mover's score, pawns,
//! and time).
//!
//! PGN input (`-openings file=FILE format=pgn`): tags, move numbers, comments, variations
//! and NAGs are read; a move may be SAN or coordinate text (`e2e4`, `c3c4,c4c5`).

use super::options::Config;
use super::referee::{GameRecord, Termination};
use std::fmt::Write;
use tinman_core::{Move, Position, Special};

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
    if !variant.known_to_guis {
        tag(&mut out, "Variant", variant.name);
    }
    let fen = g.fen.clone().unwrap_or_else(|| Position::start(variant).to_fen());
    if !variant.known_to_guis || g.fen.is_some() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen);
    }
    tag(&mut out, "PlyCount", &g.moves.len().to_string());
    if g.termination != Termination::Normal {
        tag(&mut out, "Termination", g.termination.pgn());
    }
    out.push('\n');

    let mut pos = Position::from_fen(variant, &fen).unwrap_or_else(|_| Position::start(variant));
    let mut number = pos.fullmove_number();
    let mut white = pos.side_to_move() == tinman_core::Color::White;
    let mut words: Vec<String> = Vec::new();
    for (i, (m, comment)) in g.moves.iter().zip(&g.comments).enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        // The record's moves are the referee's coordinate text of legal moves.
        match pos.parse_move(m) {
            Ok(mv) => {
                words.push(pos.san(mv));
                pos.make(mv);
            }
            Err(_) => words.push(m.clone()),
        }
        words.push(format!("{{{comment}}}"));
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.push(format!("{{{}}}", g.reason));
    words.push(g.result().to_string());
    out.push_str(&crate::movetext::wrap(&words));
    out.push('\n');
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

/// One game read from PGN: its tags and its main line's moves (as written).
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The games of a PGN text: tag pairs, and the main line of the movetext without move
/// numbers, comments (`{...}`, `;...`), variations (`(...)`), NAGs (`$1`) and results.
pub fn read(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let (mut comment, mut depth) = (false, 0usize);
    for line in text.lines() {
        let trimmed = line.trim();
        if !comment && depth == 0 && trimmed.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            if let Some((name, value)) = trimmed.trim_start_matches('[').trim_end_matches(']').split_once(' ')
            {
                let value = value.trim().trim_matches('"').replace("\\\"", "\"").replace("\\\\", "\\");
                game.tags.push((name.to_string(), value));
            }
            continue;
        }
        if trimmed.starts_with('%') {
            continue;
        }
        let mut word = String::new();
        let flush = |word: &mut String, game: &mut PgnGame, in_moves: &mut bool| {
            if word.is_empty() {
                return;
            }
            *in_moves = true;
            let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&word.as_str());
            if !w.is_empty() && !w.starts_with('$') && !result {
                game.moves.push(w.to_string());
            }
            word.clear();
        };
        for c in line.chars() {
            if comment {
                comment = c != '}';
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, &mut game, &mut in_moves);
                    comment = true;
                }
                ';' if depth == 0 => {
                    flush(&mut word, &mut game, &mut in_moves);
                    break;
                }
                '(' => {
                    flush(&mut word, &mut game, &mut in_moves);
                    depth += 1;
                }
                ')' => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                c if c.is_whitespace() => flush(&mut word, &mut game, &mut in_moves),
                c => word.push(c),
            }
        }
        flush(&mut word, &mut game, &mut in_moves);
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    games
}

/// The legal move `text` names in `pos`: coordinate text (`e2e4`, `e7e8q`, `c3c4,c4c5`),
/// SAN as [`Position::san`] writes it, or looser SAN (more disambiguation than needed, no
/// `=` before a promotion letter, `-` or `:` for a capture, `0-0`, annotations `!?`).
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    let bare = text.trim_end_matches(['!', '?']).trim_end_matches(['+', '#']);
    if let Ok(m) = pos.parse_move(bare) {
        return Ok(m);
    }
    let illegal = || format!("'{text}' is not a legal move here");
    if let Some(m) = castling(pos, bare) {
        return Ok(m);
    }
    // The destination: the last square in the text (before a promotion).
    let (body, promotion) = match bare.split_once('=') {
        Some((body, p)) => (body, p.chars().next()),
        None => match bare.chars().last() {
            Some(c) if c.is_ascii_uppercase() => (&bare[..bare.len() - 1], Some(c)),
            _ => (bare, None),
        },
    };
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let dest_start = body.len().checked_sub(digits + 1).ok_or_else(illegal)?;
    let (prefix, dest) = body.split_at(dest_start);
    let (dest, rest) = tinman_core::square::Square::parse_prefix(dest).ok_or_else(illegal)?;
    if !rest.is_empty() {
        return Err(illegal());
    }
    let legal: Vec<Move> = pos.legal_moves().iter().copied().filter(|m| m.to() == dest).collect();
    // Exactly as written (jump chains, whose whole path is the text).
    let strip = |s: String| s.trim_end_matches(['+', '#']).to_string();
    if let Some(&m) = legal.iter().find(|&&m| strip(pos.san(m)) == bare) {
        return Ok(m);
    }
    // Piece letter, then what is left of the start square.
    let variant = pos.variant();
    let mut hint = prefix.trim_end_matches(['x', '-', ':']);
    let letter = hint.chars().next().filter(char::is_ascii_uppercase);
    if letter.is_some() {
        hint = &hint[1..];
    }
    let file = hint.chars().next().filter(char::is_ascii_lowercase).map(|c| c as u8 - b'a');
    let rank_text = hint.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let rank = if rank_text.is_empty() {
        None
    } else {
        Some(rank_text.parse::<u8>().map_err(|_| illegal())?.checked_sub(1).ok_or_else(illegal)?)
    };
    let found: Vec<Move> = legal
        .into_iter()
        .filter(|m| m.special() != Special::MultiCapture && m.special() != Special::Castle)
        .filter(|m| {
            let Some(p) = pos.piece_at(m.from()) else { return false };
            let t = variant.piece_type(p.kind());
            let piece_ok = match letter {
                Some(l) => !t.pawn && t.letter == l,
                None => t.pawn,
            };
            let promo_ok = m.promoted().map(|k| variant.piece_type(k).letter) == promotion;
            piece_ok
                && promo_ok
                && file.is_none_or(|f| m.from().file() == f)
                && rank.is_none_or(|r| m.from().rank() == r)
        })
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(illegal()),
        _ => Err(format!("'{text}' is ambiguous here")),
    }
}

/// The legal castling named `O-O` or `O-O-O` (also with zeros), which XBoard allows engines
/// to send (Sjaak II does) and PGN writes; None for any other text.
pub fn castling(pos: &Position, text: &str) -> Option<Move> {
    let letter = match text.trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => 'K',
        "O-O-O" | "0-0-0" => 'Q',
        _ => return None,
    };
    let side = pos.side_to_move();
    let c = pos.variant().castlings.iter().find(|c| c.color == side && c.letter == letter)?;
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| m.special() == Special::Castle && m.from() == c.king_from && m.to() == c.king_to)
}
