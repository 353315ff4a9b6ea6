//! The tree of the optimum from its pieces' results: the opening of least total, ties to the
//! earlier, and the check that every opening left out for a bound is proven worse.

use std::fmt;

use mastermind_core::Scorer;
use mastermind_tree::Node;

use super::plan::{counted, PieceResult, Plan};
use crate::optimal::options::{NoStrategy, OptimalOptions};

/// The optimal tree from every piece's result (in plan order): the opening of least total,
/// ties to the earlier, with its pieces' trees as its children. An opening left out for a
/// bound must be proven worse than the one chosen: its pieces' totals, bounds and least
/// conceivable totals must add up to more.
pub fn assemble(
    scorer: &Scorer,
    options: &OptimalOptions,
    plan: &Plan,
    results: &[PieceResult],
) -> Result<(Node, u64), AssembleError> {
    let n = scorer.codebook().len() as u64;
    let mut best: Option<(u64, Node)> = None;
    for &opening in &plan.openings {
        let mut total = n;
        let mut children = Vec::new();
        let exact = plan
            .pieces
            .iter()
            .zip(results)
            .filter(|(piece, _)| piece.opening == opening)
            .all(|(piece, result)| match result {
                PieceResult::Exact { total: own, tree } => {
                    total += own;
                    children.push((piece.reply, tree.clone()));
                    true
                }
                PieceResult::AtLeast(_) => false,
            });
        if exact && best.as_ref().is_none_or(|(least, _)| total < *least) {
            let root = Node {
                guess: opening,
                candidates: n as u32,
                children,
            };
            best = Some((total, root));
        }
    }
    let Some((total, root)) = best else {
        return Err(AssembleError::NoStrategy(NoStrategy {
            max_guesses: options.max_guesses.unwrap_or(0),
        }));
    };
    for (index, (piece, result)) in plan.pieces.iter().zip(results).enumerate() {
        if let PieceResult::AtLeast(_) = result {
            let at_least: u64 = n + plan
                .pieces
                .iter()
                .zip(results)
                .filter(|(other, _)| other.opening == piece.opening)
                .map(|(other, result)| counted(other, Some(result)))
                .sum::<u64>();
            if at_least <= total {
                return Err(AssembleError::Unproven {
                    piece: index,
                    at_least,
                    best: total,
                });
            }
        }
    }
    Ok((root, total))
}

/// Why pieces' results make no tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssembleError {
    /// No opening has all its pieces solved: no strategy meets the cap.
    NoStrategy(NoStrategy),
    /// A piece's bound leaves its opening at `at_least` guesses or more, which does not rule
    /// it out against the best opening's `best`.
    Unproven {
        /// The piece's index in the plan.
        piece: usize,
        /// What its opening is known to need at least.
        at_least: u64,
        /// The total of the opening chosen.
        best: u64,
    },
}

impl fmt::Display for AssembleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssembleError::NoStrategy(error) => error.fmt(f),
            AssembleError::Unproven {
                piece,
                at_least,
                best,
            } => write!(
                f,
                "piece {piece} ends in a bound that leaves its opening at {at_least} guesses or \
                 more, which does not rule it out against the best opening's {best}"
            ),
        }
    }
}

impl std::error::Error for AssembleError {}
