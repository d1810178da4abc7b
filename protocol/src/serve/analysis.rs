//! Live analysis as server-sent events: the game's searcher analyses its position until the
//! page stops it, closes the stream or changes the game. A page that goes away is noticed by
//! the next write failing, and a heartbeat writes often enough for that to be soon even
//! while a deep iteration reports nothing.

use super::games::{Purpose, Slot};
use super::view;
use serde_json::{json, Value};
use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tinman_search::Limits;

/// Longest analysis: a forgotten tab does not search for ever.
const MAX_ANALYSIS: Duration = Duration::from_secs(3600);
/// How often a comment line checks that the page still listens.
const HEARTBEAT: Duration = Duration::from_secs(1);

type Stream = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one event; false when the page has gone.
fn send(stream: &Stream, event: &str, data: &Value) -> bool {
    let text = format!("event: {event}\ndata: {data}\n\n");
    let mut w = stream.lock().unwrap_or_else(|e| e.into_inner());
    w.write_all(text.as_bytes()).and_then(|_| w.flush()).is_ok()
}

/// Answers an analysis request on `connection`: 409 while the engine thinks over a move,
/// else the event stream until the analysis ends.
pub fn run(slot: &Slot, multi_pv: usize, connection: &TcpStream) {
    let (root, mut searcher, over) = match slot.check_out(Purpose::Analysis) {
        Ok((game, searcher)) => (game.pos.clone(), searcher, game.is_over()),
        Err(_) => {
            let _ = super::respond_json(connection, super::api::busy().reply());
            return;
        }
    };
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n";
    let writer = connection.try_clone().and_then(|mut w| {
        w.set_write_timeout(Some(super::http::WRITE_TIMEOUT))?;
        w.write_all(head.as_bytes())?;
        w.flush()?;
        Ok(w)
    });
    let Ok(writer) = writer else {
        slot.check_in(searcher);
        return;
    };
    let stream: Stream = Arc::new(Mutex::new(Box::new(writer)));
    if over || root.legal_moves().is_empty() {
        slot.check_in(searcher);
        send(&stream, "done", &json!({"best": null}));
        return;
    }
    let stop = searcher.stop_flag();
    let finished = Arc::new(AtomicBool::new(false));
    let heartbeat = {
        let (stream, stop, finished) = (Arc::clone(&stream), Arc::clone(&stop), Arc::clone(&finished));
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                std::thread::park_timeout(HEARTBEAT);
                if finished.load(Ordering::Relaxed) {
                    return;
                }
                let mut w = stream.lock().unwrap_or_else(|e| e.into_inner());
                if w.write_all(b": alive\n\n").and_then(|_| w.flush()).is_err() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        })
    };
    let limits = Limits { move_time: Some(MAX_ANALYSIS), multi_pv, ..Limits::default() };
    let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        searcher.search(&root, &limits, &mut |info| {
            if !send(&stream, "info", &view::info_view(&root, info)) {
                stop.store(true, Ordering::Relaxed);
            }
        })
    }));
    finished.store(true, Ordering::Relaxed);
    heartbeat.thread().unpark();
    let _ = heartbeat.join();
    slot.check_in(searcher);
    let best = searched.ok().and_then(|r| r.best).map(|m| root.move_text(m));
    send(&stream, "done", &json!({"best": best}));
}
