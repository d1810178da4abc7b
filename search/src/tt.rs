//! The transposition table: one entry per slot, replaced when the new search is deeper or
//! newer.

use tinman_core::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    generation: u8,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
    generation: u8,
}

/// Size of one slot in bytes, for sizing by megabytes.
const SLOT_BYTES: usize = std::mem::size_of::<Option<Entry>>();

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let slots = (megabytes.max(1) * 1024 * 1024 / SLOT_BYTES).max(1);
        Table { entries: vec![None; slots], generation: 0 }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become replaceable first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let replace = match self.entries[slot] {
            None => true,
            Some(old) => old.generation != self.generation || depth >= old.depth || old.key != key,
        };
        if replace {
            let mv = match self.entries[slot] {
                Some(old) if old.key == key && mv.is_none() => old.mv,
                _ => mv,
            };
            self.entries[slot] = Some(Entry { key, mv, score, depth, bound, generation: self.generation });
        }
    }

    /// Permille of the first thousand slots used in this search (UCI/XBoard "hashfull").
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}
