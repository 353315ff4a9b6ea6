//! `mastermind print`: both notations, the paper's section layout, and refusing broken trees.

use crate::support::{knuth_classic_json, mastermind, mastermind_with_input};

#[test]
fn knuth_notation_starts_like_figure_1() {
    let run = mastermind_with_input(
        &["print", "-", "--notation", "knuth"],
        &knuth_classic_json(),
    )
    .expect_status(0);
    assert!(
        run.stdout.starts_with("1296(1122: 1,16(1213: 0,0,0,0,0;"),
        "{}",
        run.stdout
    );
}

#[test]
fn sections_are_named_as_in_the_paper() {
    let run = mastermind_with_input(&["print", "-", "--sections"], &knuth_classic_json())
        .expect_status(0);
    assert!(run.stdout.contains("96A,256B,256C"), "{}", run.stdout);
    assert!(
        run.stdout.lines().any(|line| line == "where"),
        "{}",
        run.stdout
    );
    for letter in 'A'..='I' {
        assert!(
            run.stdout.contains(&format!("\n{letter} = (")),
            "section {letter}"
        );
    }
}

#[test]
fn irving_notation_marks_guesses_that_are_not_candidates() {
    let run = mastermind_with_input(
        &["print", "-", "--notation", "irving"],
        &knuth_classic_json(),
    )
    .expect_status(0);
    assert!(
        run.stdout.starts_with("1296(1122: 1,16(1213*:"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("7(1462*)"),
        "Knuth's brilliant fourth guess"
    );
}

#[test]
fn other_games_print_with_their_own_slots() {
    let tree = mastermind(&["generate", "-q", "--pegs", "3", "--colours", "4"]).expect_status(0);
    let run = mastermind_with_input(&["print", "-"], &tree.stdout).expect_status(0);
    assert!(run.stdout.starts_with("64("), "{}", run.stdout);
}

#[test]
fn a_tree_that_does_not_verify_is_not_printed() {
    let broken = knuth_classic_json().replacen("\"candidates\": 256", "\"candidates\": 255", 1);
    let run = mastermind_with_input(&["print", "-"], &broken).expect_status(1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("does not verify"), "{}", run.stderr);
}
