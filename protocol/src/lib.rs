//! Tinman's protocol layer: the command-line tools, the XBoard and UCI sessions, and the
//! match runner. The `tinman` binary runs it on standard input and output; a program that
//! registers its own game (`tinman_core::variants::register`) can run it in-process.

pub mod cli;
mod datagen;
mod explain;
mod game;
mod io;
mod movetext;
pub mod serve;
mod session;
mod tune;
mod uci;
mod xboard;

pub use io::Output;

use std::io::{BufRead, Read};

/// First commands that only a UCI GUI sends.
const UCI_FIRST_WORDS: &[&str] = &["uci", "isready", "setoption", "position", "ucinewgame"];
/// First commands of an XBoard GUI (`xboard`, then `protover`), and the ones a person trying
/// the protocol by hand starts with.
const XBOARD_FIRST_WORDS: &[&str] =
    &["xboard", "protover", "new", "variant", "setboard", "force", "go", "usermove", "ping", "analyze"];
/// Longest command line read; the rest of a longer line is skipped (it is an error anyway).
const MAX_LINE_BYTES: u64 = 1 << 20;

/// What a person typing at the bare prompt is told.
const PROMPT_HELP: &str = "Tinman is waiting for a chess GUI: type 'uci' for UCI or 'xboard' for the XBoard
protocol (the GUI does this for you), 'quit' to leave. The command-line tools:
  tinman perft|moves|fen|go|bench|match ... (tinman help lists them).";

/// Serves a GUI: waits for its first command, which says the protocol (UCI or XBoard), then
/// runs that protocol on `input` until `quit` or the end of input, writing to `output`.
pub fn serve(mut input: Box<dyn BufRead + Send>, output: Output) {
    let first = loop {
        let Some(line) = read_line(&mut input) else { return };
        let word = line.split_whitespace().next().unwrap_or("");
        if word.is_empty() {
            continue;
        }
        if UCI_FIRST_WORDS.contains(&word) || XBOARD_FIRST_WORDS.contains(&word) {
            break line.trim().to_string();
        }
        if word == "quit" {
            return;
        }
        output.line(PROMPT_HELP);
    };
    let word = first.split_whitespace().next().unwrap_or("");
    if UCI_FIRST_WORDS.contains(&word) {
        uci::run(&first, input, output);
    } else {
        xboard::run(&first, input, output);
    }
}

/// The next line of input without its line end, `None` at the end of input. Bytes that are not
/// UTF-8 become U+FFFD (a command with them is refused like any other bad command, and the
/// loop goes on); a line longer than `MAX_LINE_BYTES` is cut there.
pub fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match input.by_ref().take(MAX_LINE_BYTES).read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => return None,
        Ok(_) => {}
    }
    if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE_BYTES {
        // Skip to the end of the overlong line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            match input.by_ref().take(MAX_LINE_BYTES).read_until(b'\n', &mut rest) {
                Ok(0) | Err(_) => break,
                Ok(_) if rest.last() == Some(&b'\n') => break,
                Ok(_) => {}
            }
        }
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}
