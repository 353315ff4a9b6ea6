//! One test per kind of defect: each mutates Knuth's real 4×6 tree in one place and checks that
//! the verifier reports exactly that problem, of that kind, at that path.

use mastermind_core::Game;
use mastermind_tree::FileNode;
use mastermind_verify::{
    verify_file, verify_tree, Branches, Claim, ClaimedNode, Places, ProblemKind, VerifyOptions,
};

use crate::common::{classic, node_mut, single_problem, single_problem_at, verify};

/// The node after 1122 → 1B0W, whose guess is 1344 in Knuth's figure.
const ONE_BLACK: &[&str] = &["1B0W"];

#[test]
fn a_wrong_candidate_count_is_caught_where_it_is() {
    let mut file = classic();
    let node = node_mut(&mut file.tree, &["1B0W", "0B1W"]);
    let actual = node.candidates;
    node.candidates += 1;
    let report = verify(&file);
    let kind = single_problem_at(&report, "1122 → 1B0W → 1344 → 0B1W");
    let expected = ProblemKind::WrongCandidateCount {
        claimed: actual + 1,
        actual,
    };
    assert_eq!(kind, &expected);
    // The counts are wrong, not the strategy: the statistics are still complete.
    assert_eq!(report.statistics.total(), 5801);
}

#[test]
fn an_absurd_candidate_count_at_the_root_is_caught() {
    let mut file = classic();
    file.tree.candidates = u64::MAX;
    let report = verify(&file);
    let kind = single_problem_at(&report, "the root");
    let expected = ProblemKind::WrongCandidateCount {
        claimed: u64::MAX,
        actual: 1296,
    };
    assert_eq!(kind, &expected);
}

#[test]
fn a_guess_that_is_not_a_code_is_caught() {
    for guess in ["1127", "112", "", "1 22", "11222"] {
        let mut file = classic();
        node_mut(&mut file.tree, ONE_BLACK).guess = guess.into();
        let report = verify(&file);
        let kind = single_problem_at(&report, "1122 → 1B0W");
        assert!(
            matches!(kind, ProblemKind::GuessNotACode { guess: found, .. } if found == guess),
            "{report}"
        );
        // The 256 codes below cannot be replayed, so the claims about guesses are not checked.
        assert_eq!(report.unsolved(), 256);
        assert!(report.notes[0].contains("not checked"), "{report}");
    }
}

#[test]
fn a_repeated_colour_is_not_a_code_without_repetition() {
    let mut file = crate::common::knuth_file(crate::common::game(
        4,
        6,
        false,
        mastermind_core::FeedbackKind::BlackWhite,
    ));
    file.tree.guess = "1123".into();
    let report = verify(&file);
    let kind = single_problem_at(&report, "the root");
    assert!(
        matches!(kind, ProblemKind::GuessNotACode { .. }),
        "{report}"
    );
}

#[test]
fn a_missing_reply_is_caught() {
    let mut file = classic();
    let node = node_mut(&mut file.tree, ONE_BLACK);
    let index = node.children.iter().position(|(key, _)| key == "0B1W");
    let (_, removed) = node.children.remove(index.unwrap());
    let report = verify(&file);
    let kind = single_problem_at(&report, "1122 → 1B0W → 1344 → 0B1W");
    assert!(
        matches!(kind, ProblemKind::MissingReply { reply, candidates, .. }
            if reply == "0B1W" && *candidates == removed.candidates),
        "{report}"
    );
    assert_eq!(report.unsolved(), removed.candidates);
}

#[test]
fn a_leaf_whose_guess_is_not_its_code_never_ends_the_game() {
    let mut file = classic();
    // The root's 0B4W reply leaves only 2211; guess something else there instead.
    let leaf = node_mut(&mut file.tree, &["0B4W"]);
    assert_eq!((leaf.guess.as_str(), leaf.candidates), ("2211", 1));
    leaf.guess = "2212".into();
    let report = verify(&file);
    let kind = single_problem_at(&report, "1122 → 0B4W → 2212 → 3B0W");
    assert!(
        matches!(kind, ProblemKind::MissingReply { example, .. } if example == "2211"),
        "{report}"
    );
}

/// Adds a copy of the 1B0W subtree to the root under `key`.
fn with_extra_child(key: &str) -> mastermind_verify::Report {
    let mut file = classic();
    let copy = node_mut(&mut file.tree, ONE_BLACK).clone();
    file.tree.children.push((key.into(), copy));
    verify(&file)
}

#[test]
fn a_reply_that_no_candidate_gives_is_caught() {
    // 1B3W after 1122 would need three of 1, 1, 2, 2 elsewhere: it leaves 0 codes in Figure 1.
    let report = with_extra_child("1B3W");
    let kind = single_problem_at(&report, "1122 → 1B3W");
    let expected = ProblemKind::ExtraReply {
        reply: "1B3W".into(),
        guess: "1122".into(),
    };
    assert_eq!(kind, &expected);
}

#[test]
fn an_impossible_reply_is_caught() {
    for key in ["3B1W", "2B3W", "5B0W"] {
        let report = with_extra_child(key);
        let kind = single_problem_at(&report, &format!("1122 → {key}"));
        assert!(
            matches!(kind, ProblemKind::ImpossibleReply { reply, .. } if reply == key),
            "{report}"
        );
    }
}

#[test]
fn an_unreadable_reply_key_is_caught() {
    for key in ["lots", "", "1B-1W", "B1W"] {
        let report = with_extra_child(key);
        let kind = single_problem_at(&report, &format!("1122 → {key}"));
        assert!(
            matches!(kind, ProblemKind::UnreadableReply { key: found, .. } if found == key),
            "{report}"
        );
    }
}

#[test]
fn a_duplicate_reply_key_is_caught() {
    for key in ["1B0W", "1b0w"] {
        let report = with_extra_child(key);
        let kind = single_problem_at(&report, &format!("1122 → {key}"));
        let expected = ProblemKind::DuplicateReply {
            key: key.into(),
            reply: "1B0W".into(),
            first: "1B0W".into(),
        };
        assert_eq!(kind, &expected);
    }
}

#[test]
fn a_child_under_the_all_black_reply_is_caught() {
    let report = with_extra_child("4B0W");
    let kind = single_problem_at(&report, "1122 → 4B0W");
    let expected = ProblemKind::ChildAfterAllBlack {
        reply: "4B0W".into(),
    };
    assert_eq!(kind, &expected);
}

#[test]
fn each_wrong_claim_is_caught() {
    type Mutation = fn(&mut mastermind_tree::Claims);
    let cases: [(Claim, Mutation, &str); 6] = [
        (Claim::Codes, |c| c.codes = 1295, "1296"),
        (Claim::TotalGuesses, |c| c.total_guesses = 5803, "5801"),
        (
            Claim::AverageFraction,
            |c| c.average.fraction = "5803/1296".into(),
            "5801/1296",
        ),
        (
            Claim::AverageDecimal,
            |c| c.average.decimal = "4.478".into(),
            "4.4761",
        ),
        (Claim::WorstCase, |c| c.worst_case = 6, "5"),
        (
            Claim::SolvedByGuess,
            |c| c.solved_by_guess = vec![1, 6, 62, 534, 693],
            "[1, 6, 62, 533, 694]",
        ),
    ];
    for (claim, mutate, actual) in cases {
        let mut file = classic();
        mutate(&mut file.claims);
        let report = verify(&file);
        let problem = single_problem(&report);
        assert!(problem.path.is_root());
        assert!(
            matches!(&problem.kind, ProblemKind::WrongClaim { claim: found, actual: value, .. }
                if *found == claim && value == actual),
            "{report}"
        );
        assert!(problem.to_string().starts_with("claims: "), "{problem}");
    }
}

#[test]
fn codes_needing_more_than_the_limit_are_caught_at_the_first_node_past_it() {
    let file = classic();
    let options = VerifyOptions {
        max_guesses: Some(4),
    };
    let report = verify_file(&file, &options).unwrap();
    assert!(!report.problems.is_empty());
    let mut codes = 0;
    for problem in &report.problems {
        let ProblemKind::TooManyGuesses {
            guess_number: 5,
            limit: 4,
            codes: here,
            most: 5,
        } = problem.kind
        else {
            panic!("unexpected problem: {problem}");
        };
        assert_eq!(problem.path.steps().len(), 4, "{problem}");
        codes += here;
    }
    assert_eq!(codes, 694);
    let generous = VerifyOptions {
        max_guesses: Some(5),
    };
    assert!(verify_file(&file, &generous).unwrap().is_valid());
    let none = VerifyOptions {
        max_guesses: Some(0),
    };
    let report = verify_file(&file, &none).unwrap();
    let kind = single_problem_at(&report, "the root");
    assert_eq!(
        kind,
        &ProblemKind::TooManyGuesses {
            guess_number: 1,
            limit: 0,
            codes: 1296,
            most: 5
        }
    );
}

#[test]
fn several_problems_are_all_reported_in_tree_order() {
    let mut file = classic();
    node_mut(&mut file.tree, &["0B4W"]).candidates = 2;
    node_mut(&mut file.tree, &["1B0W", "0B1W"]).candidates = 0;
    let copy = node_mut(&mut file.tree, ONE_BLACK).clone();
    file.tree.children.push(("3B1W".into(), copy));
    file.claims.worst_case = 4;
    let report = verify(&file);
    let found: Vec<String> = report
        .problems
        .iter()
        .map(|problem| problem.path.to_string())
        .collect();
    assert_eq!(
        found,
        [
            "1122 → 0B4W",
            "1122 → 1B0W → 1344 → 0B1W",
            "1122 → 3B1W",
            "the root"
        ],
        "{report}"
    );
    assert!(matches!(
        report.problems[3].kind,
        ProblemKind::WrongClaim {
            claim: Claim::WorstCase,
            ..
        }
    ));
    assert_eq!(report.statistics.total(), 5801);
}

#[test]
fn the_printed_report_lists_fifty_problems_and_counts_the_rest() {
    let mut file = classic();
    fn miscount(node: &mut FileNode) {
        node.candidates += 1;
        for (_, child) in &mut node.children {
            miscount(child);
        }
    }
    miscount(&mut file.tree);
    let report = verify(&file);
    let nodes = report.problems.len();
    assert!(nodes > 100);
    let text = report.to_string();
    assert!(text.starts_with(&format!("{nodes} problems:\n")), "{text}");
    assert!(
        text.contains(&format!("  … and {} more\n", nodes - 50)),
        "{text}"
    );
    assert_eq!(
        text.lines()
            .filter(|line| line.starts_with("  at "))
            .count(),
        50
    );
    assert!(text.contains("total guesses: 5801\n"), "{text}");
}

#[test]
fn a_path_deeper_than_the_game_allows_is_cut_short() {
    // 2×2: after 11 → 1B0W the candidates are 12 and 21, and 22 cannot tell them apart. A chain
    // of useless 22s goes deeper than the 4 codes of the game allow.
    let game = Game::new(2, 2, true, mastermind_core::FeedbackKind::BlackWhite).unwrap();
    let scorer = mastermind_core::Scorer::new(game);
    let mut chain = ClaimedNode {
        guess: Some("12".into()),
        candidates: Some(2),
        guess_is_candidate: None,
        places: Places::default(),
        branches: Branches::Listed(vec![("0B2W".into(), ClaimedNode::settled(1))]),
    };
    for _ in 0..10 {
        chain = ClaimedNode {
            guess: Some("22".into()),
            candidates: Some(2),
            guess_is_candidate: None,
            places: Places::default(),
            branches: Branches::Listed(vec![("1B0W".into(), chain)]),
        };
    }
    let root = ClaimedNode {
        guess: Some("11".into()),
        candidates: Some(4),
        guess_is_candidate: None,
        places: Places::at((1, 1)),
        branches: Branches::Listed(vec![
            ("0B0W".into(), ClaimedNode::settled(1)),
            ("1B0W".into(), chain),
        ]),
    };
    let report = verify_tree(&scorer, &root, &[], &VerifyOptions::default());
    let kind = single_problem_at(&report, "11 → 1B0W → 22 → 1B0W → 22 → 1B0W → 22 → 1B0W");
    assert_eq!(
        kind,
        &ProblemKind::TooDeep {
            guess_number: 5,
            limit: 4
        }
    );
    assert_eq!(report.statistics.solved_by_guess, vec![1, 1]);
    assert_eq!(report.unsolved(), 2);
}

#[test]
fn a_very_deep_chain_stops_at_the_depth_limit_without_overflowing() {
    // After 1122 → 0B0W only colours 3 to 6 are left, so 1111 always gets 0B0W: a chain of
    // 300 useless 1111s.
    let scorer = mastermind_core::Scorer::new(Game::classic());
    let mut chain = ClaimedNode::settled(256);
    for _ in 0..300 {
        chain = ClaimedNode {
            guess: Some("1111".into()),
            candidates: Some(256),
            guess_is_candidate: None,
            places: Places::default(),
            branches: Branches::Listed(vec![("0B0W".into(), chain)]),
        };
    }
    let root = ClaimedNode {
        guess: Some("1122".into()),
        candidates: Some(1296),
        guess_is_candidate: None,
        places: Places::default(),
        branches: Branches::Listed(vec![("0B0W".into(), chain)]),
    };
    let report = verify_tree(&scorer, &root, &[], &VerifyOptions::default());
    let too_deep = ProblemKind::TooDeep {
        guess_number: mastermind_verify::DEPTH_LIMIT + 1,
        limit: mastermind_verify::DEPTH_LIMIT,
    };
    let problem = report
        .problems
        .iter()
        .find(|problem| problem.kind == too_deep);
    let problem = problem.expect("the chain is cut at the limit");
    assert_eq!(problem.path.steps().len(), mastermind_verify::DEPTH_LIMIT);
    assert!(!report.is_valid());
}
