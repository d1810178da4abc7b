//! `tinman serve`: the browser board. A small HTTP server (`http.rs`, one thread per
//! connection) serving the embedded page and the JSON API of docs/serve.md; live analysis is a
//! stream of server-sent events written straight to the connection.

mod analysis;
mod api;
mod games;
mod http;
mod view;

use api::{ApiError, Reply};
use games::Games;
use http::Request;
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

pub use games::Limits;

const DEFAULT_PORT: u16 = 8080;
const DEFAULT_HOST: &str = "127.0.0.1";
const DEFAULT_MAX_GAMES: usize = 32;
/// Most connections served at once (each has a thread); more get 503.
const MAX_CONNECTIONS: usize = 128;

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
    listener: TcpListener,
    games: Arc<Games>,
    connections: Arc<AtomicUsize>,
}

impl Server {
    pub fn bind(host: &str, port: u16, limits: Limits) -> Result<Server, String> {
        let listener =
            TcpListener::bind((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        Ok(Server {
            listener,
            games: Arc::new(Games::new(limits)),
            connections: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The address it listens on (the port chosen when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    pub fn run(&self) {
        let loopback = self.addr().ip().is_loopback();
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else { continue };
            if self.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                self.connections.fetch_sub(1, Ordering::SeqCst);
                let _ = respond_json(
                    &stream,
                    ApiError { status: 503, message: "too many connections".into() }.reply(),
                );
                continue;
            }
            let (games, connections) = (Arc::clone(&self.games), Arc::clone(&self.connections));
            let spawned = std::thread::Builder::new()
                .name("request".into())
                .stack_size(tinman_search::searcher::SEARCH_STACK_BYTES)
                .spawn(move || {
                    serve_connection(&games, &stream, loopback);
                    connections.fetch_sub(1, Ordering::SeqCst);
                });
            if let Err(e) = spawned {
                eprintln!("tinman: cannot start a request thread: {e}");
                self.connections.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

fn respond_json(stream: &TcpStream, reply: Reply) -> std::io::Result<()> {
    let body = serde_json::to_vec(&reply.body).expect("JSON values serialise");
    http::respond(stream, reply.status, "application/json", &body)
}

/// Whether the request names this machine as its host. A server on a loopback address answers
/// only to those names, so a web page that rebinds its own domain name to 127.0.0.1 cannot
/// use it (DNS rebinding).
fn host_is_local(request: &Request) -> bool {
    let Some(host) = request.header("Host") else { return false };
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    matches!(name.to_ascii_lowercase().as_str(), "localhost" | "127.0.0.1" | "::1")
}

fn serve_connection(games: &Games, stream: &TcpStream, loopback: bool) {
    let request = match http::read_request(stream) {
        Ok(request) => request,
        Err(http::ReadError::Gone) => return,
        Err(http::ReadError::Refused(status, message)) => {
            let _ = respond_json(stream, ApiError { status, message }.reply());
            // What the client still sends is read and dropped, so that closing does not reset
            // the connection before it has read the answer.
            http::linger(stream);
            return;
        }
    };
    if loopback && !host_is_local(&request) {
        let error = ApiError { status: 403, message: "this server answers only to localhost".into() };
        let _ = respond_json(stream, error.reply());
        return;
    }
    let method = request.method.as_str();
    if method == "GET" {
        if let Some((_, mime, body)) = ASSETS.iter().find(|(p, ..)| *p == request.path) {
            let _ = http::respond(stream, 200, mime, body.as_bytes());
            return;
        }
    }
    // Other sites' pages may send simple requests here; JSON bodies need a CORS preflight,
    // which this server never grants.
    let json = request
        .header("Content-Type")
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("application/json"));
    if matches!(method, "POST" | "DELETE") && !json {
        let error =
            ApiError { status: 415, message: "send the request with Content-Type: application/json".into() };
        let _ = respond_json(stream, error.reply());
        return;
    }
    let parts: Vec<&str> = request.path.trim_start_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", ["api", "games", id, "analysis"]) => return analysis_stream(games, stream, id, &request),
        ("GET", ["api", "games", id, "pgn"]) => {
            let _ = match api::pgn(games, id) {
                Ok(text) => http::respond(stream, 200, "text/plain; charset=utf-8", text.as_bytes()),
                Err(e) => respond_json(stream, e.reply()),
            };
            return;
        }
        _ => {}
    }
    let reply = route(games, method, &parts, &request).unwrap_or_else(|e| e.reply());
    let _ = respond_json(stream, reply);
}

fn method_not_allowed() -> Reply {
    ApiError { status: 405, message: "method not allowed here".into() }.reply()
}

fn route(games: &Games, method: &str, parts: &[&str], request: &Request) -> Result<Reply, ApiError> {
    let body = request.body.as_slice();
    let id_route = |id: &str, action: &str| -> Option<Result<Reply, ApiError>> {
        Some(match (method, action) {
            ("GET", "") => api::get_state(games, id),
            ("DELETE", "") => api::delete(games, id),
            ("GET", "moves") => api::moves(games, id, request.query_value("from")),
            ("POST", "move") => api::play(games, id, body),
            ("POST", "undo") => api::undo(games, id, body),
            ("POST", "position") => api::set_position(games, id, body),
            ("POST", "resign") => api::resign(games, id, body),
            ("POST", "engine") => api::engine_move(games, id, body),
            ("POST", "stop") => api::stop(games, id),
            (
                _,
                "" | "moves" | "move" | "undo" | "position" | "resign" | "engine" | "stop" | "pgn"
                | "analysis",
            ) => Ok(method_not_allowed()),
            _ => return None,
        })
    };
    let answer = match parts {
        ["api", "variants"] if method == "GET" => Some(api::variants()),
        ["api", "variants"] => Some(Ok(method_not_allowed())),
        ["api", "games"] if method == "POST" => Some(api::new_game(games, body)),
        ["api", "games"] => Some(Ok(method_not_allowed())),
        ["api", "games", id] => id_route(id, ""),
        ["api", "games", id, action] => id_route(id, action),
        _ => None,
    };
    let shown = crate::session::rules::shorten(&parts.join("/"));
    answer.unwrap_or_else(|| Err(ApiError::not_found(format!("no such path '/{shown}'"))))
}

fn analysis_stream(games: &Games, stream: &TcpStream, id: &str, request: &Request) {
    let started = api::slot(games, id).and_then(|slot| {
        let multi_pv = match request.query_value("multipv").map(crate::session::rules::multi_pv).transpose() {
            Ok(n) => n.unwrap_or(1),
            Err(e) => return Err(ApiError::bad(e)),
        };
        Ok((slot, multi_pv))
    });
    let (slot, multi_pv) = match started {
        Ok(found) => found,
        Err(e) => {
            let _ = respond_json(stream, e.reply());
            return;
        }
    };
    analysis::run(&slot, multi_pv, stream);
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
