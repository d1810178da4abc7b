//! The games the server keeps: one position, one history and one searcher per game, so tabs
//! never share a search or a table. A game's searcher is checked out for a search and
//! comes back when the search ends; whoever needs it meanwhile stops that search and waits.

use super::view::Resignation;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;
use tinman_core::Position;
use tinman_search::Searcher;

/// What bounds the server's use of the machine.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Table size of each game's searcher.
    pub hash_mb: usize,
    /// Most threads one search uses.
    pub threads: usize,
    /// Most games kept at once; the game idle longest makes room for a new one.
    pub max_games: usize,
}

/// What a search of a game's searcher is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Analysis,
    /// The engine thinking over its move: nothing else may take the searcher meanwhile.
    EngineMove,
}

/// The searcher is thinking over the engine's move.
#[derive(Debug)]
pub struct Busy;

/// One game's position and everything it owns.
pub struct Game {
    pub pos: Position,
    /// The FEN the game started from (its moves are in `pos`'s history).
    pub start_fen: String,
    pub resigned: Option<Resignation>,
    /// Counts the changes of the position: a search whose game changed under it is dropped.
    pub generation: u64,
    searcher: Option<Searcher>,
    /// The stop flag and purpose of the search that has the searcher, while one runs.
    running: Option<(Arc<AtomicBool>, Purpose)>,
    last_used: Instant,
}

impl Game {
    /// A change of the position: the running search (if any) is told to stop.
    pub fn changed(&mut self) {
        self.generation += 1;
        self.stop_search();
    }

    /// Tells the running search to stop; returns whether one ran.
    pub fn stop_search(&mut self) -> bool {
        match &self.running {
            Some((stop, _)) => {
                stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Whether a search has the game's searcher.
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.pos.outcome().is_some()
    }
}

/// A game behind its lock, with the signal that its searcher has come back.
pub struct Slot {
    game: Mutex<Game>,
    searcher_back: Condvar,
}

impl Slot {
    pub fn lock(&self) -> MutexGuard<'_, Game> {
        // A panic while a game was locked leaves a consistent game (every change is one
        // assignment), so the lock's poison is ignored.
        let mut game = self.game.lock().unwrap_or_else(|e| e.into_inner());
        game.last_used = Instant::now();
        game
    }

    /// Since when the game has been idle (read without counting as a use); `None` while a
    /// search runs.
    fn idle_since(&self) -> Option<Instant> {
        let game = self.game.lock().unwrap_or_else(|e| e.into_inner());
        game.running.is_none().then_some(game.last_used)
    }

    /// Takes the game's searcher for a search, stopping and waiting for a running analysis;
    /// refused while the engine thinks over a move. Returns the game (still locked) and the
    /// searcher.
    pub fn check_out(&self, purpose: Purpose) -> Result<(MutexGuard<'_, Game>, Searcher), Busy> {
        let mut game = self.lock();
        loop {
            if matches!(game.running, Some((_, Purpose::EngineMove))) {
                return Err(Busy);
            }
            if let Some(searcher) = game.searcher.take() {
                game.running = Some((searcher.stop_flag(), purpose));
                return Ok((game, searcher));
            }
            game.stop_search();
            game = self.searcher_back.wait(game).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Gives the searcher back after its search.
    pub fn check_in(&self, searcher: Searcher) {
        let mut game = self.lock();
        // The search may have ended before its flag was set: clear it for the next one.
        searcher.stop_flag().store(false, Ordering::Relaxed);
        game.searcher = Some(searcher);
        game.running = None;
        game.last_used = Instant::now();
        self.searcher_back.notify_all();
    }
}

/// Every game, by id.
pub struct Games {
    limits: Limits,
    inner: Mutex<Registry>,
}

struct Registry {
    games: HashMap<String, Arc<Slot>>,
    next_id: u64,
}

impl Games {
    pub fn new(limits: Limits) -> Games {
        Games { limits, inner: Mutex::new(Registry { games: HashMap::new(), next_id: 1 }) }
    }

    fn registry(&self) -> MutexGuard<'_, Registry> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a game starting from `pos`; returns its id and slot. When the server holds its
    /// most, the game idle longest is dropped (a game with a search running is not idle);
    /// `None` when every game is searching.
    pub fn add(&self, pos: Position) -> Option<(String, Arc<Slot>)> {
        let mut searcher = Searcher::new(self.limits.hash_mb);
        searcher.set_threads(self.limits.threads);
        let game = Game {
            start_fen: pos.to_fen(),
            pos,
            resigned: None,
            generation: 0,
            searcher: Some(searcher),
            running: None,
            last_used: Instant::now(),
        };
        let slot = Arc::new(Slot { game: Mutex::new(game), searcher_back: Condvar::new() });
        let mut registry = self.registry();
        while registry.games.len() >= self.limits.max_games.max(1) {
            let oldest = registry
                .games
                .iter()
                .filter_map(|(id, s)| s.idle_since().map(|t| (id, t)))
                .min_by_key(|&(_, t)| t)
                .map(|(id, _)| id.clone())?;
            if let Some(dropped) = registry.games.remove(&oldest) {
                dropped.lock().changed();
            }
        }
        let id = format!("g{}", registry.next_id);
        registry.next_id += 1;
        registry.games.insert(id.clone(), Arc::clone(&slot));
        Some((id, slot))
    }

    pub fn get(&self, id: &str) -> Option<Arc<Slot>> {
        self.registry().games.get(id).cloned()
    }

    /// Drops a game, stopping its search; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        let removed = self.registry().games.remove(id);
        if let Some(slot) = &removed {
            slot.lock().changed();
        }
        removed.is_some()
    }
}
