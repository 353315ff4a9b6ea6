//! The expected-case optimum: a strategy of least total guesses over all codes, optionally
//! under a cap on the worst case, found by exact branch and bound in the style of Koyama and
//! Lai (1993).
//!
//! - [`budget`]: how many guesses a node may still use;
//! - [`bounds`]: least conceivable totals, used to prune;
//! - [`crate::symmetry`] (shared with the one-step builders): one guess per orbit of the
//!   transformations fixing the history;
//! - [`partition`]: a guess's classes, and their shape to skip guesses that split alike;
//! - [`replies`]: the reply table as rows;
//! - [`columns`]: which guesses a block of the kernels scores;
//! - [`counting`]: the hot loop's kernels on the reply rows;
//! - [`ranking`]: guesses handed out by bound, counted only when reached;
//! - [`cache`]: what is known about sets already met;
//! - [`estimate`]: what is known of a set before searching it;
//! - [`search`]: the branch and bound, parallel near the root;
//! - [`guess`]: trying one guess at a node;
//! - [`tree`]: the tree of the optimum, rebuilt from the search's choices;
//! - [`report`]: progress a user can read;
//! - [`pieces`]: the search cut into independent pieces, for running on many machines;
//! - [`notes`]: what a piece has proven, kept so that a stopped piece goes on;
//! - [`certify`]: the facts that prove a result to the independent checker;
//! - [`one_step_bounds`]: the checker's one-step bounds, as the prover works them out;
//! - [`piece_certificates`]: those facts for runs cut into pieces.

mod bounds;
mod budget;
mod cache;
mod certify;
mod columns;
mod context;
mod counting;
mod estimate;
mod guess;
mod isomorphic;
mod notes;
mod one_step_bounds;
mod partition;
mod piece_certificates;
mod pieces;
mod ranking;
mod renamed_facts;
mod replies;
mod report;
mod search;
#[cfg(target_arch = "x86_64")]
mod shuffled_marks;
mod side_by_side;
mod tree;

use std::fmt;

use mastermind_core::Scorer;
use mastermind_tree::Node;

use crate::situation::OtherGame;
use crate::symmetry::{OrbitLists, Symmetry};
use crate::{Progress, Situation};
use bounds::{LowerBound, INFEASIBLE};
use budget::Budget;
use context::{Capacity, Search, Subproblem};
use report::Report;

pub use certify::CertifyError;
pub use context::{set_transposition_table, DEFAULT_TABLE_BYTES};

pub use notes::{GuessTried, ImpossibleNote, Note, Notebook, SetFact, NOTE_AFTER};
pub use piece_certificates::certify_plan;
pub use pieces::{
    assemble, heuristic_completion, plan, solve_piece_noted, solve_pieces, tightened_limits,
    AssembleError, Piece, PieceError, PieceResult, Plan,
};
pub use replies::reply_rows_bytes;

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

/// Finds a strategy of least total guesses for the scorer's game (under the cap, if any), or
/// says that no strategy meets the cap. The tree is the same, byte for byte, whatever the
/// number of threads: among optimal guesses the search takes the least by (bound, whether it
/// is not a candidate, code) at every node.
pub fn optimal(
    scorer: &Scorer,
    options: &OptimalOptions,
    progress: &dyn Progress,
) -> Result<OptimalResult, NoStrategy> {
    let start = Situation::start(scorer);
    search_from(&Root::new(scorer, options, &start, progress)?, &start)
}

/// Finds the best way to go on from `situation`: the least total over its candidates of the
/// guesses still to come, with the cap counting the guesses already played.
pub fn optimal_from(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &Situation,
    progress: &dyn Progress,
) -> Result<OptimalResult, OptimalFromError> {
    situation
        .check_game(scorer)
        .map_err(OptimalFromError::OtherGame)?;
    let root = Root::new(scorer, options, situation, progress)?;
    Ok(search_from(&root, situation)?)
}

/// [`optimal_from`], and the certificate that no strategy does better written into `out` by
/// the same search, which by then knows most of what the proof asks of it (a proof set up
/// afresh, as [`certify_from`] sets it up, searches again for all of it).
pub fn optimal_certified_from<W: std::io::Write + Send>(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &Situation,
    progress: &dyn Progress,
    out: &mut mastermind_certificate::CertificateWriter<W>,
) -> Result<OptimalResult, CertifiedError> {
    situation
        .check_game(scorer)
        .map_err(|other| CertifiedError::Search(OptimalFromError::OtherGame(other)))?;
    let root = Root::new(scorer, options, situation, progress)
        .map_err(|none| CertifiedError::Search(none.into()))?;
    let result =
        search_from(&root, situation).map_err(|none| CertifiedError::Search(none.into()))?;
    let bound = u32::try_from(result.total).unwrap_or(INFEASIBLE - 1);
    let path = path_to(scorer, situation);
    certify::prove(&root, &path, situation.candidates(), bound, out)
        .map_err(CertifiedError::Proof)?;
    Ok(result)
}

/// Why [`optimal_certified_from`] wrote no certificate.
#[derive(Debug)]
pub enum CertifiedError {
    /// The search found no strategy, or was given a situation of another game.
    Search(OptimalFromError),
    /// The proof failed.
    Proof(CertifyError),
}

impl fmt::Display for CertifiedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertifiedError::Search(error) => error.fmt(f),
            CertifiedError::Proof(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CertifiedError {}

/// Why [`optimal_from`] found no strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimalFromError {
    /// No strategy meets the cap on the worst case.
    NoStrategy(NoStrategy),
    /// The situation is of another game than the scorer's.
    OtherGame(OtherGame),
}

impl fmt::Display for OptimalFromError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimalFromError::NoStrategy(none) => none.fmt(f),
            OptimalFromError::OtherGame(other) => other.fmt(f),
        }
    }
}

impl std::error::Error for OptimalFromError {}

impl From<NoStrategy> for OptimalFromError {
    fn from(none: NoStrategy) -> OptimalFromError {
        OptimalFromError::NoStrategy(none)
    }
}

/// Writes into `out` the facts proving that from `situation` on, within the options' cap,
/// every strategy needs at least `bound` more guesses in all (`None`: that no strategy fits
/// the cap). A fresh search finds the costs the proof needs, and `mastermind-certificate` checks it.
pub fn certify_from<W: std::io::Write + Send>(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &Situation,
    bound: Option<u64>,
    out: &mut mastermind_certificate::CertificateWriter<W>,
) -> Result<(), CertifyError> {
    situation
        .check_game(scorer)
        .map_err(CertifyError::OtherGame)?;
    let bound = bound.map_or(INFEASIBLE, |b| u32::try_from(b).unwrap_or(INFEASIBLE - 1));
    let path = path_to(scorer, situation);
    let Ok(root) = Root::new(scorer, options, situation, &crate::NoProgress) else {
        // The cap leaves no guess to play: the checker needs no proof of that.
        return Ok(());
    };
    certify::prove(&root, &path, situation.candidates(), bound, out)
}

/// The guesses played to reach `situation`, with their replies, as a certificate names them.
fn path_to(scorer: &Scorer, situation: &Situation) -> Vec<mastermind_certificate::Step> {
    situation
        .played()
        .iter()
        .map(|&guess| mastermind_certificate::Step {
            guess,
            reply: scorer.feedback(guess, situation.candidates()[0]),
        })
        .collect()
}

/// Runs the search set up in `root` for the candidates of `situation`.
fn search_from(root: &Root<'_>, situation: &Situation) -> Result<OptimalResult, NoStrategy> {
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

/// A search set up at a situation: the bounds, the budget left, and the symmetries that fix
/// the guesses played. Every search of one game and options is set up alike, so that pieces
/// solved apart ([`pieces`]) choose as the whole search does.
struct Root<'a> {
    search: Search<'a>,
    budget: Budget,
    symmetry: Symmetry,
    /// The cap the budget came from, to name in the answer when no strategy meets it.
    max_guesses: Option<usize>,
}

impl<'a> Root<'a> {
    fn new(
        scorer: &'a Scorer,
        options: &OptimalOptions,
        situation: &Situation,
        progress: &'a dyn Progress,
    ) -> Result<Root<'a>, NoStrategy> {
        Root::with_capacity(scorer, options, situation, progress, Capacity::full())
    }

    /// [`Root::new`] holding only what `capacity` allows.
    fn with_capacity(
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

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::NoProgress;

    /// Small games searched with less than a search can hold: without reply rows (games past
    /// 10000 codes score through the scorer), and without a transposition table (large games
    /// outgrow it, and the tree is then rebuilt by searching again). Both must find the trees
    /// the full search finds.
    #[test]
    fn searching_with_less_held_finds_the_same_trees() {
        let less = [
            Capacity {
                most_tabulated: 0,
                ..Capacity::full()
            },
            Capacity {
                table_bytes: 0,
                ..Capacity::full()
            },
        ];
        for (game, max_guesses) in [
            (Game::new(3, 4, true, FeedbackKind::BlackWhite), None),
            (Game::new(4, 4, true, FeedbackKind::BlackWhite), Some(5)),
            (Game::new(3, 5, false, FeedbackKind::BlackWhite), None),
            (Game::new(4, 4, true, FeedbackKind::BlackOnly), None),
            (Game::new(4, 5, true, FeedbackKind::BlackWhite), None),
        ] {
            let scorer = Scorer::new(game.expect("a valid game"));
            let options = OptimalOptions {
                max_guesses,
                consistent_only: false,
            };
            let start = Situation::start(&scorer);
            // The node counts depend on thread scheduling; the tree and total do not.
            let tree_and_total = |result: Result<OptimalResult, NoStrategy>| {
                result.map(|result| (result.tree, result.total))
            };
            let full = tree_and_total(optimal(&scorer, &options, &NoProgress));
            for capacity in less {
                let root = Root::with_capacity(&scorer, &options, &start, &NoProgress, capacity)
                    .expect("a budget");
                let held_rows = root.search.replies.row(start.candidates()[0]).is_some();
                assert_eq!(held_rows, capacity.most_tabulated > 0);
                assert_eq!(
                    tree_and_total(search_from(&root, &start)),
                    full,
                    "{} {capacity:?}",
                    scorer.game().describe()
                );
            }
        }
    }
}
