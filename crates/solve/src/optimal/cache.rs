//! The transposition table: what the search has learnt about a candidate set under a budget,
//! shared by all threads. The same set is reached along many paths (other guess orders, other
//! guesses with the same class), so exact costs and failed bounds are worth remembering. Only
//! proven facts are stored, so the table changes how fast the search is, never what it finds.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use mastermind_core::Code;

use super::budget::Budget;

/// Shards of the table, so that threads rarely wait on one another.
const SHARDS: usize = 64;

/// What is known about a candidate set under a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Known {
    /// Its least total, reached first (in the search's order) by `guess`.
    Exact { cost: u32, guess: Code },
    /// Its least total is at least this.
    AtLeast(u32),
}

/// Known facts keyed by candidate set and budget.
pub(super) struct TranspositionTable {
    shards: Vec<Mutex<HashMap<u64, Entry, BuildHasherDefault<PrehashedKey>>>>,
    /// Bytes held by all entries (estimated), to keep memory within `capacity`.
    stored: AtomicUsize,
    capacity: usize,
}

struct Entry {
    set: Box<[Code]>,
    budget: Budget,
    known: Known,
}

impl TranspositionTable {
    /// A table that stops taking new sets once its entries take about `capacity` bytes.
    pub(super) fn new(capacity: usize) -> TranspositionTable {
        TranspositionTable {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            stored: AtomicUsize::new(0),
            capacity,
        }
    }

    pub(super) fn get(&self, set: &[Code], budget: Budget) -> Option<Known> {
        let key = key_of(set, budget);
        let shard = self
            .shard(key)
            .lock()
            .expect("no thread panics holding a shard");
        shard
            .get(&key)
            .filter(|entry| entry.budget == budget && *entry.set == *set)
            .map(|entry| entry.known)
    }

    /// Records `known`, keeping the stronger fact when the set is already there. A different
    /// set with the same 64-bit key is replaced.
    pub(super) fn record(&self, set: &[Code], budget: Budget, known: Known) {
        let key = key_of(set, budget);
        let mut shard = self
            .shard(key)
            .lock()
            .expect("no thread panics holding a shard");
        match shard.get_mut(&key) {
            Some(entry) if entry.budget == budget && *entry.set == *set => {
                entry.known = stronger(entry.known, known);
            }
            Some(entry) => {
                self.stored.fetch_add(footprint(set), Ordering::Relaxed);
                self.stored
                    .fetch_sub(footprint(&entry.set), Ordering::Relaxed);
                *entry = Entry {
                    set: set.into(),
                    budget,
                    known,
                };
            }
            None => {
                if self.stored.load(Ordering::Relaxed) + footprint(set) <= self.capacity {
                    self.stored.fetch_add(footprint(set), Ordering::Relaxed);
                    shard.insert(
                        key,
                        Entry {
                            set: set.into(),
                            budget,
                            known,
                        },
                    );
                }
            }
        }
    }

    /// How many sets the table holds.
    pub(super) fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| {
                shard
                    .lock()
                    .expect("no thread panics holding a shard")
                    .len()
            })
            .sum()
    }

    fn shard(&self, key: u64) -> &Mutex<HashMap<u64, Entry, BuildHasherDefault<PrehashedKey>>> {
        // The map itself buckets on the low bits and tags on the top ones: shard on the middle.
        &self.shards[(key >> 32) as usize % SHARDS]
    }
}

/// The bytes an entry for `set` takes: the codes, the map slot and the allocator's overhead.
fn footprint(set: &[Code]) -> usize {
    std::mem::size_of_val(set) + 96
}

fn stronger(old: Known, new: Known) -> Known {
    match (old, new) {
        (Known::Exact { .. }, _) => old,
        (_, Known::Exact { .. }) => new,
        (Known::AtLeast(a), Known::AtLeast(b)) => Known::AtLeast(a.max(b)),
    }
}

/// A 64-bit mix of the set and the budget.
fn key_of(set: &[Code], budget: Budget) -> u64 {
    let seed = 0x9E37_79B9_7F4A_7C15 ^ u64::from(budget.limit().unwrap_or(u8::MAX));
    set.iter().fold(seed, |hash, code| {
        let mixed = (hash ^ u64::from(code.0)).wrapping_mul(0x2545_F491_4F6C_DD1D);
        mixed ^ (mixed >> 29)
    })
}

/// The keys are already well-mixed hashes: use them as they are.
#[derive(Default)]
struct PrehashedKey(u64);

impl Hasher for PrehashedKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}
