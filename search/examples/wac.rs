//! Runs an EPD suite (default: the project's "Win At Chess" file, tests/data/wac.epd) at a fixed time or node budget
//! per position, one thread, and prints each miss and the score.
//!
//! `cargo run --release -p tinman-search --example wac -- [--ms N | --nodes N] [--file EPD] [ID...]`
//! (IDs such as `WAC.049` restrict the run to those positions.)

use std::time::Duration;
use tinman_search::{epd, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut limits = Limits {
        move_time: Some(Duration::from_millis(1000)),
        move_overhead: Some(Duration::ZERO),
        ..Limits::default()
    };
    let mut file = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/wac.epd").to_string();
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
    let result = epd::run_suite(&text, &limits, |id| only.is_empty() || only.iter().any(|o| o == id));
    for miss in &result.missed {
        println!("miss {miss}");
    }
    println!("solved {} of {}", result.solved, result.total);
}
