//! Pieces solved: side by side as one run, or one at a time for a run that may stop, taking
//! up the notes an earlier start of the piece made.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use mastermind_core::{Code, Scorer};
use mastermind_tree::Statistics;
use rayon::prelude::*;

use super::plan::{Piece, PieceResult};
use crate::optimal::options::{NoStrategy, OptimalOptions};
use crate::optimal::search::context::Subproblem;
use crate::optimal::search::notes::{ImpossibleNote, Note, Notebook, NotedNode, Notes, NOTE_AFTER};
use crate::optimal::search::root::Root;
use crate::optimal::table::transposition::TranspositionTable;
use mastermind_strategy::Progress;
use mastermind_strategy::Situation;

/// A piece's own node is one guess below the root.
const PIECE_DEPTH: usize = 1;

/// Solves `pieces` (of a plan for the same game and options), side by side, reporting each
/// one settled to `progress`.
pub fn solve_pieces(
    scorer: &Scorer,
    options: &OptimalOptions,
    pieces: &[Piece],
    progress: &dyn Progress,
) -> Result<Vec<PieceResult>, NoStrategy> {
    let root = Root::new(scorer, options, &Situation::start(scorer), progress)?;
    Ok(solve_at(&root, pieces, progress)
        .into_iter()
        .map(|result| result.expect("a search without notes rebuilds the totals it found"))
        .collect())
}

/// What the search of a piece learnt: its transposition table, for the piece's proof
/// ([`certify_plan`](crate::pieces::certify_plan)) to ask instead of a search started afresh.
/// The proof asks of the sets the search settled, and from the table it costs well under half
/// as much (BENCHMARKS.md, "The code's tuning").
pub struct Learnt {
    pub(in crate::optimal) table: TranspositionTable,
}

impl fmt::Debug for Learnt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Learnt")
            .field("sets", &self.table.len())
            .finish()
    }
}

/// Solves one piece as [`solve_pieces`] does, for a run that may be stopped and started
/// again: `recalled` are the notes an earlier start of the same piece made, taken in before
/// the piece is searched, and what this search proves goes to `notebook` (see [`Note`]). The
/// result is the one [`solve_pieces`] finds, whatever was recalled; with it, what the search
/// learnt, unless it took in notes: they are an earlier start's word, which the proof must
/// not take from the table unchecked.
pub fn solve_piece_noted(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
    progress: &dyn Progress,
    recalled: &[Note],
    notebook: &dyn Notebook,
) -> Result<(PieceResult, Option<Learnt>), PieceError> {
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
pub(super) fn solve_piece_noting(
    scorer: &Scorer,
    options: &OptimalOptions,
    piece: &Piece,
    progress: &dyn Progress,
    recalled: &[Note],
    notebook: &dyn Notebook,
    note_after: Duration,
) -> Result<(PieceResult, Option<Learnt>), PieceError> {
    let start = Situation::start(scorer);
    let class: Vec<Code> = scorer
        .all_codes()
        .into_iter()
        .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
        .collect();
    let solve = |recalled: &[Note]| -> Result<Option<(PieceResult, Learnt)>, PieceError> {
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
        let result = solve_at(&root, std::slice::from_ref(piece), progress).remove(0);
        Ok(result.map(|result| {
            let learnt = Learnt {
                table: root.search.table,
            };
            (result, learnt)
        }))
    };
    match solve(recalled)? {
        Some((result, learnt)) => Ok((result, recalled.is_empty().then_some(learnt))),
        None => {
            notebook.contradicted();
            let (result, learnt) =
                solve(&[])?.expect("a search without notes rebuilds the total it found");
            Ok((result, Some(learnt)))
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
                    .build(&class, after, &symmetry, (value, PIECE_DEPTH))
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
