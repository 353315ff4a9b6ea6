//! Writes out the strategy the search proved optimal. The search keeps totals, not trees;
//! the tree is rebuilt top-down from the guesses it settled on, which the transposition table
//! mostly still holds.

use mastermind_core::Code;
use mastermind_tree::Node;

use super::budget::Budget;
use super::search::Search;
use crate::symmetry::Symmetry;

impl Search<'_> {
    /// The optimal tree for `set`, a set known to be solvable within `budget`.
    pub(super) fn build(&self, set: &[Code], budget: Budget, symmetry: &Symmetry) -> Node {
        let guess = self.choose(set, budget, symmetry);
        let scorer = self.scorer();
        let all_black = scorer.game().all_black();
        let symmetry = symmetry.after(scorer.codebook(), guess);
        let children = scorer
            .split(guess, set)
            .classes
            .into_iter()
            .filter(|(reply, _)| *reply != all_black)
            .map(|(reply, class)| (reply, self.build(&class, budget.after_guess(), &symmetry)))
            .collect();
        Node {
            guess,
            candidates: set.len() as u32,
            children,
        }
    }
}
