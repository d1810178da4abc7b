//! The browser board's HTTP API (docs/serve.md), spoken to over a real socket by a client
//! written here, and checked against the rules core: every game's new game, the legal moves
//! of a square, a move, illegal and malformed requests (state unchanged), a jump chain, a road
//! double move, FENs with the games' extra fields, engine moves and live analysis.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tinman::serve::{Limits, Server};
use tinman_core::{variants, Position, Square};

/// One server for the whole file, on a free port.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let server =
            Server::bind("127.0.0.1", 0, Limits { hash_mb: 4, threads: 1, max_games: 64 }).expect("binds");
        let addr = server.addr();
        std::thread::spawn(move || server.run());
        addr
    })
}

fn connect() -> TcpStream {
    let stream = TcpStream::connect(server()).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream
}

/// Sends one request as the page does and returns the status and the body.
fn request(method: &str, path: &str, body: &str) -> (u16, String) {
    raw(&format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ))
}

/// Sends bytes as they are and returns the status and the body.
fn raw(text: &str) -> (u16, String) {
    let mut stream = connect();
    stream.write_all(text.as_bytes()).unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    assert!(head.to_ascii_lowercase().contains("content-length"), "a whole body: {head}");
    (status, body.to_string())
}

fn json_request(method: &str, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(method, path, &body.to_string());
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}")))
}

/// An answer that must be an error with a message.
fn refused(method: &str, path: &str, body: &str, status: u16) -> String {
    let (got, text) = request(method, path, body);
    let v: Value = serde_json::from_str(&text).expect("errors are JSON");
    assert_eq!(got, status, "{method} {path} {body}: {text}");
    v["error"].as_str().expect("an error message").to_string()
}

fn new_game(variant: &str, fen: Option<&str>) -> Value {
    let body = match fen {
        Some(fen) => json!({"variant": variant, "fen": fen}),
        None => json!({"variant": variant}),
    };
    let (status, state) = json_request("POST", "/api/games", body);
    assert_eq!(status, 201, "{state}");
    state
}

fn id(state: &Value) -> String {
    state["id"].as_str().unwrap().to_string()
}

fn texts(moves: &Value) -> Vec<String> {
    let mut t: Vec<String> =
        moves.as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect();
    t.sort();
    t
}

fn core_moves(pos: &Position, from: Option<Square>) -> Vec<String> {
    let mut t: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| from.is_none_or(|f| m.from() == f))
        .map(|&m| pos.move_text(m))
        .collect();
    t.sort();
    t
}

#[test]
fn every_game_starts_lists_the_core_s_moves_and_plays_them() {
    let (status, list) = json_request("GET", "/api/variants", json!(null));
    assert_eq!(status, 200);
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(names, variants::names());
    for v in variants::all() {
        let shown = list.as_array().unwrap().iter().find(|g| g["name"] == v.name).unwrap();
        assert_eq!(shown["width"], v.geometry.width());
        assert_eq!(shown["holes"].as_array().unwrap().len(), v.geometry.holes().count() as usize);
        assert_eq!(shown["kinds"].as_array().unwrap().len(), v.pieces.len());

        let state = new_game(v.name, None);
        let mut pos = Position::start(v);
        assert_eq!(state["fen"], pos.to_fen(), "{}", v.name);
        assert_eq!(state["board"].as_array().unwrap().len(), pos.occupied().count() as usize);
        let game = id(&state);
        // Every square's moves are the core's.
        for sq in v.geometry.playable().squares() {
            let (status, moves) =
                json_request("GET", &format!("/api/games/{game}/moves?from={sq}"), json!(null));
            assert_eq!(status, 200);
            assert_eq!(texts(&moves), core_moves(&pos, Some(sq)), "{} {sq}", v.name);
        }
        // Four moves, each the core's first legal one, and the state follows the core.
        for _ in 0..4 {
            let mv = pos.legal_moves().iter().next().copied().unwrap();
            let text = pos.move_text(mv);
            let (status, state) =
                json_request("POST", &format!("/api/games/{game}/move"), json!({"move": text}));
            assert_eq!(status, 200, "{state}");
            pos.make(mv);
            assert_eq!(state["fen"], pos.to_fen());
            assert_eq!(state["last_move"]["text"], text.as_str());
        }
        let (_, state) = json_request("GET", &format!("/api/games/{game}"), json!(null));
        assert_eq!(state["history"].as_array().unwrap().len(), 4);
        assert_eq!(state["ply"], 4);
        // Illegal and malformed moves are refused and change nothing.
        let before = state["fen"].clone();
        let error = refused("POST", &format!("/api/games/{game}/move"), r#"{"move": "a1a1"}"#, 400);
        assert!(error.contains("a1a1"), "{error}");
        refused("POST", &format!("/api/games/{game}/move"), r#"{"move": "zz9"}"#, 400);
        refused("POST", &format!("/api/games/{game}/move"), r#"{"move": 5}"#, 400);
        refused("POST", &format!("/api/games/{game}/move"), r#"{"move": "#, 400);
        refused("POST", &format!("/api/games/{game}/move"), r#"[1, 2]"#, 400);
        refused("GET", &format!("/api/games/{game}/moves?from=z99"), "", 400);
        let (_, state) = json_request("GET", &format!("/api/games/{game}"), json!(null));
        assert_eq!(state["fen"], before);
        // Take back two plies.
        let (status, state) = json_request("POST", &format!("/api/games/{game}/undo"), json!({"plies": 2}));
        assert_eq!(status, 200);
        pos.unmake();
        pos.unmake();
        assert_eq!(state["fen"], pos.to_fen());
        // The PGN replays in the core.
        let (status, pgn) = request("GET", &format!("/api/games/{game}/pgn"), "");
        assert_eq!(status, 200);
        assert!(pgn.contains("[Result \"*\"]") && pgn.contains("1."), "{pgn}");
        assert_eq!(pgn.contains("[Variant"), v.name != "normal");
    }
}

#[test]
fn a_jump_chain_of_three_captures_is_listed_jump_by_jump_and_played() {
    // A Desert Wazir on c3 among Black units (tests/desertoasis_rules.rs has the working).
    let fen = "12/12/12/12/12/12/2p1p7/3x8/2n9/2W9/12/12 w - - 0 1";
    let game = id(&new_game("desertoasis", Some(fen)));
    let (_, moves) = json_request("GET", &format!("/api/games/{game}/moves?from=c3"), json!(null));
    let chain =
        moves.as_array().unwrap().iter().find(|m| m["captured"].as_array().unwrap().len() == 3).unwrap();
    assert_eq!(chain["path"], json!(["c3", "c5", "e5", "e7"]));
    assert_eq!(chain["captured"], json!(["c4", "d5", "e6"]));
    // Its prefix c3-c5 is a move of its own, and so is c3-c5-e5: the page can stop there.
    let paths: Vec<&Value> = moves.as_array().unwrap().iter().map(|m| &m["path"]).collect();
    assert!(paths.contains(&&json!(["c3", "c5"])) && paths.contains(&&json!(["c3", "c5", "e5"])));
    let (status, state) =
        json_request("POST", &format!("/api/games/{game}/move"), json!({"move": chain["text"]}));
    assert_eq!(status, 200);
    assert_eq!(state["last_move"]["captured"], json!(["c4", "d5", "e6"]));
    let pos = Position::from_fen(variants::by_name("desertoasis").unwrap(), fen).unwrap();
    let mut after = pos.clone();
    after.make(pos.parse_move(chain["text"].as_str().unwrap()).unwrap());
    assert_eq!(state["fen"], after.to_fen());
    assert_eq!(state["board"].as_array().unwrap().len(), 2);
}

#[test]
fn fens_with_the_games_extra_fields_are_read_and_a_road_double_move_shows_its_tornado() {
    // wizardoz with its own road: the state names it.
    let road_fen = format!("{} road:b3,c4,d5,e4,f3", variants::by_name("wizardoz").unwrap().start_fen);
    let state = new_game("wizardoz", Some(&road_fen));
    assert_eq!(state["road"], json!(["b3", "f3", "c4", "e4", "d5"]));
    // The white pawn on g4 (a road square) goes to f6 by the Black Bishop on f5.
    let fen = "r1f1bkqnr/ppp2pppp/3p5/4P4/3n1b3/P1Q3PPB/9/1P1PPP2P/RN1KB1FNR w KQkq - 3 8";
    let game = id(&new_game("wizardoz", Some(fen)));
    let (_, moves) = json_request("GET", &format!("/api/games/{game}/moves?from=g4"), json!(null));
    let double = moves.as_array().unwrap().iter().find(|m| m["to"] == "f6").expect("g4-f6 by the road");
    assert_eq!(double["tornado"], json!(["f5"]));
    let (status, state) = json_request("POST", &format!("/api/games/{game}/move"), json!({"move": "g4f6"}));
    assert_eq!(status, 200);
    assert_eq!(state["last_move"]["tornado"], json!(["f5"]));
    // imawazir with Wazir heights.
    let fen = "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5";
    let state = new_game("imawazir", Some(fen));
    let on = |sq: &str| {
        state["board"].as_array().unwrap().iter().find(|u| u["square"] == sq).unwrap()["height"].clone()
    };
    let imawazir = variants::by_name("imawazir").unwrap();
    let core = Position::from_fen(imawazir, fen).unwrap();
    let base = imawazir.vanishing().unwrap().height(&core, Square::parse("a1").unwrap());
    assert_eq!((on("d5"), on("c4"), on("a1")), (json!(5), json!(2), json!(base)));
    assert_eq!(state["zone"].as_array().unwrap().len(), 16);
    assert_eq!(state["fen"], core.to_fen());
    // Any move ends with the height-6 Wazir on e5 gone, not captured.
    let (status, after) =
        json_request("POST", &format!("/api/games/{}/move", id(&state)), json!({"move": "a2a3"}));
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["last_move"]["vanished"], json!(["e5"]));
    assert_eq!(after["last_move"]["captured"], json!([]));
    // Bad FENs, a bad road, a bad variant.
    refused("POST", "/api/games", r#"{"variant": "normal", "fen": "8/8 w"}"#, 400);
    let error = refused(
        "POST",
        "/api/games",
        &json!({"variant": "wizardoz", "fen": format!("{fen} road:z1")}).to_string(),
        400,
    );
    assert!(error.starts_with("bad FEN"), "{error}");
    let error = refused("POST", "/api/games", r#"{"variant": "chesss"}"#, 400);
    assert!(error.contains("unknown variant 'chesss'"), "{error}");
}

#[test]
fn bad_requests_get_4xx_json_and_unknown_games_404() {
    refused("GET", "/api/games/g999999", "", 404);
    refused("POST", "/api/games/g999999/move", r#"{"move": "e2e4"}"#, 404);
    refused("GET", "/api/nothing", "", 404);
    refused("PUT", "/api/games", "", 405);
    refused("POST", "/api/variants", "", 405);
    refused("POST", "/api/games", &"x".repeat(70_000), 413);
    let game = id(&new_game("normal", None));
    refused("POST", &format!("/api/games/{game}/engine"), "{}", 400);
    refused("POST", &format!("/api/games/{game}/engine"), r#"{"depth": 0}"#, 400);
    refused("POST", &format!("/api/games/{game}/undo"), "{}", 400);
    refused("POST", &format!("/api/games/{game}/resign"), r#"{"side": "red"}"#, 400);
    refused("GET", &format!("/api/games/{game}/analysis?multipv=0"), "", 400);
    // A resignation ends the game; no more moves; taking back undoes it.
    let (_, state) = json_request("POST", &format!("/api/games/{game}/resign"), json!({"side": "white"}));
    assert_eq!(state["outcome"]["reason"], "resignation");
    assert_eq!(state["outcome"]["result"], "0-1");
    refused("POST", &format!("/api/games/{game}/move"), r#"{"move": "e2e4"}"#, 400);
    let (_, state) = json_request("POST", &format!("/api/games/{game}/undo"), json!({}));
    assert_eq!(state["outcome"], Value::Null);
    // The page itself is served.
    let (status, page) = request("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("app.js"), "the page loads its script");
}

#[test]
fn a_mate_ends_the_game_with_its_reason() {
    let game = id(&new_game("normal", None));
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let (status, _) = json_request("POST", &format!("/api/games/{game}/move"), json!({"move": mv}));
        assert_eq!(status, 200);
    }
    let (_, state) = json_request("GET", &format!("/api/games/{game}"), json!(null));
    assert_eq!(
        state["outcome"],
        json!({"result": "0-1", "winner": "black", "reason": "checkmate", "text": "Black mates"})
    );
    assert_eq!(state["in_check"], true);
    refused("POST", &format!("/api/games/{game}/engine"), r#"{"depth": 2}"#, 400);
    let (_, moves) = json_request("GET", &format!("/api/games/{game}/moves"), json!(null));
    assert_eq!(moves, json!([]));
}

#[test]
fn the_engine_plays_a_legal_move_in_every_game() {
    for v in variants::all() {
        let state = new_game(v.name, None);
        let (status, reply) =
            json_request("POST", &format!("/api/games/{}/engine", id(&state)), json!({"depth": 3}));
        assert_eq!(status, 200, "{reply}");
        let pos = Position::start(v);
        assert!(core_moves(&pos, None).contains(&reply["move"].as_str().unwrap().to_string()));
        assert_eq!(reply["state"]["ply"], 1);
    }
}

/// Reads server-sent events until `stop_after` says so; returns (event, data) pairs.
fn read_events(
    game: &str,
    query: &str,
    mut stop_after: impl FnMut(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut stream = connect();
    write!(stream, "GET /api/games/{game}/analysis{query} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream);
    let mut events = Vec::new();
    let mut event = String::new();
    let mut line = String::new();
    let mut head = true;
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        let l = line.trim_end().to_string();
        line.clear();
        if head {
            if l.is_empty() {
                head = false;
            } else if l.starts_with("HTTP/") {
                assert!(l.contains(" 200"), "{l}");
            }
            continue;
        }
        if let Some(name) = l.strip_prefix("event: ") {
            event = name.to_string();
        } else if let Some(data) = l.strip_prefix("data: ") {
            let data: Value = serde_json::from_str(data).unwrap();
            let done = stop_after(&event, &data);
            events.push((event.clone(), data));
            if done {
                break;
            }
        }
    }
    events
}

#[test]
fn analysis_streams_lines_and_stops_on_request_on_a_move_and_when_the_page_goes() {
    let game = id(&new_game("wizardoz", None));
    // Stop by request: a second connection asks once the first lines came.
    let stopper = game.clone();
    let mut asked = false;
    let events = read_events(&game, "?multipv=2", |event, data| {
        if event == "info" && data["depth"].as_u64() >= Some(4) && !asked {
            asked = true;
            let (status, reply) = json_request("POST", &format!("/api/games/{stopper}/stop"), json!({}));
            assert_eq!((status, reply), (200, json!({"stopped": true})));
        }
        event == "done"
    });
    let (last, best) = events.last().unwrap();
    assert_eq!(last, "done");
    let start = Position::start(variants::by_name("wizardoz").unwrap());
    assert!(core_moves(&start, None).contains(&best["best"].as_str().unwrap().to_string()));
    assert!(events.iter().any(|(_, d)| d["multipv"] == 2), "two lines");
    for (event, data) in &events {
        if event == "info" {
            assert!(data["score"].get("cp").is_some() || data["score"].get("mate").is_some());
            assert_eq!(data["pv"].as_array().unwrap().len(), data["pv_san"].as_array().unwrap().len());
        }
    }
    // A move ends the analysis of the old position.
    let mover = game.clone();
    let mut moved = false;
    let events = read_events(&game, "", |event, _| {
        if event == "info" && !moved {
            moved = true;
            json_request("POST", &format!("/api/games/{mover}/move"), json!({"move": "e2e3"}));
        }
        event == "done"
    });
    assert_eq!(events.last().unwrap().0, "done");
    // A page that goes away: the heartbeat finds the connection closed and stops the search.
    let _ = read_events(&game, "", |event, _| event == "info");
    let started = Instant::now();
    loop {
        let (_, state) = json_request("GET", &format!("/api/games/{game}"), json!(null));
        if state["searching"] == false {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the abandoned analysis stopped");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_full_server_drops_the_game_idle_longest() {
    let server =
        Server::bind("127.0.0.1", 0, Limits { hash_mb: 1, threads: 1, max_games: 2 }).expect("binds");
    let addr = server.addr();
    std::thread::spawn(move || server.run());
    let post = |path: &str| -> (u16, Value) {
        let mut stream = TcpStream::connect(addr).unwrap();
        let body = r#"{"variant": "imawazir"}"#;
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        (head.split_whitespace().nth(1).unwrap().parse().unwrap(), serde_json::from_str(body).unwrap())
    };
    let first = id(&post("/api/games").1);
    std::thread::sleep(Duration::from_millis(20));
    let second = id(&post("/api/games").1);
    std::thread::sleep(Duration::from_millis(20));
    // The first game is used again: the second is now the one idle longest.
    assert_eq!(post(&format!("/api/games/{first}/stop")).0, 200);
    let third = id(&post("/api/games").1);
    assert_eq!(post(&format!("/api/games/{second}/stop")).0, 404, "the game idle longest is dropped");
    assert_eq!(post(&format!("/api/games/{first}/stop")).0, 200);
    assert_eq!(post(&format!("/api/games/{third}/stop")).0, 200);
    // A game being analysed is in use, however long ago it was last asked for.
    let mut analysis = TcpStream::connect(addr).unwrap();
    write!(analysis, "GET /api/games/{first}/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut lines = BufReader::new(analysis.try_clone().unwrap()).lines();
    assert!(lines.any(|l| l.unwrap().starts_with("event: info")));
    std::thread::sleep(Duration::from_millis(20));
    let fourth = id(&post("/api/games").1);
    assert_eq!(post(&format!("/api/games/{third}/stop")).0, 404, "the idle game goes, not the analysed one");
    assert_eq!(post(&format!("/api/games/{first}/stop")).1["stopped"], true);
    assert_eq!(post(&format!("/api/games/{fourth}/stop")).0, 200);
}

#[test]
fn two_games_do_not_talk_across() {
    let a = id(&new_game("normal", None));
    let b = id(&new_game("normal", None));
    let mut moved = false;
    let mut b_state = Value::Null;
    // A move in game b while game a is analysed: a's analysis goes on, b has the move.
    let events = read_events(&a, "", |event, data| {
        if event == "info" && !moved {
            moved = true;
            let (status, state) =
                json_request("POST", &format!("/api/games/{b}/move"), json!({"move": "d2d4"}));
            assert_eq!(status, 200);
            b_state = state;
        }
        event == "done" || data["depth"].as_u64() >= Some(6)
    });
    assert!(
        events.last().unwrap().1["depth"].as_u64() >= Some(6),
        "a's analysis was not stopped by b's move"
    );
    assert_eq!(b_state["ply"], 1);
    let (_, a_state) = json_request("GET", &format!("/api/games/{a}"), json!(null));
    assert_eq!(a_state["ply"], 0);
    json_request("POST", &format!("/api/games/{a}/stop"), json!({}));
}

#[test]
fn bad_command_lines_get_one_line_and_status_2() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    for (args, wanted) in [
        (vec!["--port", "http"], "--port must be a whole number from 0 to 65535"),
        (vec!["--port", "70000"], "--port must be a whole number"),
        (vec!["--hash", "0"], "--hash"),
        (vec!["--threads", "100000"], "--threads"),
        (vec!["--max-games", "0"], "--max-games"),
        (vec!["--host"], "--host needs a value"),
        (vec!["--colour", "red"], "unknown option '--colour'"),
        (vec!["--port", port.as_str()], "cannot listen on 127.0.0.1"),
    ] {
        let mut line = vec!["serve".to_string()];
        line.extend(args.iter().map(|a| a.to_string()));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = tinman::cli::run_with(&line, &mut out, &mut err);
        let err = String::from_utf8(err).unwrap();
        assert_eq!(status, 2, "{line:?}");
        assert!(err.starts_with("tinman: ") && err.contains(wanted), "{line:?}: {err}");
    }
}

#[test]
fn broken_http_gets_4xx_json_and_the_server_lives_on() {
    let error = |(status, text): (u16, String)| -> (u16, String) {
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        (status, v["error"].as_str().unwrap().to_string())
    };
    // A body declared 100 GB long: refused before anything is read or allocated.
    let (status, _) =
        error(raw("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999\r\n\r\n"));
    assert_eq!(status, 413);
    let (status, _) = error(raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999\r\n\r\n"));
    assert_eq!(status, 413);
    assert_eq!(error(raw("GARBAGE\r\n\r\n")).0, 400);
    assert_eq!(error(raw("GET /\u{e9} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).0, 404);
    assert_eq!(error(raw("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).0, 400);
    assert_eq!(error(raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n")).0, 400);
    assert_eq!(
        error(raw("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")).0,
        411
    );
    assert_eq!(
        error(raw(&format!("GET /{} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "a".repeat(20_000)))).0,
        431
    );
    assert_eq!(error(raw("HEAD /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).0, 405);
    // Another site's page: a form post (no JSON) and a rebound host name are refused.
    let form = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 2\r\n\r\na=";
    assert_eq!(error(raw(form)).0, 415);
    assert_eq!(error(raw("GET /api/variants HTTP/1.1\r\nHost: evil.example:8080\r\n\r\n")).0, 403);
    assert_eq!(error(raw("GET /api/variants HTTP/1.1\r\n\r\n")).0, 403);
    // A body cut short, then the client goes: the next request is served.
    assert_eq!(error(raw("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{")).0, 400);
    let (status, _) = json_request("GET", "/api/variants", json!(null));
    assert_eq!(status, 200);
    assert!(raw("GET /api/variants HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n").0 == 200);
}

#[test]
fn the_engine_thinks_over_one_move_at_a_time_and_never_after_the_game_changed() {
    let game = id(&new_game("normal", None));
    let path = format!("/api/games/{game}/engine");
    let first = {
        let path = path.clone();
        std::thread::spawn(move || json_request("POST", &path, json!({"movetime_ms": 1500})))
    };
    std::thread::sleep(Duration::from_millis(300));
    // A second engine move and an analysis are refused while it thinks.
    let (status, reply) = json_request("POST", &path, json!({"depth": 2}));
    assert_eq!(status, 409, "{reply}");
    let (status, text) = request("GET", &format!("/api/games/{game}/analysis"), "");
    assert_eq!(status, 409, "{text}");
    // A resignation meanwhile: the engine's move is dropped.
    let (status, _) = json_request("POST", &format!("/api/games/{game}/resign"), json!({"side": "black"}));
    assert_eq!(status, 200);
    let (status, reply) = first.join().unwrap();
    assert_eq!(status, 409, "{reply}");
    let (_, state) = json_request("GET", &format!("/api/games/{game}"), json!(null));
    assert_eq!((state["ply"].clone(), state["outcome"]["reason"].clone()), (json!(0), json!("resignation")));
}
