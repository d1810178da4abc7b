//! The `tinman` binary.

mod cli;
mod game;
mod uci;
mod xboard;

use std::io::BufRead;

/// First commands that only a UCI GUI sends; anything else starts XBoard mode, whose first
/// command is `xboard` or `protover`.
const UCI_FIRST_WORDS: &[&str] = &["uci", "isready", "setoption", "position", "ucinewgame"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        std::process::exit(cli::run(&args));
    }
    // Protocol mode: the GUI's first command says which protocol it speaks.
    let mut first = String::new();
    let stdin = std::io::stdin();
    while first.trim().is_empty() {
        first.clear();
        match stdin.lock().read_line(&mut first) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
    let first = first.trim();
    let word = first.split_whitespace().next().unwrap_or("");
    if UCI_FIRST_WORDS.contains(&word) {
        uci::run(first);
    } else {
        xboard::run(first);
    }
}
