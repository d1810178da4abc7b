//! A stop that arrives before the search thread has begun must still stop it, and a stop
//! sent after a search ended on its own must not cut the next search short — in both
//! protocols.

mod common;
use common::Engine;

#[test]
fn uci_stop_right_after_go_and_full_depth_afterwards() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for _ in 0..40 {
        e.send("go infinite");
        e.send("stop");
        e.until("bestmove ");
    }
    // The last search ended by itself; the `stop` after it must not shorten the next one.
    e.send("go depth 1");
    e.until("bestmove ");
    e.send("stop");
    e.send("go depth 5");
    let lines = e.until("bestmove ");
    assert!(lines.iter().any(|l| l.starts_with("info depth 5 ")), "{lines:?}");
    e.quit();
}

#[test]
fn xboard_exit_and_setboard_right_after_analyze() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature done=1");
    e.send("force");
    for i in 0..40 {
        e.send("analyze");
        e.send(if i % 2 == 0 { "exit" } else { "setboard 7k/8/8/8/8/8/8/K7 w - - 0 1" });
        e.send("exit");
        e.send(&format!("ping {i}"));
        e.until(&format!("pong {i}"));
    }
    e.send("new");
    e.send("sd 1");
    e.send("go");
    e.until("move ");
    e.send("force");
    e.send("new");
    e.send("sd 5");
    e.send("go");
    let lines = e.until("move ");
    assert!(lines.iter().any(|l| l.starts_with("5 ")), "{lines:?}");
    e.quit();
}
