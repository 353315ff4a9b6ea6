//! Writes out the strategy the search proved optimal. The search keeps totals, not trees;
//! the tree is rebuilt top-down from the guesses it settled on, which the transposition table
//! mostly still holds. Every set is rebuilt knowing its least total, so a set the table has
//! lost is searched again against a limit just above it, the subtrees side by side. A total that no guess reaches (which
//! only notes taken back in from a stopped run can claim, see [`crate::optimal::search::notes`]) rebuilds
//! nothing: the tree is `None`.

use mastermind_core::Code;
use mastermind_tree::Node;
use rayon::prelude::*;

use super::context::{Search, Subproblem};
use super::shared_bounds::Renamed;
use crate::optimal::bounds::budget::Budget;
use mastermind_strategy::symmetry::Symmetry;

impl Search<'_> {
    /// The optimal tree for `set`, `depth` guesses below the root, whose least total within
    /// `budget` is `total`; `None` if the search finds that total unreachable.
    pub(in crate::optimal) fn build(
        &self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        (total, depth): (u32, usize),
    ) -> Option<Node> {
        let guess = self.choose(set, budget, symmetry, (total, depth))?;
        let scorer = self.scorer();
        let all_black = scorer.game().all_black();
        let symmetry = symmetry.after(scorer.codebook(), guess);
        let budget = budget.after_guess();
        let classes: Vec<_> = scorer
            .split(guess, set)
            .classes
            .into_iter()
            .filter(|(reply, _)| *reply != all_black)
            .collect();
        // The classes' totals add up to the set's, less one guess per code: each class not
        // known exactly is solved against the limit the others' estimates leave, which its
        // total is below.
        let mut estimates: Vec<_> = classes
            .iter()
            .map(|(_, class)| self.known(class, budget))
            .collect();
        let classes_total = total.checked_sub(set.len() as u32)?;
        let mut rest = estimates
            .iter()
            .try_fold(0u32, |sum, estimate| sum.checked_add(estimate.value))?;
        for ((_, class), estimate) in classes.iter().zip(&mut estimates) {
            if estimate.exact {
                continue;
            }
            let limit = classes_total
                .checked_sub(rest - estimate.value)?
                .checked_add(1)?;
            let problem = Subproblem {
                set: class,
                budget,
                symmetry: &symmetry,
                depth: depth + 1,
            };
            let value = self.solve_known(problem, limit, *estimate, None, Renamed::NotYet);
            // A class of an optimal guess is solved exactly, unless the total was not true.
            if value >= limit {
                return None;
            }
            rest = rest - estimate.value + value;
            estimate.value = value;
        }
        // The subtrees are rebuilt side by side: each is the same whoever builds it first, and
        // rebuilding the sets the table has lost can cost as much as the search (BENCHMARKS.md,
        // "The code's tuning").
        let children = classes
            .par_iter()
            .zip(&estimates)
            .map(|((reply, class), estimate)| {
                Some((
                    *reply,
                    self.build(class, budget, &symmetry, (estimate.value, depth + 1))?,
                ))
            })
            .collect::<Option<_>>()?;
        Some(Node {
            guess,
            candidates: set.len() as u32,
            children,
        })
    }
}
