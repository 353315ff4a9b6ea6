//! The best strategy known while a run's pieces come in. Its total bounds the optimum from
//! above at every stop of a run, and is the optimum once every piece is in.

use mastermind_core::Code;
use mastermind_tree::{Node, Statistics};

use super::plan::{mostly_exact, PieceResult, Plan};

/// The tree of least total among these strategies of the whole game, the earlier on a tie:
///
/// 1. `base` (a tree of the game from its start), with each exact piece of its opening in
///    place of its subtree after the same reply where the piece needs fewer guesses;
/// 2. each opening of the plan with at least half its codes in exact pieces, its other
///    pieces' classes played by `completion` (a tree for the piece at an index of the plan,
///    and its total after the opening; a heuristic's). An opening whose every piece is exact
///    needs no completion, so once every piece is in this is the optimum.
///
/// `results` holds what is known of each piece of `plan` (in plan order), `codes` is the
/// game's number of codes. `None` if no strategy is among them.
pub fn best_known(
    plan: &Plan,
    results: &[Option<PieceResult>],
    codes: u64,
    base: Option<&Node>,
    completion: &mut dyn FnMut(usize) -> Option<(Node, u64)>,
) -> Option<(Node, u64)> {
    let mut best = base.map(|base| with_pieces(plan, results, base));
    for &opening in &plan.openings {
        if !mostly_exact(plan, results, opening) {
            continue;
        }
        if let Some((tree, total)) = completed(plan, results, codes, opening, completion) {
            if best.as_ref().is_none_or(|(_, least)| total < *least) {
                best = Some((tree, total));
            }
        }
    }
    best
}

/// `base` with the exact pieces of its opening in place where they need fewer guesses, and
/// the total that makes.
fn with_pieces(plan: &Plan, results: &[Option<PieceResult>], base: &Node) -> (Node, u64) {
    let mut tree = base.clone();
    for (piece, result) in plan.pieces.iter().zip(results) {
        let Some(PieceResult::Exact {
            total,
            tree: solved,
        }) = result
        else {
            continue;
        };
        if piece.opening != tree.guess {
            continue;
        }
        let child = tree
            .children
            .iter_mut()
            .find(|(reply, _)| *reply == piece.reply);
        if let Some((_, child)) = child {
            if *total < Statistics::of_tree(child).total() {
                *child = solved.clone();
            }
        }
    }
    let total = Statistics::of_tree(&tree).total();
    (tree, total)
}

/// `opening` followed by its exact pieces' trees and `completion`'s for the rest, with its
/// total; `None` if a completion is missing.
fn completed(
    plan: &Plan,
    results: &[Option<PieceResult>],
    codes: u64,
    opening: Code,
    completion: &mut dyn FnMut(usize) -> Option<(Node, u64)>,
) -> Option<(Node, u64)> {
    let mut total = codes;
    let mut children = Vec::new();
    for (index, (piece, result)) in plan.pieces.iter().zip(results).enumerate() {
        if piece.opening != opening {
            continue;
        }
        let (tree, own) = match result {
            Some(PieceResult::Exact { total, tree }) => (tree.clone(), *total),
            _ => completion(index)?,
        };
        total += own;
        children.push((piece.reply, tree));
    }
    let root = Node {
        guess: opening,
        candidates: u32::try_from(codes).ok()?,
        children,
    };
    Some((root, total))
}
