//! The branch and bound itself. `solve` answers "what is the least total for this candidate
//! set with this budget, if it is below `limit`?": an answer below the limit is exact, an
//! answer at or above it is only a lower bound. Guesses are tried best bound first; each
//! guess's classes are solved with the limit that is left once the other classes' bounds are
//! counted, so a guess is dropped as soon as it cannot beat the best one found.
//!
//! The guess chosen for a set is the least, over all codes, by (total, bound, whether it is
//! not a candidate, code): every tie is broken by a fixed order, so the tree depends on the set
//! and the budget only, not on the path that reached it, the limits, the table or the threads.

use std::time::Instant;

use mastermind_core::Code;

use super::context::{Search, Subproblem, PARALLEL_GUESSES_DEPTH};
use super::estimate::{Estimate, SmallSet};
use super::partition::{Shapes, Split};
use super::ranking::Ranking;
use super::shared_bounds::Renamed;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::table::transposition::Known;
use mastermind_strategy::symmetry::Symmetry;

/// Nodes within [`PARALLEL_GUESSES_DEPTH`] of the root try their guesses side by side from
/// this many candidates on.
const PARALLEL_GUESSES_MIN_SET: usize = 100;

impl Search<'_> {
    /// The least total for `set` with `budget`, exact if below `limit`, else a lower bound at
    /// or above it ([`INFEASIBLE`] if no strategy fits the budget).
    pub(in crate::optimal) fn solve(&self, problem: Subproblem<'_>, limit: u32) -> u32 {
        let known = self.known(problem.set, problem.budget);
        self.solve_known(problem, limit, known, None, Renamed::NotYet)
    }

    /// [`Search::solve`], given what is already known about the set, its guesses already
    /// ranked against a limit at least as large, if they are, and its canonical form if it
    /// was worked out.
    pub(in crate::optimal) fn solve_known(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        mut known: Estimate,
        ranked: Option<Ranking<'_>>,
        renamed: Renamed,
    ) -> u32 {
        if self.needs_scan(problem.set, problem.budget, known) {
            known = self.scan_outside(problem.set, problem.budget);
        }
        if known.exact || known.value >= limit {
            return known.value;
        }
        let canonical = self.canonical_once(problem.set, renamed);
        if let Some(canonical) = &canonical {
            let shared = self.shared(canonical, problem.budget);
            if shared >= limit {
                self.table
                    .record(problem.set, problem.budget, Known::AtLeast(shared));
                return shared;
            }
        }
        let started = self.notes.is_some().then(Instant::now);
        let (value, guess) = self.search_node(problem, limit, ranked);
        let known = match guess {
            Some(guess) => Known::Exact { cost: value, guess },
            None => Known::AtLeast(value),
        };
        self.table.record(problem.set, problem.budget, known);
        if let Some(canonical) = &canonical {
            self.share(canonical, problem.budget, known);
        }
        if let (Some(started), Some(notes)) = (started, &self.notes) {
            notes.note_set(problem.set, problem.budget, known, started.elapsed());
        }
        value
    }

    /// The guess the search settles on for `set`, `depth` guesses below the root, whose least
    /// total within `budget` is `total`; `None` if no guess reaches it. Searching against a limit just above the total finds the same guess as an
    /// unlimited search (the first, in the search's order, that reaches the total) and prunes
    /// everything else: the table may have lost the set, and a large set searched without a
    /// limit costs far more than the search that solved it.
    pub(in crate::optimal) fn choose(
        &self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        (total, depth): (u32, usize),
    ) -> Option<Code> {
        if set.len() <= 2 {
            // Sets are in numeric order; the first of two candidates is the smaller.
            return set.first().copied();
        }
        if let SmallSet::Solved(_, guess) = self.small_set(set, budget) {
            return Some(guess);
        }
        if let Some(Known::Exact { guess, .. }) = self.table.get(set, budget) {
            return Some(guess);
        }
        // Never as the root, whose search reports its progress: the rebuild is past that.
        let problem = Subproblem {
            set,
            budget,
            symmetry,
            depth: depth.max(1),
        };
        self.search_node(problem, total.saturating_add(1), None).1
    }

    /// Tries the guesses for `set` best first; returns the least total and its guess if it is
    /// below `limit`, else a lower bound at or above `limit` and no guess.
    fn search_node(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        ranked: Option<Ranking<'_>>,
    ) -> (u32, Option<Code>) {
        let Subproblem {
            set,
            budget,
            symmetry,
            depth,
        } = problem;
        let ranking = ranked.unwrap_or_else(|| self.rank(set, budget, limit, symmetry));
        if depth == 0 || (depth < PARALLEL_GUESSES_DEPTH && set.len() >= PARALLEL_GUESSES_MIN_SET) {
            self.try_side_by_side(problem, limit, ranking)
        } else {
            self.try_in_turn(problem, limit, ranking)
        }
    }

    /// The sequential loop: each guess is tried against the best total found so far.
    fn try_in_turn(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        mut ranking: Ranking<'_>,
    ) -> (u32, Option<Code>) {
        let set = problem.set;
        let mut best: (u32, Option<Code>) = (limit, None);
        let mut floor = INFEASIBLE;
        let mut shapes = Shapes::new(&self.replies);
        loop {
            let (bound, not_candidate, guess) = match ranking.next_below(self, best.0) {
                Ok(next) => next,
                Err(least) => {
                    floor = floor.min(least);
                    break;
                }
            };
            let split = Split::new(&self.replies, guess, set);
            if !shapes.is_new((bound, not_candidate, guess), split.replies()) {
                continue;
            }
            match self.try_guess(problem, (guess, &split), bound, best.0) {
                Ok(total) => best = (total, Some(guess)),
                Err(bound) => floor = floor.min(bound),
            }
        }
        settled(best, floor, limit)
    }

    /// How many reply classes other than all-black `guess` leaves.
    pub(in crate::optimal) fn classes_of(&self, guess: Code, set: &[Code]) -> u64 {
        let reply_of = self.replies.replies_to(guess);
        let seen = set
            .iter()
            .fold(0u64, |seen, &secret| seen | 1 << reply_of(secret));
        let solved = 1 << self.replies.all_black();
        u64::from((seen & !solved).count_ones())
    }
}

/// A node's answer: its best guess and total if one was found below `limit`, else `floor`, a
/// lower bound at or above the limit.
fn settled(best: (u32, Option<Code>), floor: u32, limit: u32) -> (u32, Option<Code>) {
    match best {
        (total, Some(guess)) => (total, Some(guess)),
        (_, None) => {
            debug_assert!(floor >= limit, "a failed search proves its limit");
            (floor, None)
        }
    }
}
