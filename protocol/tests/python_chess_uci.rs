//! python-chess (`chess.engine`) as a real UCI client: complete games and MultiPV analysis
//! (tests/oracles/uci_python_chess.py). Needs python-chess (`pip install chess`), which
//! tests/run.sh installs.

use std::process::Command;

#[test]
#[ignore = "needs python-chess; runs in CI with --include-ignored"]
fn python_chess_plays_and_analyses() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/oracles/uci_python_chess.py");
    let out =
        Command::new("python3").arg(script).arg(env!("CARGO_BIN_EXE_tinman")).output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.code() != Some(3), "python-chess missing: pip install chess");
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("2 games, 1 analysis, 0 failed"), "{stdout}");
}
