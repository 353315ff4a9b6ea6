//! What can be told about a candidate set without searching it: the trivial sizes, the bound
//! on its size, the cheap exact answers for small sets, and what the transposition table
//! remembers. Exact answers here agree with the search's own choice, tie-breaks included.

use std::ops::ControlFlow;

use mastermind_core::{Code, Secrets};

use super::context::Search;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::kernels::counting::REPLIES_MARKED;
use crate::optimal::table::transposition::Known;
use mastermind_strategy::guesses::Guesses;

/// What [`Search::small_set`] can tell without trying every guess.
pub(in crate::optimal) enum SmallSet {
    /// The least total, and the guess that reaches it first.
    Solved(u32, Code),
    /// The least total is at least this.
    AtLeast(u32),
    /// Nothing: the set needs the full search.
    Unknown,
}

/// What is known about a set's least total before searching it.
#[derive(Clone, Copy, Debug)]
pub(in crate::optimal) struct Estimate {
    /// The least total if `exact`, else a lower bound on it.
    pub(in crate::optimal) value: u32,
    pub(in crate::optimal) exact: bool,
}

impl Search<'_> {
    /// What can be told about `set` without a search: the trivial sizes, the bound on its
    /// size, the cheap answers for small sets, and the transposition table.
    pub(in crate::optimal) fn known(&self, set: &[Code], budget: Budget) -> Estimate {
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
        let bound = match self.small_set(set, budget) {
            SmallSet::Solved(total, _) => return exact(total),
            SmallSet::AtLeast(bound) => bound,
            SmallSet::Unknown => floor,
        };
        match self.table().get(set, budget) {
            Some(Known::Exact { cost, .. }) => exact(cost),
            Some(Known::AtLeast(known)) => at_least(known.max(bound)),
            None => at_least(bound),
        }
    }

    /// Whether `set` is small enough for [`Search::small_set`]: no larger than one guess can
    /// tell apart, with two guesses left.
    pub(in crate::optimal) fn is_small(&self, set: &[Code], budget: Budget) -> bool {
        set.len() <= self.bounds.fan_out() + 1 && budget.allows(2)
    }

    /// The cheap exact answers for sets small enough that one guess can nearly tell every
    /// candidate apart. A candidate that tells all the others apart reaches the least total any
    /// set of this size can have (`2n − 1`); failing one, no guess does better than `2n`, and a
    /// candidate that leaves one pair and single codes reaches it; with two guesses left, only
    /// a guess that tells every candidate apart has a strategy at all. Among guesses of equal
    /// total and bound the search prefers candidates, then the smaller code, so the first such
    /// candidate in numeric order is the search's own choice.
    pub(in crate::optimal) fn small_set(&self, set: &[Code], budget: Budget) -> SmallSet {
        let n = set.len() as u32;
        if !self.is_small(set, budget) {
            return SmallSet::Unknown;
        }
        let mut pair_left = None;
        let secrets = self.replies.secrets(set);
        for &guess in set {
            match self.repeated_replies(guess, &secrets, 1) {
                0 => return SmallSet::Solved(2 * n - 1, guess),
                // One repeated reply: one class of two, every other class a single code.
                1 if pair_left.is_none() => pair_left = Some(guess),
                _ => {}
            }
        }
        match pair_left {
            Some(guess) if budget.allows(3) => SmallSet::Solved(2 * n, guess),
            // A guess outside the set has only `fan_out` replies for the codes.
            _ if self.consistent_only || set.len() > self.bounds.fan_out() => {
                SmallSet::AtLeast(beyond_two_per_code(n, budget))
            }
            _ => SmallSet::AtLeast(2 * n),
        }
    }

    /// Whether only [`Search::scan_outside`] can tell more about a set whose estimate is
    /// `known`: a small set left at `2n`.
    pub(in crate::optimal) fn needs_scan(
        &self,
        set: &[Code],
        budget: Budget,
        known: Estimate,
    ) -> bool {
        !known.exact && self.is_small(set, budget) && known.value == 2 * set.len() as u32
    }

    /// Settles a set that [`Search::needs_scan`] by [`Search::split_from_outside`], and
    /// remembers the answer.
    pub(in crate::optimal) fn scan_outside(&self, set: &[Code], budget: Budget) -> Estimate {
        let n = set.len() as u32;
        let (known, estimate) = match self.split_from_outside(set) {
            Some(guess) => (
                Known::Exact { cost: 2 * n, guess },
                Estimate {
                    value: 2 * n,
                    exact: true,
                },
            ),
            None => {
                let value = beyond_two_per_code(n, budget);
                (
                    Known::AtLeast(value),
                    Estimate {
                        value,
                        exact: false,
                    },
                )
            }
        };
        self.table().record(set, budget, known);
        estimate
    }

    /// A guess outside a set that [`Search::small_set`] left at `2n` or more, telling every
    /// candidate apart: it reaches `2n` within two guesses, after the candidates in the search's
    /// order; without one, every guess costs at least `2n + 1`. The guesses are scanned in
    /// numeric order, so the first found is the least of its orbit, the guess the search would
    /// choose. Left out are codes that differ from a smaller one only in colours no candidate
    /// has, which split the set alike, and codes whose colours alone put too many candidates at
    /// one count of shared colours ([`ColourTotals`]), most often every code. What is left
    /// still costs a pass over the rows, so the scan waits until the set is searched.
    ///
    /// [`ColourTotals`]: super::colour_totals::ColourTotals
    fn split_from_outside(&self, set: &[Code]) -> Option<Code> {
        let book = self.scorer.codebook();
        let absent = self.pool.absent_colours(set);
        let guesses = match self
            .colour_totals
            .as_ref()
            .and_then(|totals| totals.may_tell_apart(set, absent, book.game().repetition()))
        {
            Some(kept) => Guesses::Made(kept),
            None => self.pool.naming_absent_first(book, set),
        };
        // Replies are marked as bits of a `u32`, from the table's rows.
        let marked = self.replies.replies() <= REPLIES_MARKED
            && set.iter().all(|&code| self.replies.row(code).is_some());
        if !marked {
            let secrets = self.replies.secrets(set);
            return guesses.iter().copied().find(|&guess| {
                set.binary_search(&guess).is_err() && self.repeated_replies(guess, &secrets, 0) == 0
            });
        }
        // Slacks count replies, a few dozen at most: no guess tells apart more codes.
        let Ok(tells_all_apart) = u8::try_from(set.len()) else {
            return None;
        };
        // Stretch by stretch of guesses, mark the replies each gets: a guess outside the set
        // with as many replies as candidates tells them all apart.
        let found = self.mark_block_by_block(&guesses, set, |block, marked| {
            // Nearly every stretch has no such guess: a vector search of the slacks says so
            // far faster than a loop over them (BENCHMARKS.md, "The code's tuning").
            if !marked.all().contains(&tells_all_apart) {
                return ControlFlow::Continue(());
            }
            match marked.of(block).find(|&(guess, slack)| {
                slack == tells_all_apart && set.binary_search(&guess).is_err()
            }) {
                Some((guess, _)) => ControlFlow::Break(guess),
                None => ControlFlow::Continue(()),
            }
        });
        match found {
            ControlFlow::Break(guess) => Some(guess),
            ControlFlow::Continue(()) => None,
        }
    }

    /// How many codes of the set `secrets` get a reply `guess` already gave another; where
    /// replies are scored rather than read from the rows, counting no further than one past
    /// `enough`.
    fn repeated_replies(&self, guess: Code, secrets: &Secrets<'_>, enough: usize) -> usize {
        let set = secrets.codes();
        if let Some(row) = self.replies.row(guess) {
            // Sets this small cost less read whole than with a branch per code to stop early;
            // a 64-bit mark where the replies fit is a single shift, a 128-bit one several.
            let distinct = if self.replies.replies() <= 64 {
                let seen = set
                    .iter()
                    .fold(0u64, |seen, secret| seen | 1 << row[secret.index()]);
                seen.count_ones()
            } else {
                let seen = set
                    .iter()
                    .fold(0u128, |seen, secret| seen | 1 << row[secret.index()]);
                seen.count_ones()
            };
            return set.len() - distinct as usize;
        }
        let mut seen = 0u128;
        let mut repeats = 0;
        let _ = self.replies.try_replies(guess, secrets, |reply| {
            let bit = 1u128 << reply;
            if seen & bit != 0 {
                repeats += 1;
                if repeats > enough {
                    return ControlFlow::Break(());
                }
            }
            seen |= bit;
            ControlFlow::Continue(())
        });
        repeats
    }
}

/// The bound on a set of `n` codes none of whose guesses tells every candidate apart: a
/// third guess for some code, or no strategy at all when only two guesses are left.
fn beyond_two_per_code(n: u32, budget: Budget) -> u32 {
    if budget.allows(3) {
        2 * n + 1
    } else {
        INFEASIBLE
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use mastermind_core::Code;

    use crate::optimal::search::ranking::tests::with_search;

    proptest! {
        /// A scan outside a set finds the least code outside it that tells its codes apart,
        /// as a look at every code finds: sets of few colours, so that most leave some
        /// absent, and of all colours.
        #[test]
        fn a_scan_finds_the_least_guess_outside_that_tells_the_set_apart(
            palette in prop::collection::vec(0u8..5, 1..=5),
            pegs in prop::collection::vec(prop::array::uniform4(0usize..5), 1..=16),
        ) {
            with_search(None, |search, _| {
                let book = search.scorer.codebook();
                let set: Vec<Code> = pegs
                    .iter()
                    .map(|pegs| {
                        let colours = pegs.map(|peg| palette[peg % palette.len()]);
                        book.index_of(&colours).expect("a code of the game")
                    })
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                let plain = book.codes().find(|&guess| {
                    let replies: BTreeSet<_> = set
                        .iter()
                        .map(|&secret| book.score(guess, secret))
                        .collect();
                    set.binary_search(&guess).is_err() && replies.len() == set.len()
                });
                prop_assert_eq!(search.split_from_outside(&set), plain);
                Ok(())
            })?;
        }
    }
}
