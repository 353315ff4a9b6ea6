//! Sets that are the same up to renaming pegs and colours have the same least total, so what
//! the transposition table learns of one also bounds the others: each lower bound, and each
//! exact total as a lower bound, is recorded under the set's canonical form as well, and a
//! set about to be searched, or a class about to be ranked, is looked up by its canonical form
//! first. Only bounds are shared:
//! the guess the search chooses is the least code that reaches the total, which a renaming
//! does not keep, so each set still finds its own guess.
//! The canonical form is worked out in [`crate::optimal::table::canonical`].

use mastermind_core::Code;

use super::context::Search;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::table::canonical::canonical_form;
use crate::optimal::table::transposition::Known;

/// Smaller sets are searched in less time than their canonical form takes to find, often
/// enough (BENCHMARKS.md, "The code's tuning").
pub(in crate::optimal) const SHARED_FROM: usize = 32;

/// A set's canonical form as far as it is worked out: a class ranked before it is solved
/// hands the form it found on, so that it is not worked out twice.
pub(in crate::optimal) enum Renamed {
    NotYet,
    /// [`Search::canonical`]'s answer.
    Found(Option<Vec<Code>>),
}

impl Search<'_> {
    /// The canonical form of `set`, when it has one here and is not its own: the other name
    /// under which its bounds are shared.
    pub(in crate::optimal) fn canonical(&self, set: &[Code]) -> Option<Vec<Code>> {
        if set.len() < SHARED_FROM {
            return None;
        }
        canonical_form(self.scorer.codebook(), set).filter(|canonical| canonical != set)
    }

    /// [`Search::canonical`], unless `renamed` already holds its answer.
    pub(in crate::optimal) fn canonical_once(
        &self,
        set: &[Code],
        renamed: Renamed,
    ) -> Option<Vec<Code>> {
        match renamed {
            Renamed::NotYet => self.canonical(set),
            Renamed::Found(canonical) => canonical,
        }
    }

    /// The bound the table holds for the sets whose canonical form is `canonical` (0: none).
    pub(in crate::optimal) fn shared(&self, canonical: &[Code], budget: Budget) -> u32 {
        self.table
            .get(canonical, budget)
            .map_or(0, |known| known.at_least())
    }

    /// Shares what was learnt of a set, as a bound, with the sets of its canonical form.
    pub(in crate::optimal) fn share(&self, canonical: &[Code], budget: Budget, known: Known) {
        self.table
            .record(canonical, budget, Known::AtLeast(known.at_least()));
    }
}
