//! Replays the protocol fuzz regression corpus: every saved session of
//! `tests/fuzz/corpus/uci_loop` and `tests/fuzz/corpus/xboard_loop` is fed to the binary
//! (`tests/fuzz/session.rs`: ends by itself with status 0, no panic, every UCI `bestmove`
//! legal), and the `xboard_move` corpus goes through the XBoard move reader of
//! `src/xboard/moves.rs`. The fuzz runs themselves are in docs/testing.md, "Fuzzing".

#[path = "../../tests/fuzz/checks.rs"]
mod checks;
#[allow(dead_code)]
#[path = "../src/xboard/moves.rs"]
mod moves;
#[path = "fuzz/session.rs"]
mod session;

use std::path::{Path, PathBuf};
use std::time::Duration;

fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fuzz/corpus").join(target)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty corpus", dir.display());
    files
}

/// Feeds every session of `dir` to the binary, two at a time; lists every failure.
fn replay_sessions(dir: &Path) {
    let engine = Path::new(env!("CARGO_BIN_EXE_tinman"));
    let list = files(dir);
    let failures: Vec<String> = std::thread::scope(|s| {
        let halves: Vec<_> = list
            .chunks(list.len().div_ceil(2))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|path| {
                            let input = std::fs::read(path).expect("a session file");
                            session::run(engine, &input, Duration::from_secs(60))
                                .err()
                                .map(|why| format!("{}: {why}", path.display()))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().expect("a replay thread")).collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} sessions failed:\n{}",
        failures.len(),
        list.len(),
        failures.join("\n")
    );
}

#[test]
fn uci_loop_corpus() {
    replay_sessions(&corpus_dir("uci_loop"));
}

#[test]
fn xboard_loop_corpus() {
    replay_sessions(&corpus_dir("xboard_loop"));
}

#[test]
fn xboard_move_corpus() {
    for path in files(&corpus_dir("xboard_move")) {
        let data = std::fs::read(&path).expect("a corpus file");
        let run = || checks::check_xboard_move(&data, moves::from_xboard, moves::to_xboard);
        if std::panic::catch_unwind(run).is_err() {
            panic!("{}: the check panicked (message above)", path.display());
        }
    }
}

/// Bugs the fuzzer found in the protocol loops (fixed: input is read as bytes, a line that is
/// not UTF-8 is refused like any bad command, clock readings saturate), kept as inputs in
/// `tests/fuzz/corpus/regressions/`: the engine must still answer after each.
fn answers_after(file: &str, expected: &str) {
    let path = corpus_dir("regressions").join(file);
    let input = std::fs::read(&path).expect("a known-bug input");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tinman"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), &input).expect("input written");
    let out = child.wait_with_output().expect("the binary ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l == expected),
        "{}: no '{expected}' after the line that is not UTF-8:\n{text}",
        path.display()
    );
}

/// A line that is not UTF-8 ended the UCI loop.
#[test]
fn uci_goes_on_after_a_line_that_is_not_utf8() {
    answers_after("uci_non_utf8_line", "readyok");
}

/// A line that is not UTF-8 ended the XBoard loop's reader.
#[test]
fn xboard_goes_on_after_a_line_that_is_not_utf8() {
    answers_after("xboard_non_utf8_line", "pong 7");
}

/// A first line that is not UTF-8 ended the program before it chose a protocol.
#[test]
fn a_first_line_that_is_not_utf8_does_not_end_the_program() {
    answers_after("first_line_non_utf8", "readyok");
}

/// `time 9223372036854775807` overflowed the centiseconds-to-milliseconds product.
#[test]
fn xboard_time_with_a_huge_value_saturates() {
    for file in ["xboard_time_overflow", "xboard_time_overflow_session"] {
        let input = std::fs::read(corpus_dir("regressions").join(file)).expect("a regression input");
        let engine = Path::new(env!("CARGO_BIN_EXE_tinman"));
        if let Err(why) = session::run(engine, &input, Duration::from_secs(60)) {
            panic!("{file}: {why}");
        }
    }
}
