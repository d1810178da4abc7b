//! What the page sees, as JSON: the games, a game's state, its moves and the engine's lines.
//! Everything is read from the rules core, so the page never works out a rule itself.

use serde_json::{json, Value};
use tinman_core::{
    Bitboard, Color, DrawReason, Move, Outcome, Picture, PieceType, Position, Special, Square, Variant,
    WinReason,
};
use tinman_search::{Score, SearchInfo};

/// How a game ended, when the board did not end it (the page's resign button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resignation {
    pub loser: Color,
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn picture_name(p: Picture) -> &'static str {
    match p {
        Picture::Pawn => "pawn",
        Picture::Knight => "knight",
        Picture::Bishop => "bishop",
        Picture::Rook => "rook",
        Picture::Queen => "queen",
        Picture::King => "king",
        Picture::Ferz => "ferz",
        Picture::Alfil => "alfil",
        Picture::Wazir => "wazir",
        Picture::Man => "man",
        Picture::Cannon => "cannon",
        Picture::CrownedBishop => "crowned-bishop",
        Picture::CrownedRook => "crowned-rook",
        Picture::Falcon => "falcon",
        Picture::Lion => "lion",
        Picture::Camel => "camel",
        Picture::Archbishop => "archbishop",
        Picture::Chancellor => "chancellor",
    }
}

fn squares(set: Bitboard) -> Vec<String> {
    set.squares().map(|s| s.to_string()).collect()
}

fn kind_view(t: &PieceType) -> Value {
    json!({
        "letter": t.letter.to_string(),
        "name": t.name,
        "picture": picture_name(t.picture),
        "royal": t.royal,
        "pawn": t.pawn,
    })
}

/// One game as `/api/variants` lists it.
pub fn variant_view(v: &'static Variant) -> Value {
    let setting =
        v.setting().map(|s| json!({"name": s.name, "fen_prefix": s.fen_prefix, "default": s.default}));
    json!({
        "name": v.name,
        "title": v.title,
        "width": v.geometry.width(),
        "height": v.geometry.height(),
        "holes": squares(v.geometry.holes()),
        "start_fen": v.start_fen,
        "setting": setting,
        "kinds": v.pieces.iter().map(kind_view).collect::<Vec<_>>(),
        "promotions": v.promotion_kinds.iter().map(|&k| v.piece_type(k).letter.to_string()).collect::<Vec<_>>(),
    })
}

/// The squares whose units `mv` captures in `before` (the position it is played in).
fn captured_squares(before: &Position, mv: Move) -> Vec<Square> {
    match mv.special() {
        Special::MultiCapture => mv.jump_squares().map(|(over, _)| over).collect(),
        Special::EnPassant => before.en_passant().map(|ep| ep.victim).into_iter().collect(),
        Special::Castle => Vec::new(),
        _ => {
            let mover = before.piece_at(mv.from()).map(|p| p.color());
            match before.piece_at(mv.to()) {
                Some(victim) if Some(victim.color()) != mover => vec![mv.to()],
                _ => Vec::new(),
            }
        }
    }
}

/// A move of `before` with everything the page draws: its path, what it captures and, for a
/// road double move, the possible Tornados.
pub fn move_view(before: &Position, mv: Move) -> Value {
    let mut path = vec![mv.from()];
    path.extend(mv.jump_squares().map(|(_, land)| land));
    if path.last() != Some(&mv.to()) {
        path.push(mv.to());
    }
    let promotion = mv.promoted().map(|k| before.variant().piece_type(k).letter.to_string());
    let names = |list: &[Square]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    json!({
        "text": before.move_text(mv),
        "san": before.san(mv),
        "from": mv.from().to_string(),
        "to": mv.to().to_string(),
        "promotion": promotion,
        "path": names(&path),
        "captured": names(&captured_squares(before, mv)),
        "tornado": squares(before.variant().tornadoes(before, mv)),
    })
}

/// The legal moves of `pos`, those of the unit on `from` only if given.
pub fn moves_view(pos: &Position, from: Option<Square>) -> Value {
    let moves: Vec<Value> = pos
        .legal_moves()
        .iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .map(|&m| move_view(pos, m))
        .collect();
    Value::Array(moves)
}

fn reason_names(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => "checkmate",
            WinReason::OnlyWazirs => "only-wazirs",
            WinReason::NoMoves => "no-moves",
            WinReason::Extinction => "extinction",
        },
        Outcome::Draw(reason) => match reason {
            DrawReason::Stalemate => "stalemate",
            DrawReason::FiftyMoves => "fifty-moves",
            DrawReason::Repetition => "repetition",
            DrawReason::InsufficientMaterial => "insufficient-material",
        },
    }
}

/// The result in PGN's form (`1-0`, `0-1`, `1/2-1/2`, `*` while the game goes on).
pub fn result_text(outcome: Option<&Outcome>, resigned: Option<Resignation>) -> &'static str {
    if let Some(r) = resigned {
        return if r.loser == Color::White { "0-1" } else { "1-0" };
    }
    match outcome {
        Some(Outcome::Win { winner: Color::White, .. }) => "1-0",
        Some(Outcome::Win { winner: Color::Black, .. }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    }
}

/// The game's end as the page shows it, `null` while it goes on.
pub fn outcome_view(pos: &Position, resigned: Option<Resignation>) -> Value {
    if let Some(r) = resigned {
        let loser = if r.loser == Color::White { "White" } else { "Black" };
        return json!({
            "result": result_text(None, resigned),
            "winner": color_name(!r.loser),
            "reason": "resignation",
            "text": format!("{loser} resigns"),
        });
    }
    let Some(outcome) = pos.outcome() else { return Value::Null };
    // The reason as the PGN comment says it: `1-0 {White mates}` gives "White mates".
    let shown = outcome.to_string();
    let text = shown.split_once('{').map_or(shown.as_str(), |(_, t)| t.trim_end_matches('}'));
    let winner = match outcome {
        Outcome::Win { winner, .. } => Value::from(color_name(winner)),
        Outcome::Draw(_) => Value::Null,
    };
    json!({
        "result": result_text(Some(&outcome), None),
        "winner": winner,
        "reason": reason_names(&outcome),
        "text": text,
    })
}

/// Units on the board, with the Wazir heights of a game with a vanishing zone.
fn board_view(pos: &Position) -> Vec<Value> {
    let v = pos.variant();
    let vanishing = v.vanishing();
    v.geometry
        .playable()
        .squares()
        .filter_map(|sq| {
            let piece = pos.piece_at(sq)?;
            let t = v.piece_type(piece.kind());
            let height = vanishing.filter(|z| z.kind() == piece.kind()).map(|z| z.height(pos, sq));
            Some(json!({
                "square": sq.to_string(),
                "color": color_name(piece.color()),
                "letter": t.letter.to_string(),
                "name": t.name,
                "picture": picture_name(t.picture),
                "height": height,
            }))
        })
        .collect()
}

/// The full state of a game: `pos` with its moves since `start_fen`.
pub fn state_view(id: &str, pos: &Position, start_fen: &str, resigned: Option<Resignation>) -> Value {
    let v = pos.variant();
    let played: Vec<Move> = pos.moves_played().collect();
    // Replay from the start to write each move in its own position.
    let mut replay = pos.clone();
    for _ in 0..played.len() {
        replay.unmake();
    }
    let mut history = Vec::with_capacity(played.len());
    let mut last_move = Value::Null;
    for (i, &mv) in played.iter().enumerate() {
        history.push(json!({"text": replay.move_text(mv), "san": replay.san(mv)}));
        if i + 1 < played.len() {
            replay.make(mv);
            continue;
        }
        // The last move in full, with the units that left the board without being captured
        // (a Wazir that vanished).
        last_move = move_view(&replay, mv);
        let (before, captured) = (replay.occupied(), captured_squares(&replay, mv));
        replay.make(mv);
        let gone = before - replay.occupied() - Bitboard::from_square(mv.from());
        let vanished: Vec<String> = match v.vanishing() {
            Some(_) => gone.squares().filter(|s| !captured.contains(s)).map(|s| s.to_string()).collect(),
            None => Vec::new(),
        };
        last_move["vanished"] = json!(vanished);
    }
    let zone = v.vanishing().map_or(Bitboard::EMPTY, |z| z.zone());
    json!({
        "id": id,
        "variant": v.name,
        "fen": pos.to_fen(),
        "start_fen": start_fen,
        "side_to_move": color_name(pos.side_to_move()),
        "ply": played.len(),
        "fullmove": pos.fullmove_number(),
        "board": board_view(pos),
        "road": squares(v.road(pos)),
        "zone": squares(zone),
        "in_check": pos.in_check(),
        "checkers": squares(pos.checkers()),
        "last_move": last_move,
        "history": history,
        "outcome": outcome_view(pos, resigned),
    })
}

pub fn score_view(score: Score) -> Value {
    match score {
        Score::Centipawns(cp) => json!({"cp": cp}),
        Score::Mate(n) => json!({"mate": n}),
    }
}

/// One line of the engine's analysis.
pub fn info_view(root: &Position, info: &SearchInfo) -> Value {
    let mut line = root.clone();
    let mut pv = Vec::new();
    let mut pv_san = Vec::new();
    for &mv in &info.pv {
        // A line is the search's; check it anyway so a stale move never reaches the page.
        if !line.is_legal(mv) {
            break;
        }
        pv.push(line.move_text(mv));
        pv_san.push(line.san(mv));
        line.make(mv);
    }
    json!({
        "multipv": info.multipv,
        "depth": info.depth,
        "seldepth": info.seldepth,
        "score": score_view(info.score),
        "nodes": info.nodes,
        "nps": info.nps,
        "time_ms": info.time.as_millis() as u64,
        "hashfull": info.hashfull,
        "pv": pv,
        "pv_san": pv_san,
    })
}

/// The game in PGN: the Seven Tag Roster, `Variant` for the other games and `SetUp`/`FEN`
/// when it did not start from the start position, moves in SAN.
pub fn pgn(pos: &Position, start_fen: &str, resigned: Option<Resignation>) -> String {
    let v = pos.variant();
    let result = result_text(pos.outcome().as_ref(), resigned);
    let mut text = String::new();
    let tags =
        [("Event", "Tinman board"), ("Site", "tinman serve"), ("Round", "-"), ("White", "?"), ("Black", "?")];
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push_str(&format!("[Result \"{result}\"]\n"));
    if v.name != tinman_core::variants::DEFAULT {
        text.push_str(&format!("[Variant \"{}\"]\n", v.name));
    }
    if start_fen != Position::start(v).to_fen() {
        text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_fen}\"]\n"));
    }
    text.push('\n');
    let played: Vec<Move> = pos.moves_played().collect();
    let mut replay = pos.clone();
    for _ in 0..played.len() {
        replay.unmake();
    }
    let mut words = Vec::new();
    for (i, &mv) in played.iter().enumerate() {
        if replay.side_to_move() == Color::White || i == 0 {
            let dots = if replay.side_to_move() == Color::White { "." } else { "..." };
            words.push(format!("{}{dots}", replay.fullmove_number()));
        }
        words.push(replay.san(mv));
        replay.make(mv);
    }
    words.push(result.to_string());
    text.push_str(&crate::movetext::wrap(&words));
    text
}
