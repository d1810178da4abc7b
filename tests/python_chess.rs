//! Differential test of standard-chess move generation against python-chess: runs
//! `tests/oracles/python_chess_diff.py` (see its docstring) on the `tinman` binary.
//!
//! The binary lives in another package (`protocol/`), so `CARGO_BIN_EXE_tinman` is not
//! available here: the test builds it with the profile this test was built with (a no-op when
//! it is up to date) into the same target directory, then runs the script. Set `TINMAN_BIN`
//! to use a given binary instead, and `PYTHON` to choose the interpreter (default `python3`).
//!
//! Run with `cargo test --release --test python_chess -- --include-ignored`.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const INSTALL_HINT: &str =
    "install python-chess with `pip install chess` (or `python3 -m pip install chess`)";

fn python() -> String {
    env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Fails (never skips) when python3 or python-chess is missing.
fn check_python(python: &str) {
    let output = Command::new(python)
        .args(["-c", "import chess; print(chess.__version__)"])
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run `{python}` ({e}): this test needs Python 3 with python-chess; {INSTALL_HINT}")
        });
    assert!(
        output.status.success(),
        "`{python}` cannot import the python-chess module `chess`; {INSTALL_HINT}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The `tinman` binary of the profile this test was built with, built if needed.
fn tinman_binary() -> PathBuf {
    if let Some(path) = env::var_os("TINMAN_BIN") {
        return PathBuf::from(path);
    }
    // This test runs as <target>/<profile>/deps/python_chess-<hash>.
    let exe = env::current_exe().expect("path of the test executable");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test executable lives in <target>/<profile>/deps")
        .to_path_buf();
    let profile_name =
        profile_dir.file_name().and_then(|n| n.to_str()).expect("profile directory name").to_string();
    let target_dir = profile_dir.parent().expect("target directory").to_path_buf();
    let binary = profile_dir.join(format!("tinman{}", env::consts::EXE_SUFFIX));

    // Always ask cargo: it rebuilds a stale binary and does nothing otherwise.
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut build = Command::new(&cargo);
    build
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--package", "tinman", "--target-dir"])
        .arg(&target_dir);
    match profile_name.as_str() {
        "debug" => {}
        "release" => {
            build.arg("--release");
        }
        other => {
            build.args(["--profile", other]);
        }
    }
    let status = build.status().unwrap_or_else(|e| panic!("cannot run `{cargo} build -p tinman`: {e}"));
    assert!(status.success(), "`{cargo} build -p tinman` failed");
    assert!(binary.is_file(), "built tinman but found no binary at {}", binary.display());
    binary
}

#[test]
#[ignore = "needs python-chess and the release binary; run with --include-ignored"]
fn python_chess_differential() {
    let python = python();
    check_python(&python);
    let binary = tinman_binary();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/python_chess_diff.py");
    let output = Command::new(&python)
        .arg(&script)
        .arg(&binary)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    if !stderr.is_empty() {
        eprintln!("{stderr}");
    }
    assert_ne!(output.status.code(), Some(3), "python-chess is missing; {INSTALL_HINT}");
    assert!(
        output.status.success(),
        "python-chess differential failed ({}):\n{stdout}{stderr}",
        output.status
    );
    assert!(
        stdout.contains("python-chess differential:") && stdout.contains(" 0 failed"),
        "unexpected script output:\n{stdout}"
    );
}
