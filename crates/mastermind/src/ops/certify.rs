//! Proving the optimum: a tree built before ([`certify`]) or as it is built
//! ([`generate_certified`]), and the options every run of the optimal search takes.

use crate::strategy::{
    build_certified, certify_tree, optimal_options, strategy_info, BuildCertifiedError,
    BuiltStrategy, CertifyTreeError, OptimalOptions, Progress, StrategyKind, StrategyOptions,
};
use crate::tree::{Node, Statistics, StrategyInfo};
use crate::{Code, Codebook, Feedback, Scorer};

use super::Proof;

/// Proves what a tree of the optimal search claims (its total, or its worst case with
/// `minimize worst`): the tree at `root`, labelled `strategy`, played after `history` (empty
/// for a whole game). The search runs again to prove it; an error of
/// [`CertifyTreeError::Certify`] means its answers do not support the claim.
pub fn certify(
    scorer: &Scorer,
    strategy: &StrategyInfo,
    history: &[(Code, Feedback)],
    root: &Node,
) -> Result<Proof, CertifyTreeError> {
    let statistics = Statistics::of_tree(root);
    let (total, worst) = (statistics.total(), statistics.worst_case());
    Proof::timed(|out| {
        certify_tree(scorer, strategy, history, total, worst, out).map(|facts| ((), facts))
    })
    .map(|((), proof)| proof)
}

/// Builds the optimal tree with `options` for the scorer's game and proves it, with one search
/// where the total is minimised.
pub fn generate_certified(
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> Result<(BuiltStrategy, Proof), BuildCertifiedError> {
    Proof::timed(|out| build_certified(options, scorer, progress, out))
}

/// The search's options and the tree's labels of the optimal search with `options`, as the
/// runs in shards and pieces take them.
pub fn optimal_search(
    options: &StrategyOptions,
    book: &Codebook,
) -> (OptimalOptions, StrategyInfo) {
    (
        optimal_options(options),
        strategy_info(StrategyKind::Optimal.file_name(), options, book),
    )
}
