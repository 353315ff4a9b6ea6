//! Verifying a tree read from Knuth's or Irving's notation: the reader's own errors, the replay
//! of every code through the tree as the text states it (shorthand included), and the text's
//! claims that a guess is or is not a candidate (the all-black slot, Irving's `*`), all in one
//! report ordered by where the problems are written.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::notation::read::{Reading, Situation};
use mastermind_tree::notation::Form;
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
            .fold(start.clone(), |path, (guess, reply)| {
                path.then(guess, reply)
            });
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
    let branches = match situation.form {
        Some(Form::Count | Form::Single) => Branches::EachReplySettles,
        Some(Form::Pairs) => Branches::AtMostTwoLeft,
        None => Branches::Unreadable,
        Some(Form::Full) => Branches::Listed(
            situation
                .children
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
    for (reply, child) in &situation.children {
        history.push((guess, *reply));
        let child_path = path.then(text, &scorer.game().feedback_name(*reply));
        check_candidate_claims(scorer, child, history, &child_path, problems);
        history.pop();
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;
    use mastermind_tree::notation::read;
    use mastermind_tree::Notation;

    use super::*;

    fn check(text: &str, history: &[(&str, &str)]) -> Report {
        let scorer = Scorer::new(Game::classic());
        let book = scorer.codebook();
        let history: Vec<_> = history
            .iter()
            .map(|(guess, reply)| {
                let reply = scorer.game().parse_feedback(reply).unwrap();
                (book.parse(guess).unwrap(), reply)
            })
            .collect();
        let reading = read(text, scorer.game(), Some(Notation::Knuth));
        verify_notation(&scorer, &reading, &history, &VerifyOptions::default())
    }

    fn listed(report: &Report) -> Vec<String> {
        report.problems.iter().map(ToString::to_string).collect()
    }

    // Knuth's situation after 1122 → 0B3W.
    const AFTER_0B3W: &str = "16(1213: 0,0,0,0,0;1,4(1415),3(1145),0;1,3(4115),3(1145);0,1;0)";

    #[test]
    fn a_subtree_verifies_after_its_history() {
        let report = check(AFTER_0B3W, &[("1122", "0B3W")]);
        assert!(report.is_valid(), "{report}");
        assert_eq!(report.codes, 16);
        assert!(report.tree.is_some());
    }

    #[test]
    fn a_zero_slot_for_a_reply_that_occurs_is_named_at_the_slot() {
        let text = AFTER_0B3W.replace("3(1145),0;1,3", "0,3;1,3");
        let report = check(&text, &[("1122", "0B3W")]);
        assert_eq!(
            listed(&report),
            [
                "line 1, column 30: at 1122 → 0B3W → 1213 → 1B1W: the node claims 0 candidates, but 3 codes are consistent with the guesses and replies leading to it",
                "line 1, column 32: at 1122 → 0B3W → 1213 → 1B0W: the node has a child for the reply 1B0W, but no candidate gives that reply to 1213",
            ]
        );
    }

    #[test]
    fn slots_that_cannot_be_placed_leave_their_codes_unsolved_without_more_problems() {
        let text = AFTER_0B3W.replace(";0,1;0)", ";1;0)");
        let report = check(&text, &[("1122", "0B3W")]);
        assert_eq!(report.problems.len(), 1, "{report}");
        assert_eq!(report.unsolved(), 16);
    }
}
