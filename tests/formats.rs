//! The C solver's punch card and YAML: our trees written in them read back as the same trees,
//! in every kind of game; and damaged copies (made here from our trees, never from the other
//! project's files) are reported at the token that is wrong, with its path in the tree.

use crate::notation::{assert_problem, damaged, location_of, problem_count, verify_text};
use crate::support::{mastermind, mastermind_with_input, says};

const KNUTH: &str = "trees/knuth-4x6.json";

/// `tree` printed in `format` by the binary.
fn printed(tree: &str, format: &str) -> String {
    mastermind(&["print", tree, "--notation", format])
        .expect_status(0)
        .stdout
}

/// Verifies `text`, which must fail, and checks its problems: each at the place marked by a
/// needle (see [`location_of`]) with its path and part of its message; `exactly` says whether
/// there are no others.
#[track_caller]
fn fails_with(text: &str, args: &[&str], problems: &[(&str, &str, &str)], exactly: bool) {
    let run = verify_text(text, args).expect_status(1);
    for &(at, path, message) in problems {
        assert_problem(&run, location_of(text, at), path, message);
    }
    if exactly {
        assert_eq!(problem_count(&run), problems.len(), "{}", run.stdout);
    }
}

#[test]
fn knuths_tree_comes_back_from_both_formats() {
    let as_knuth = printed(KNUTH, "knuth");
    for format in ["punch-card", "yaml"] {
        let text = printed(KNUTH, format);
        let run = verify_text(&text, &[]).expect_status(0);
        says(&run.stdout, "total guesses: 5801");
        says(
            &run.stdout,
            "solved with 1, 2, 3, 4, 5 guesses: 1, 6, 62, 533, 694",
        );
        let name = if format == "yaml" {
            "YAML"
        } else {
            "punch card"
        };
        says(
            &run.stdout,
            &format!("read as the C solver's {name} (detected) for 4×6: the pegs from the file, the rest from the game given; its colours 0–5 are written 1–6 here"),
        );
        let back = mastermind_with_input(&["print", "-", "--notation", "knuth"], &text);
        assert_eq!(back.expect_status(0).stdout, as_knuth, "{format}");
        let forced = verify_text(&text, &["--format", format]).expect_status(0);
        says(&forced.stdout, "(as asked)");
        let json = mastermind_with_input(&["convert", "-"], &text)
            .expect_status(0)
            .stdout;
        let again = mastermind_with_input(&["verify", "-"], &json).expect_status(0);
        says(&again.stdout, "total guesses: 5801");
    }
}

#[test]
fn other_games_come_back_too_with_their_game_from_the_flags() {
    // The pegs come from the file, so only the rest of the game is given when reading.
    for (pegs, game) in [
        ("3", &["--colours", "5", "--no-repeat"][..]),
        ("3", &["--colours", "4", "--black-only"][..]),
        ("2", &["--colours", "10"][..]),
    ] {
        let generate = [
            "generate",
            "--quiet",
            "--strategy",
            "optimal",
            "--pegs",
            pegs,
        ];
        let json = mastermind(&[&generate[..], game].concat())
            .expect_status(0)
            .stdout;
        let expected = mastermind_with_input(&["verify", "-"], &json).expect_status(0);
        let total = expected
            .stdout
            .lines()
            .find(|line| line.starts_with("total guesses"))
            .expect("a total");
        for format in ["punch-card", "yaml"] {
            let text = mastermind_with_input(&["print", "-", "--notation", format], &json)
                .expect_status(0)
                .stdout;
            let run = verify_text(&text, game).expect_status(0);
            says(&run.stdout, total);
        }
    }
}

#[test]
fn more_than_ten_colours_cannot_be_printed_in_their_formats() {
    let json = mastermind(&["generate", "--quiet", "--pegs", "2", "--colours", "11"])
        .expect_status(0)
        .stdout;
    let run = mastermind_with_input(&["print", "-", "--notation", "yaml"], &json).expect_status(2);
    says(&run.stderr, "at most 10 colours, not 11");
}

#[test]
fn each_defect_of_a_punch_card_is_named_at_its_token() {
    let card = printed(KNUTH, "punch-card");
    // A code after a reply that is not the code left there.
    fails_with(
        &damaged(&card, "1200 >048", "1201 >048"),
        &[],
        &[
            (
                "@1201 >048",
                "1122 → 0B3W → 1213 → 1B3W",
                "the text says 2312 is a candidate, but it is not consistent",
            ),
            (
                "@1201 >048",
                "1122 → 0B3W → 1213 → 1B3W → 2312 → 3B0W",
                "the reply 3B0W occurs for 1 candidate (such as 2311)",
            ),
        ],
        true,
    );
    // References: to no row, back up the way (a cycle), and the rows then never reached.
    fails_with(
        &damaged(&card, ">001", ">999"),
        &[],
        &[
            (
                ">999",
                "1122 → 0B0W",
                "`>999` refers to row 999, but there is no such row",
            ),
            ("001 2 2234", "the root", "row 001 is never referred to"),
        ],
        true,
    );
    fails_with(
        &damaged(&card, "5555 >012", "5555 >000"),
        &[],
        &[
            (
                ">000",
                "1122 → 0B0W → 3345 → 0B1W",
                "the rows 000 → 001 → 000 form a cycle",
            ),
            ("012 3 ", "the root", "row 012 is never referred to"),
        ],
        true,
    );
    // The guess number, the all-black entry, a colour the game lacks, the number of entries.
    fails_with(
        &damaged(&card, "002 2 1233", "002 3 1233"),
        &[],
        &[(
            "002 @3 1233",
            "1122 → 0B1W",
            "row 002 says its guess is guess number 3, but it is reached as guess number 2",
        )],
        true,
    );
    fails_with(
        &damaged(&card, ">011 0011", ">011 0012"),
        &[],
        &[(
            ">011 @0012",
            "the root",
            "after the all-black reply the entry must be the guess `0011` itself",
        )],
        true,
    );
    fails_with(
        &damaged(&card, "2234 5555", "2234 5565"),
        &[],
        &[(
            "2234 @5565",
            "1122 → 0B0W → 3345 → 0B0W",
            "colour 6 is not one of its 6 colours (0–5)",
        )],
        true,
    );
    fails_with(
        &damaged(&card, ">035 1233\n", ">035\n"),
        &[],
        &[(
            "002 2 1233",
            "1122 → 0B1W",
            "row 002 has 13 entries after its guess, but the header names 14 replies",
        )],
        true,
    );
    // The header, a stray line, a row written twice.
    let header = card.lines().next().unwrap();
    let run = verify_text(&damaged(&card, "XXX- XXXX", "XXXO XXXX"), &[]).expect_status(1);
    assert_problem(
        &run,
        location_of(header, "XXX-"),
        "the root",
        "`XXXO` cannot occur: with 3 pegs right",
    );
    fails_with(
        &damaged(&card, "\n000 1", "\nnot a row\n000 1"),
        &[],
        &[(
            "not a row",
            "the root",
            "expected a row: its number, the guess number, the guess",
        )],
        true,
    );
    let row_002 = card.lines().nth(3).unwrap();
    let twice = format!("{card}{row_002}\n");
    let run = verify_text(&twice, &[]).expect_status(1);
    let last_line = twice.lines().count();
    assert_problem(
        &run,
        (last_line, 1),
        "the root",
        "row 002 is written twice (first on line 4)",
    );
}

#[test]
fn each_defect_of_yaml_is_named_at_its_token() {
    let yaml = printed(KNUTH, "yaml");
    fails_with(
        &damaged(&yaml, "XX--: 3355", "XX--: {a: b}"),
        &[],
        &[(
            "XX--: @{a: b}",
            "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W → 1416 → 2B0W",
            "expected the one code left or the next situation; found a mapping",
        )],
        true,
    );
    fails_with(
        &damaged(&yaml, "XX--: 3355", "XXXO: 3355"),
        &[],
        &[
            (
                "XXXO: 3355",
                "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W",
                "`XXXO` cannot occur",
            ),
            (
                "- @0305\n            - OO--: 3553",
                "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W → 1416 → 2B0W",
                "the reply 2B0W occurs for 1 candidate",
            ),
        ],
        true,
    );
    fails_with(
        &damaged(&yaml, "XX--: 3355", "XO--: 3355"),
        &[],
        &[
            (
                "XO--: 3355",
                "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W",
                "this reply is already a key at line",
            ),
            (
                "- @0305\n            - OO--: 3553",
                "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W → 1416 → 2B0W",
                "the reply 2B0W occurs for 1 candidate",
            ),
        ],
        true,
    );
    fails_with(
        &damaged(
            &yaml,
            "- 0305\n            - OO--: 3553",
            "- 0305\n            - 0305\n            - OO--: 3553",
        ),
        &[],
        &[(
            "@- 0305\n            - 0305",
            "1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W",
            "a situation is a list of two",
        )],
        false,
    );
}

#[test]
fn text_that_is_not_in_the_format_at_all_is_unreadable() {
    for (text, format, message) in [
        ("- 0011\n- [", "yaml", "cannot read - as a YAML: line 3, column 1: this is not YAML"),
        ("a: b\n", "yaml", "cannot read - as a YAML tree: line 1, column 1: at the root: a situation is a list of two"),
        ("1296(1122: 0)", "punch-card", "cannot read - as a punch card: line 1, column 1: a punch card starts with a header"),
        ("---- XXXX\n", "punch-card", "the punch card has a header but no rows"),
    ] {
        let run = verify_text(text, &["--format", format]).expect_status(2);
        says(&run.stderr, message);
    }
    let card = printed(KNUTH, "punch-card");
    let run = verify_text(&card, &["--pegs", "5"]).expect_status(2);
    says(
        &run.stderr,
        "the file's codes have 4 pegs, but --pegs says 5",
    );
    let run = verify_text(&card, &["--after", "1122=1B0W"]).expect_status(2);
    says(&run.stderr, "a punch card file starts at the root");
}

#[test]
fn a_tree_without_repetition_read_as_one_with_it_gets_a_hint() {
    let json = mastermind(&["generate", "--quiet", "--colours", "6", "--no-repeat"])
        .expect_status(0)
        .stdout;
    let card = mastermind_with_input(&["print", "-", "--notation", "punch-card"], &json)
        .expect_status(0)
        .stdout;
    let run = verify_text(&card, &[]).expect_status(1);
    says(&run.stdout, "give --no-repeat");
    verify_text(&card, &["--no-repeat"]).expect_status(0);
}
