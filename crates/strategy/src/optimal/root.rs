//! What every optimal search starts from: its options, its result and what it did, the
//! answer when no strategy meets the cap, and [`Root`], a search set up at a situation, which
//! the whole search, its pieces and its prover all start from alike.

use std::fmt;

use mastermind_core::Scorer;
use mastermind_tree::Node;

use super::bounds::{self, LowerBound, INFEASIBLE};
use super::budget::Budget;
use super::context::{Capacity, Search, Subproblem};
use super::report::Report;
use crate::symmetry::{OrbitLists, Symmetry};
use crate::{Progress, Situation};

/// What the optimal search minimises, and over which guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimalOptions {
    /// No code may need more guesses than this.
    pub max_guesses: Option<usize>,
    /// Only guesses that may be the secret (candidates) are played.
    pub consistent_only: bool,
}

/// An optimal strategy and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalResult {
    /// The tree found.
    pub tree: Node,
    /// The least total number of guesses over all codes.
    pub total: u64,
    /// What the search did to find it.
    pub statistics: SearchStatistics,
}

/// The work an optimal search did. These figures depend on thread scheduling; the tree and
/// total do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStatistics {
    /// Nodes whose guesses were ranked and tried.
    pub nodes: u64,
    /// Candidate sets remembered in the transposition table at the end.
    pub table_entries: usize,
    /// How often the search looked a set up in the transposition table.
    pub table_lookups: u64,
    /// How many of those look-ups found the set there.
    pub table_hits: u64,
}

impl SearchStatistics {
    /// The work of two searches together, such as those below each reply to a fixed opening.
    pub fn plus(self, other: SearchStatistics) -> SearchStatistics {
        SearchStatistics {
            nodes: self.nodes + other.nodes,
            table_entries: self.table_entries + other.table_entries,
            table_lookups: self.table_lookups + other.table_lookups,
            table_hits: self.table_hits + other.table_hits,
        }
    }
}

/// No strategy meets the cap on the worst case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoStrategy {
    /// The cap on guesses that no strategy meets.
    pub max_guesses: usize,
}

impl fmt::Display for NoStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no strategy solves every code within {} guesses",
            self.max_guesses
        )
    }
}

impl std::error::Error for NoStrategy {}

/// A search set up at a situation: the bounds, the budget left, and the symmetries that fix
/// the guesses played. Every search of one game and options is set up alike, so that pieces
/// solved apart ([`pieces`](super::pieces)) choose as the whole search does.
pub(super) struct Root<'a> {
    pub(super) search: Search<'a>,
    pub(super) budget: Budget,
    pub(super) symmetry: Symmetry,
    /// The cap the budget came from, to name in the answer when no strategy meets it.
    pub(super) max_guesses: Option<usize>,
}

impl<'a> Root<'a> {
    pub(super) fn new(
        scorer: &'a Scorer,
        options: &OptimalOptions,
        situation: &Situation,
        progress: &'a dyn Progress,
    ) -> Result<Root<'a>, NoStrategy> {
        Root::with_capacity(scorer, options, situation, progress, Capacity::full())
    }

    /// [`Root::new`] holding only what `capacity` allows.
    pub(super) fn with_capacity(
        scorer: &'a Scorer,
        options: &OptimalOptions,
        situation: &Situation,
        progress: &'a dyn Progress,
        capacity: Capacity,
    ) -> Result<Root<'a>, NoStrategy> {
        let budget = match options.max_guesses {
            None => Budget::UNLIMITED,
            Some(cap) if cap > situation.played().len() => {
                Budget::at_most(cap - situation.played().len())
            }
            Some(cap) => return Err(NoStrategy { max_guesses: cap }),
        };
        let book = scorer.codebook();
        let codes = situation.candidates();
        // Every code is in the orbit of an opening, so no guess anywhere gets more replies
        // than the openings do.
        let full = Symmetry::full(book);
        let openings = full
            .representatives(book, codes, true, &OrbitLists::new())
            .into_owned();
        let bounds = LowerBound::new(codes.len(), bounds::most_replies(scorer, &openings), budget);
        let search = Search::new(
            scorer,
            bounds,
            options.consistent_only,
            capacity,
            Report::new(progress),
        );
        Ok(Root {
            search,
            budget,
            symmetry: situation.symmetry(scorer),
            max_guesses: options.max_guesses,
        })
    }
}

/// Runs the search set up in `root` for the candidates of `situation`.
pub(super) fn search_from(
    root: &Root<'_>,
    situation: &Situation,
) -> Result<OptimalResult, NoStrategy> {
    let Root {
        search,
        budget,
        symmetry,
        max_guesses,
    } = root;
    let (budget, symmetry) = (*budget, symmetry);
    let codes = situation.candidates();
    let root = Subproblem {
        set: codes,
        budget,
        symmetry,
        depth: 0,
    };
    let total = search.solve(root, INFEASIBLE);
    if total == INFEASIBLE {
        return Err(NoStrategy {
            max_guesses: max_guesses.unwrap_or(0),
        });
    }
    search.finish(total);
    let tree = search
        .build(codes, budget, symmetry, total)
        .expect("a search without notes rebuilds the total it found");
    Ok(OptimalResult {
        tree,
        total: u64::from(total),
        statistics: SearchStatistics {
            nodes: search.nodes(),
            table_entries: search.table_entries(),
            table_lookups: search.table_uses().lookups,
            table_hits: search.table_uses().hits,
        },
    })
}
