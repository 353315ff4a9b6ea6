//! Verifying a tree read from Knuth's or Irving's notation: the reader's own errors, the replay
//! of every code through the tree as the text states it (shorthand included), and the text's
//! claims that a guess is or is not a candidate (the all-black slot, Irving's `*`), each at the
//! token that states it.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::notation::read::{Reading, Situation};
use mastermind_tree::notation::Form;

use crate::replay::history_path;
use crate::{
    verify_read, Branches, ClaimedNode, Places, Problem, ProblemKind, Report, VerifyOptions,
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
    let read_problems = reading
        .errors
        .iter()
        .map(|error| {
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
        })
        .collect();
    let tree = reading.tree.as_ref().map(|tree| claimed(scorer, tree));
    verify_read(scorer, tree.as_ref(), read_problems, history, options)
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
        candidates: Some(situation.candidates),
        guess_is_candidate: situation.guess_is_candidate.map(|(claimed, _)| claimed),
        places: Places {
            node: Some(situation.location),
            guess: situation.guess_location,
            reply: None,
            candidate_claim: situation.guess_is_candidate.map(|(_, at)| at),
        },
        branches,
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
