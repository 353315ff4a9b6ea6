//! The plan of a search cut into pieces: the openings worth trying in the whole search's
//! order, each one's classes as pieces, and the limit each piece is solved against, from the
//! upper bound the one-step heuristics' trees give.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::{Node, Statistics};

use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::options::{NoStrategy, OptimalOptions};
use crate::optimal::search::partition::{Shapes, Split};
use crate::optimal::search::root::Root;
use mastermind_strategy::Heuristic;
use mastermind_strategy::NoProgress;
use mastermind_strategy::Situation;
use mastermind_strategy::{one_step_from, OneStepOptions, TieBreak};

/// The heuristics whose trees bound the optimum from above.
const BOUNDING_HEURISTICS: [Heuristic; 2] = [Heuristic::ExpectedSize, Heuristic::MostParts];

/// One piece: the class of `size` codes that `reply` leaves after `opening`, solved exactly
/// when its total is below `limit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The first guess of the opening tried.
    pub opening: Code,
    /// The reply to it whose codes the piece solves.
    pub reply: Feedback,
    /// How many codes give that reply.
    pub size: usize,
    /// The most guesses the piece may need after the opening and still help the best total.
    pub limit: u32,
    /// The least total any strategy can reach on a class of its size: what the plan counts
    /// for it until it is solved.
    pub least: u32,
}

/// Every piece of one search, and what the choice of the first guess needs besides them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The openings worth trying, in the order the whole search tries them (which decides
    /// ties).
    pub openings: Vec<Code>,
    /// Each opening's classes other than all-black, in reply order, opening by opening.
    pub pieces: Vec<Piece>,
    /// The total of the best heuristic tree, if one meets the cap.
    pub upper_bound: Option<u64>,
}

/// What solving a piece found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceResult {
    /// The least total of the class's guesses after the opening, and the tree that reaches it.
    /// The piece's least total, with its tree.
    Exact {
        /// The least number of guesses its codes need after the opening.
        total: u64,
        /// The tree that needs them.
        tree: Node,
    },
    /// The total is at least this, which is at or above the piece's limit.
    AtLeast(u64),
}

/// Cuts the optimal search of the scorer's game into pieces.
pub fn plan(scorer: &Scorer, options: &OptimalOptions) -> Result<Plan, NoStrategy> {
    let root = Root::new(scorer, options, &Situation::start(scorer), &NoProgress)?;
    let set = scorer.all_codes();
    let n = set.len() as u64;
    let upper_bound = upper_bound(scorer, options);
    let limit = upper_bound.map_or(INFEASIBLE, |bound| clamp(bound + 1));
    let ranking = root.search.rank(&set, root.budget, limit, &root.symmetry);
    let all_black = scorer.game().all_black();
    let after = root.budget.after_guess();
    let mut shapes = Shapes::new(&root.search.replies);
    let mut openings = Vec::new();
    let mut pieces = Vec::new();
    for ranked in ranking.into_sorted(&root.search) {
        let opening = ranked.2;
        // Openings that split the codes alike cost the same; the first one wins ties.
        let split = Split::new(&root.search.replies, opening, &set);
        if !shapes.is_new(ranked, split.replies()) {
            continue;
        }
        let classes: Vec<(Feedback, usize)> = scorer
            .split(opening, &set)
            .classes
            .into_iter()
            .filter(|(reply, _)| *reply != all_black)
            .map(|(reply, class)| (reply, class.len()))
            .collect();
        let least: Vec<u64> = classes
            .iter()
            .map(|&(_, size)| u64::from(root.search.bounds.of(size, after)))
            .collect();
        let least_sum: u64 = n + least.iter().sum::<u64>();
        openings.push(opening);
        for (&(reply, size), &own) in classes.iter().zip(&least) {
            let limit = match upper_bound {
                // The rest of the opening's total is at least `least_sum - own`.
                Some(bound) => clamp((bound + 1).saturating_sub(least_sum - own)),
                None => INFEASIBLE,
            };
            pieces.push(Piece {
                opening,
                reply,
                size,
                limit,
                least: own as u32,
            });
        }
    }
    if openings.is_empty() {
        return Err(NoStrategy {
            max_guesses: options.max_guesses.unwrap_or(0),
        });
    }
    Ok(Plan {
        openings,
        pieces,
        upper_bound,
    })
}

/// The least total of the heuristic trees that meet the cap and the consistency rule.
fn upper_bound(scorer: &Scorer, options: &OptimalOptions) -> Option<u64> {
    heuristic_total(scorer, options, &Situation::start(scorer))
}

/// The least total, over the guesses still to come, of the heuristic trees from `situation`
/// that meet the cap and the consistency rule.
fn heuristic_total(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &Situation,
) -> Option<u64> {
    heuristic_tree(scorer, options, situation).map(|(_, total)| total)
}

/// The heuristic tree of least total (over the guesses still to come) from `situation` that
/// meets the cap and the consistency rule, with that total; the earlier heuristic's on a tie.
fn heuristic_tree(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &Situation,
) -> Option<(Node, u64)> {
    let played = situation.played().len();
    let mut best: Option<(Node, u64)> = None;
    for &heuristic in &BOUNDING_HEURISTICS {
        let tree = one_step_from(
            scorer,
            &OneStepOptions {
                heuristic,
                tie_break: TieBreak::PreferCandidate,
                consistent_only: options.consistent_only,
            },
            situation,
            &NoProgress,
        );
        let statistics = Statistics::of_tree(&tree);
        let within_cap = options
            .max_guesses
            .is_none_or(|cap| played + statistics.worst_case() <= cap);
        let total = statistics.total();
        if within_cap && best.as_ref().is_none_or(|(_, least)| total < *least) {
            best = Some((tree, total));
        }
    }
    best
}

/// The heuristic tree of the whole game whose total is the plan's upper bound
/// ([`Plan::upper_bound`]), with that total: a strategy that exists.
pub fn heuristic_strategy(scorer: &Scorer, options: &OptimalOptions) -> Option<(Node, u64)> {
    heuristic_tree(scorer, options, &Situation::start(scorer))
}

/// The least total, after the opening, of the heuristic trees for a piece's codes that meet
/// the cap and the consistency rule: with the solved pieces of its opening, a strategy that
/// bounds the optimum (see [`tightened_limits`]).
pub fn heuristic_completion(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
) -> Option<u64> {
    heuristic_piece_tree(scorer, options, piece).map(|(_, total)| total)
}

/// The heuristic tree for a piece's codes whose total is [`heuristic_completion`]'s, with
/// that total.
pub fn heuristic_piece_tree(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
) -> Option<(Node, u64)> {
    let situation = Situation::after(scorer, &[(piece.opening, piece.reply)]).ok()?;
    heuristic_tree(scorer, options, &situation)
}

/// The limits the pieces of `plan` not yet solved can be solved against, given the results
/// of those that are (`known`, in plan order). The plan's limits assume nothing of the other
/// pieces; once some are solved the bound on the optimum tightens (an opening's solved pieces
/// with heuristic trees for the rest make a strategy), and so does what a piece's siblings
/// are known to need. A piece that reaches its tightened limit still proves its opening worse
/// than a strategy that exists, which [`assemble`](super::assemble()) checks. Solved pieces keep their limits.
///
/// `completion` gives [`heuristic_completion`] of the piece at an index of the plan; a run
/// that asks again and again keeps them, since each is a heuristic tree built. It is asked
/// only for openings with at least half their codes in exact pieces, whose solved pieces and
/// least totals could beat the bound so far.
pub fn tightened_limits(
    scorer: &Scorer,
    plan: &Plan,
    known: &[Option<PieceResult>],
    completion: &mut dyn FnMut(usize) -> Option<u64>,
) -> Vec<u32> {
    let n = scorer.codebook().len() as u64;
    let pieces_of = |opening: Code| {
        plan.pieces
            .iter()
            .enumerate()
            .zip(known)
            .filter(move |((_, piece), _)| piece.opening == opening)
    };
    // Openings with at least half their codes in exact pieces and no bound, most promising
    // first: their solved pieces with the heuristics' trees for the rest.
    let mut started: Vec<(u64, Code)> = plan
        .openings
        .iter()
        // Heuristic trees for most of an opening cost more than they tighten.
        .filter(|&&opening| mostly_exact(plan, known, opening))
        .map(|&opening| {
            let least: u64 = pieces_of(opening)
                .map(|((_, piece), result)| counted(piece, result.as_ref()))
                .sum();
            (n + least, opening)
        })
        .collect();
    started.sort_unstable();
    let mut bound = plan.upper_bound;
    for (least, opening) in started {
        if bound.is_some_and(|bound| least >= bound) {
            break;
        }
        let total = pieces_of(opening).try_fold(n, |total, ((index, _), result)| match result {
            Some(PieceResult::Exact { total: own, .. }) => Some(total + own),
            _ => Some(total + completion(index)?),
        });
        bound = bound.into_iter().chain(total).min();
    }
    let Some(bound) = bound else {
        return plan.pieces.iter().map(|piece| piece.limit).collect();
    };
    plan.pieces
        .iter()
        .zip(known)
        .map(|(piece, result)| {
            if result.is_some() {
                return piece.limit;
            }
            let others: u64 = pieces_of(piece.opening)
                .filter(|((_, other), _)| !std::ptr::eq(*other, piece))
                .map(|((_, other), result)| counted(other, result.as_ref()))
                .sum();
            piece
                .limit
                .min(clamp((bound + 1).saturating_sub(n + others)))
        })
        .collect()
}

/// What a piece counts for in its opening's total: its total if solved, else the bound it
/// reached or the least any class of its size needs.
pub(super) fn counted(piece: &Piece, result: Option<&PieceResult>) -> u64 {
    match result {
        Some(PieceResult::Exact { total, .. }) => *total,
        Some(PieceResult::AtLeast(bound)) => *bound,
        None => u64::from(piece.least),
    }
}

fn clamp(value: u64) -> u32 {
    u32::try_from(value).unwrap_or(INFEASIBLE)
}

/// Whether at least half the codes of `opening`'s pieces are in exact pieces (`results`, in
/// plan order) and none is bounded (a bounded piece's opening is worse than a strategy that
/// exists): the openings whose heuristic completions are worth building.
pub(super) fn mostly_exact(plan: &Plan, results: &[Option<PieceResult>], opening: Code) -> bool {
    let (mut exact, mut open) = (0, 0);
    for (piece, result) in plan.pieces.iter().zip(results) {
        if piece.opening != opening {
            continue;
        }
        match result {
            Some(PieceResult::Exact { .. }) => exact += piece.size,
            Some(PieceResult::AtLeast(_)) => return false,
            None => open += piece.size,
        }
    }
    exact > 0 && exact >= open
}
