//! `tinman tune`, run as a user would on a small `tinman datagen` file: it reports the
//! positions it fits and lowers their loss, writes a weight table the engine reads back (the
//! losses it prints are the losses of the table it wrote), and bad input is refused with one
//! line and exit status 2 before any work and without touching the output or the data.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tinman_core::{variants, Variant};
use tinman_search::data::{self, GameResult, Record};
use tinman_search::eval::{trace, Values, Weights};
use tinman_search::tune::{fit_k, loss, Sample};

/// Epochs per run: enough to move the weights, few enough for a test.
const EPOCHS: &str = "30";

fn tinman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinman")).args(args).output().expect("tinman runs")
}

/// One test's directory under the system's temporary directory, removed when the test ends
/// (also when it fails).
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tinman-tune-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn normal() -> &'static Variant {
    variants::by_name("normal").unwrap()
}

/// Six games of `normal` at 300 nodes per move into `file` (a few seconds).
fn datagen(file: &Path) {
    let args = ["datagen", "--variant", "normal", "--nodes", "300", "--games", "6", "--seed", "3", "-o"];
    let o = tinman(&[&args[..], &[text(file)]].concat());
    assert!(o.status.success(), "datagen: {}", String::from_utf8_lossy(&o.stderr));
}

/// What a successful run printed.
struct Run {
    /// Quiet positions fitted, records read, and the first line's loss.
    positions: usize,
    records: usize,
    wins_draws_losses: [usize; 3],
    first_loss: f64,
    /// The epochs reported in between, with their losses.
    epochs: Vec<(usize, f64)>,
    /// The final line's `loss A -> B`.
    before: f64,
    after: f64,
    /// The first line's `K`.
    k: f64,
}

/// The number after `key` in `line` (up to the next space, comma or parenthesis).
fn number_after<T: std::str::FromStr>(line: &str, key: &str) -> T {
    let rest = &line[line.find(key).unwrap_or_else(|| panic!("no '{key}' in: {line}")) + key.len()..];
    let token = rest.split([' ', ',', ')']).next().unwrap();
    token.parse().unwrap_or_else(|_| panic!("'{token}' after '{key}' is not a number in: {line}"))
}

/// Runs `tinman tune ARGS` and checks the shape of its output: exit 0, nothing on stderr, a
/// first line with the positions and a loss, a line per tenth epoch, a final `loss A -> B`.
fn tune(args: &[&str]) -> Run {
    let o = tinman(&[&["tune"], args].concat());
    let (stdout, stderr) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
    assert!(o.status.success(), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() >= 2, "{args:?}: {stdout}");
    let (first, last) = (lines[0], lines[lines.len() - 1]);
    assert!(first.starts_with("normal: "), "{first}");
    let positions = number_after(first, "normal: ");
    assert!(first.contains(&format!("normal: {positions} quiet positions of ")), "{first}");
    let records = number_after(first, " quiet positions of ");
    let wins_draws_losses =
        [number_after(first, "White won "), number_after(first, "drawn "), number_after(first, "lost ")];
    // Inside the range the fit searches (0.01 to 20), not at an end of it. Where in that
    // range depends on a few games at 300 nodes (0.2 to 8 by seed): the end-to-end test
    // checks it against the library's fit instead.
    let k: f64 = number_after(first, "K = ");
    assert!(k > 0.011 && k < 19.99, "{first}");
    let first_loss = number_after(first, ", loss ");
    let epochs = lines[1..lines.len() - 1]
        .iter()
        .map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            ["epoch", epoch, "loss", loss, "held", "out", held_out] => {
                assert!(held_out.parse::<f64>().unwrap() > 0.0, "{l}");
                (epoch.parse().unwrap(), loss.parse().unwrap())
            }
            _ => panic!("not 'epoch N loss L held out V': {l}"),
        })
        .collect();
    assert!(last.starts_with("loss ") && last.contains(" -> ") && last.contains("; wrote "), "{last}");
    let before = number_after(last, "loss ");
    let after = number_after(last, " -> ");
    Run { positions, records, wins_draws_losses, first_loss, epochs, before, after, k }
}

/// The `name mg eg` lines of a table file, checked: every line is a `#` comment or three
/// fields, a name and two whole numbers; the names are exactly those the game's weights have,
/// in the engine's order.
fn weight_lines(variant: &'static Variant, table: &str) -> Vec<(String, i32, i32)> {
    let mut lines = Vec::new();
    for line in table.lines() {
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let [name, mg, eg] = fields[..] else { panic!("not 'name mg eg': '{line}'") };
        let whole = |t: &str| t.parse::<i32>().unwrap_or_else(|_| panic!("'{t}' in '{line}'"));
        lines.push((name.to_string(), whole(mg), whole(eg)));
    }
    let names: Vec<String> = Weights::named_slots(variant).into_iter().map(|(_, n)| n).collect();
    assert_eq!(lines.iter().map(|(n, _, _)| n.clone()).collect::<Vec<_>>(), names);
    lines
}

/// The table file read by the engine's reader over the hand-set weights.
fn read_back(variant: &'static Variant, table: &str) -> Weights {
    let mut weights = Values::hand_set(variant).weights().clone();
    weights.read_table(variant, table).unwrap_or_else(|e| panic!("{e}"));
    weights
}

/// The records of a data file.
fn read_records(file: &Path) -> Vec<Record> {
    data::decode_all(&std::fs::read(file).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// The quiet records as the tuner's samples from the start `values` (a trace depends on the
/// weights through the games' scaling), with the results as targets (`--lambda 1`).
fn samples_of(records: &[Record], values: &Values) -> Vec<Sample> {
    records
        .iter()
        .filter(|r| r.quiet())
        .map(|r| Sample { trace: trace(&r.position, values), result: r.result.white_score() as f32 })
        .collect()
}

/// Whether `printed` is `exact` as printed with six decimals.
fn printed_as(printed: f64, exact: f64) -> bool {
    (printed - exact).abs() <= 1e-6
}

#[test]
fn tuning_lowers_the_loss_and_writes_a_table_the_engine_reads() {
    let dir = TempDir::new("end-to-end");
    let (data, table) = (dir.file("D"), dir.file("T"));
    datagen(&data);
    // Six games are too few to hold one out: the tiny fit keeps its last epoch.
    let run = tune(&[
        "--variant",
        "normal",
        "--data",
        text(&data),
        "--epochs",
        EPOCHS,
        "--hold-out",
        "0",
        "-o",
        text(&table),
    ]);

    // The first line counts what the file holds.
    let records = read_records(&data);
    let (engine_values, hand_values) = (Values::for_variant(normal()), Values::hand_set(normal()));
    let samples = samples_of(&records, &engine_values);
    assert_eq!(run.records, records.len());
    assert_eq!(run.positions, samples.len());
    assert!(run.positions > 100, "{} quiet positions", run.positions);
    let quiet = |result| records.iter().filter(|r| r.quiet() && r.result == result).count();
    assert_eq!(
        run.wins_draws_losses,
        [quiet(GameResult::WhiteWin), quiet(GameResult::Draw), quiet(GameResult::BlackWin)]
    );
    // A line every tenth epoch; the loss goes down from the first line's.
    assert_eq!(run.epochs.iter().map(|&(e, _)| e).collect::<Vec<_>>(), [10, 20, 30]);
    assert_eq!(run.before, run.first_loss);
    assert!(run.after < run.before, "loss {} -> {}", run.before, run.after);
    assert!(run.epochs.windows(2).all(|w| w[1].1 < w[0].1), "{:?}", run.epochs);

    // The table: its header names the run, its lines are every weight of the game.
    let written = std::fs::read_to_string(&table).unwrap();
    assert!(written.starts_with("# Tinman evaluation weights for normal:"), "{written}");
    assert!(written.contains(&format!("--epochs {EPOCHS} ")), "{written}");
    let lines = weight_lines(normal(), &written);
    let tuned = read_back(normal(), &written);
    for ((slot, _), (_, mg, eg)) in Weights::named_slots(normal()).into_iter().zip(&lines) {
        assert_eq!((tuned.slots[slot].mg, tuned.slots[slot].eg), (*mg, *eg));
    }
    // Most weights moved from the start, the engine's weights (the committed table over the
    // hand-set ones). 40 of its 45 moved when this was written, before normal had a table.
    let (engine, hand) = (engine_values.weights(), hand_values.weights());
    let named = Weights::named_slots(normal());
    let moved = named.iter().filter(|&&(s, _)| tuned.slots[s] != engine.slots[s]).count();
    assert!(moved * 2 > named.len(), "only {moved} of {} weights moved", named.len());
    // The losses printed are those of the start and of the table written, at the fitted K.
    let k = fit_k(&samples, engine);
    assert!((run.k - k).abs() <= 1e-4, "K printed {} but fitted {k}", run.k);
    let start_loss = loss(&samples, engine, k);
    assert!(printed_as(run.before, start_loss), "{} {start_loss}", run.before);
    assert!(printed_as(run.after, loss(&samples, &tuned, k)), "{} {}", run.after, loss(&samples, &tuned, k));

    // --from hand starts from the hand-set weights. One thread each, so that both runs sum
    // in the same order.
    let (from_hand, from_engine) = (dir.file("H"), dir.file("E"));
    let common = [
        "--variant",
        "normal",
        "--data",
        text(&data),
        "--epochs",
        EPOCHS,
        "--threads",
        "1",
        "--hold-out",
        "0",
    ];
    let hand_run = tune(&[&common[..], &["--from", "hand", "-o", text(&from_hand)]].concat());
    let engine_run = tune(&[&common[..], &["-o", text(&from_engine)]].concat());
    let hand_text = std::fs::read_to_string(&from_hand).unwrap();
    let engine_text = std::fs::read_to_string(&from_engine).unwrap();
    assert!(hand_text.contains(" --from hand\n"), "{hand_text}");
    assert!(!engine_text.contains("--from"), "{engine_text}");
    let (hand_tuned, engine_tuned) = (read_back(normal(), &hand_text), read_back(normal(), &engine_text));
    assert_ne!(&hand_tuned, hand, "--from hand: no weight moved");
    assert_ne!(&engine_tuned, engine, "no weight moved");
    let hand_samples = samples_of(&records, &hand_values);
    let hand_loss = loss(&hand_samples, hand, fit_k(&hand_samples, hand));
    assert!(printed_as(hand_run.before, hand_loss), "{} {hand_loss}", hand_run.before);
    assert!(printed_as(engine_run.before, start_loss), "{} {start_loss}", engine_run.before);
    assert!(hand_run.after < hand_run.before && engine_run.after < engine_run.before);
    if engine == hand {
        // The same start, data and order of sums: the same table.
        assert_eq!(weight_lines(normal(), &hand_text), weight_lines(normal(), &engine_text));
        assert_eq!(hand_tuned, engine_tuned);
        assert_eq!((hand_run.before, hand_run.after), (engine_run.before, engine_run.after));
    } else {
        // A committed table: thirty epochs from two different starts end apart.
        assert_ne!(hand_tuned, engine_tuned);
    }
}

#[test]
fn lambda_0_fits_the_search_scores_and_lowers_its_own_loss() {
    let dir = TempDir::new("lambda-0");
    let (data, table) = (dir.file("D"), dir.file("T"));
    datagen(&data);
    let args = [
        "--variant",
        "normal",
        "--data",
        text(&data),
        "--epochs",
        EPOCHS,
        "--from",
        "hand",
        "--hold-out",
        "0",
    ];
    let results = tune(&[&args[..], &["-o", text(&dir.file("R"))]].concat());
    let scores = tune(&[&args[..], &["--lambda", "0", "-o", text(&table)]].concat());
    assert_eq!(scores.positions, results.positions);
    assert_eq!(scores.before, scores.first_loss);
    assert!(scores.after < scores.before, "loss {} -> {}", scores.before, scores.after);
    // Other targets than the results (--lambda 1), so another loss from the same start.
    assert_ne!(scores.before, results.before);
    let written = std::fs::read_to_string(&table).unwrap();
    assert!(written.contains(" --lambda 0 --regularization 0.00001 --from hand\n"), "{written}");
    weight_lines(normal(), &written);
    assert_ne!(read_back(normal(), &written), *Values::hand_set(normal()).weights());
}

#[test]
fn bad_input_gives_one_line_and_status_2_and_writes_nothing() {
    let dir = TempDir::new("bad-input");
    let good = dir.file("good");
    datagen(&good);
    let bytes = std::fs::read(&good).unwrap();
    let (empty, truncated, foreign) = (dir.file("empty"), dir.file("truncated"), dir.file("foreign"));
    std::fs::write(&empty, b"").unwrap();
    // The last 10 bytes cut: no record is that short, so the last one is cut inside.
    std::fs::write(&truncated, &bytes[..bytes.len() - 10]).unwrap();
    let prose = "This is not a Tinman data file, only some text that happens to be here. ".repeat(3);
    std::fs::write(&foreign, &prose[..200]).unwrap();
    let last_record = data::headers(&bytes).last().unwrap().unwrap().offset;
    let missing = dir.file("missing");
    let (g, m, e, t, f) = (text(&good), text(&missing), text(&empty), text(&truncated), text(&foreign));

    // Each case runs against an output that does not exist and one that holds a table.
    let (fresh, existing) = (dir.file("fresh.txt"), dir.file("existing.txt"));
    let kept = "# an earlier table\nmaterial.P 100 100\n";
    let no_dir = dir.file("no-such-dir").join("T.txt");
    let is_dir = dir.file("a-dir");
    std::fs::create_dir(&is_dir).unwrap();
    for output in [&fresh, &existing] {
        std::fs::write(&existing, kept).unwrap();
        let o = text(output);
        let cases: Vec<(Vec<&str>, String)> = vec![
            (vec!["--variant", "normal", "--data", m, "-o", o], format!("{m}: ")),
            (vec!["--variant", "normal", "--data", e, "-o", o], "no quiet positions".into()),
            (
                vec!["--variant", "normal", "--data", t, "-o", o],
                format!("{t}: byte {last_record}: truncated record"),
            ),
            (vec!["--variant", "normal", "--data", f, "-o", o], format!("{f}: byte 0: not a Tinman data")),
            // One bad file among good ones spoils the run.
            (vec!["--variant", "normal", "--data", g, "--data", t, "-o", o], "truncated record".into()),
            (vec!["--variant", "wedgie", "--data", g, "-o", o], "of 'normal', not of 'wedgie'".into()),
            (vec!["--variant", "nosuch", "--data", g, "-o", o], "unknown variant 'nosuch'".into()),
            (vec!["--variant", "normal", "--data", g], "-o TABLE".into()),
            (vec!["--variant", "normal", "-o", o], "--data FILE".into()),
            (vec!["--data", g, "-o", o], "--variant NAME".into()),
            (vec!["--variant", "normal", "--data", g, "--bogus", "-o", o], "'--bogus'".into()),
            (vec!["--variant", "normal", "--data", g, "--epochs", "0", "-o", o], "--epochs".into()),
            (vec!["--variant", "normal", "--data", g, "--hold-out", "1", "-o", o], "--hold-out".into()),
            (vec!["--variant", "normal", "--data", g, "--lambda", "2", "-o", o], "--lambda".into()),
            (vec!["--variant", "normal", "--data", g, "--from", "other", "-o", o], "'other'".into()),
            (vec!["--variant", "normal", "--data", g, "-o", text(&no_dir)], "no-such-dir".into()),
            (vec!["--variant", "normal", "--data", g, "-o", text(&is_dir)], "a-dir".into()),
            (vec!["--variant", "normal", "--data", g, "-o", g], "is a --data file".into()),
        ];
        for (args, expected) in cases {
            let out = tinman(&[&["tune"], &args[..]].concat());
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            assert!(err.starts_with("tinman: ") && err.contains(&expected), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            // Refused before any work: nothing on stdout.
            assert!(out.stdout.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
            assert!(!fresh.exists(), "{args:?}");
            assert_eq!(std::fs::read_to_string(&existing).unwrap(), kept, "{args:?}");
        }
    }
    // Nor were the data touched, nor anything left beside the outputs (no temporary file).
    assert_eq!(std::fs::read(&good).unwrap(), bytes);
    assert!(!no_dir.parent().unwrap().exists());
    let mut left: Vec<String> =
        std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left, ["a-dir", "empty", "existing.txt", "foreign", "good", "truncated"]);
    assert_eq!(std::fs::read_dir(&is_dir).unwrap().count(), 0);
}
