//! Conversions that must give back the same tree: JSON → notation → JSON, and notation → JSON
//! → notation, in both notations and for other games. Knuth's notation names no guess for two
//! candidates; the reader fills in the smaller one, which is also what Knuth's strategy plays,
//! so its trees come back exactly.

use super::{committed, FIGURE_1};
use crate::support::{mastermind, mastermind_with_input};

/// Spacing and line breaks carry no meaning in the notations.
fn without_whitespace(text: &str) -> String {
    text.split_whitespace().collect()
}

#[test]
fn json_printed_in_either_notation_converts_back_to_the_same_file() {
    let games: [&[&str]; 4] = [
        &[],
        &["--pegs", "3", "--colours", "4"],
        &["--pegs", "4", "--colours", "4", "--no-repeat"],
        &["--pegs", "3", "--colours", "3", "--black-only"],
    ];
    for game in games {
        let json = mastermind(&[&["generate", "-q"], game].concat())
            .expect_status(0)
            .stdout;
        for notation in ["knuth", "irving"] {
            for layout in [&[][..], &["--sections"]] {
                let args = [&["print", "-", "--notation", notation], layout].concat();
                let printed = mastermind_with_input(&args, &json).expect_status(0).stdout;
                let args = [&["convert", "-", "--strategy-name", "knuth"], game].concat();
                let back = mastermind_with_input(&args, &printed)
                    .expect_status(0)
                    .stdout;
                assert_eq!(back, json, "{game:?} via {notation} {layout:?}:\n{printed}");
            }
        }
    }
}

#[test]
fn figure_1_converted_to_json_prints_as_figure_1() {
    let figure = committed(FIGURE_1);
    let json = mastermind_with_input(&["convert", "-"], &figure)
        .expect_status(0)
        .stdout;
    assert!(json.contains("\"name\": \"published\""), "{json}");
    let printed =
        mastermind_with_input(&["print", "-", "--notation", "knuth", "--sections"], &json)
            .expect_status(0)
            .stdout;
    assert_eq!(without_whitespace(&printed), without_whitespace(&figure));
}

#[test]
fn a_notation_tree_prints_in_the_other_notation_and_back() {
    let figure = committed(FIGURE_1);
    let irving = mastermind_with_input(
        &["print", "-", "--notation", "irving", "--sections"],
        &figure,
    )
    .expect_status(0)
    .stdout;
    assert_eq!(irving, committed("trees/knuth-4x6.irving.txt"));
    let knuth = mastermind_with_input(
        &["print", "-", "--notation", "knuth", "--sections"],
        &irving,
    )
    .expect_status(0)
    .stdout;
    assert_eq!(without_whitespace(&knuth), without_whitespace(&figure));
}

#[test]
fn a_tree_that_does_not_verify_is_not_converted() {
    let broken = committed(FIGURE_1).replacen("96A", "95A", 1);
    let run = mastermind_with_input(&["convert", "-"], &broken).expect_status(1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("does not verify"), "{}", run.stderr);
}
