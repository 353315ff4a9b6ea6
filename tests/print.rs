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

/// The root's slots, as groups split at the top level's `;` and `,`: the text between the
/// root's `:` and its closing parenthesis.
fn root_slots(printed: &str) -> Vec<Vec<String>> {
    let body = &printed[printed.find(':').expect("the root names its replies") + 1..];
    let mut groups = vec![vec![String::new()]];
    let mut depth = 0;
    for character in body.chars().filter(|c| !c.is_whitespace()) {
        match (character, depth) {
            (')', 0) => break,
            (';', 0) => groups.push(vec![String::new()]),
            (',', 0) => groups.last_mut().unwrap().push(String::new()),
            _ => {
                depth += match character {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                groups
                    .last_mut()
                    .unwrap()
                    .last_mut()
                    .unwrap()
                    .push(character);
            }
        }
    }
    groups
}

/// For p pegs, black runs from 0 to p and, within it, white from p − black down to 0; Knuth's
/// form keeps the impossible (p − 1 black, 1 white) slot as `0`, Irving's leaves it out.
#[test]
fn other_games_print_with_their_own_slots() {
    for (pegs, colours, codes) in [(3, "4", "64"), (5, "3", "243")] {
        let tree = mastermind(&[
            "generate",
            "-q",
            "--pegs",
            &pegs.to_string(),
            "--colours",
            colours,
        ])
        .expect_status(0);
        for notation in ["knuth", "irving"] {
            let run = mastermind_with_input(&["print", "-", "--notation", notation], &tree.stdout)
                .expect_status(0);
            assert!(
                run.stdout.starts_with(&format!("{codes}(")),
                "{}",
                run.stdout
            );
            let slots = root_slots(&run.stdout);
            let mut expected: Vec<usize> = (1..=pegs + 1).rev().collect();
            if notation == "irving" {
                expected[pegs - 1] = 1;
            }
            let lengths: Vec<usize> = slots.iter().map(Vec::len).collect();
            assert_eq!(
                lengths, expected,
                "{pegs}×{colours} {notation}: {}",
                run.stdout
            );
            if notation == "knuth" {
                assert_eq!(slots[pegs - 1][0], "0", "the (p − 1, 1) slot cannot occur");
            }
            let all_black = &slots[pegs][0];
            assert!(all_black == "0" || all_black == "1", "{}", run.stdout);
        }
    }
}

#[test]
fn a_tree_that_does_not_verify_is_not_printed() {
    let broken = knuth_classic_json().replacen("\"candidates\": 256", "\"candidates\": 255", 1);
    let run = mastermind_with_input(&["print", "-"], &broken).expect_status(1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("does not verify"), "{}", run.stderr);
}

/// `--format` is what a command reads and `--notation` what `print` writes: one meaning each.
#[test]
fn format_is_what_is_read_and_notation_what_print_writes() {
    let knuth = crate::notation::committed(crate::notation::FIGURE_1);
    let run = mastermind_with_input(
        &["print", "-", "--format", "knuth", "--notation", "irving"],
        &knuth,
    )
    .expect_status(0);
    assert!(
        run.stdout.starts_with("1296(1122: 1,16(1213*:"),
        "{}",
        run.stdout
    );
    for command in ["verify", "convert", "html"] {
        let run =
            mastermind_with_input(&[command, "-", "--notation", "knuth"], &knuth).expect_status(2);
        assert!(
            run.stderr.contains("'--notation'"),
            "{command}: {}",
            run.stderr
        );
    }
}

#[test]
fn the_manual_page_is_roff_from_the_help() {
    let run = mastermind(&["man"]).expect_status(0);
    assert!(run.stdout.contains(".TH mastermind 1"), "{}", run.stdout);
    assert!(run.stdout.contains("generate"), "{}", run.stdout);
    // The one-line description is plain text: no Markdown backticks in a terminal or a page.
    let name = run.stdout.split(".SH DESCRIPTION").next().unwrap();
    assert!(!name.contains('`'), "{name}");
    let help = mastermind(&["--help"]).expect_status(0);
    assert!(!help.stdout.lines().next().unwrap().contains('`'));
}

/// `play --help` names every word the prompt takes besides a guess, and `solve --help` every
/// one of its prompt's.
#[test]
fn the_help_names_every_command_of_the_prompts() {
    let play = mastermind(&["play", "--help"]).expect_status(0).stdout;
    for word in ["hint", "list", "give up", "quit", "help"] {
        assert!(play.contains(word), "play --help lacks `{word}`:\n{play}");
    }
    let solve = mastermind(&["solve", "--help"]).expect_status(0).stdout;
    for word in ["undo", "list", "help", "quit"] {
        assert!(
            solve.contains(word),
            "solve --help lacks `{word}`:\n{solve}"
        );
    }
}

/// `man --dir` writes every page the main page names: each `mastermind-X(1)` it refers to is
/// a file, whose own page is the subcommand's help.
#[test]
fn every_page_the_manual_names_is_written() {
    let directory = tempfile::tempdir().unwrap();
    let run = mastermind(&["man", "--dir", directory.path().to_str().unwrap()]).expect_status(0);
    assert!(run.stdout.is_empty());
    let main = std::fs::read_to_string(directory.path().join("mastermind.1")).unwrap();
    let named: Vec<String> = main
        .split("mastermind\\-")
        .skip(1)
        .filter_map(|rest| {
            rest.split_once("(1)")
                .map(|(name, _)| name.replace("\\-", "-"))
        })
        .collect();
    assert!(named.len() >= 15, "{named:?}");
    for name in &named {
        let page = directory.path().join(format!("mastermind-{name}.1"));
        let text = std::fs::read_to_string(&page).unwrap_or_else(|_| panic!("{name}: no page"));
        assert!(text.contains(&format!(".TH mastermind-{name} 1")), "{text}");
    }
    let generate = std::fs::read_to_string(directory.path().join("mastermind-generate.1")).unwrap();
    assert!(generate.contains("certificate"), "{generate}");
    assert!(run.stderr.contains("manual pages into"), "{}", run.stderr);
}

/// A link named like a page is refused, never written through onto the file it names.
#[cfg(unix)]
#[test]
fn man_never_writes_through_a_link_named_like_a_page() {
    let directory = tempfile::tempdir().unwrap();
    let victim = directory.path().join("victim.txt");
    std::fs::write(&victim, "kept").unwrap();
    let pages = directory.path().join("pages");
    std::fs::create_dir(&pages).unwrap();
    std::os::unix::fs::symlink(&victim, pages.join("mastermind-verify.1")).unwrap();
    let run = mastermind(&["man", "--dir", pages.to_str().unwrap()]).expect_status(2);
    assert!(run.stderr.contains("is a symbolic link"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "kept");
}
