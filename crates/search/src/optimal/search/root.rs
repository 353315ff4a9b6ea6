//! What every optimal search starts from: [`Root`], a search set up at a situation, which the
//! whole search, its pieces and its prover all start from alike, and the run of a whole search
//! from it to its tree.

use mastermind_core::Scorer;

use super::context::{Capacity, Search, Subproblem};
use super::report::Report;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::{self, LowerBound, INFEASIBLE};
use crate::optimal::options::{NoStrategy, OptimalOptions, OptimalResult, SearchStatistics};
use mastermind_strategy::symmetry::{OrbitLists, Symmetry};
use mastermind_strategy::Progress;
use mastermind_strategy::Situation;

/// A search set up at a situation: the bounds, the budget left, and the symmetries that fix
/// the guesses played. Every search of one game and options is set up alike, so that pieces
/// solved apart ([`pieces`](crate::optimal::pieces)) choose as the whole search does.
pub(in crate::optimal) struct Root<'a> {
    pub(in crate::optimal) search: Search<'a>,
    pub(in crate::optimal) budget: Budget,
    pub(in crate::optimal) symmetry: Symmetry,
    /// The cap the budget came from, to name in the answer when no strategy meets it.
    pub(in crate::optimal) max_guesses: Option<usize>,
}

impl<'a> Root<'a> {
    pub(in crate::optimal) fn new(
        scorer: &'a Scorer,
        options: &OptimalOptions,
        situation: &Situation,
        progress: &'a dyn Progress,
    ) -> Result<Root<'a>, NoStrategy> {
        Root::with_capacity(scorer, options, situation, progress, Capacity::full())
    }

    /// [`Root::new`] holding only what `capacity` allows.
    pub(in crate::optimal) fn with_capacity(
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
        let bounds = LowerBound::new(
            codes.len(),
            least_totals::most_replies(scorer, &openings),
            budget,
        );
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
pub(in crate::optimal) fn search_from(
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
        .build(codes, budget, symmetry, (total, 0))
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
