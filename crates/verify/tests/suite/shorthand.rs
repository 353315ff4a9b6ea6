//! The shorthand of the papers' notations, which trees read from them will use: nodes with no
//! guess, nodes that only say every reply settles the code (`n(gggg)`) or leaves at most two
//! (`n(ggggx)`), subtrees verified after a history, and source locations in problems.

use mastermind_core::{Code, Codebook, Feedback, Game, Scorer};
use mastermind_strategy::{knuth, NoProgress};
use mastermind_tree::Node;
use mastermind_verify::{
    verify_tree, Branches, ClaimedNode, Places, ProblemKind, Report, VerifyOptions,
};

use crate::common::single_problem_at;

/// `node` as Knuth's notation writes it: `n` for at most two candidates, `n(gggg)` when every
/// reply settles the code, `n(ggggx)` when every reply leaves at most two, children otherwise.
fn as_notation(book: &Codebook, node: &Node) -> ClaimedNode {
    let candidates = u64::from(node.candidates);
    if node.candidates <= 2 {
        return ClaimedNode::settled(candidates);
    }
    let most_left = node
        .children
        .iter()
        .map(|(_, child)| child.candidates)
        .max();
    let branches = match most_left.unwrap_or(0) {
        0 | 1 => Branches::EachReplySettles,
        2 => Branches::AtMostTwoLeft,
        _ => Branches::Listed(
            node.children
                .iter()
                .map(|(reply, child)| {
                    let key = book.game().feedback_name(*reply);
                    (key, as_notation(book, child))
                })
                .collect(),
        ),
    };
    ClaimedNode {
        guess: Some(book.format(node.guess)),
        candidates: Some(candidates),
        guess_is_candidate: None,
        places: Places::default(),
        branches,
    }
}

fn classic() -> (Scorer, Node) {
    let scorer = Scorer::new(Game::classic());
    let root = knuth(&scorer, &NoProgress);
    (scorer, root)
}

fn check(scorer: &Scorer, root: &ClaimedNode, history: &[(Code, Feedback)]) -> Report {
    verify_tree(scorer, root, history, &VerifyOptions::default())
}

/// A 4×6 node guessing `guess` after `history`, with the given continuation.
fn node(guess: Option<&str>, candidates: u64, branches: Branches) -> ClaimedNode {
    ClaimedNode {
        guess: guess.map(str::to_owned),
        candidates: Some(candidates),
        guess_is_candidate: None,
        places: Places::at((3, 14)),
        branches,
    }
}

#[test]
fn knuths_tree_in_shorthand_verifies_and_expands_to_the_full_tree() {
    let (scorer, root) = classic();
    let claimed = as_notation(scorer.codebook(), &root);
    let report = check(&scorer, &claimed, &[]);
    assert!(report.is_valid(), "{report}");
    assert_eq!(report.statistics.solved_by_guess, vec![1, 6, 62, 533, 694]);
    assert_eq!(report.tree, Some(root));
}

#[test]
fn a_subtree_verifies_after_its_history() {
    let (scorer, root) = classic();
    let game = *scorer.game();
    let reply = game.feedback(0, 2);
    let subtree = root.child(reply).unwrap().clone();
    let first = scorer.codebook().parse("1122").unwrap();
    let claimed = as_notation(scorer.codebook(), &subtree);
    let report = check(&scorer, &claimed, &[(first, reply)]);
    assert!(report.is_valid(), "{report}");
    assert_eq!(report.codes, 96);
    // Costs count the history's guess too: nobody is solved with one guess here.
    assert_eq!(report.statistics.solved_by_guess[0], 0);
    assert_eq!(report.tree, Some(subtree));

    let mut wrong = claimed;
    wrong.candidates = Some(95);
    let report = check(&scorer, &wrong, &[(first, reply)]);
    let kind = single_problem_at(&report, "1122 → 0B2W");
    assert!(matches!(
        kind,
        ProblemKind::WrongCandidateCount {
            claimed: 95,
            actual: 96
        }
    ));
}

#[test]
fn a_history_no_code_fits_is_reported() {
    let (scorer, _) = classic();
    let game = *scorer.game();
    let guess = scorer.codebook().parse("1122").unwrap();
    let history = [(guess, game.feedback(3, 1))];
    let report = check(&scorer, &ClaimedNode::settled(1), &history);
    let kind = single_problem_at(&report, "1122 → 3B1W");
    assert_eq!(kind, &ProblemKind::NoCandidates);
    let beyond = [(Code(5000), game.feedback(0, 0))];
    let report = check(&scorer, &ClaimedNode::settled(1), &beyond);
    assert_eq!(report.problems[0].kind, ProblemKind::NoCandidates);
}

/// 4×6 after 1122 → 0B4W → … : the codes of Figure 1's `4(1213)` slot, 1122 → 2B2W.
fn two_black_two_white() -> (Scorer, [(Code, Feedback); 1]) {
    let scorer = Scorer::new(Game::classic());
    let history = [(
        scorer.codebook().parse("1122").unwrap(),
        scorer.game().feedback(2, 2),
    )];
    (scorer, history)
}

#[test]
fn a_settling_guess_that_leaves_two_is_caught() {
    let (scorer, history) = two_black_two_white();
    // The four codes are 1212, 1221, 2112, 2121; 1213 tells them apart, 1212 does not.
    assert!(check(
        &scorer,
        &node(Some("1213"), 4, Branches::EachReplySettles),
        &history
    )
    .is_valid());
    let report = check(
        &scorer,
        &node(Some("1111"), 4, Branches::EachReplySettles),
        &history,
    );
    let kind = single_problem_at(&report, "1122 → 2B2W → 1111 → 2B0W");
    let expected = ProblemKind::TooManyLeft {
        guess: "1111".into(),
        reply: "2B0W".into(),
        left: 4,
        most: 1,
    };
    assert_eq!(kind, &expected);
    assert_eq!(report.problems[0].location, Some((3, 14)));
}

#[test]
fn the_at_most_two_mark_is_checked_both_ways() {
    let (scorer, history) = two_black_two_white();
    let report = check(
        &scorer,
        &node(Some("1213"), 4, Branches::AtMostTwoLeft),
        &history,
    );
    let kind = single_problem_at(&report, "1122 → 2B2W");
    assert_eq!(
        kind,
        &ProblemKind::NoReplyLeavesTwo {
            guess: "1213".into()
        }
    );
    // 1111 gets 2B0W from all four.
    let report = check(
        &scorer,
        &node(Some("1111"), 4, Branches::AtMostTwoLeft),
        &history,
    );
    let kind = single_problem_at(&report, "1122 → 2B2W → 1111 → 2B0W");
    assert!(matches!(
        kind,
        ProblemKind::TooManyLeft {
            left: 4,
            most: 2,
            ..
        }
    ));
}

#[test]
fn pairs_are_played_smaller_first() {
    let (scorer, history) = two_black_two_white();
    // 1221 solves itself, leaves 2112 after 0B4W and the pair 1212, 2121 after 2B2W.
    let claimed = node(Some("1221"), 4, Branches::AtMostTwoLeft);
    let report = check(&scorer, &claimed, &history);
    assert!(report.is_valid(), "{report}");
    assert_eq!(report.statistics.solved_by_guess, vec![0, 1, 2, 1]);
    let tree = report.tree.unwrap();
    let pair = tree.child(scorer.game().feedback(2, 2)).unwrap();
    let book = scorer.codebook();
    assert_eq!(book.format(pair.guess), "1212");
    assert_eq!(book.format(pair.children[0].1.guess), "2121");
}

#[test]
fn a_node_may_leave_out_its_guess_only_with_at_most_two_candidates() {
    let (scorer, history) = two_black_two_white();
    let report = check(
        &scorer,
        &node(None, 4, Branches::EachReplySettles),
        &history,
    );
    let kind = single_problem_at(&report, "1122 → 2B2W");
    assert_eq!(kind, &ProblemKind::MissingGuess { candidates: 4 });
    assert_eq!(report.problems[0].location, Some((3, 14)));
    assert!(report.problems[0]
        .to_string()
        .starts_with("line 3, column 14: at 1122 → 2B2W: "));
}
