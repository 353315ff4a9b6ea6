//! The facts proven so far, looked up by the exact contents of a set.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

use mastermind_core::Code;

/// Every fact proven so far: for each set (keyed by a 128-bit hash of its codes under keys
/// drawn at random for each table, so that no file can be made to collide on purpose), the
/// budgets and bounds proven for it.
#[derive(Debug, Default)]
pub struct FactTable {
    keys: (RandomState, RandomState),
    facts: HashMap<(u64, u64), Vec<Proven>>,
}

/// One bound proven for a set: with this many guesses left (`None`: no cap), at least this
/// many guesses in all.
type Proven = (Option<u8>, u32);

impl FactTable {
    /// No facts yet.
    pub fn new() -> FactTable {
        FactTable::default()
    }

    fn key(&self, set: &[Code]) -> (u64, u64) {
        (self.keys.0.hash_one(set), self.keys.1.hash_one(set))
    }

    /// Records that `set` needs at least `bound` guesses within `budget` (`None`: no cap;
    /// [`u32::MAX`]: none fits).
    pub fn insert(&mut self, set: &[Code], budget: Option<u8>, bound: u32) {
        let key = self.key(set);
        let entries = self.facts.entry(key).or_default();
        match entries.iter_mut().find(|(b, _)| *b == budget) {
            Some(entry) => entry.1 = entry.1.max(bound),
            None => entries.push((budget, bound)),
        }
    }

    /// The best bound proven for `set` with `budget` guesses left: a bound proven with at least
    /// that budget holds with it too, since a smaller budget only takes strategies away. 0 when
    /// nothing is known.
    pub fn get(&self, set: &[Code], budget: Option<u8>) -> u32 {
        let covers = |proven: Option<u8>| match (proven, budget) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(proven), Some(budget)) => proven >= budget,
        };
        self.facts.get(&self.key(set)).map_or(0, |entries| {
            entries
                .iter()
                .filter(|(proven, _)| covers(*proven))
                .map(|&(_, bound)| bound)
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
