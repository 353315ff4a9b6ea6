//! The expected-case optimum: a strategy of least total guesses over all codes, optionally
//! under a cap on the worst case, found by exact branch and bound in the style of Koyama and
//! Lai (1993).
//!
//! The search by stage, each a folder whose modules import only downwards:
//!
//! - [`options`]: what a search is asked for and what it answers;
//! - [`bounds`]: the budget of guesses left and the least conceivable totals;
//! - [`kernels`]: the reply table and the hot loop's kernels on it;
//! - [`table`]: what the search remembers of the sets it met, by name and by canonical form;
//! - [`search`]: the branch and bound, its notes and its report;
//! - [`mastermind_strategy::symmetry`] (shared with the one-step builders): one guess per orbit of the
//!   transformations fixing the history;
//! - [`pieces`]: the search cut into independent pieces, for running on many machines;
//! - [`proof`]: the facts that prove a result to the independent checker.

mod bounds;
mod kernels;
mod options;
mod pieces;
mod proof;
mod search;
mod table;

use std::fmt;

use mastermind_core::Scorer;

use bounds::least_totals::INFEASIBLE;
use mastermind_strategy::{NoProgress, Progress};
use mastermind_strategy::{OtherGame, Situation};
use search::root::{search_from, Root};

pub use options::{NoStrategy, OptimalOptions, OptimalResult, SearchStatistics};
pub use proof::prover::CertifyError;
pub use search::context::{set_transposition_table, DEFAULT_TABLE_BYTES};

pub use kernels::replies::{
    hold_reply_rows_up_to, reply_rows_bytes, ALWAYS_TABULATED, MOST_CODES_TABULATED,
};
pub use pieces::{
    assemble, best_known, heuristic_completion, heuristic_piece_tree, heuristic_strategy, plan,
    solve_piece_noted, solve_pieces, tightened_limits, AssembleError, Learnt, Piece, PieceError,
    PieceResult, Plan,
};
pub use proof::piece_certificates::{certify_lower_bound, certify_plan};
pub use search::notes::{GuessTried, ImpossibleNote, Note, Notebook, SetFact, NOTE_AFTER};

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
    proof::prover::prove(&root, &path, situation.candidates(), bound, out)
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
    let Ok(root) = Root::new(scorer, options, situation, &NoProgress) else {
        // The cap leaves no guess to play: the checker needs no proof of that.
        return Ok(());
    };
    proof::prover::prove(&root, &path, situation.candidates(), bound, out)
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

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use mastermind_strategy::NoProgress;
    use search::context::Capacity;

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
