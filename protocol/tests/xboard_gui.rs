//! The real program: Debian's XBoard 4.9.1 under a virtual X server runs Tinman against
//! itself in every game, and its own debug log and PGN must show a game that ran and ended
//! without an illegal move, a forfeit or a protocol error. `tests/run.sh` installs `xboard`
//! and `xvfb` when they are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";
/// Full moves after which XBoard adjudicates the game a draw ("long game").
const MOVES: usize = 12;
/// Wall-clock limit of one XBoard run.
const RUN_LIMIT: Duration = Duration::from_secs(180);

/// Runs one engine-vs-engine game; returns (debug log, PGN).
fn xboard_game(game: &str, dir: &Path) -> (String, String) {
    assert!(Path::new(XBOARD).exists(), "{XBOARD} is missing: apt-get install xboard xvfb");
    std::fs::create_dir_all(dir).unwrap();
    let engine = env!("CARGO_BIN_EXE_tinman");
    let (debug, pgn) = (dir.join("debug.txt"), dir.join("game.pgn"));
    let mut args: Vec<String> = vec!["-a".into(), XBOARD.into()];
    for (flag, value) in [
        ("-fcp", engine),
        ("-scp", engine),
        ("-variant", game),
        ("-tc", "0:06"),
        ("-inc", "0.05"),
        ("-mg", "1"),
        ("-testLegality", if game == "normal" { "true" } else { "false" }),
        ("-adjudicateDrawMoves", &MOVES.to_string()),
        ("-nameOfDebugFile", debug.to_str().unwrap()),
        ("-saveGameFile", pgn.to_str().unwrap()),
        ("-popupExitMessage", "false"),
        ("-soundProgram", ""),
    ] {
        args.push(flag.into());
        args.push(value.into());
    }
    args.extend(["-debug", "-mm", "-xponder"].map(String::from));
    let mut child = Command::new("xvfb-run")
        .args(&args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("xvfb-run starts (apt-get install xvfb)");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            panic!("{game}: XBoard did not finish in {RUN_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let read = |p: &PathBuf| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    (read(&debug), read(&pgn))
}

fn check_game(game: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xboard-{game}"));
    let (debug, pgn) = xboard_game(game, &dir);
    let moves = |who: &str| debug.lines().filter(|l| l.contains(&format!("<{who}: move "))).count();
    let (first, second) = (moves("first "), moves("second"));
    assert!(first >= MOVES && second >= MOVES - 1, "{game}: {first} and {second} moves; see {dir:?}");
    for bad in ["Illegal move", "Error (", "Forfeit", "False", "illegal", "xboard exit"] {
        let hit = debug.lines().find(|l| l.contains(bad));
        assert!(hit.is_none(), "{game}: '{}' in XBoard's log {dir:?}", hit.unwrap_or_default());
    }
    if game != "normal" {
        assert!(debug.contains(&format!("variant {game}")) && debug.contains("<first : setup ("), "{game}");
    }
    assert!(pgn.contains(&format!("[Result \"")), "{game}: no finished game in the PGN: {pgn}");
    assert!(pgn.contains("{Xboard adjudication: long game} 1/2-1/2"), "{game}: {pgn}");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_normal() {
    check_game("normal");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_wizardoz() {
    check_game("wizardoz");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_desertoasis() {
    check_game("desertoasis");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_imawazir() {
    check_game("imawazir");
}

#[test]
#[ignore = "starts XBoard under Xvfb (about 15 s per game): run with --include-ignored"]
fn xboard_plays_wedgie() {
    check_game("wedgie");
}
