//! Conversions that must give back the same tree: JSON → notation → JSON, and notation → JSON
//! → notation, in both notations and for other games, and (as properties) any tree printed and
//! read back, or written as the JSON file, the punch card or the YAML and read back. Knuth's notation names no guess for two candidates; the reader fills in the
//! smaller one, so where a tree plays otherwise the printer names the guess (`2(gggg)`), and
//! every strategy's trees come back exactly.

use mastermind::formats::Format;
use mastermind::notation::{print, read};
use mastermind::notation::{Layout, Notation};
use mastermind::tree::{Node, StrategyInfo, TreeFile};
use mastermind::verify::{verify_notation, verify_read, VerifyOptions};
use mastermind::{Code, FeedbackKind, Game, Scorer};
use proptest::prelude::*;

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

#[test]
fn convert_writes_the_json_file_it_is_asked_for() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("figure-1.json");
    let figure = crate::support::write_file(directory.path(), "figure-1.txt", &committed(FIGURE_1));
    let run = mastermind(&[
        "convert",
        &figure,
        "-o",
        output.to_str().unwrap(),
        "--strategy-name",
        "knuth",
    ])
    .expect_status(0);
    assert!(run.stdout.is_empty());
    let json = std::fs::read_to_string(&output).unwrap();
    assert_eq!(json, crate::support::knuth_classic_json());
}

/// A strategy tree for `candidates` that plays, at each node, the code `choices` picks among
/// those that make progress: with two candidates the larger, or a non-candidate that tells
/// them apart, as often as the smaller.
fn random_tree(
    scorer: &Scorer,
    candidates: &[Code],
    choices: &mut impl Iterator<Item = usize>,
) -> Node {
    let all_black = scorer.game().all_black();
    let useful: Vec<Code> = scorer
        .all_codes()
        .into_iter()
        .filter(|&guess| {
            let classes = scorer.split(guess, candidates).classes;
            classes.len() > 1 || classes[0].0 == all_black
        })
        .collect();
    let guess = useful[choices.next().unwrap_or(0) % useful.len()];
    let children = scorer
        .split(guess, candidates)
        .classes
        .into_iter()
        .filter(|(reply, _)| *reply != all_black)
        .map(|(reply, class)| (reply, random_tree(scorer, &class, choices)))
        .collect();
    Node {
        guess,
        candidates: candidates.len() as u32,
        children,
    }
}

/// The small games the properties draw trees from (three and four pegs, one black-only), and
/// whether each is black-only.
fn games() -> impl Strategy<Value = (Game, bool)> {
    prop_oneof![Just((3, 3, false)), Just((4, 3, false)), Just((3, 4, true))].prop_map(
        |(pegs, colours, black_only)| {
            let feedback = if black_only {
                FeedbackKind::BlackOnly
            } else {
                FeedbackKind::BlackWhite
            };
            (
                Game::new(pegs, colours, true, feedback).unwrap(),
                black_only,
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        // About five seconds in a debug build.
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any tree printed in either notation and layout reads and verifies back as itself.
    #[test]
    fn printed_trees_read_back_as_themselves(
        (game, _) in games(),
        choices in proptest::collection::vec(any::<usize>(), 0..400),
    ) {
        let scorer = Scorer::new(game);
        let tree = random_tree(&scorer, &scorer.all_codes(), &mut choices.into_iter());
        for notation in [Notation::Knuth, Notation::Irving] {
            for layout in [Layout::Flat, Layout::Sections] {
                let text = print(scorer.codebook(), &tree, notation, layout);
                let reading = read(&text, &game, Some(notation));
                let report = verify_notation(&scorer, &reading, &[], &VerifyOptions::default());
                prop_assert!(report.is_valid(), "{}\n{}", text, report);
                prop_assert_eq!(report.tree.as_ref(), Some(&tree), "{}", text);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any tree written as the JSON tree file reads back as itself, and, in the games the C
    /// solver's formats hold (four pegs), as its punch card and its YAML too.
    #[test]
    fn written_trees_read_back_as_themselves(
        (game, black_only) in games(),
        choices in proptest::collection::vec(any::<usize>(), 0..400),
    ) {
        let scorer = Scorer::new(game);
        let book = scorer.codebook();
        let tree = random_tree(&scorer, &scorer.all_codes(), &mut choices.into_iter());
        let json = TreeFile::new(book, StrategyInfo::named("random"), &tree).to_json();
        let file = TreeFile::from_json(&json).unwrap();
        prop_assert_eq!(file.tree.to_node(book).unwrap(), tree.clone());
        if game.pegs() == 4 && !black_only {
            for format in [Format::PunchCard, Format::Yaml] {
                let text = mastermind::formats::write(book, &tree, format).unwrap();
                let reading = mastermind::formats::parse(&text, format).unwrap().read(&game);
                let report = verify_read(
                    &scorer,
                    reading.tree.as_ref(),
                    reading.problems,
                    &[],
                    &VerifyOptions::default(),
                );
                prop_assert!(report.is_valid(), "{}\n{}", text, report);
                prop_assert_eq!(report.tree.as_ref(), Some(&tree), "{}", text);
            }
        }
    }
}

/// Every strategy's tree, with either tie-break and in several games, printed in either
/// notation and layout, reads back as itself: the JSON that `convert` writes from the print
/// is the JSON the strategy wrote (Knuth's notation used to lose the guess where a tree plays
/// the larger of two codes first: 6169 guesses read back as 6003).
#[test]
fn every_strategys_tree_reads_back_from_either_notation() {
    let games: [&[&str]; 3] = [
        &[],
        &["--pegs", "3", "--colours", "5"],
        &["--pegs", "4", "--colours", "4", "--black-only"],
    ];
    let strategies = [
        "knuth",
        "expected-size",
        "entropy",
        "most-parts",
        "first-consistent",
    ];
    for game in games {
        for strategy in strategies {
            for tie_break in ["prefer-candidate", "lowest-code"] {
                if strategy == "first-consistent" && tie_break == "lowest-code" {
                    continue;
                }
                let build = [
                    "generate",
                    "-q",
                    "--strategy",
                    strategy,
                    "--tie-break",
                    tie_break,
                ];
                let json = mastermind(&[&build[..], game].concat())
                    .expect_status(0)
                    .stdout;
                let file: serde_json::Value = serde_json::from_str(&json).unwrap();
                for notation in ["knuth", "irving"] {
                    let args = ["print", "-", "--notation", notation, "--sections"];
                    let printed = mastermind_with_input(&args, &json).expect_status(0).stdout;
                    let args = [&["convert", "-"][..], game].concat();
                    let back = mastermind_with_input(&args, &printed)
                        .expect_status(0)
                        .stdout;
                    let back: serde_json::Value = serde_json::from_str(&back).unwrap();
                    assert_eq!(
                        (&back["tree"], &back["claims"]),
                        (&file["tree"], &file["claims"]),
                        "{strategy} {tie_break} {game:?} via {notation}"
                    );
                }
            }
        }
    }
}
