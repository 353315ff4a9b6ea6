//! The branch and bound itself. `solve` answers "what is the least total for this candidate
//! set with this budget, if it is below `limit`?": an answer below the limit is exact, an
//! answer at or above it is only a lower bound. Guesses are tried best bound first; each
//! guess's classes are solved with the limit that is left once the other classes' bounds are
//! counted, so a guess is dropped as soon as it cannot beat the best one found.
//!
//! The guess chosen for a set is the least, over all codes, by (total, bound, whether it is
//! not a candidate, code): every tie is broken by a fixed order, so the tree depends on the set
//! and the budget only, not on the path that reached it, the limits, the table or the threads.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use mastermind_core::{Code, Scorer};
use rayon::prelude::*;

use super::bounds::{LowerBound, INFEASIBLE};
use super::budget::Budget;
use super::cache::{Known, TranspositionTable};
use super::estimate::{Estimate, SmallSet};
use super::guess::Outcome;
use super::notes::Notes;
use super::partition::Shapes;
use super::ranking::Ranking;
use super::replies::{ReplyTable, MOST_CODES_TABULATED};
use super::report::Report;
use crate::guesses::GuessPool;
use crate::symmetry::Symmetry;

/// The root, and nodes this close to it with at least [`PARALLEL_GUESSES_MIN_SET`]
/// candidates, try their guesses a few at a time, side by side: a batch is tried against the
/// best total before it, a little more work than trying guesses in turn, but the only way to
/// keep every thread busy when the root offers few subproblems (Bulls and Cows has one
/// opening).
pub(super) const PARALLEL_GUESSES_DEPTH: usize = 2;

/// See [`PARALLEL_GUESSES_DEPTH`].
const PARALLEL_GUESSES_MIN_SET: usize = 300;

/// How much a search may hold: reply rows for games of at most `most_tabulated` codes (larger
/// games score through the scorer), and a transposition table of about `table_bytes`. Tests
/// shrink both to send small games down the paths large ones take.
#[derive(Clone, Copy, Debug)]
pub(super) struct Capacity {
    pub(super) most_tabulated: usize,
    pub(super) table_bytes: usize,
}

/// What a search holds unless the process says otherwise: 1 GiB of transposition table, room
/// for every set the 4×9 search meets (it peaks at about 700 MB, and takes 1.8 times as long
/// in a table of 256 MiB). The table grows only as sets are learnt, so smaller searches take
/// only what they use.
pub const DEFAULT_TABLE_BYTES: usize = 1 << 30;

/// The transposition table's size for the searches of this process (see
/// [`set_transposition_table`]).
static TABLE_BYTES: AtomicUsize = AtomicUsize::new(DEFAULT_TABLE_BYTES);

/// Gives the transposition table of every later optimal search about `bytes` of memory
/// ([`DEFAULT_TABLE_BYTES`] unless set): less for a process under a memory limit, more for a
/// search of hours, which fills the default table and then searches again the sets it could
/// not keep. The table only makes the search faster: any size finds the same trees.
pub fn set_transposition_table(bytes: usize) {
    TABLE_BYTES.store(bytes, Ordering::Relaxed);
}

impl Capacity {
    /// All a search may hold in this process.
    pub(super) fn full() -> Capacity {
        Capacity {
            most_tabulated: MOST_CODES_TABULATED,
            table_bytes: TABLE_BYTES.load(Ordering::Relaxed),
        }
    }
}

/// A candidate set to settle: its codes (in numeric order), the guesses it may still use, the
/// symmetries that fix every guess leading to it, and its depth below the root.
#[derive(Clone, Copy)]
pub(super) struct Subproblem<'s> {
    pub(super) set: &'s [Code],
    pub(super) budget: Budget,
    pub(super) symmetry: &'s Symmetry,
    pub(super) depth: usize,
}

/// One search: the game, the bounds, what has been learnt so far.
pub(super) struct Search<'a> {
    pub(super) scorer: &'a Scorer,
    pub(super) bounds: LowerBound,
    table: TranspositionTable,
    pub(super) pool: GuessPool,
    pub(super) replies: ReplyTable<'a>,
    pub(super) consistent_only: bool,
    pub(super) nodes: AtomicU64,
    pub(super) report: Report<'a>,
    /// Where what the search proves is noted, for a search that may be stopped.
    pub(super) notes: Option<Notes<'a>>,
}

impl<'a> Search<'a> {
    /// A search that holds what `capacity` allows.
    pub(super) fn new(
        scorer: &'a Scorer,
        bounds: LowerBound,
        consistent_only: bool,
        capacity: Capacity,
        report: Report<'a>,
    ) -> Search<'a> {
        Search {
            scorer,
            bounds,
            table: TranspositionTable::new(capacity.table_bytes, scorer.codebook().len()),
            pool: GuessPool::new(scorer.codebook()),
            replies: ReplyTable::new(scorer, capacity.most_tabulated),
            consistent_only,
            nodes: AtomicU64::new(0),
            report,
            notes: None,
        }
    }

    pub(super) fn scorer(&self) -> &'a Scorer {
        self.scorer
    }

    /// Nodes whose guesses were ranked: the measure of the search's work.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(super) fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Tells the progress receiver the search is over.
    pub(super) fn finish(&self, total: u32) {
        self.report.finish(total);
    }

    /// Sets the transposition table holds.
    pub(super) fn table_entries(&self) -> usize {
        self.table.len()
    }

    /// The least total for `set` with `budget`, exact if below `limit`, else a lower bound at
    /// or above it ([`INFEASIBLE`] if no strategy fits the budget).
    pub(super) fn solve(&self, problem: Subproblem<'_>, limit: u32) -> u32 {
        let known = self.known(problem.set, problem.budget);
        self.solve_known(problem, limit, known, None)
    }

    /// [`Search::solve`], given what is already known about the set, and its guesses already
    /// ranked against a limit at least as large, if they are.
    pub(super) fn solve_known(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        mut known: Estimate,
        ranked: Option<Ranking<'_>>,
    ) -> u32 {
        if self.needs_scan(problem.set, problem.budget, known) {
            known = self.scan_outside(problem.set, problem.budget);
        }
        if known.exact || known.value >= limit {
            return known.value;
        }
        let started = self.notes.is_some().then(Instant::now);
        let (value, guess) = self.search_node(problem, limit, ranked);
        let known = match guess {
            Some(guess) => Known::Exact { cost: value, guess },
            None => Known::AtLeast(value),
        };
        self.table.record(problem.set, problem.budget, known);
        if let Some(started) = started {
            self.note_set(problem.set, problem.budget, known, started.elapsed());
        }
        value
    }

    /// The guess the search settles on for `set`, whose least total within `budget` is
    /// `total`; `None` if no guess reaches it. Searching against a limit just above the total finds the same guess as an
    /// unlimited search (the first, in the search's order, that reaches the total) and prunes
    /// everything else: the table may have lost the set, and a large set searched without a
    /// limit costs far more than the search that solved it.
    pub(super) fn choose(
        &self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        total: u32,
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
        let problem = Subproblem {
            set,
            budget,
            symmetry,
            depth: PARALLEL_GUESSES_DEPTH,
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
            self.try_in_batches(problem, limit, ranking)
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
        let mut shapes = Shapes::new(&self.replies, set);
        loop {
            let (bound, not_candidate, guess) = match ranking.next_below(self, best.0) {
                Ok(next) => next,
                Err(least) => {
                    floor = floor.min(least);
                    break;
                }
            };
            if !shapes.is_new((bound, not_candidate, guess)) {
                continue;
            }
            match self.try_guess(problem, guess, bound, best.0) {
                Ok(total) => best = (total, Some(guess)),
                Err(bound) => floor = floor.min(bound),
            }
        }
        settled(best, floor, limit)
    }

    /// The parallel loop near the root: guesses are tried a few at a time, in order, each
    /// batch against the best total of the batches before it. Within a batch the earlier
    /// guess wins ties, as in the sequential loop, so the choice is the same.
    fn try_in_batches(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        mut ranking: Ranking<'_>,
    ) -> (u32, Option<Code>) {
        let set = problem.set;
        let at_root = problem.depth == 0;
        if at_root {
            ranking.count_all(self);
            let total = ranking
                .remaining()
                .map(|(_, _, guess)| self.classes_of(guess, set))
                .sum();
            self.report.begin(total);
        }
        let batch_size = rayon::current_num_threads().max(1);
        let mut best: (u32, Option<Code>) = (limit, None);
        let mut floor = INFEASIBLE;
        let mut shapes = Shapes::new(&self.replies, set);
        let mut exhausted = false;
        while !exhausted {
            let mut batch = Vec::with_capacity(batch_size);
            while batch.len() < batch_size {
                let (bound, not_candidate, guess) = match ranking.next_below(self, best.0) {
                    Ok(next) => next,
                    Err(least) => {
                        floor = floor.min(least);
                        if at_root {
                            let rest = ranking
                                .remaining()
                                .map(|(_, _, guess)| self.classes_of(guess, set));
                            self.report.settle(rest.sum());
                        }
                        exhausted = true;
                        break;
                    }
                };
                if shapes.is_new((bound, not_candidate, guess)) {
                    batch.push((bound, guess));
                } else if at_root {
                    self.report.settle(self.classes_of(guess, set));
                }
            }
            let limit = best.0;
            let depth = problem.depth;
            let outcomes: Vec<Outcome> = batch
                .par_iter()
                .map(|&(bound, guess)| {
                    self.recalled_guess(depth, guess, limit).unwrap_or_else(|| {
                        let outcome = self.try_guess(problem, guess, bound, limit);
                        self.note_guess(depth, guess, outcome);
                        outcome
                    })
                })
                .collect();
            for (&(_, guess), outcome) in batch.iter().zip(outcomes) {
                match outcome {
                    Ok(total) if total < best.0 => best = (total, Some(guess)),
                    Ok(_) => {}
                    Err(bound) => floor = floor.min(bound),
                }
            }
            if at_root && best.1.is_some() {
                self.report.found(best.0);
            }
        }
        settled(best, floor, limit)
    }

    /// How many reply classes other than all-black `guess` leaves.
    fn classes_of(&self, guess: Code, set: &[Code]) -> u64 {
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
