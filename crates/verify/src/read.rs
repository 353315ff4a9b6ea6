//! Verifying a tree read from a text (a notation of the papers, another tool's format): the
//! reader's own problems and the replay's in one report, ordered by where they are written, so
//! that a reader of the text meets them in order.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::Statistics;

use crate::{verify_tree, ClaimedNode, Problem, Report, VerifyOptions};

/// Verifies `tree` (when the reader got one) for the codes consistent with `history`, and adds
/// `read_problems`, the reader's. The report's tree is the verified tree only when there is no
/// problem of either kind.
pub fn verify_read(
    scorer: &Scorer,
    tree: Option<&ClaimedNode>,
    read_problems: Vec<Problem>,
    history: &[(Code, Feedback)],
    options: &VerifyOptions,
) -> Report {
    let mut report = match tree {
        Some(tree) => verify_tree(scorer, tree, history, options),
        None => Report {
            problems: Vec::new(),
            hints: Vec::new(),
            notes: Vec::new(),
            statistics: Statistics::from_counts(Vec::new()),
            codes: 0,
            tree: None,
            optimality: None,
        },
    };
    report.problems.extend(read_problems);
    // Problems without a place come last; the sort is stable, so the replay's order is kept
    // among problems at one place.
    report
        .problems
        .sort_by_key(|problem| problem.location.unwrap_or((usize::MAX, usize::MAX)));
    if !report.problems.is_empty() {
        report.tree = None;
    }
    report
}
