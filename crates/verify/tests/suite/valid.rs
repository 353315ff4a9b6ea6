//! Trees that must pass: Knuth's trees for several games, with their true statistics, the note
//! about the average quoted in the literature, and the verified tree handed back intact.

use mastermind_core::{FeedbackKind, Game};
use mastermind_tree::{Claims, Statistics, TreeFile};

use crate::common::{classic, game, knuth_tree, verify};

#[test]
fn knuths_classic_tree_is_valid_with_the_published_figures() {
    let report = verify(&classic());
    assert!(report.is_valid(), "{report}");
    let statistics = &report.statistics;
    assert_eq!(statistics.total(), 5801);
    assert_eq!(statistics.average().fraction(), "5801/1296");
    assert_eq!(statistics.average().decimal(4), "4.4761");
    assert_eq!(statistics.worst_case(), 5);
    assert_eq!(statistics.solved_by_guess, vec![1, 6, 62, 533, 694]);
    assert_eq!((report.codes, report.unsolved()), (1296, 0));
}

#[test]
fn the_quoted_average_of_knuths_strategy_is_noted_as_not_matching() {
    let report = verify(&classic());
    assert_eq!(report.notes.len(), 1, "{report}");
    let note = &report.notes[0];
    for part in [
        "4.478",
        "5801/1296 = 4.4761",
        "rounds to 4.476",
        "5803 or 5804",
        "not 5801",
    ] {
        assert!(note.contains(part), "`{part}` missing from: {note}");
    }
}

#[test]
fn other_strategies_on_the_same_tree_get_no_note() {
    let mut file = classic();
    file.strategy.name = "most-parts".into();
    let report = verify(&file);
    assert!(report.is_valid() && report.notes.is_empty(), "{report}");
}

#[test]
fn the_report_prints_problems_statistics_and_notes() {
    let text = verify(&classic()).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "valid: every code is solved and every claim is true",
            "codes: 1296",
            "total guesses: 5801",
            "average: 5801/1296 = 4.4761",
            "worst case: 5 guesses",
            "solved with 1, 2, 3, 4, 5 guesses: 1, 6, 62, 533, 694",
        ]
    );
    assert!(
        lines[6].starts_with("note: the average 4.478 quoted"),
        "{text}"
    );
}

#[test]
fn the_verified_tree_is_the_tree_the_solver_built() {
    for game in [Game::classic(), game(3, 4, true, FeedbackKind::BlackWhite)] {
        let (root, file) = knuth_tree(game);
        assert_eq!(verify(&file).tree, Some(root));
    }
}

#[test]
fn knuths_trees_for_other_games_are_valid_and_their_claims_agree() {
    let games = [
        game(3, 4, true, FeedbackKind::BlackWhite),
        game(4, 5, true, FeedbackKind::BlackWhite),
        game(4, 4, false, FeedbackKind::BlackWhite),
        game(4, 6, true, FeedbackKind::BlackOnly),
    ];
    for game in games {
        let (root, file) = knuth_tree(game);
        let report = verify(&file);
        assert!(report.is_valid(), "{}: {report}", game.describe());
        assert!(report.notes.is_empty(), "{}: {report}", game.describe());
        assert_eq!(report.codes, game.code_count() as u64);
        assert_eq!(report.statistics, Statistics::of_tree(&root));
        assert_eq!(Claims::of(&report.statistics), file.claims);
    }
}

#[test]
fn a_file_read_back_from_json_verifies() {
    let text = classic().to_json();
    let file = TreeFile::from_json(&text).unwrap();
    assert!(verify(&file).is_valid());
}

#[test]
fn equivalent_ways_of_writing_the_claims_pass() {
    let mut file = classic();
    file.claims.average.fraction = "11602/2592".into();
    file.claims.average.decimal = "4.476".into();
    file.claims.solved_by_guess.push(0);
    let report = verify(&file);
    assert!(report.is_valid(), "{report}");
}
