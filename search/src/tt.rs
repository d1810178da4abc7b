//! The transposition table, shared by all search threads without locks: each entry is three
//! words, the first being the key XOR the other two, so a torn write (two threads storing at
//! once) reads back as a miss instead of a wrong entry.

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
    generation: u8,
}

/// A slot: key ^ move ^ data, move bits, data (score, depth, bound, generation).
#[derive(Default)]
struct Slot([AtomicU64; 3]);

pub struct Table {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

fn pack(score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (score as u32 as u64) | (depth.clamp(0, 255) as u64) << 32 | bound << 40 | (generation as u64) << 48
}

fn unpack(mv: u64, data: u64) -> Option<Entry> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: Move::from_bits(mv),
        score: data as u32 as i32,
        depth: ((data >> 32) & 0xff) as i32,
        bound,
        generation: (data >> 48) as u8,
    })
}

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) * 1024 * 1024 / SLOT_BYTES).max(1);
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, Slot::default);
        Table { slots, generation: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            for word in &slot.0 {
                word.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let (check, mv, data) = (
            slot.0[0].load(Ordering::Relaxed),
            slot.0[1].load(Ordering::Relaxed),
            slot.0[2].load(Ordering::Relaxed),
        );
        if check ^ mv ^ data != key {
            return None;
        }
        unpack(mv, data)
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let (check, old_mv, old_data) = (
            slot.0[0].load(Ordering::Relaxed),
            slot.0[1].load(Ordering::Relaxed),
            slot.0[2].load(Ordering::Relaxed),
        );
        let same_key = check ^ old_mv ^ old_data == key;
        if let Some(old) = unpack(old_mv, old_data).filter(|_| check != 0) {
            let keep = old.generation == generation && depth < old.depth && same_key;
            if keep {
                return;
            }
        }
        // Keep the old best move when this store has none for the same position.
        let mv = if mv.is_none() && same_key { old_mv } else { mv.bits() };
        let data = pack(score, depth, bound, generation);
        slot.0[1].store(mv, Ordering::Relaxed);
        slot.0[2].store(data, Ordering::Relaxed);
        slot.0[0].store(key ^ mv ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots written in this search ("hashfull").
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let data = s.0[2].load(Ordering::Relaxed);
                (data >> 40) & 3 != 0 && (data >> 48) as u8 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
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
}
