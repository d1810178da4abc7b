//! The real program: Debian's XBoard 4.9.1 under a virtual X server runs Tinman against
//! itself in every game, and its own debug log and PGN must show a game that ran and ended
//! without an illegal move, a forfeit or a protocol error; and from set positions, that
//! XBoard shows jump chains and vanishing Wazirs and accepts each game's result claims.
//! `tests/run.sh` installs `xboard` and `xvfb` when they are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";
/// Full moves after which XBoard adjudicates the game a draw ("long game").
const MOVES: usize = 12;
/// Wall-clock limit of one XBoard run.
const RUN_LIMIT: Duration = Duration::from_secs(180);

/// Runs one engine-vs-engine game, from `start` if given (a position file in standard chess;
/// in the other games the first engine goes through tests/xboard/start_position_proxy.py,
/// which makes XBoard start there); returns (debug log, PGN).
fn xboard_game(game: &str, start: Option<&str>, dir: &Path) -> (String, String) {
    assert!(Path::new(XBOARD).exists(), "{XBOARD} is missing: apt-get install xboard xvfb");
    std::fs::create_dir_all(dir).unwrap();
    let engine = env!("CARGO_BIN_EXE_tinman");
    let proxy = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/xboard/start_position_proxy.py");
    let (debug, pgn) = (dir.join("debug.txt"), dir.join("game.pgn"));
    let mut args: Vec<String> = vec!["-a".into(), XBOARD.into()];
    for (flag, value) in [
        ("-fcp", if start.is_some() && game != "normal" { proxy } else { engine }),
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
    if let (Some(fen), "normal") = (start, game) {
        let file = dir.join("start.fen");
        std::fs::write(&file, fen).unwrap();
        args.extend(["-loadPositionFile".to_string(), file.to_str().unwrap().to_string()]);
    }
    let mut child = Command::new("xvfb-run")
        .args(&args)
        .env("TINMAN", engine)
        .env("START_FEN", start.unwrap_or(""))
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

/// XBoard's log must hold no complaint about either engine.
fn assert_clean(game: &str, debug: &str, dir: &Path) {
    for bad in ["Illegal move", "Error (", "Forfeit", "False", "illegal", "xboard exit"] {
        let hit = debug.lines().find(|l| l.contains(bad));
        assert!(hit.is_none(), "{game}: '{}' in XBoard's log {dir:?}", hit.unwrap_or_default());
    }
}

/// From `start` the first engine's move ends the game: XBoard must show `shown` as the move
/// and record the engine's `claim`.
fn check_finish(game: &str, start: &str, sent: &str, shown: &str, claim: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xboard-{game}-finish"));
    let (debug, pgn) = xboard_game(game, Some(start), &dir);
    assert!(debug.contains(&format!("<first : move {sent}\n")), "{game}: no 'move {sent}' in {dir:?}");
    assert!(pgn.contains(&format!("1. {shown} ")), "{game}: {pgn}");
    assert!(pgn.contains(&format!("{{{claim}}} 1-0")), "{game}: {pgn}");
    assert_clean(game, &debug, &dir);
}

fn check_game(game: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xboard-{game}"));
    let (debug, pgn) = xboard_game(game, None, &dir);
    let moves = |who: &str| debug.lines().filter(|l| l.contains(&format!("<{who}: move "))).count();
    let (first, second) = (moves("first "), moves("second"));
    assert!(first >= MOVES && second >= MOVES - 1, "{game}: {first} and {second} moves; see {dir:?}");
    assert_clean(game, &debug, &dir);
    if game != "normal" {
        assert!(debug.contains(&format!("variant {game}")) && debug.contains("<first : setup ("), "{game}");
    }
    assert!(pgn.contains("[Result \""), "{game}: no finished game in the PGN: {pgn}");
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

#[test]
#[ignore = "starts XBoard under Xvfb: run with --include-ignored"]
fn xboard_shows_chains_vanishing_wazirs_and_accepts_result_claims() {
    // With legality testing on, XBoard sees the mate itself before the engine's claim.
    check_finish(
        "normal",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "a1a8",
        "Ra8#",
        "Xboard adjudication: Checkmate",
    );
    check_finish("wizardoz", "7rk/7p1/9/9/3R5/9/3P5/9/K8 w - - 0 1", "d5i3", "Ri3#", "White mates");
    check_finish(
        "wedgie",
        "****1****/***3***/**5**/*7*/k1K6/9/9/4R4/*7*/**5**/***3***/****1**** w - - 0 1",
        "e5a5",
        "Ra5#",
        "White mates",
    );
    // One jump: two legs, which XBoard 4.9.1 shows (it mangles longer chains).
    check_finish(
        "desertoasis",
        "12/12/12/12/12/12/12/12/2n9/2W9/12/12 w - - 0 1",
        "c3c4,c4c5",
        "Wxc4-c5",
        "Black has no units left",
    );
    // The Wazir on d5 vanishes at the end of White's move: an extra leg through d5.
    check_finish(
        "imawazir",
        "8/8/8/3w4/8/8/8/W6W w - - 0 1 d5=6",
        "h1d5,d5h2",
        "Wh1xd5-h2",
        "White is the only player with Wazirs",
    );
}
