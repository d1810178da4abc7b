//! The searcher: a transposition table and the main thread's search, kept between moves,
//! plus helper threads sharing the table (lazy SMP) when more than one thread is set.

use crate::eval::EvalMode;
use crate::limits::Limits;
use crate::search::{SearchInfo, SearchResult, Worker};
use crate::tt::Table;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tinman_core::Position;

/// Stack for every search thread: generous, because a search can go `MAX_PLY` deep with a
/// move list in every frame, and jump-chain positions make long quiescence lines.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Most search threads.
pub const MAX_THREADS: usize = 256;

/// The searcher: a transposition table and the main thread's tables, kept between moves,
/// plus helper threads that share the table (lazy SMP) when more than one thread is set.
pub struct Searcher {
    tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    shared_nodes: Arc<AtomicU64>,
    main: Worker,
    threads: usize,
}

impl Searcher {
    /// A single-threaded searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let tt = Arc::new(Table::new(hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let shared_nodes = Arc::new(AtomicU64::new(0));
        let main = Worker::new(tt.clone(), stop.clone(), shared_nodes.clone(), true);
        Searcher { tt, stop, shared_nodes, main, threads: 1 }
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
    }

    /// Sets the number of search threads (1 to [`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Sets what the evaluation counts, for every thread (a new mode takes effect at the next
    /// search; the table is cleared because its scores came from the other evaluation).
    pub fn set_eval_mode(&mut self, mode: EvalMode) {
        if self.main.eval_mode != mode {
            self.main.eval_mode = mode;
            self.tt.clear();
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
        if self.threads == 1 {
            return self.main.search(pos, limits, report);
        }
        let (tt, stop, shared) = (&self.tt, &self.stop, &self.shared_nodes);
        let main = &mut self.main;
        let mut result = std::thread::scope(|scope| {
            for _ in 1..self.threads {
                let mut helper = Worker::new(tt.clone(), stop.clone(), shared.clone(), false);
                helper.eval_mode = main.eval_mode;
                let helper_limits =
                    Limits { clock: None, move_time: None, nodes: None, multi_pv: 1, ..limits.clone() };
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        helper.search(pos, &helper_limits, &mut |_| {});
                    })
                    .expect("a search thread starts");
            }
            let result = main.search(pos, limits, report);
            // The helpers stop with the main thread.
            stop.store(true, Ordering::Relaxed);
            result
        });
        result.nodes = self.shared_nodes.load(Ordering::Relaxed);
        result
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16)
    }
}
