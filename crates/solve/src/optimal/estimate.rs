//! What can be told about a candidate set without searching it: the trivial sizes, the bound
//! on its size, the cheap exact answers for small sets, and what the transposition table
//! remembers. Exact answers here agree with the search's own choice, tie-breaks included.

use mastermind_core::Code;

use super::bounds::INFEASIBLE;
use super::budget::Budget;
use super::cache::Known;
use super::search::Search;

/// What [`Search::small_set`] can tell without trying every guess.
pub(super) enum SmallSet {
    /// The least total, and the guess that reaches it first.
    Solved(u32, Code),
    /// The least total is at least this.
    AtLeast(u32),
    /// Nothing: the set needs the full search.
    Unknown,
}

/// What is known about a set's least total before searching it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Estimate {
    /// The least total if `exact`, else a lower bound on it.
    pub(super) value: u32,
    pub(super) exact: bool,
}

impl Search<'_> {
    /// What can be told about `set` without a search: the trivial sizes, the bound on its
    /// size, the cheap answers for small sets, and the transposition table.
    pub(super) fn known(&self, set: &[Code], budget: Budget) -> Estimate {
        let exact = |value| Estimate { value, exact: true };
        match set.len() {
            0 => return exact(0),
            _ if !budget.allows(1) => return exact(INFEASIBLE),
            1 => return exact(1),
            _ if !budget.allows(2) => return exact(INFEASIBLE),
            2 => return exact(3),
            _ => {}
        }
        let floor = self.bounds.of(set.len(), budget);
        if floor == INFEASIBLE {
            return exact(INFEASIBLE);
        }
        let at_least = |value: u32| Estimate {
            value: value.max(floor),
            exact: false,
        };
        match self.small_set(set, budget) {
            SmallSet::Solved(total, _) => return exact(total),
            SmallSet::AtLeast(bound) => return at_least(bound),
            SmallSet::Unknown => {}
        }
        match self.table().get(set, budget) {
            Some(Known::Exact { cost, .. }) => exact(cost),
            Some(Known::AtLeast(bound)) => at_least(bound),
            None => at_least(floor),
        }
    }

    /// The cheap exact answers for sets small enough that one guess can nearly tell every
    /// candidate apart. A candidate that tells all the others apart reaches the least total any
    /// set of this size can have (`2n − 1`); failing one, no guess does better than `2n`, and a
    /// candidate that leaves one pair and single codes reaches it. Among guesses of equal
    /// total and bound the search prefers candidates, then the smaller code, so the first such
    /// candidate in numeric order is the search's own choice.
    pub(super) fn small_set(&self, set: &[Code], budget: Budget) -> SmallSet {
        let n = set.len() as u32;
        if set.len() > self.bounds.fan_out() + 1 || !budget.allows(2) {
            return SmallSet::Unknown;
        }
        let mut pair_left = None;
        for &guess in set {
            let mut seen = 0u128;
            let mut pairs = 0;
            for &secret in set {
                let bit = 1u128 << self.replies.reply(self.scorer, guess, secret);
                if seen & bit != 0 {
                    pairs += 1;
                    if pairs > 1 {
                        break;
                    }
                }
                seen |= bit;
            }
            match pairs {
                0 => return SmallSet::Solved(2 * n - 1, guess),
                // One repeated reply: one class of two, every other class a single code.
                1 if pair_left.is_none() => pair_left = Some(guess),
                _ => {}
            }
        }
        match pair_left {
            Some(guess) if budget.allows(3) => SmallSet::Solved(2 * n, guess),
            _ => SmallSet::AtLeast(2 * n),
        }
    }
}
