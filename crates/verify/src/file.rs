//! Verifying a whole tree file: the tree replayed from the root, then every claim the file
//! makes, then what the literature says about the strategy it names.

use mastermind_core::{GameError, Scorer};
use mastermind_tree::{FileNode, Node, Statistics, TreeFile};

use crate::claims::check_claims;
use crate::{
    quoted_average_notes, verify_tree, ClaimedNode, Problem, ProblemKind, Report, TreePath,
    VerifyOptions,
};

/// Verifies `file`'s tree for every code of its game, and its claims. Fails only when the file
/// names a game that cannot be played ([`TreeFile::from_json`] already rejects those).
pub fn verify_file(file: &TreeFile, options: &VerifyOptions) -> Result<Report, GameError> {
    let game = file.game()?;
    // Each node's candidates are split once, so the feedback table would not pay for itself.
    let scorer = Scorer::for_one_pass(game);
    let history = match file.history(scorer.codebook()) {
        Ok(history) => history,
        Err(reason) => return Ok(unreadable_history(reason)),
    };
    let mut report = verify_tree(&scorer, &ClaimedNode::from(&file.tree), &history, options);
    let (wrong_claims, note) = check_claims(
        &file.claims,
        report.codes,
        &report.statistics,
        report.unsolved(),
    );
    report
        .problems
        .extend(wrong_claims.into_iter().map(|kind| Problem {
            path: TreePath::root(),
            location: None,
            kind,
        }));
    report.notes.extend(note);
    // A quoted figure speaks of the plain strategy on the whole game, not of a variant with
    // other parameters or of a section.
    if report.unsolved() == 0 && file.strategy.parameters.is_empty() && history.is_empty() {
        let name = &file.strategy.name;
        let notes = quoted_average_notes(&game, name, &report.statistics);
        report.notes.extend(notes);
    }
    if !report.problems.is_empty() {
        report.tree = None;
    }
    Ok(report)
}

/// The report on a file whose `after` cannot be read: nothing is replayed.
fn unreadable_history(reason: String) -> Report {
    Report {
        problems: vec![Problem {
            path: TreePath::root(),
            location: None,
            kind: ProblemKind::Format(reason),
        }],
        hints: Vec::new(),
        notes: Vec::new(),
        statistics: Statistics::from_counts(Vec::new()),
        codes: 0,
        tree: None,
        optimality: None,
    }
}

/// Verifies a tree built in memory for every code of the scorer's game: the replay alone, as
/// if it were read from a file that claims nothing.
pub fn verify_node(scorer: &Scorer, root: &Node, options: &VerifyOptions) -> Report {
    let written = FileNode::from_node(scorer.codebook(), root);
    verify_tree(scorer, &ClaimedNode::from(&written), &[], options)
}
