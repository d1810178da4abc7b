//! `tinman serve`: the browser board. An HTTP server (tiny_http, one thread per request)
//! serving the embedded page and the JSON API of docs/serve.md; live analysis is a stream of
//! server-sent events written straight to the connection.

mod analysis;
mod api;
mod games;
mod view;

use api::{ApiError, Reply};
use games::Games;
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response};

pub use games::Limits;

/// Largest request body read.
const MAX_BODY_BYTES: u64 = 64 * 1024;
const DEFAULT_PORT: u16 = 8080;
const DEFAULT_HOST: &str = "127.0.0.1";
const DEFAULT_MAX_GAMES: usize = 32;

pub const USAGE: &str =
    "usage: tinman serve [--host 127.0.0.1] [--port 8080] [--open] [--hash MB] [--threads N]
                    [--max-games N]
  Serves the board at http://HOST:PORT/: play and analyse every game in a browser.
  --host       address to listen on (127.0.0.1: this machine only)
  --port       port (0: any free one)
  --open       open the page in the system's browser
  --hash       table size of each game's searcher, in MB (default 16)
  --threads    most threads one search uses (default 1)
  --max-games  most games kept at once (default 32)";

/// The files of the page, embedded so the binary serves them offline.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/index.html", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/board.js", "text/javascript; charset=utf-8", include_str!("assets/board.js")),
    ("/panel.js", "text/javascript; charset=utf-8", include_str!("assets/panel.js")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("assets/app.js")),
    ("/pieces.js", "text/javascript; charset=utf-8", include_str!("assets/pieces.js")),
    ("/style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
    ("/pieces.html", "text/html; charset=utf-8", include_str!("assets/pieces.html")),
];

/// A bound server; [`Server::run`] answers requests until the process ends.
pub struct Server {
    http: tiny_http::Server,
    games: Arc<Games>,
}

impl Server {
    pub fn bind(host: &str, port: u16, limits: Limits) -> Result<Server, String> {
        let http = tiny_http::Server::http((host, port))
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        Ok(Server { http, games: Arc::new(Games::new(limits)) })
    }

    /// The address it listens on (the port chosen when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.http.server_addr().to_ip().expect("an IP listener")
    }

    pub fn run(&self) {
        for request in self.http.incoming_requests() {
            let games = Arc::clone(&self.games);
            let spawned = std::thread::Builder::new()
                .name("request".into())
                .stack_size(tinman_search::searcher::SEARCH_STACK_BYTES)
                .spawn(move || handle(&games, request));
            if let Err(e) = spawned {
                eprintln!("tinman: cannot start a request thread: {e}");
            }
        }
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>) {
    let response = Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"));
    // A page that went away is no error of ours.
    let _ = request.respond(response);
}

fn respond_json(request: Request, reply: Reply) {
    let body = serde_json::to_vec(&reply.body).expect("JSON values serialise");
    respond(request, reply.status, "application/json", body);
}

/// Splits `/path?a=1&b=2` into the path and its query pairs.
fn split_url(url: &str) -> (&str, Vec<(&str, &str)>) {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let pairs =
        query.split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, ""))).collect();
    (path, pairs)
}

fn query_value<'a>(query: &[(&str, &'a str)], name: &str) -> Option<&'a str> {
    query.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
}

fn handle(games: &Games, mut request: Request) {
    let url = request.url().to_string();
    let (path, query) = split_url(&url);
    let method = request.method().clone();
    if method == Method::Get {
        if let Some((_, mime, body)) = ASSETS.iter().find(|(p, ..)| *p == path) {
            return respond(request, 200, mime, body.as_bytes().to_vec());
        }
    }
    let mut body = Vec::new();
    if request.as_reader().take(MAX_BODY_BYTES + 1).read_to_end(&mut body).is_err() {
        return respond_json(request, ApiError::bad("the request body could not be read").reply());
    }
    if body.len() as u64 > MAX_BODY_BYTES {
        return respond_json(
            request,
            ApiError { status: 413, message: "the request body is too large".into() }.reply(),
        );
    }
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let games_path = match parts.as_slice() {
        ["api", "games", id, "analysis"] => {
            if method != Method::Get {
                return respond_json(request, method_not_allowed());
            }
            return analysis_stream(games, request, id, &query);
        }
        ["api", "games", id, "pgn"] if method == Method::Get => {
            return match api::pgn(games, id) {
                Ok(text) => respond(request, 200, "text/plain; charset=utf-8", text.into_bytes()),
                Err(e) => respond_json(request, e.reply()),
            };
        }
        _ => route(games, &method, &parts, &query, &body),
    };
    respond_json(request, games_path.unwrap_or_else(|e| e.reply()));
}

fn method_not_allowed() -> Reply {
    ApiError { status: 405, message: "method not allowed here".into() }.reply()
}

fn route(
    games: &Games,
    method: &Method,
    parts: &[&str],
    query: &[(&str, &str)],
    body: &[u8],
) -> Result<Reply, ApiError> {
    use Method::{Delete, Get, Post};
    let id_route = |id: &str, action: &str| -> Option<Result<Reply, ApiError>> {
        Some(match (method, action) {
            (Get, "") => api::get_state(games, id),
            (Delete, "") => api::delete(games, id),
            (Get, "moves") => api::moves(games, id, query_value(query, "from")),
            (Post, "move") => api::play(games, id, body),
            (Post, "undo") => api::undo(games, id, body),
            (Post, "position") => api::set_position(games, id, body),
            (Post, "resign") => api::resign(games, id, body),
            (Post, "engine") => api::engine_move(games, id, body),
            (Post, "stop") => api::stop(games, id),
            (_, "" | "moves" | "move" | "undo" | "position" | "resign" | "engine" | "stop" | "pgn") => {
                Ok(method_not_allowed())
            }
            _ => return None,
        })
    };
    let answer = match parts {
        ["api", "variants"] if *method == Get => Some(api::variants()),
        ["api", "variants"] => Some(Ok(method_not_allowed())),
        ["api", "games"] if *method == Post => Some(api::new_game(games, body)),
        ["api", "games"] => Some(Ok(method_not_allowed())),
        ["api", "games", id] => id_route(id, ""),
        ["api", "games", id, action] => id_route(id, action),
        _ => None,
    };
    answer.unwrap_or_else(|| Err(ApiError::not_found(format!("no such path '/{}'", parts.join("/")))))
}

fn analysis_stream(games: &Games, request: Request, id: &str, query: &[(&str, &str)]) {
    let slot = match api::slot(games, id) {
        Ok(slot) => slot,
        Err(e) => return respond_json(request, e.reply()),
    };
    let multi_pv = match query_value(query, "multipv").map(crate::session::rules::multi_pv).transpose() {
        Ok(n) => n.unwrap_or(1),
        Err(e) => return respond_json(request, ApiError::bad(e).reply()),
    };
    let mut writer = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
    if writer.write_all(head.as_bytes()).and_then(|_| writer.flush()).is_err() {
        return;
    }
    analysis::run(&slot, multi_pv, writer);
}

/// `tinman serve ARGS`: binds, says where, and serves until the process is stopped.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    use crate::session::rules;
    let mut host = DEFAULT_HOST.to_string();
    let mut port = DEFAULT_PORT;
    let mut open = false;
    let mut limits = Limits { hash_mb: rules::DEFAULT_HASH_MB, threads: 1, max_games: DEFAULT_MAX_GAMES };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--host" => host = value("--host")?,
            "--port" => {
                port = rules::whole_number("--port", &value("--port")?, 0, u16::MAX as u64)? as u16;
            }
            "--open" => open = true,
            "--hash" => {
                limits.hash_mb = rules::hash_mb(&value("--hash")?).map_err(|e| format!("--hash: {e}"))?
            }
            "--threads" => {
                limits.threads =
                    rules::threads(&value("--threads")?).map_err(|e| format!("--threads: {e}"))?
            }
            "--max-games" => {
                limits.max_games =
                    rules::whole_number("--max-games", &value("--max-games")?, 1, 1024)? as usize
            }
            "--help" | "-h" => return writeln!(out, "{USAGE}").map_err(|e| e.to_string()),
            other => return Err(format!("unknown option '{}'\n{USAGE}", rules::shorten(other))),
        }
    }
    let server = Server::bind(&host, port, limits)?;
    let addr = server.addr();
    let shown_host = if addr.ip().is_unspecified() { "127.0.0.1".to_string() } else { addr.ip().to_string() };
    let url = match addr {
        SocketAddr::V6(_) => format!("http://[{shown_host}]:{}/", addr.port()),
        SocketAddr::V4(_) => format!("http://{shown_host}:{}/", addr.port()),
    };
    writeln!(out, "Tinman serves the board at {url} (Ctrl-C stops it)").map_err(|e| e.to_string())?;
    let _ = out.flush();
    if open {
        if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
            writeln!(out, "tinman: could not open a browser ({e}); open {url} yourself")
                .map_err(|e| e.to_string())?;
        }
    }
    server.run();
    Ok(())
}
