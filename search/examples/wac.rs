//! Runs an EPD suite (default: the shared "Win At Chess" file) at a fixed time or node budget
//! per position, one thread, and prints each miss and the score.
//!
//! `cargo run --release -p tinman-search --example wac -- [--ms N | --nodes N] [--file EPD] [ID...]`
//! (IDs such as `WAC.049` restrict the run to those positions.)

use std::time::Duration;
use tinman_core::{variants, Position};
use tinman_search::{Limits, Searcher};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut limits = Limits {
        move_time: Some(Duration::from_millis(1000)),
        move_overhead: Some(Duration::ZERO),
        ..Limits::default()
    };
    let mut file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/wac.epd").to_string();
    let mut only: Vec<String> = Vec::new();
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse::<u64>().ok()).expect("a number");
        match arg.as_str() {
            "--ms" => limits.move_time = Some(Duration::from_millis(number())),
            "--nodes" => {
                limits.nodes = Some(number());
                limits.move_time = None;
            }
            "--file" => file = args.next().expect("a file"),
            _ => only.push(arg),
        }
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let normal = variants::by_name("normal").unwrap();
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = fields[..4].join(" ");
        let (opcode, rest) = fields[4].split_once(' ').expect("an EPD operation");
        let listed: Vec<&str> = rest.split(';').next().unwrap().split_whitespace().collect();
        let id = rest.split("id \"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("?");
        if !only.is_empty() && !only.iter().any(|o| o == id) {
            continue;
        }
        let pos = Position::from_fen(normal, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let result = Searcher::new(16).search(&pos, &limits, &mut |_| {});
        let san = pos.san(result.best.expect("a move"));
        let bare = san.trim_end_matches(['+', '#']);
        let named = listed.iter().any(|b| b.trim_end_matches(['+', '#']) == bare);
        total += 1;
        if named == (opcode == "bm") {
            solved += 1;
        } else {
            println!("miss {id}: played {san}, {opcode} {}", listed.join(" "));
        }
    }
    println!("solved {solved} of {total}");
}
