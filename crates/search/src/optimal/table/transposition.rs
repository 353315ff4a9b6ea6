//! The transposition table: what the search has learnt about a candidate set under a budget,
//! shared by all threads. The same set is reached along many paths (other guess orders, other
//! guesses with the same class), so exact costs and failed bounds are worth remembering. Only
//! proven facts are stored, so the table changes how fast the search is, never what it finds.
//!
//! A table that fills makes room rather than stop learning: it forgets its smallest sets
//! (of a size, those not met since it last made room first) until a quarter of it is free. A set costs
//! far more to search again the more codes it has, and a search that has filled its table
//! is still hours from its end, meeting sets the full table could not have kept.

use std::collections::hash_map::Entry as Slot;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use mastermind_core::Code;

use super::presence::Presence;
use crate::optimal::bounds::budget::Budget;

/// Shards of the table, so that threads rarely wait on one another.
const SHARDS: usize = 64;

/// What is known about a candidate set under a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::optimal) enum Known {
    /// Its least total, reached first (in the search's order) by `guess`.
    Exact { cost: u32, guess: Code },
    /// Its least total is at least this.
    AtLeast(u32),
}

impl Known {
    /// The least total it guarantees.
    pub(in crate::optimal) fn at_least(self) -> u32 {
        match self {
            Known::Exact { cost, .. } => cost,
            Known::AtLeast(bound) => bound,
        }
    }
}

/// What trying one guess against a limit came to: its exact total below the limit, or a
/// lower bound at or above it.
pub(in crate::optimal) type Outcome = Result<u32, u32>;

/// Known facts keyed by candidate set and budget.
pub(in crate::optimal) struct TranspositionTable {
    shards: Vec<Mutex<Shard>>,
    /// Bytes held by all entries (estimated), to keep memory within `capacity`.
    stored: AtomicUsize,
    capacity: usize,
    /// How the sets' codes are written down.
    width: CodeWidth,
    /// How many times the table has made room: an entry met since the last time holds the
    /// count, and is kept before one of its size that was not.
    rounds: AtomicU32,
    /// Whether a thread is making room now: the others go on without recording meanwhile.
    making_room: AtomicBool,
    /// Which keys the shards may hold, and per shard the look-ups it answered so.
    presence: Presence,
    passed_by: Box<[PaddedCount]>,
}

/// A count of its own cache line, so that threads counting in different shards do not
/// contend for one.
#[derive(Default)]
#[repr(align(64))]
struct PaddedCount(AtomicU64);

/// One shard's sets, with how often it was asked for one and how often it held it.
#[derive(Default)]
struct Shard {
    sets: HashMap<u64, Entry, BuildHasherDefault<PrehashedKey>>,
    lookups: u64,
    hits: u64,
}

/// How often the table was asked for a set, and how often it knew something of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableUse {
    /// Look-ups of a set under a budget.
    pub lookups: u64,
    /// Look-ups that found the set under that budget.
    pub hits: u64,
}

struct Entry {
    /// The set's codes written as `width` says.
    set: Box<[u16]>,
    budget: Budget,
    known: Known,
    /// The table's [`TranspositionTable::rounds`] when the set was last recorded or found.
    met: u32,
}

impl TranspositionTable {
    /// A table for sets of a game of `codes` codes whose entries take about `capacity` bytes
    /// at most.
    pub(in crate::optimal) fn new(capacity: usize, codes: usize) -> TranspositionTable {
        TranspositionTable {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            stored: AtomicUsize::new(0),
            capacity,
            width: CodeWidth::for_codes(codes),
            rounds: AtomicU32::new(0),
            making_room: AtomicBool::new(false),
            presence: Presence::new(capacity),
            passed_by: (0..SHARDS).map(|_| PaddedCount::default()).collect(),
        }
    }

    pub(in crate::optimal) fn get(&self, set: &[Code], budget: Budget) -> Option<Known> {
        let key = key_of(set, budget);
        if !self.presence.may_hold(key) {
            self.passed_by[shard_of(key)]
                .0
                .fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let round = self.rounds.load(Ordering::Relaxed);
        let mut shard = lock(self.shard(key));
        let known = shard
            .sets
            .get_mut(&key)
            .filter(|entry| entry.budget == budget && self.width.same(&entry.set, set))
            .map(|entry| {
                entry.met = round;
                entry.known
            });
        shard.lookups += 1;
        shard.hits += u64::from(known.is_some());
        known
    }

    /// Readies a look-up of `set` under `budget` (see [`Presence::warm`]).
    pub(in crate::optimal) fn warm(&self, set: &[Code], budget: Budget) {
        self.presence.warm(key_of(set, budget));
    }

    /// Records `known`, keeping the stronger fact when the set is already there. A different
    /// set with the same 64-bit key is replaced.
    pub(in crate::optimal) fn record(&self, set: &[Code], budget: Budget, known: Known) {
        let key = key_of(set, budget);
        let met = self.rounds.load(Ordering::Relaxed);
        let stored = {
            let mut shard = lock(self.shard(key));
            match shard.sets.get_mut(&key) {
                Some(entry) if entry.budget == budget && self.width.same(&entry.set, set) => {
                    entry.known = stronger(entry.known, known);
                    entry.met = met;
                    return;
                }
                Some(entry) => {
                    self.presence.hold(key);
                    let stored = self.width.write(set);
                    self.stored.fetch_add(footprint(&stored), Ordering::Relaxed);
                    self.stored
                        .fetch_sub(footprint(&entry.set), Ordering::Relaxed);
                    *entry = Entry {
                        set: stored,
                        budget,
                        known,
                        met,
                    };
                    return;
                }
                None => {
                    let stored = self.width.write(set);
                    if !self.fits(&stored) {
                        stored
                    } else {
                        self.presence.hold(key);
                        self.stored.fetch_add(footprint(&stored), Ordering::Relaxed);
                        shard.sets.insert(
                            key,
                            Entry {
                                set: stored,
                                budget,
                                known,
                                met,
                            },
                        );
                        return;
                    }
                }
            }
        };
        // Full: room is made with no shard held, and the set goes in if there is room then.
        if self.make_room() && self.fits(&stored) {
            let mut shard = lock(self.shard(key));
            if let Slot::Vacant(slot) = shard.sets.entry(key) {
                self.presence.hold(key);
                self.stored.fetch_add(footprint(&stored), Ordering::Relaxed);
                slot.insert(Entry {
                    set: stored,
                    budget,
                    known,
                    met: self.rounds.load(Ordering::Relaxed),
                });
            }
        }
    }

    fn fits(&self, stored: &[u16]) -> bool {
        self.stored.load(Ordering::Relaxed) + footprint(stored) <= self.capacity
    }

    /// Forgets the smallest sets until a quarter of the capacity is free (of sets of a size,
    /// those not met since the last time first); `false` if another thread is making room
    /// already, which this one does not wait for.
    fn make_room(&self) -> bool {
        if self.making_room.swap(true, Ordering::Acquire) {
            return false;
        }
        let round = self.rounds.fetch_add(1, Ordering::Relaxed);
        // Bytes held by each size of set, apart for sets met since the last time.
        let mut held = [[0usize; 2]; FORGOTTEN_SIZES];
        let place = |entry: &Entry| {
            let met_lately = usize::from(entry.met >= round);
            (forgotten_size(&entry.set, self.width), met_lately)
        };
        for shard in &self.shards {
            for entry in lock(shard).sets.values() {
                let (size, met_lately) = place(entry);
                held[size][met_lately] += footprint(&entry.set);
            }
        }
        let wanted = self
            .stored
            .load(Ordering::Relaxed)
            .saturating_sub(self.capacity - self.capacity / 4);
        // The first (size, met lately) that need not go: every entry before it goes.
        let mut freed = 0;
        let mut kept_from = (FORGOTTEN_SIZES, 0);
        'places: for (size, bytes) in held.iter().enumerate() {
            for (met_lately, &bytes) in bytes.iter().enumerate() {
                if freed >= wanted {
                    kept_from = (size, met_lately);
                    break 'places;
                }
                freed += bytes;
            }
        }
        // The forgotten sets' bits go: the bits are noted again from the sets kept, and
        // meanwhile a set not yet noted again is only searched again if met.
        self.presence.clear();
        for shard in &self.shards {
            lock(shard).sets.retain(|&key, entry| {
                let kept = place(entry) >= kept_from;
                if kept {
                    self.presence.hold(key);
                } else {
                    self.stored
                        .fetch_sub(footprint(&entry.set), Ordering::Relaxed);
                }
                kept
            });
        }
        self.making_room.store(false, Ordering::Release);
        true
    }

    /// How many sets the table holds.
    pub(in crate::optimal) fn len(&self) -> usize {
        self.shards.iter().map(|shard| lock(shard).sets.len()).sum()
    }

    /// How often the table was asked for a set, and how often it knew it.
    pub(in crate::optimal) fn uses(&self) -> TableUse {
        let passed_by: u64 = self
            .passed_by
            .iter()
            .map(|count| count.0.load(Ordering::Relaxed))
            .sum();
        self.shards.iter().fold(
            TableUse {
                lookups: passed_by,
                hits: 0,
            },
            |uses, shard| {
                let shard = lock(shard);
                TableUse {
                    lookups: uses.lookups + shard.lookups,
                    hits: uses.hits + shard.hits,
                }
            },
        )
    }

    fn shard(&self, key: u64) -> &Mutex<Shard> {
        &self.shards[shard_of(key)]
    }
}

/// The shard of `key`. The map itself buckets on the low bits and tags on the top ones: shard
/// on the middle.
fn shard_of(key: u64) -> usize {
    (key >> 32) as usize % SHARDS
}

/// Tables holding more than this many bytes are freed on a thread of their own.
const FREED_ASIDE: usize = 64 << 20;

impl Drop for TranspositionTable {
    /// A long search's table holds millions of sets, each its own allocation, and freeing them
    /// one by one keeps a thread busy for seconds after the search is over (BENCHMARKS.md, "The
    /// code's tuning"): a thread of their own frees them while the caller goes on, or never has
    /// to when the process ends first. Where no thread can be started (WebAssembly),
    /// the failed start drops them here.
    fn drop(&mut self) {
        if self.stored.load(Ordering::Relaxed) <= FREED_ASIDE {
            return;
        }
        let shards = std::mem::take(&mut self.shards);
        let freeing = std::thread::Builder::new().name("table-free".into());
        // A thread that cannot start hands the shards back by dropping its closure here.
        let _started = freeing.spawn(move || drop(shards));
    }
}

fn lock(shard: &Mutex<Shard>) -> std::sync::MutexGuard<'_, Shard> {
    shard.lock().expect("no thread panics holding a shard")
}

/// Sets are forgotten by size up to this many codes; larger ones, the dearest to search
/// again, count as one size.
const FORGOTTEN_SIZES: usize = 256;

/// The size by which a set written as `stored` is forgotten.
fn forgotten_size(stored: &[u16], width: CodeWidth) -> usize {
    let codes = match width {
        CodeWidth::One => stored.len(),
        CodeWidth::Two => stored.len() / 2,
    };
    codes.min(FORGOTTEN_SIZES - 1)
}

/// The bytes an entry for a set written as `stored` takes: the codes, the map slot and the
/// allocator's overhead.
fn footprint(stored: &[u16]) -> usize {
    std::mem::size_of_val(stored) + 96
}

/// How many 16-bit words a code takes in a stored set: one in every game an exhaustive search
/// can finish. Most sets stored are of a few dozen codes, and their codes are most of the
/// table's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CodeWidth {
    One,
    Two,
}

impl CodeWidth {
    fn for_codes(codes: usize) -> CodeWidth {
        match codes <= usize::from(u16::MAX) + 1 {
            true => CodeWidth::One,
            false => CodeWidth::Two,
        }
    }

    fn write(self, set: &[Code]) -> Box<[u16]> {
        match self {
            // The game has at most 65536 codes, so every index fits.
            CodeWidth::One => set.iter().map(|code| code.0 as u16).collect(),
            CodeWidth::Two => set
                .iter()
                .flat_map(|code| [(code.0 >> 16) as u16, code.0 as u16])
                .collect(),
        }
    }

    /// Whether `stored` is `set` written this wide.
    fn same(self, stored: &[u16], set: &[Code]) -> bool {
        match self {
            CodeWidth::One => {
                stored.len() == set.len()
                    && stored
                        .iter()
                        .zip(set)
                        .all(|(&word, code)| u32::from(word) == code.0)
            }
            CodeWidth::Two => {
                stored.len() == 2 * set.len()
                    && stored.chunks_exact(2).zip(set).all(|(words, code)| {
                        (u32::from(words[0]) << 16 | u32::from(words[1])) == code.0
                    })
            }
        }
    }
}

fn stronger(old: Known, new: Known) -> Known {
    match (old, new) {
        (Known::Exact { .. }, _) => old,
        (_, Known::Exact { .. }) => new,
        (Known::AtLeast(a), Known::AtLeast(b)) => Known::AtLeast(a.max(b)),
    }
}

/// A 64-bit mix of the set and the budget: four chains of mixes, each taking every fourth
/// code, then mixed together. One chain's multiplications wait on each other, so four side by
/// side take about a quarter of the time (a look-up hashes its set whole, and most miss).
fn key_of(set: &[Code], budget: Budget) -> u64 {
    let seed = 0x9E37_79B9_7F4A_7C15 ^ u64::from(budget.limit().unwrap_or(u8::MAX));
    let mut chains = [0, 16, 32, 48].map(|turn| seed.rotate_left(turn));
    let mut quads = set.chunks_exact(4);
    for quad in &mut quads {
        for (chain, code) in chains.iter_mut().zip(quad) {
            *chain = mix(*chain, u64::from(code.0));
        }
    }
    let rest = quads
        .remainder()
        .iter()
        .fold(chains[0], |chain, code| mix(chain, u64::from(code.0)));
    [rest, chains[1], chains[2], chains[3]]
        .into_iter()
        .fold(set.len() as u64, mix)
}

/// One step of [`key_of`]'s chains.
fn mix(hash: u64, value: u64) -> u64 {
    let mixed = (hash ^ value).wrapping_mul(0x2545_F491_4F6C_DD1D);
    mixed ^ (mixed >> 29)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets written one or two words a code are found again, and only for the same codes.
    #[test]
    fn sets_are_found_again_at_either_width() {
        for (codes, high) in [(1296, 1295), (65536, 65535), (100_000, 99_999)] {
            let table = TranspositionTable::new(1 << 20, codes);
            let set = [Code(3), Code(70), Code(high)];
            let known = Known::Exact {
                cost: 7,
                guess: Code(70),
            };
            table.record(&set, Budget::UNLIMITED, known);
            assert_eq!(table.get(&set, Budget::UNLIMITED), Some(known), "{codes}");
            assert_eq!(table.get(&set, Budget::at_most(5)), None, "{codes}");
            assert_eq!(table.get(&set[..2], Budget::UNLIMITED), None, "{codes}");
        }
        let wide = CodeWidth::for_codes(100_000);
        assert_eq!(wide, CodeWidth::Two);
        let stored = wide.write(&[Code(70_000), Code(5)]);
        assert!(wide.same(&stored, &[Code(70_000), Code(5)]));
        assert!(!wide.same(&stored, &[Code(70_000 - 65_536), Code(5)]));
        assert_eq!(CodeWidth::for_codes(65_536), CodeWidth::One);
    }

    /// `count` sets of `size` codes each, every one different, from code `first` on.
    fn sets(count: u32, size: u32, first: u32) -> Vec<Vec<Code>> {
        (0..count)
            .map(|set| {
                (0..size)
                    .map(|code| Code(first + set * size + code))
                    .collect()
            })
            .collect()
    }

    fn bytes(size: usize) -> usize {
        footprint(&vec![0; size])
    }

    /// A full table still learns: it forgets its smallest sets, of a size those it has not
    /// met lately, and keeps the rest.
    #[test]
    fn a_full_table_forgets_its_smallest_sets_to_learn_new_ones() {
        let known = Known::AtLeast(9);
        let budget = Budget::UNLIMITED;
        let (small, middle, large) = (sets(21, 4, 0), sets(20, 8, 100), sets(1, 30, 300));
        // A quarter of it is what the ten eight-code sets left unmet hold.
        let capacity = 4 * 10 * bytes(8);
        let filled = 21 * bytes(4) + 20 * bytes(8);
        assert!(filled <= capacity && filled + bytes(30) > capacity);
        let table = TranspositionTable::new(capacity, 1296);
        for set in small.iter().chain(&middle) {
            table.record(set, budget, known);
        }
        // Too large to fit: the four-code sets go, all of them, and it goes in.
        table.record(&large[0], budget, known);
        assert!(small.iter().all(|set| table.get(set, budget).is_none()));
        assert_eq!(table.get(&large[0], budget), Some(known));
        assert_eq!(table.len(), middle.len() + 1);
        // Half the eight-code sets are met again; twelve-code sets fill the table, and the
        // eight-code sets not met since go to make room for the last.
        for set in &middle[..10] {
            assert_eq!(table.get(set, budget), Some(known));
        }
        let room = capacity - table.stored.load(Ordering::Relaxed);
        let filling = sets(room as u32 / bytes(12) as u32 + 1, 12, 600);
        for set in &filling {
            table.record(set, budget, known);
        }
        assert!(middle[10..]
            .iter()
            .all(|set| table.get(set, budget).is_none()));
        let kept = middle[..10].iter().chain(&filling).chain(&large);
        assert!(kept.clone().all(|set| table.get(set, budget).is_some()));
        assert!(table.stored.load(Ordering::Relaxed) <= capacity);
    }
}
