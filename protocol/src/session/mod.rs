//! The engine behind both protocols: the game being played (variant and `wizardoz` road),
//! the engine options with their one set of rules, and the search on its own thread. UCI and
//! XBoard translate their commands into calls on a [`Session`]; the command line uses the
//! same rules ([`rules`]).

mod clock_watch;
pub mod rules;

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tinman_core::{variants, FenError, Position, Variant};
use tinman_search::searcher::SEARCH_STACK_BYTES;
use tinman_search::{EvalMode, Limits, Score, SearchInfo, SearchResult, Searcher};

/// The engine options both protocols offer, by their UCI names (XBoard's are the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    Hash,
    Threads,
    MultiPv,
    MoveOverhead,
    Contempt,
    ClearHash,
    Road,
    Evaluation,
}

impl EngineOption {
    pub const ALL: [EngineOption; 8] = [
        EngineOption::Hash,
        EngineOption::Threads,
        EngineOption::MultiPv,
        EngineOption::MoveOverhead,
        EngineOption::Contempt,
        EngineOption::ClearHash,
        EngineOption::Road,
        EngineOption::Evaluation,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EngineOption::Hash => "Hash",
            EngineOption::Threads => "Threads",
            EngineOption::MultiPv => "MultiPV",
            EngineOption::MoveOverhead => "Move Overhead",
            EngineOption::Contempt => "Contempt",
            EngineOption::ClearHash => "Clear Hash",
            EngineOption::Road => "Road",
            EngineOption::Evaluation => "Evaluation",
        }
    }

    /// The option of this name (GUIs differ in case).
    pub fn by_name(name: &str) -> Option<EngineOption> {
        EngineOption::ALL.into_iter().find(|o| o.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The option as a spin `(default, min, max)`, for the numeric ones.
    pub fn spin(self) -> Option<(i64, i64, i64)> {
        Some(match self {
            EngineOption::Hash => (rules::DEFAULT_HASH_MB as i64, 1, rules::MAX_HASH_MB as i64),
            EngineOption::Threads => (1, 1, rules::max_threads() as i64),
            EngineOption::MultiPv => (1, 1, rules::MAX_MULTI_PV as i64),
            EngineOption::MoveOverhead => (
                tinman_search::limits::DEFAULT_MOVE_OVERHEAD.as_millis() as i64,
                0,
                rules::MAX_MOVE_OVERHEAD_MS as i64,
            ),
            EngineOption::Contempt => (
                i64::from(rules::DEFAULT_CONTEMPT),
                -i64::from(rules::MAX_CONTEMPT),
                i64::from(rules::MAX_CONTEMPT),
            ),
            _ => return None,
        })
    }
}

/// Values of the evaluation option, in the order GUIs list them.
pub const EVALUATION_VALUES: [&str; 3] = ["full", "material", "hand"];

/// The game: which variant and, for `wizardoz`, which road.
#[derive(Clone)]
pub struct Game {
    pub variant: &'static Variant,
    /// The road chosen with the `Road` option (`None`: the default road).
    pub road: Option<String>,
}

impl Game {
    pub fn standard() -> Game {
        Game {
            variant: variants::by_name(variants::DEFAULT).expect("the default game is built in"),
            road: None,
        }
    }

    /// The variant by name (or by an alias GUIs use, such as `chess`).
    pub fn variant_by_name(name: &str) -> Result<&'static Variant, String> {
        variants::by_name(name.trim()).ok_or_else(|| {
            format!("unknown variant '{}' (known: {})", rules::shorten(name), variants::names().join(", "))
        })
    }

    /// The start position (with the chosen road in `wizardoz`).
    pub fn start_position(&self) -> Position {
        crate::game::start_position(self.variant, self.road.as_deref())
    }

    /// A position of this game from a FEN (the chosen road added when the FEN names none).
    pub fn position_from_fen(&self, fen: &str) -> Result<Position, FenError> {
        crate::game::position_from_fen(self.variant, self.road.as_deref(), fen)
    }

    /// Whether the road option shapes this game's start position.
    pub fn has_road(&self) -> bool {
        self.variant.setting().is_some_and(|s| s.name == EngineOption::Road.name())
    }
}

/// The option values, as set; they reach the searcher when the next search starts.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multi_pv: usize,
    pub move_overhead: Duration,
    /// Centipawns a draw costs the engine (see `Limits::contempt`).
    pub contempt: i32,
    pub eval_mode: EvalMode,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: rules::DEFAULT_HASH_MB,
            threads: 1,
            multi_pv: 1,
            move_overhead: tinman_search::limits::DEFAULT_MOVE_OVERHEAD,
            contempt: rules::DEFAULT_CONTEMPT,
            eval_mode: EvalMode::Full,
        }
    }
}

/// A search on its thread.
struct Running {
    /// The searcher back, the result, and how long the search took.
    handle: JoinHandle<(Option<Searcher>, SearchResult, Duration)>,
    stop: Arc<AtomicBool>,
}

/// The engine's state shared by the protocols: the game, the options and the search.
pub struct Session {
    pub game: Game,
    pub settings: Settings,
    /// The searcher while idle; during a search it lives on the search thread.
    searcher: Option<Searcher>,
    /// The table size the searcher has (a new `Hash` is applied when the next search starts).
    searcher_hash_mb: usize,
    clear_pending: bool,
    running: Option<Running>,
    clock_watch: clock_watch::ClockWatch,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let settings = Settings::default();
        Session {
            game: Game::standard(),
            searcher: Some(Searcher::new(settings.hash_mb)),
            searcher_hash_mb: settings.hash_mb,
            settings,
            clear_pending: false,
            running: None,
            clock_watch: clock_watch::ClockWatch::default(),
        }
    }

    /// Sets an engine option from its text value. A running search goes on with the old
    /// values; the next search uses the new ones.
    pub fn set_option(&mut self, option: EngineOption, value: &str) -> Result<(), String> {
        let value = value.trim();
        match option {
            EngineOption::Hash => self.settings.hash_mb = rules::hash_mb(value)?,
            EngineOption::Threads => self.settings.threads = rules::threads(value)?,
            EngineOption::MultiPv => self.settings.multi_pv = rules::multi_pv(value)?,
            EngineOption::MoveOverhead => self.settings.move_overhead = rules::move_overhead_ms(value)?,
            EngineOption::Contempt => self.settings.contempt = rules::contempt(value)?,
            EngineOption::ClearHash => self.clear_pending = true,
            EngineOption::Road => {
                self.game.road = Some(
                    crate::game::checked_setting(option.name(), value).map_err(|e| format!("Road: {e}"))?,
                )
            }
            EngineOption::Evaluation => {
                self.settings.eval_mode = match value.to_ascii_lowercase().as_str() {
                    "full" => EvalMode::Full,
                    "material" => EvalMode::MaterialOnly,
                    "hand" => EvalMode::HandSet,
                    _ => {
                        return Err(format!(
                            "Evaluation must be full, material or hand, not '{}'",
                            rules::shorten(value)
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    /// A new game: the table and the histories are forgotten before the next search.
    pub fn new_game(&mut self) {
        self.clear_pending = true;
        self.clock_watch.forget();
    }

    /// Starts a search of `root` on its own thread (stopping any running one first), with the
    /// move overhead option filled in. `on_info` gets every report; `on_done`
    /// runs on the search thread when the search has ended, by its limits or by [`stop`].
    ///
    /// [`stop`]: Session::stop
    pub fn start(
        &mut self,
        root: Position,
        mut limits: Limits,
        mut on_info: impl FnMut(&Position, &SearchInfo) + Send + 'static,
        on_done: impl FnOnce(&Position, &SearchResult) + Send + 'static,
    ) {
        self.stop();
        limits.move_overhead.get_or_insert(self.settings.move_overhead);
        limits.contempt = self.settings.contempt;
        match limits.clock {
            Some(clock) => limits.lost_per_move = self.clock_watch.starting(&root, clock),
            None => self.clock_watch.forget(),
        }
        // From here on the time is ours (a table cleared for a new game included), not lost.
        let started = Instant::now();
        let mut searcher = self.ready_searcher();
        let stop = searcher.stop_flag();
        let thread = std::thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK_BYTES);
        let handle = thread.spawn(move || {
            let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
                searcher.search(&root, &limits, &mut |info| on_info(&root, info))
            }));
            // A bug in the search must not cost the game: a legal move is still played (the
            // panic message is on standard error), and the next search gets a new searcher.
            let (searcher, result) = match searched {
                Ok(result) => (Some(searcher), result),
                Err(_) => (None, fallback_result(&root)),
            };
            let took = started.elapsed();
            on_done(&root, &result);
            (searcher, result, took)
        });
        let handle = handle.expect("the search thread starts");
        self.running = Some(Running { handle, stop });
    }

    /// Stops the running search, waits for it and takes the searcher back; returns what it
    /// found (`None` when no search ran).
    pub fn stop(&mut self) -> Option<SearchResult> {
        let running = self.running.take()?;
        running.stop.store(true, Ordering::Relaxed);
        let joined = running.handle.join();
        // The search may have ended before the flag was set: clear it for the next one.
        running.stop.store(false, Ordering::Relaxed);
        let (searcher, result, took) = joined.ok()?;
        self.clock_watch.searched(took);
        self.searcher = searcher;
        Some(result)
    }

    /// The idle searcher with the current settings applied.
    fn ready_searcher(&mut self) -> Searcher {
        let mut searcher = self.searcher.take().unwrap_or_else(|| {
            self.searcher_hash_mb = self.settings.hash_mb;
            Searcher::new(self.settings.hash_mb)
        });
        if self.searcher_hash_mb != self.settings.hash_mb {
            searcher.set_hash(self.settings.hash_mb);
            self.searcher_hash_mb = self.settings.hash_mb;
        }
        if std::mem::take(&mut self.clear_pending) {
            searcher.clear();
        }
        searcher.set_threads(self.settings.threads);
        searcher.set_eval_mode(self.settings.eval_mode);
        searcher
    }
}

/// What a search that panicked answers: the first legal move.
fn fallback_result(root: &Position) -> SearchResult {
    SearchResult {
        best: root.legal_moves().iter().next().copied(),
        ponder: None,
        score: Score::Centipawns(0),
        nodes: 0,
        depth: 0,
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}
