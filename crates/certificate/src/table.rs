//! The facts proven so far, looked up by the exact contents of a set.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};

use mastermind_core::Code;

/// Every fact recorded so far, for each set (keyed by a 128-bit hash of its codes under keys
/// drawn at random for each table, so that no file can be made to collide on purpose).
///
/// Facts recorded since the last [`FactTable::settle`] are *pending*: each keeps its place in
/// the order of recording, so that a fact can be checked against only those before it while
/// later ones of its batch are already in. Settled facts are all before any pending one, so
/// they keep only what they prove: for each set and budget, the best bound. A settled set
/// costs a few dozen bytes, which is what lets a certificate of a hundred million facts be
/// checked in memory; [`FactTable::forget_deeper_than`] drops the facts of sets deep in
/// the game that no later fact will cite, which bounds a merged certificate's memory by its
/// largest piece rather than its whole.
#[derive(Debug, Default)]
pub struct FactTable {
    keys: SetKeys,
    /// The best bound of each settled set, with the first budget it was proven with.
    settled: ByKey<Best>,
    /// The other budgets of the few settled sets proven with more than one.
    other_budgets: ByKey<Vec<Best>>,
    pending: ByKey<Vec<Pending>>,
    recorded: u64,
    /// No fact held is about a set more steps from the start than this: a forget record that
    /// asks to drop nothing deeper costs nothing (a file may hold millions of them).
    deepest: u8,
}

/// A set's two 64-bit hashes under secret keys (two halves rather than a `u128`, whose
/// alignment would make each entry a third larger).
pub type Key = (u64, u64);

/// A map by [`Key`], which is itself the hash: keys are hashes under secret random keys, so
/// hashing them again would only cost time.
pub(crate) type ByKey<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// Two SipHash keys drawn at random, so that no file can make two sets collide on purpose.
/// Tables made [`FactTable::with_keys`] the same keys look a set up by one [`Key`].
#[derive(Clone, Debug, Default)]
pub struct SetKeys(RandomState, RandomState);

impl SetKeys {
    /// The set's [`Key`]: its codes hashed as bytes, a block of them at a time.
    pub fn key(&self, set: &[Code]) -> Key {
        let mut hashers = (self.0.build_hasher(), self.1.build_hasher());
        let mut block = [0u8; 4 * HASHED_CODES];
        for codes in set.chunks(HASHED_CODES) {
            let bytes = &mut block[..4 * codes.len()];
            for (slot, code) in bytes.chunks_exact_mut(4).zip(codes) {
                slot.copy_from_slice(&code.0.to_le_bytes());
            }
            hashers.0.write(bytes);
            hashers.1.write(bytes);
        }
        (hashers.0.finish(), hashers.1.finish())
    }
}

/// Takes the two halves of a [`Key`], one exclusive-or the other, as its hash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, half: u64) {
        self.0 ^= half;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Codes hashed at a time, as bytes: hashing them one by one is several times slower.
const HASHED_CODES: usize = 64;

/// That with this many guesses left (`None`: no cap) a set needs at least `bound` in all,
/// as the fact of least `depth` (steps from the start) among those it sums up was recorded.
#[derive(Clone, Copy, Debug)]
struct Best {
    budget: Option<u8>,
    bound: u32,
    depth: u8,
}

impl Best {
    fn new(depth: usize, budget: Option<u8>, bound: u32) -> Best {
        Best {
            budget,
            bound,
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
        }
    }

    /// Takes in another fact about the same set and budget.
    fn join(&mut self, other: Best) {
        self.bound = self.bound.max(other.bound);
        self.depth = self.depth.min(other.depth);
    }

    /// Whether this bound holds with `budget` left: a bound proven with at least that budget
    /// does, since a smaller budget only takes strategies away.
    fn covers(self, budget: Option<u8>) -> bool {
        match (self.budget, budget) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(proven), Some(asked)) => proven >= asked,
        }
    }
}

/// A pending fact: its place in the order of recording, and what it proves.
#[derive(Clone, Copy, Debug)]
struct Pending {
    index: u64,
    best: Best,
}

impl FactTable {
    /// No facts yet.
    pub fn new() -> FactTable {
        FactTable::default()
    }

    /// No facts yet, sets keyed by `keys`: for a caller that looks one set up in several
    /// tables, or in its own maps too, and would hash it once ([`FactTable::get_keyed`]).
    pub fn with_keys(keys: SetKeys) -> FactTable {
        FactTable {
            keys,
            ..FactTable::default()
        }
    }

    /// The key the table files `set` under.
    pub fn key(&self, set: &[Code]) -> Key {
        self.keys.key(set)
    }

    /// Records, as the next fact, that `set`, `depth` steps from the start, needs at least
    /// `bound` guesses within `budget` (`None`: no cap; [`u32::MAX`]: none fits). Returns the
    /// fact's place in the order of recording, from 0.
    pub fn insert(&mut self, set: &[Code], depth: usize, budget: Option<u8>, bound: u32) -> u64 {
        let index = self.recorded;
        self.recorded += 1;
        let key = self.key(set);
        let best = Best::new(depth, budget, bound);
        self.deepest = self.deepest.max(best.depth);
        self.pending
            .entry(key)
            .or_default()
            .push(Pending { index, best });
        index
    }

    /// Records, as the next fact, that `set`, `depth` steps from the start, needs at least
    /// `bound` within `budget`, settled at once (with every fact pending before it): for a
    /// writer of facts whose lookups all come after what they look up, such as a prover.
    pub fn record(&mut self, set: &[Code], depth: usize, budget: Option<u8>, bound: u32) {
        self.record_keyed(self.key(set), depth, budget, bound);
    }

    /// [`FactTable::record`] of the set whose [`FactTable::key`] is `key`.
    pub fn record_keyed(&mut self, key: Key, depth: usize, budget: Option<u8>, bound: u32) {
        self.settle();
        self.recorded += 1;
        let best = Best::new(depth, budget, bound);
        self.deepest = self.deepest.max(best.depth);
        self.settle_one(key, best);
    }

    /// Settles every pending fact and then drops every fact about a set more than `depth`
    /// steps from the start. A set's best bound for a budget sums up every fact about it, and
    /// stays when one of them is near enough the start: every fact recorded was checked, so
    /// keeping one is as sound as dropping it. Returns whether any fact may have been dropped:
    /// when none held is deeper, the table is not even looked through.
    pub fn forget_deeper_than(&mut self, depth: usize) -> bool {
        self.settle();
        if usize::from(self.deepest) <= depth {
            return false;
        }
        self.deepest = u8::try_from(depth).unwrap_or(u8::MAX);
        let kept = |best: &Best| usize::from(best.depth) <= depth;
        self.settled.retain(|_, best| kept(best));
        self.other_budgets.retain(|_, others| {
            others.retain(kept);
            !others.is_empty()
        });
        true
    }

    /// Settles every pending fact: from now on each is known by what it proves, no longer by
    /// its place, so only lookups of facts recorded after them may count them.
    pub fn settle(&mut self) {
        for (key, pending) in std::mem::take(&mut self.pending) {
            for Pending { best, .. } in pending {
                self.settle_one(key, best);
            }
        }
    }

    fn settle_one(&mut self, key: Key, best: Best) {
        let first = self.settled.entry(key).or_insert(best);
        if first.budget == best.budget {
            first.join(best);
            return;
        }
        let others = self.other_budgets.entry(key).or_default();
        match others.iter_mut().find(|other| other.budget == best.budget) {
            Some(other) => other.join(best),
            None => others.push(best),
        }
    }

    /// The best bound recorded for `set` with `budget` guesses left, 0 when nothing is known.
    pub fn get(&self, set: &[Code], budget: Option<u8>) -> u32 {
        self.get_before(set, budget, u64::MAX)
    }

    /// [`FactTable::get`] of the set whose [`FactTable::key`] is `key`.
    pub fn get_keyed(&self, key: Key, budget: Option<u8>) -> u32 {
        self.get_keyed_before(key, budget, u64::MAX)
    }

    /// [`FactTable::get`], from the facts recorded before the one at `index` only (every
    /// settled fact is).
    pub fn get_before(&self, set: &[Code], budget: Option<u8>, index: u64) -> u32 {
        self.get_keyed_before(self.key(set), budget, index)
    }

    /// [`FactTable::get_before`] of the set whose [`FactTable::key`] is `key`.
    pub fn get_keyed_before(&self, key: Key, budget: Option<u8>, index: u64) -> u32 {
        let settled = self.settled.get(&key).into_iter();
        let others = self.other_budgets.get(&key).into_iter().flatten();
        let pending = self.pending.get(&key).into_iter().flatten();
        let before = pending
            .filter(|pending| pending.index < index)
            .map(|pending| &pending.best);
        settled
            .chain(others)
            .chain(before)
            .filter(|best| best.covers(budget))
            .map(|best| best.bound)
            .max()
            .unwrap_or(0)
    }

    /// How many sets have facts.
    pub fn len(&self) -> usize {
        let pending_only = self
            .pending
            .keys()
            .filter(|key| !self.settled.contains_key(key))
            .count();
        self.settled.len() + pending_only
    }

    /// Whether no fact is known.
    pub fn is_empty(&self) -> bool {
        self.settled.is_empty() && self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fact counts for the facts recorded after it, whether settled or pending, with the
    /// budgets it covers; settling keeps the best bound of each budget.
    #[test]
    fn facts_count_after_their_place_with_the_budgets_they_cover() {
        let (one, two) = ([Code(1), Code(2)], [Code(3)]);
        let mut table = FactTable::new();
        let first = table.insert(&one, 2, Some(3), 7);
        let second = table.insert(&one, 2, None, 5);
        assert_eq!(table.get_before(&one, Some(2), first), 0);
        assert_eq!(table.get_before(&one, Some(2), second), 7);
        assert_eq!(table.get_before(&one, Some(4), second), 0);
        assert_eq!(table.get(&one, Some(4)), 5);
        assert_eq!(table.get(&one, None), 5);
        table.settle();
        let third = table.insert(&one, 2, Some(3), 9);
        table.insert(&one, 2, Some(3), 8);
        table.insert(&two, 2, None, 4);
        assert_eq!(table.get_before(&one, Some(3), third), 7);
        assert_eq!(table.get(&one, Some(3)), 9);
        assert_eq!(table.get_before(&two, None, third), 0);
        table.settle();
        assert_eq!(table.get(&one, Some(1)), 9);
        assert_eq!(table.get(&one, None), 5);
        assert_eq!(table.get(&one, Some(4)), 5);
        assert_eq!(table.get(&two, Some(2)), 4);
        assert_eq!(table.get(&[Code(1)], None), 0);
        assert_eq!(table.len(), 2);
        table.record(&two, 2, Some(5), 6);
        assert_eq!((table.get(&two, Some(5)), table.get(&two, Some(6))), (6, 4));
    }

    /// Forgetting drops the facts deeper than asked for, and keeps a set's bound that a fact
    /// near enough the start shares.
    #[test]
    fn forgetting_drops_only_facts_deeper_than_asked() {
        let (shallow, deep, both) = ([Code(1)], [Code(2)], [Code(3)]);
        let mut table = FactTable::new();
        table.insert(&shallow, 1, None, 4);
        table.insert(&deep, 2, None, 5);
        table.insert(&deep, 3, Some(2), 6);
        table.insert(&both, 1, None, 7);
        table.insert(&both, 4, None, 9);
        assert!(
            table.forget_deeper_than(1),
            "facts at depths 2 to 4 are held"
        );
        assert_eq!(table.get(&shallow, None), 4);
        assert_eq!(table.get(&deep, None), 0);
        assert_eq!(table.get(&deep, Some(2)), 0);
        assert_eq!(table.get(&both, None), 9);
        assert_eq!(table.len(), 2);
        assert!(
            !table.forget_deeper_than(1),
            "nothing deeper than 1 is left to look for"
        );
        assert!(!table.forget_deeper_than(7));
        table.forget_deeper_than(0);
        assert!(table.is_empty());
    }
}
