//! The transposition table, shared by all search threads without locks. It is an array of
//! buckets of four 16-byte entries, one 64-byte cache line each: a probe reads one line.
//!
//! An entry is two words. The first holds everything but the move — 32 bits of the key (the
//! bucket index comes from the key's other bits), score, depth, bound, generation — so it is
//! always self-consistent; the second is the move. Two threads storing at once can leave a
//! move from another position beside a first word: harmless, because the search only uses a
//! table move that is in the node's legal move list.
//!
//! Replacement: a store for a position already in the bucket overwrites it unless that
//! entry is from this search and deeper by more than `KEEP_DEEPER` plies; else it
//! takes the entry worth least, by depth minus `AGE_WEIGHT` per search since it was written.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use tinman_core::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

/// One entry as read from the table.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

const ENTRIES: usize = 4;
/// A same-position entry of this search deeper than the store by more than this survives it
/// (0: any deeper entry; the store's bound does not matter — measured: letting shallower
/// stores replace deeper ones lost 20 Elo).
const KEEP_DEEPER: i32 = 0;
/// One search of age costs an entry as much as this many plies of depth.
const AGE_WEIGHT: i32 = 8;
/// Generations wrap at this (6 bits).
const GENERATIONS: u8 = 64;

/// Four entries: for each, the data word and the move word.
#[repr(align(64))]
#[derive(Default)]
struct Bucket([[AtomicU64; 2]; ENTRIES]);

pub struct Table {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// Data word: key check (bits 0..32), score (32..48), depth (48..56), bound (56..58, 0 for an
/// empty entry), generation (58..64).
fn pack(check: u32, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    check as u64
        | (score as i16 as u16 as u64) << 32
        | (depth.clamp(0, 255) as u64) << 48
        | bound << 56
        | ((generation % GENERATIONS) as u64) << 58
}

fn check_of(data: u64) -> u32 {
    data as u32
}

fn bound_of(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        1 => Some(Bound::Exact),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Upper),
        _ => None,
    }
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xff) as i32
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

impl Table {
    /// A table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) * 1024 * 1024 / BUCKET_BYTES).max(1);
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        Table { buckets, generation: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for bucket in &self.buckets {
            for entry in &bucket.0 {
                entry[0].store(0, Ordering::Relaxed);
                entry[1].store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable first.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((key as u128 * self.buckets.len() as u128) >> 64) as usize]
    }

    /// Asks the processor to bring `key`'s bucket into the cache: the search calls it right
    /// after making a move, so the line arrives while the child node does its first work.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; the address is that of a live bucket.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.bucket(key) as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = key as u32;
        for entry in &self.bucket(key).0 {
            let data = entry[0].load(Ordering::Relaxed);
            if check_of(data) != check {
                continue;
            }
            let Some(bound) = bound_of(data) else { continue };
            return Some(Entry {
                mv: Move::from_bits(entry[1].load(Ordering::Relaxed)),
                score: (data >> 32) as u16 as i16 as i32,
                depth: depth_of(data),
                bound,
            });
        }
        None
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let check = key as u32;
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = &self.bucket(key).0;
        let age = |data: u64| ((generation + GENERATIONS - generation_of(data)) % GENERATIONS) as i32;
        let same = bucket.iter().find(|e| {
            let data = e[0].load(Ordering::Relaxed);
            check_of(data) == check && bound_of(data).is_some()
        });
        let (entry, same_position) = match same {
            Some(e) => (e, true),
            None => {
                let worth = |e: &&[AtomicU64; 2]| {
                    let data = e[0].load(Ordering::Relaxed);
                    if bound_of(data).is_none() {
                        return i32::MIN;
                    }
                    depth_of(data) - AGE_WEIGHT * age(data)
                };
                (bucket.iter().min_by_key(worth).expect("a bucket has entries"), false)
            }
        };
        let old = entry[0].load(Ordering::Relaxed);
        if same_position && age(old) == 0 && depth_of(old) > depth + KEEP_DEEPER {
            return;
        }
        // Keep the old best move when this store has none for the same position.
        let mv = if mv.is_none() && same_position { entry[1].load(Ordering::Relaxed) } else { mv.bits() };
        entry[1].store(mv, Ordering::Relaxed);
        entry[0].store(pack(check, score, depth, bound, generation), Ordering::Relaxed);
    }

    /// Permille of the first thousand entries written in this search ("hashfull").
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(1000 / ENTRIES);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|e| {
                let data = e[0].load(Ordering::Relaxed);
                bound_of(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / (sample * ENTRIES).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tinman_core::{Move, Special, Square};

    #[test]
    fn stores_and_probes() {
        let t = Table::new(1);
        let m = Move::new(Square::parse("e2").unwrap(), Square::parse("e4").unwrap(), Special::Normal);
        t.store(0xDEAD_BEEF, m, -123, 7, Bound::Lower);
        let e = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (m, -123, 7, Bound::Lower));
        assert!(t.probe(0xDEAD_BEEE).is_none());
        t.clear();
        assert!(t.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn a_bucket_keeps_four_positions_and_replaces_the_least_worth() {
        // A one-bucket table: every key lands in it.
        let t = Table { buckets: vec![Bucket::default()], generation: AtomicU8::new(0) };
        let m = Move::new(Square::parse("e2").unwrap(), Square::parse("e4").unwrap(), Special::Normal);
        for (key, depth) in [(1u64, 9), (2, 3), (3, 7), (4, 5)] {
            t.store(key, m, 10, depth, Bound::Exact);
        }
        assert!((1..=4).all(|k| t.probe(k).is_some()));
        // A fifth position replaces the shallowest (2, depth 3).
        t.store(5, m, 10, 4, Bound::Lower);
        assert!(t.probe(2).is_none() && t.probe(5).is_some());
        // After two new searches, age outweighs depth: a depth-1 store of this search
        // replaces the old entry worth least (5: 4 - 16), and the next one another old entry
        // (4: 5 - 16), not the fresh shallow one.
        t.new_search();
        t.new_search();
        t.store(6, Move::NONE, -5, 1, Bound::Upper);
        t.store(7, Move::NONE, -5, 1, Bound::Upper);
        assert!(t.probe(5).is_none() && t.probe(4).is_none());
        assert!(t.probe(6).is_some() && t.probe(7).is_some());
        // The same position is overwritten in place, keeping its move when the store has none,
        // but not by a shallower store of this search.
        t.store(6, Move::NONE, 42, 12, Bound::Lower);
        let e = t.probe(6).unwrap();
        assert_eq!((e.score, e.depth, e.bound, e.mv), (42, 12, Bound::Lower, Move::NONE));
        t.store(6, m, 7, 2, Bound::Upper);
        assert_eq!(t.probe(6).unwrap().depth, 12);
        t.store(6, m, 7, 2, Bound::Exact);
        assert_eq!(t.probe(6).unwrap().depth, 12);
        t.new_search();
        t.store(6, m, 7, 2, Bound::Exact);
        assert_eq!(t.probe(6).unwrap().depth, 2);
        // One of the four entries was written in this search.
        assert_eq!(t.hashfull(), 250);
    }
}
