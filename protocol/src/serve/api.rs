//! The JSON API (docs/serve.md): each request read, checked and answered, the game changed
//! only by a request that is valid in full.

use super::games::{Games, Purpose, Slot};
use super::view::{self, Resignation};
use crate::session::rules;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tinman_core::{variants, Color, Position, Square};
use tinman_search::Limits;

/// Longest time the engine may be given for one move.
const MAX_ENGINE_MOVE_MS: u64 = 300_000;

/// An answer: a status and a JSON body.
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply { status: 200, body }
    }
}

/// A refused request: a 4xx status and what was wrong.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: 400, message: message.into() }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: 404, message: message.into() }
    }

    pub fn reply(&self) -> Reply {
        Reply { status: self.status, body: json!({"error": self.message}) }
    }
}

type Answer = Result<Reply, ApiError>;

/// The request's JSON object (an empty body counts as `{}`).
pub fn body_object(body: &[u8]) -> Result<serde_json::Map<String, Value>, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(serde_json::Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::bad("the body must be a JSON object")),
        Err(e) => Err(ApiError::bad(format!("malformed JSON: {e}"))),
    }
}

fn text_field<'a>(body: &'a serde_json::Map<String, Value>, name: &str) -> Result<Option<&'a str>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(ApiError::bad(format!("'{name}' must be a string"))),
    }
}

/// A whole-number field, checked by one of the engine's rules (`check` gets its text).
fn number_field<T>(
    body: &serde_json::Map<String, Value>,
    name: &str,
    check: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => check(&n.to_string()).map(Some).map_err(ApiError::bad),
        Some(Value::String(s)) => check(s).map(Some).map_err(ApiError::bad),
        Some(_) => Err(ApiError::bad(format!("'{name}' must be a number"))),
    }
}

pub fn slot(games: &Games, id: &str) -> Result<Arc<Slot>, ApiError> {
    games.get(id).ok_or_else(|| ApiError::not_found(format!("no game '{}'", rules::shorten(id))))
}

fn state(id: &str, slot: &Slot) -> Value {
    let game = slot.lock();
    game_state(id, &game)
}

/// The state with whether the game's searcher is busy.
fn game_state(id: &str, game: &super::games::Game) -> Value {
    let mut state = view::state_view(id, &game.pos, &game.start_fen, game.resigned);
    state["searching"] = Value::Bool(game.is_searching());
    state
}

pub fn variants() -> Answer {
    Ok(Reply::ok(Value::Array(variants::all().into_iter().map(view::variant_view).collect())))
}

/// A position of `variant` from the body's FEN, or its start position.
fn position(variant: &'static tinman_core::Variant, fen: Option<&str>) -> Result<Position, ApiError> {
    let mut pos = match fen {
        Some(fen) => crate::game::position_from_fen(variant, None, fen)
            .map_err(|e| ApiError::bad(format!("bad FEN: {e}")))?,
        None => Position::start(variant),
    };
    // A game starts at its setup: moves before it are not the page's to take back.
    pos.clear_history();
    Ok(pos)
}

pub fn new_game(games: &Games, body: &[u8]) -> Answer {
    let body = body_object(body)?;
    let name = text_field(&body, "variant")?.unwrap_or(variants::DEFAULT);
    let variant = variants::by_name(name.trim()).ok_or_else(|| {
        ApiError::bad(format!(
            "unknown variant '{}' (known: {})",
            rules::shorten(name),
            variants::names().join(", ")
        ))
    })?;
    let pos = position(variant, text_field(&body, "fen")?)?;
    let (id, slot) = games.add(pos).ok_or(ApiError {
        status: 503,
        message: "every game the server keeps is searching; try later".into(),
    })?;
    Ok(Reply { status: 201, body: state(&id, &slot) })
}

pub fn get_state(games: &Games, id: &str) -> Answer {
    let slot = slot(games, id)?;
    Ok(Reply::ok(state(id, &slot)))
}

/// The legal moves, of the square `from` names if given.
pub fn moves(games: &Games, id: &str, from: Option<&str>) -> Answer {
    let slot = slot(games, id)?;
    let game = slot.lock();
    let from = match from {
        Some(name) => Some(
            Square::parse(name).filter(|s| game.pos.variant().geometry.playable().contains(*s)).ok_or_else(
                || ApiError::bad(format!("'{}' is not a square of this board", rules::shorten(name))),
            )?,
        ),
        None => None,
    };
    if game.is_over() {
        return Ok(Reply::ok(json!([])));
    }
    Ok(Reply::ok(view::moves_view(&game.pos, from)))
}

pub fn play(games: &Games, id: &str, body: &[u8]) -> Answer {
    let slot = slot(games, id)?;
    let body = body_object(body)?;
    let text = text_field(&body, "move")?.ok_or_else(|| ApiError::bad("the body needs \"move\""))?;
    {
        let mut game = slot.lock();
        if game.is_over() {
            return Err(ApiError::bad("the game is over"));
        }
        let mv =
            game.pos.parse_move(text.trim()).map_err(|e| ApiError::bad(rules::shorten(&e.to_string())))?;
        game.pos.make(mv);
        game.changed();
        Ok(Reply::ok(game_state(id, &game)))
    }
}

pub fn undo(games: &Games, id: &str, body: &[u8]) -> Answer {
    let slot = slot(games, id)?;
    let body = body_object(body)?;
    let plies = number_field(&body, "plies", |t| rules::whole_number("plies", t, 1, u32::MAX as u64))?
        .unwrap_or(1) as usize;
    {
        let mut game = slot.lock();
        let played = game.pos.ply();
        if played == 0 && game.resigned.is_none() {
            return Err(ApiError::bad("no move to take back"));
        }
        // Taking back undoes a resignation first; the plies count moves on the board.
        let undo_moves = if game.resigned.take().is_some() { plies.saturating_sub(1) } else { plies };
        for _ in 0..undo_moves.min(played) {
            game.pos.unmake();
        }
        game.changed();
        Ok(Reply::ok(game_state(id, &game)))
    }
}

pub fn set_position(games: &Games, id: &str, body: &[u8]) -> Answer {
    let slot = slot(games, id)?;
    let body = body_object(body)?;
    let fen = text_field(&body, "fen")?.ok_or_else(|| ApiError::bad("the body needs \"fen\""))?;
    {
        let mut game = slot.lock();
        let pos = position(game.pos.variant(), Some(fen))?;
        game.start_fen = pos.to_fen();
        game.pos = pos;
        game.resigned = None;
        game.changed();
        Ok(Reply::ok(game_state(id, &game)))
    }
}

pub fn resign(games: &Games, id: &str, body: &[u8]) -> Answer {
    let slot = slot(games, id)?;
    let body = body_object(body)?;
    {
        let mut game = slot.lock();
        let loser = match text_field(&body, "side")? {
            None => game.pos.side_to_move(),
            Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => {
                return Err(ApiError::bad(format!(
                    "side must be white or black, not '{}'",
                    rules::shorten(other)
                )))
            }
        };
        if game.is_over() {
            return Err(ApiError::bad("the game is over"));
        }
        game.resigned = Some(Resignation { loser });
        game.changed();
        Ok(Reply::ok(game_state(id, &game)))
    }
}

/// The engine's limits from a request: a time per move or a depth.
fn engine_limits(body: &serde_json::Map<String, Value>) -> Result<Limits, ApiError> {
    let move_time = number_field(body, "movetime_ms", |t| {
        rules::whole_number("movetime_ms", t, 1, MAX_ENGINE_MOVE_MS).map(Duration::from_millis)
    })?;
    let depth = number_field(body, "depth", rules::depth)?;
    if move_time.is_none() && depth.is_none() {
        return Err(ApiError::bad("the body needs \"movetime_ms\" or \"depth\""));
    }
    // A depth alone is still bounded in time, so that a request always ends.
    let move_time = move_time.or(Some(Duration::from_millis(MAX_ENGINE_MOVE_MS)));
    Ok(Limits { depth, move_time, ..Limits::default() })
}

pub fn engine_move(games: &Games, id: &str, body: &[u8]) -> Answer {
    let slot = slot(games, id)?;
    let body = body_object(body)?;
    let limits = engine_limits(&body)?;
    let generation = {
        let game = slot.lock();
        if game.is_over() {
            return Err(ApiError::bad("the game is over"));
        }
        game.generation
    };
    let changed = || ApiError { status: 409, message: "the game changed while the engine thought".into() };
    let (root, mut searcher) = {
        let (game, searcher) = slot.check_out(Purpose::EngineMove).map_err(|_| busy())?;
        // Waiting for the searcher can take a while: the game may have moved on meanwhile.
        if game.generation != generation || game.is_over() {
            drop(game);
            slot.check_in(searcher);
            return Err(changed());
        }
        (game.pos.clone(), searcher)
    };
    let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        searcher.search(&root, &limits, &mut |_| {})
    }));
    slot.check_in(searcher);
    let result = searched.map_err(|_| ApiError { status: 500, message: "the search failed".into() })?;
    let mut game = slot.lock();
    if game.generation != generation || game.is_over() {
        return Err(changed());
    }
    let best = result.best.filter(|&m| game.pos.is_legal(m)).ok_or_else(|| ApiError::bad("no legal move"))?;
    let (text, san) = (game.pos.move_text(best), game.pos.san(best));
    game.pos.make(best);
    game.changed();
    let state = game_state(id, &game);
    Ok(Reply::ok(json!({
        "move": text,
        "san": san,
        "score": view::score_view(result.score),
        "depth": result.depth,
        "state": state,
    })))
}

/// The answer while the engine thinks over a move in this game.
pub fn busy() -> ApiError {
    ApiError { status: 409, message: "the engine is thinking over a move in this game".into() }
}

pub fn stop(games: &Games, id: &str) -> Answer {
    let slot = slot(games, id)?;
    let stopped = slot.lock().stop_search();
    Ok(Reply::ok(json!({"stopped": stopped})))
}

pub fn delete(games: &Games, id: &str) -> Answer {
    if !games.remove(id) {
        return Err(ApiError::not_found(format!("no game '{}'", rules::shorten(id))));
    }
    Ok(Reply::ok(json!({"deleted": id})))
}

/// The game in PGN.
pub fn pgn(games: &Games, id: &str) -> Result<String, ApiError> {
    let slot = slot(games, id)?;
    let game = slot.lock();
    Ok(view::pgn(&game.pos, &game.start_fen, game.resigned))
}
