//! The optimal search cut into independent pieces, for running on many machines: each piece
//! is one class of one opening (the codes that give one reply to one first guess worth
//! trying), solved on its own, and the pieces' totals then pick the first guess exactly as the
//! whole search does.
//!
//! The whole search prunes openings against the best total found so far; pieces solved
//! apart cannot see each other's totals. Instead the plan takes an upper bound from the
//! one-step heuristics' trees (a strategy that exists, so the optimum is no larger): openings
//! whose bound exceeds it are left out, and each piece is solved against the limit that the
//! bound leaves once its siblings' least totals are counted. A piece that reaches its limit
//! proves its opening worse than the bound, so every opening that could be optimal has all
//! its pieces exact, and the choice, tie-breaks included, is the whole search's.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::{Node, Statistics};
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::bounds::INFEASIBLE;
use super::context::Subproblem;
use super::notes::{ImpossibleNote, Note, Notebook, NotedNode, Notes, NOTE_AFTER};
use super::partition::{Shapes, Split};
use super::root::{NoStrategy, OptimalOptions, Root};
use crate::one_step::{one_step_from, OneStepOptions, TieBreak};
use crate::score::Heuristic;
use crate::{NoProgress, Progress};

/// A piece's own node is one guess below the root.
const PIECE_DEPTH: usize = 1;

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
    let root = Root::new(
        scorer,
        options,
        &crate::Situation::start(scorer),
        &NoProgress,
    )?;
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
    heuristic_total(scorer, options, &crate::Situation::start(scorer))
}

/// The least total, over the guesses still to come, of the heuristic trees from `situation`
/// that meet the cap and the consistency rule.
fn heuristic_total(
    scorer: &Scorer,
    options: &OptimalOptions,
    situation: &crate::Situation,
) -> Option<u64> {
    let played = situation.played().len();
    BOUNDING_HEURISTICS
        .iter()
        .map(|&heuristic| {
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
            Statistics::of_tree(&tree)
        })
        .filter(|statistics| {
            options
                .max_guesses
                .is_none_or(|cap| played + statistics.worst_case() <= cap)
        })
        .map(|statistics| statistics.total())
        .min()
}

/// The least total, after the opening, of the heuristic trees for a piece's codes that meet
/// the cap and the consistency rule: with the solved pieces of its opening, a strategy that
/// bounds the optimum (see [`tightened_limits`]).
pub fn heuristic_completion(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
) -> Option<u64> {
    let situation = crate::Situation::after(scorer, &[(piece.opening, piece.reply)]).ok()?;
    heuristic_total(scorer, options, &situation)
}

/// The limits the pieces of `plan` not yet solved can be solved against, given the results
/// of those that are (`known`, in plan order). The plan's limits assume nothing of the other
/// pieces; once some are solved the bound on the optimum tightens (an opening's solved pieces
/// with heuristic trees for the rest make a strategy), and so does what a piece's siblings
/// are known to need. A piece that reaches its tightened limit still proves its opening worse
/// than a strategy that exists, which [`assemble`] checks. Solved pieces keep their limits.
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
        .filter(|&&opening| {
            let (mut solved, mut open) = (0, 0);
            for ((_, piece), result) in pieces_of(opening) {
                match result {
                    Some(PieceResult::AtLeast(_)) => return false,
                    Some(PieceResult::Exact { .. }) => solved += piece.size,
                    None => open += piece.size,
                }
            }
            // Heuristic trees for most of an opening cost more than they tighten.
            solved > 0 && solved >= open
        })
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
fn counted(piece: &Piece, result: Option<&PieceResult>) -> u64 {
    match result {
        Some(PieceResult::Exact { total, .. }) => *total,
        Some(PieceResult::AtLeast(bound)) => *bound,
        None => u64::from(piece.least),
    }
}

fn clamp(value: u64) -> u32 {
    u32::try_from(value).unwrap_or(INFEASIBLE)
}

/// Solves `pieces` (of a plan for the same game and options), side by side, reporting each
/// one settled to `progress`.
pub fn solve_pieces(
    scorer: &Scorer,
    options: &OptimalOptions,
    pieces: &[Piece],
    progress: &dyn Progress,
) -> Result<Vec<PieceResult>, NoStrategy> {
    let root = Root::new(scorer, options, &crate::Situation::start(scorer), progress)?;
    Ok(solve_at(&root, pieces, progress)
        .into_iter()
        .map(|result| result.expect("a search without notes rebuilds the totals it found"))
        .collect())
}

/// Solves one piece as [`solve_pieces`] does, for a run that may be stopped and started
/// again: `recalled` are the notes an earlier start of the same piece made, taken in before
/// the piece is searched, and what this search proves goes to `notebook` (see [`Note`]). The
/// result is the one [`solve_pieces`] finds, whatever was recalled.
pub fn solve_piece_noted(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
    progress: &dyn Progress,
    recalled: &[Note],
    notebook: &dyn Notebook,
) -> Result<PieceResult, PieceError> {
    solve_piece_noting(
        scorer, options, piece, progress, recalled, notebook, NOTE_AFTER,
    )
}

/// [`solve_piece_noted`], noting the sets that took at least `note_after`.
///
/// Every note is checked against the game, the plan and the piece before it is taken in (see
/// [`Notes::recall`]); one that cannot hold refuses the notes. A note that holds on its face
/// but that the search contradicts (a total no guess reaches, or a tree that needs more than
/// the total) sets the notes aside: the notebook forgets them and the piece is solved again
/// from nothing, so that the result is the true one whatever the notes said.
fn solve_piece_noting(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
    progress: &dyn Progress,
    recalled: &[Note],
    notebook: &dyn Notebook,
    note_after: Duration,
) -> Result<PieceResult, PieceError> {
    let start = crate::Situation::start(scorer);
    let class: Vec<Code> = scorer
        .all_codes()
        .into_iter()
        .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
        .collect();
    let solve = |recalled: &[Note]| -> Result<Option<PieceResult>, PieceError> {
        let mut root =
            Root::new(scorer, options, &start, progress).map_err(PieceError::NoStrategy)?;
        let mut notes = Notes::new(notebook, PIECE_DEPTH, note_after);
        let piece_node = NotedNode {
            codes: &class,
            budget: root.budget.after_guess(),
            consistent_only: options.consistent_only,
        };
        notes
            .recall(
                &root.search.bounds,
                root.search.table(),
                &piece_node,
                recalled,
            )
            .map_err(PieceError::ImpossibleNote)?;
        root.search.notes = Some(notes);
        Ok(solve_at(&root, std::slice::from_ref(piece), progress).remove(0))
    };
    match solve(recalled)? {
        Some(result) => Ok(result),
        None => {
            notebook.contradicted();
            Ok(solve(&[])?.expect("a search without notes rebuilds the total it found"))
        }
    }
}

/// Why pieces were not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceError {
    /// No strategy meets the cap on the worst case.
    NoStrategy(NoStrategy),
    /// A note given to take back in cannot be true.
    ImpossibleNote(ImpossibleNote),
}

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceError::NoStrategy(error) => error.fmt(f),
            PieceError::ImpossibleNote(ImpossibleNote { index, reason }) => {
                write!(f, "note {} cannot hold: {reason}", index + 1)
            }
        }
    }
}

impl std::error::Error for PieceError {}

/// Solves `pieces` with the search set up in `root`.
/// Each piece's result, `None` where the search contradicts what it was told (notes taken
/// back in): a total it cannot rebuild, or a tree that needs more than the total.
fn solve_at(
    root: &Root<'_>,
    pieces: &[Piece],
    progress: &dyn Progress,
) -> Vec<Option<PieceResult>> {
    let scorer = root.search.scorer();
    let set = scorer.all_codes();
    let after = root.budget.after_guess();
    let settled = AtomicU64::new(0);
    let total = pieces.len() as u64;
    progress.subproblems_settled(0, total, None);
    pieces
        .par_iter()
        .map(|piece| {
            let class: Vec<Code> = set
                .iter()
                .copied()
                .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
                .collect();
            let symmetry = root.symmetry.after(scorer.codebook(), piece.opening);
            let problem = Subproblem {
                set: &class,
                budget: after,
                symmetry: &symmetry,
                depth: PIECE_DEPTH,
            };
            let value = root.search.solve(problem, piece.limit);
            let result = if value < piece.limit {
                root.search
                    .build(&class, after, &symmetry, value)
                    .filter(|tree| Statistics::of_tree(tree).total() == u64::from(value))
                    .map(|tree| PieceResult::Exact {
                        total: u64::from(value),
                        tree,
                    })
            } else {
                Some(PieceResult::AtLeast(u64::from(value)))
            };
            let done = settled.fetch_add(1, Ordering::Relaxed) + 1;
            progress.subproblems_settled(done, total, None);
            progress.codes_settled(class.len() as u64);
            result
        })
        .collect()
}

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

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use std::sync::Mutex;

    use super::*;
    use crate::optimal;
    use crate::optimal::{GuessTried, SetFact};

    fn check(game: Game, options: OptimalOptions) {
        let scorer = Scorer::new(game);
        let whole = optimal(&scorer, &options, &NoProgress).expect("a strategy");
        let plan = plan(&scorer, &options).expect("a plan");
        // Pieces solved in three groups, as separate machines would.
        let results: Vec<PieceResult> = plan
            .pieces
            .chunks(plan.pieces.len() / 3 + 1)
            .flat_map(|group| {
                solve_pieces(&scorer, &options, group, &NoProgress).expect("the pieces are solved")
            })
            .collect();
        let (tree, total) = assemble(&scorer, &options, &plan, &results).expect("a tree");
        assert_eq!(total, whole.total, "{} {options:?}", game.describe());
        assert_eq!(tree, whole.tree, "{} {options:?}", game.describe());
    }

    /// Pieces solved one after another, as a resumed run does, each against the limit that
    /// the pieces before it leave: the limits only tighten, some pieces end in bounds below
    /// their plan's limits, and the tree is the whole search's all the same.
    #[test]
    fn pieces_solved_against_tightened_limits_make_the_whole_search_tree() {
        let (mut tightened, mut below_plan) = (0, 0);
        for (game, options) in [
            (Game::classic(), OptimalOptions::default()),
            (
                Game::classic(),
                OptimalOptions {
                    max_guesses: Some(5),
                    consistent_only: false,
                },
            ),
            (
                Game::new(3, 5, false, FeedbackKind::BlackWhite).unwrap(),
                OptimalOptions {
                    max_guesses: None,
                    consistent_only: true,
                },
            ),
        ] {
            let scorer = Scorer::new(game);
            let whole = optimal(&scorer, &options, &NoProgress).expect("a strategy");
            let plan = plan(&scorer, &options).expect("a plan");
            let mut known: Vec<Option<PieceResult>> = vec![None; plan.pieces.len()];
            for index in 0..plan.pieces.len() {
                let limits = tightened_limits(&scorer, &plan, &known, &mut |index| {
                    heuristic_completion(&scorer, &options, &plan.pieces[index])
                });
                for (limit, piece) in limits.iter().zip(&plan.pieces) {
                    assert!(*limit <= piece.limit);
                    tightened += usize::from(*limit < piece.limit);
                }
                let piece = Piece {
                    limit: limits[index],
                    ..plan.pieces[index].clone()
                };
                let mut solved = solve_pieces(&scorer, &options, &[piece], &NoProgress).unwrap();
                if let PieceResult::AtLeast(bound) = solved[0] {
                    below_plan += usize::from(bound < u64::from(plan.pieces[index].limit));
                }
                known[index] = Some(solved.remove(0));
            }
            let results: Vec<PieceResult> = known.into_iter().map(Option::unwrap).collect();
            let (tree, total) = assemble(&scorer, &options, &plan, &results).expect("a tree");
            assert_eq!(total, whole.total, "{} {options:?}", game.describe());
            assert_eq!(tree, whole.tree, "{} {options:?}", game.describe());
        }
        assert!(tightened > 0, "no limit was tightened");
        assert!(below_plan > 0, "no piece ended below its plan's limit");
    }

    #[test]
    fn pieces_solved_apart_make_the_whole_search_tree() {
        let black_white = FeedbackKind::BlackWhite;
        for (pegs, colours, repetition, feedback) in [
            (3, 4, true, black_white),
            (4, 4, true, black_white),
            (3, 5, false, black_white),
            (4, 4, true, FeedbackKind::BlackOnly),
            (4, 6, true, black_white),
        ] {
            let game = Game::new(pegs, colours, repetition, feedback).unwrap();
            check(game, OptimalOptions::default());
            check(
                game,
                OptimalOptions {
                    max_guesses: None,
                    consistent_only: true,
                },
            );
        }
        check(
            Game::classic(),
            OptimalOptions {
                max_guesses: Some(5),
                consistent_only: false,
            },
        );
    }

    /// Keeps every note, in order.
    struct Kept(Mutex<Vec<Note>>);

    impl Notebook for Kept {
        fn note(&self, note: Note) {
            self.0.lock().unwrap().push(note);
        }
    }

    /// A piece stopped part way and taken up from the notes it had made by then finds what it
    /// finds in one go, and does not try again the guesses it had finished.
    #[test]
    fn a_piece_taken_up_from_its_notes_finds_what_it_finds_in_one_go() {
        let scorer = Scorer::new(Game::new(4, 7, true, FeedbackKind::BlackWhite).unwrap());
        let options = OptimalOptions::default();
        let plan = plan(&scorer, &options).unwrap();
        // The 0B1W class of 0012: 616 codes, searched a batch of guesses at a time.
        let piece = &plan.pieces[27];
        assert_eq!(piece.size, 616);
        let solve = |recalled: &[Note]| {
            let notebook = Kept(Mutex::default());
            let result = solve_piece_noting(
                &scorer,
                &options,
                piece,
                &NoProgress,
                recalled,
                &notebook,
                Duration::ZERO,
            )
            .unwrap();
            (result, notebook.0.into_inner().unwrap())
        };
        let tried = |notes: &[Note]| -> Vec<GuessTried> {
            notes
                .iter()
                .filter_map(|note| match note {
                    Note::Tried(tried) => Some(*tried),
                    Note::Set(_) => None,
                })
                .collect()
        };
        // On one thread each guess is handed out against the same best total in every run,
        // so a run taken up from notes tries exactly the guesses the notes do not settle. On
        // more, the best total a guess meets depends on which guesses came back first, and a
        // guess whose noted bound lies below it is rightly tried again.
        let one_thread = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let (whole, notes) = one_thread.install(|| solve(&[]));
        assert!(
            tried(&notes).len() > 3,
            "{} guesses noted",
            tried(&notes).len()
        );
        assert!(notes.len() > 100, "{} notes", notes.len());
        for kept in [0, notes.len() / 3, 2 * notes.len() / 3, notes.len()] {
            let (taken_up, noted_again) = one_thread.install(|| solve(&notes[..kept]));
            assert_eq!(taken_up, whole, "{kept} notes, one thread");
            assert_eq!(
                tried(&noted_again).len() + tried(&notes[..kept]).len(),
                tried(&notes).len(),
                "{kept} notes, one thread: the guesses finished before are not tried again"
            );
            let (taken_up, noted_again) = solve(&notes[..kept]);
            assert_eq!(taken_up, whole, "{kept} notes, every thread");
            for again in tried(&noted_again) {
                assert!(
                    !tried(&notes[..kept])
                        .iter()
                        .any(|before| before.guess == again.guess && before.exact),
                    "{kept} notes, every thread: {again:?} was tried again, its total known"
                );
            }
        }
        // The last note is the piece's own set: taken up from every note, nothing is searched.
        assert!(matches!(notes.last(), Some(Note::Set(fact)) if fact.set.len() == 616));
        assert_eq!(solve(&notes).1, vec![]);
        let forged = [
            Note::Tried(GuessTried {
                guess: Code(0),
                total: 2 * 616 - 2,
                exact: true,
            }),
            Note::Set(SetFact {
                set: scorer.all_codes()[..100].to_vec(),
                guesses_left: None,
                total: 100,
                guess: None,
            }),
        ];
        for note in forged {
            let refused = solve_piece_noted(
                &scorer,
                &options,
                piece,
                &NoProgress,
                &[notes[0].clone(), note],
                &Kept(Mutex::default()),
            );
            assert!(
                matches!(
                    refused,
                    Err(PieceError::ImpossibleNote(ImpossibleNote { index: 1, .. }))
                ),
                "{refused:?}"
            );
        }
    }

    /// Notes that hold on their face but not in truth: a guess said to reach less than it
    /// does, a set said to cost its least conceivable total. The search contradicts them, the
    /// notebook is told, and the piece comes out as if there had been no notes.
    #[test]
    fn notes_the_search_contradicts_are_set_aside() {
        struct Told(Mutex<bool>);
        impl Notebook for Told {
            fn note(&self, _: Note) {}
            fn contradicted(&self) {
                *self.0.lock().unwrap() = true;
            }
        }
        // Guesses tried at a piece's node are recalled where they are tried side by side:
        // pieces of at least `PARALLEL_GUESSES_MIN_SET` codes. The smallest such of 4×6 that
        // its plan solves exactly.
        let scorer = Scorer::new(Game::classic());
        let options = OptimalOptions::default();
        let plan = plan(&scorer, &options).unwrap();
        let mut large: Vec<&Piece> = plan.pieces.iter().filter(|p| p.size >= 300).collect();
        large.sort_by_key(|piece| piece.size);
        let (piece, truth) = large
            .into_iter()
            .find_map(|piece| {
                let result =
                    solve_pieces(&scorer, &options, std::slice::from_ref(piece), &NoProgress)
                        .unwrap()
                        .remove(0);
                matches!(result, PieceResult::Exact { .. }).then_some((piece, result))
            })
            .expect("a large piece solved exactly");
        let PieceResult::Exact { total, tree } = &truth else {
            unreachable!()
        };
        let class: Vec<Code> = scorer
            .all_codes()
            .into_iter()
            .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
            .collect();
        let lies = [
            Note::Tried(GuessTried {
                guess: tree.guess,
                total: *total as u32 - 1,
                exact: true,
            }),
            Note::Set(SetFact {
                set: class.clone(),
                guesses_left: None,
                // The least its size allows (13 classes at most in 4×6): plausible, and false.
                total: mastermind_certificate::size_bound(class.len(), 13, None),
                guess: Some(class[0]),
            }),
        ];
        for lie in lies {
            let told = Told(Mutex::new(false));
            let result = solve_piece_noted(
                &scorer,
                &options,
                piece,
                &NoProgress,
                std::slice::from_ref(&lie),
                &told,
            );
            assert_eq!(result.as_ref(), Ok(&truth), "{lie:?}");
            assert!(*told.0.lock().unwrap(), "not told of {lie:?}");
        }
    }

    #[test]
    fn a_cap_no_strategy_meets_is_refused_whole() {
        let scorer = Scorer::new(Game::classic());
        let options = OptimalOptions {
            max_guesses: Some(4),
            consistent_only: false,
        };
        let refused = NoStrategy { max_guesses: 4 };
        let assembled = plan(&scorer, &options).map(|plan| {
            let results = solve_pieces(&scorer, &options, &plan.pieces, &NoProgress);
            results.map(|results| assemble(&scorer, &options, &plan, &results).map(drop))
        });
        // The plan itself may see it, or the pieces, or their assembly.
        assert!(
            matches!(
                assembled,
                Err(no) | Ok(Err(no)) | Ok(Ok(Err(AssembleError::NoStrategy(no)))) if no == refused
            ),
            "{assembled:?}"
        );
    }
}
