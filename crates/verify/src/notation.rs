//! Verifying a tree read from Knuth's or Irving's notation: the reader's own errors, the replay
//! of every code through the tree as the text states it (shorthand included), and the text's
//! claims that a guess is or is not a candidate (the all-black slot, Irving's `*`), all in one
//! report ordered by where the problems are written.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::notation::read::{Reading, Shape, Situation};
use mastermind_tree::Statistics;

use crate::replay::history_path;
use crate::{
    verify_tree, Branches, ClaimedNode, Problem, ProblemKind, Report, TreePath, VerifyOptions,
};

/// Verifies the tree of `reading` for the codes consistent with `history`, reporting the
/// reader's errors too. The report's tree is the verified tree when there is no problem.
pub fn verify_notation(
    scorer: &Scorer,
    reading: &Reading,
    history: &[(Code, Feedback)],
    options: &VerifyOptions,
) -> Report {
    let start = history_path(scorer, history);
    let mut report = match &reading.tree {
        Some(tree) => {
            let claimed = claimed(scorer, tree);
            let mut report = verify_tree(scorer, &claimed, history, options);
            let mut history = history.to_vec();
            check_candidate_claims(scorer, tree, &mut history, &start, &mut report.problems);
            report
        }
        None => Report {
            problems: Vec::new(),
            notes: Vec::new(),
            statistics: Statistics::from_counts(Vec::new()),
            codes: 0,
            tree: None,
        },
    };
    report.problems.extend(reading.errors.iter().map(|error| {
        let path = error
            .path
            .iter()
            .fold(start.clone(), |path, (guess, reply)| path.then(guess, reply));
        Problem {
            path,
            location: Some(error.location),
            kind: ProblemKind::Notation(error.kind.clone()),
        }
    }));
    // In the order a reader of the text meets them; problems without a place come last.
    report
        .problems
        .sort_by_key(|problem| problem.location.unwrap_or((usize::MAX, usize::MAX)));
    if !report.problems.is_empty() {
        report.tree = None;
    }
    report
}

/// The situation as the verifier's input model.
fn claimed(scorer: &Scorer, situation: &Situation) -> ClaimedNode {
    let branches = match &situation.shape {
        Shape::Count | Shape::Single => Branches::EachReplySettles,
        Shape::Pairs => Branches::AtMostTwoLeft,
        Shape::Unreadable => Branches::Unreadable,
        Shape::Full(children) => Branches::Listed(
            children
                .iter()
                .map(|(reply, child)| (scorer.game().feedback_name(*reply), claimed(scorer, child)))
                .collect(),
        ),
    };
    ClaimedNode {
        guess: situation.guess.clone(),
        candidates: situation.candidates,
        location: Some(situation.location),
        branches,
    }
}

/// Reports each situation whose text says its guess is (or is not) a candidate when the
/// guesses and replies leading to it (`history`, at `path`) say otherwise.
fn check_candidate_claims(
    scorer: &Scorer,
    situation: &Situation,
    history: &mut Vec<(Code, Feedback)>,
    path: &TreePath,
    problems: &mut Vec<Problem>,
) {
    let Some(text) = &situation.guess else {
        return;
    };
    // A guess that is not a code is reported by the replay.
    let Ok(guess) = scorer.codebook().parse(text) else {
        return;
    };
    if let Some(claimed) = situation.guess_is_candidate {
        let consistent = history
            .iter()
            .all(|&(earlier, reply)| scorer.feedback(earlier, guess) == reply);
        if consistent != claimed {
            problems.push(Problem {
                path: path.clone(),
                location: Some(situation.location),
                kind: ProblemKind::CandidateClaim {
                    guess: text.clone(),
                    claimed,
                },
            });
        }
    }
    if let Shape::Full(children) = &situation.shape {
        for (reply, child) in children {
            history.push((guess, *reply));
            let child_path = path.then(text, &scorer.game().feedback_name(*reply));
            check_candidate_claims(scorer, child, history, &child_path, problems);
            history.pop();
        }
    }
}
