//! The browser board end to end in a real browser (tests/browser/board_e2e.py): Debian's
//! chromium and chromedriver driven by Selenium, clicking moves in every game against
//! `tinman serve`. tests/run.sh installs all three.

use std::process::Command;

#[test]
#[ignore = "needs chromium, chromium-driver and Selenium; runs in CI with --include-ignored"]
fn the_board_plays_every_game_in_a_real_browser() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/browser/board_e2e.py");
    let out =
        Command::new("python3").arg(script).arg(env!("CARGO_BIN_EXE_tinman")).output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.code() != Some(3), "missing: {stdout}");
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("checks passed, 0 failed"), "{stdout}");
}
