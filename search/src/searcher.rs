//! The searcher: a transposition table and the main thread's search, kept between moves,
//! plus a persistent pool of helper threads sharing the table (lazy SMP) when more than one
//! thread is set.

use crate::eval::EvalMode;
use crate::limits::Limits;
use crate::search::{SearchInfo, SearchResult, Worker};
use crate::tt::Table;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::JoinHandle;
use tinman_core::Position;

/// Stack for every search thread: generous, because a search can go `MAX_PLY` deep with a
/// move list in every frame, and jump-chain positions make long quiescence lines.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Most search threads.
pub const MAX_THREADS: usize = 256;

/// What the searcher asks of a helper thread.
enum Command {
    /// Search this position with these limits (the helper ignores the clock and node limits:
    /// it stops with the main thread), then report done.
    Search(Box<Position>, Box<Limits>),
    /// Use this table from now on (the hash size changed).
    Table(Arc<Table>),
    EvalMode(EvalMode),
    /// Forget the histories (a new game).
    Clear,
}

/// A helper thread of the pool: it owns its worker (and so its histories) for the
/// searcher's whole life, and waits for commands between searches.
struct Helper {
    commands: mpsc::Sender<Command>,
    done: mpsc::Receiver<()>,
    thread: Option<JoinHandle<()>>,
}

impl Helper {
    fn spawn(mut worker: Worker) -> Helper {
        let (commands, inbox) = mpsc::channel::<Command>();
        let (finished, done) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("tinman-helper".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                // The loop ends when the searcher drops its sender.
                for command in inbox {
                    match command {
                        Command::Search(pos, limits) => {
                            worker.search(&pos, &limits, &mut |_| {});
                            if finished.send(()).is_err() {
                                return;
                            }
                        }
                        Command::Table(tt) => worker.tt = tt,
                        Command::EvalMode(mode) => worker.eval_mode = mode,
                        Command::Clear => worker.histories.clear(),
                    }
                }
            })
            .expect("a search thread starts");
        Helper { commands, done, thread: Some(thread) }
    }

    fn send(&self, command: Command) {
        // A helper only ends when its sender is dropped, so the send cannot fail.
        let _ = self.commands.send(command);
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        // Closing the channel ends the helper's loop.
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.commands, closed));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The searcher: a transposition table and the main thread's tables, kept between moves,
/// plus a pool of helper threads that share the table (lazy SMP) when more than one thread
/// is set. The helpers live as long as the searcher (or until the thread count changes) and
/// keep their own histories between searches, as the main thread does.
pub struct Searcher {
    tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    shared_nodes: Arc<AtomicU64>,
    main: Worker,
    helpers: Vec<Helper>,
}

impl Searcher {
    /// A single-threaded searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let tt = Arc::new(Table::new(hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let shared_nodes = Arc::new(AtomicU64::new(0));
        let main = Worker::new(tt.clone(), stop.clone(), shared_nodes.clone(), true);
        Searcher { tt, stop, shared_nodes, main, helpers: Vec::new() }
    }

    /// The flag that stops a running search when set from another thread. Set before the
    /// search starts, it stops it after its first iteration; the search clears it when it
    /// ends, so whoever sets it after that must clear it again.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash(&mut self, megabytes: usize) {
        self.tt = Arc::new(Table::new(megabytes));
        self.main.tt = self.tt.clone();
        for helper in &self.helpers {
            helper.send(Command::Table(self.tt.clone()));
        }
    }

    /// Sets the number of search threads (1 to [`MAX_THREADS`]). Helpers are started or
    /// ended now, not at the next search, so a search starts without thread start-up cost.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut worker =
                Worker::new(self.tt.clone(), self.stop.clone(), self.shared_nodes.clone(), false);
            worker.eval_mode = self.main.eval_mode;
            // Every other helper starts a ply deeper, so the threads do not all search the
            // same depth at the same time.
            worker.depth_offset = (self.helpers.len() % 2) as i32;
            self.helpers.push(Helper::spawn(worker));
        }
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Sets what the evaluation counts, for every thread (a new mode takes effect at the next
    /// search; the table is cleared because its scores came from the other evaluation).
    pub fn set_eval_mode(&mut self, mode: EvalMode) {
        if self.main.eval_mode != mode {
            self.main.eval_mode = mode;
            self.tt.clear();
            for helper in &self.helpers {
                helper.send(Command::EvalMode(mode));
            }
        }
    }

    /// What the evaluation counts.
    pub fn eval_mode(&self) -> EvalMode {
        self.main.eval_mode
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.histories.clear();
        for helper in &self.helpers {
            helper.send(Command::Clear);
        }
    }

    /// Searches `pos` within `limits`, calling `report` after every completed iteration of
    /// the main thread. With one thread the search is deterministic.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        // The stop flag is not cleared here but when the search ends: a stop requested from
        // another thread before this thread got here must still stop it.
        let result = self.run(pos, limits, report);
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    fn run(&mut self, pos: &Position, limits: &Limits, report: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        self.shared_nodes.store(0, Ordering::Relaxed);
        self.tt.new_search();
        if self.helpers.is_empty() {
            return self.main.search(pos, limits, report);
        }
        let helper_limits =
            Limits { clock: None, move_time: None, nodes: None, multi_pv: 1, ..limits.clone() };
        for helper in &self.helpers {
            helper.send(Command::Search(Box::new(pos.clone()), Box::new(helper_limits.clone())));
        }
        let mut result = self.main.search(pos, limits, report);
        // The helpers stop with the main thread; the next search starts when all are idle.
        self.stop.store(true, Ordering::Relaxed);
        for helper in &self.helpers {
            let _ = helper.done.recv();
        }
        result.nodes = self.shared_nodes.load(Ordering::Relaxed);
        result
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16)
    }
}
