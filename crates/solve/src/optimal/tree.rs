//! Writes out the strategy the search proved optimal. The search keeps totals, not trees;
//! the tree is rebuilt top-down from the guesses it settled on, which the transposition table
//! mostly still holds. Every set is rebuilt knowing its least total, so a set the table has
//! lost is searched again against a limit just above it.

use mastermind_core::Code;
use mastermind_tree::Node;

use super::budget::Budget;
use super::search::{Search, Subproblem, PARALLEL_GUESSES_DEPTH};
use crate::symmetry::Symmetry;

impl Search<'_> {
    /// The optimal tree for `set`, whose least total within `budget` is `total`.
    pub(super) fn build(
        &self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        total: u32,
    ) -> Node {
        let guess = self.choose(set, budget, symmetry, total);
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
        let classes_total = total - set.len() as u32;
        let mut rest: u32 = estimates.iter().map(|estimate| estimate.value).sum();
        for ((_, class), estimate) in classes.iter().zip(&mut estimates) {
            if estimate.exact {
                continue;
            }
            let limit = classes_total - (rest - estimate.value) + 1;
            let problem = Subproblem {
                set: class,
                budget,
                symmetry: &symmetry,
                depth: PARALLEL_GUESSES_DEPTH,
            };
            let value = self.solve_known(problem, limit, *estimate, None);
            debug_assert!(
                value < limit,
                "a class of an optimal guess is solved exactly"
            );
            rest = rest - estimate.value + value;
            estimate.value = value;
        }
        let children = classes
            .iter()
            .zip(&estimates)
            .map(|((reply, class), estimate)| {
                (*reply, self.build(class, budget, &symmetry, estimate.value))
            })
            .collect();
        Node {
            guess,
            candidates: set.len() as u32,
            children,
        }
    }
}
