//! The facts proven so far, looked up by the exact contents of a set.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

use mastermind_core::Code;

/// Every fact recorded so far: for each set (keyed by a 128-bit hash of its codes under keys
/// drawn at random for each table, so that no file can be made to collide on purpose), the
/// budgets and bounds recorded for it, each with its place in the order of recording, so that
/// a fact can be checked against only those before it while later ones are already in.
#[derive(Debug, Default)]
pub struct FactTable {
    keys: (RandomState, RandomState),
    facts: HashMap<(u64, u64), Recorded>,
    recorded: u64,
}

/// The bounds recorded for one set. Almost every set has one, kept in place: a certificate
/// of a hundred million facts fits in memory only if a fact costs a few dozen bytes.
#[derive(Debug)]
struct Recorded {
    first: Proven,
    /// The rest, rare enough to be copied whole when one more comes.
    more: Option<Box<[Proven]>>,
}

impl Recorded {
    fn all(&self) -> impl Iterator<Item = &Proven> {
        std::iter::once(&self.first).chain(self.more.iter().flat_map(|more| more.iter()))
    }
}

/// One bound recorded for a set: the fact's place in the order of recording, and that with
/// this many guesses left (`None`: no cap) it needs at least this many guesses in all.
#[derive(Clone, Copy, Debug)]
struct Proven {
    index: u64,
    budget: Option<u8>,
    bound: u32,
}

impl FactTable {
    /// No facts yet.
    pub fn new() -> FactTable {
        FactTable::default()
    }

    fn key(&self, set: &[Code]) -> (u64, u64) {
        (self.keys.0.hash_one(set), self.keys.1.hash_one(set))
    }

    /// Records, as the next fact, that `set` needs at least `bound` guesses within `budget`
    /// (`None`: no cap; [`u32::MAX`]: none fits). Returns the fact's place in the order of
    /// recording, from 0.
    pub fn insert(&mut self, set: &[Code], budget: Option<u8>, bound: u32) -> u64 {
        let index = self.recorded;
        self.recorded += 1;
        let key = self.key(set);
        let proven = Proven {
            index,
            budget,
            bound,
        };
        self.facts
            .entry(key)
            .and_modify(|recorded| {
                let mut more = recorded.more.take().map_or_else(Vec::new, Vec::from);
                more.push(proven);
                recorded.more = Some(more.into_boxed_slice());
            })
            .or_insert(Recorded {
                first: proven,
                more: None,
            });
        index
    }

    /// The best bound recorded for `set` with `budget` guesses left: a bound proven with at
    /// least that budget holds with it too, since a smaller budget only takes strategies away.
    /// 0 when nothing is known.
    pub fn get(&self, set: &[Code], budget: Option<u8>) -> u32 {
        self.get_before(set, budget, u64::MAX)
    }

    /// [`FactTable::get`], from the facts recorded before the one at `index` only.
    pub fn get_before(&self, set: &[Code], budget: Option<u8>, index: u64) -> u32 {
        let covers = |proven: Option<u8>| match (proven, budget) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(proven), Some(budget)) => proven >= budget,
        };
        self.facts.get(&self.key(set)).map_or(0, |recorded| {
            recorded
                .all()
                .filter(|proven| proven.index < index && covers(proven.budget))
                .map(|proven| proven.bound)
                .max()
                .unwrap_or(0)
        })
    }

    /// How many sets have facts.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether no fact is known.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }
}
