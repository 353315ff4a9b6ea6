//! The reader on hostile input: it never panics, hangs or exhausts memory, whatever the text.
//! Property tests run it (with the verifier) on arbitrary text and on Figure 1 with characters
//! deleted, inserted and replaced, for a bounded number of cases; inputs that once failed are
//! kept in `tests/corpus/notation/` and run by [`the_corpus_of_inputs_that_once_failed_reads`].

use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use mastermind::notation::read;
use mastermind::notation::Notation;
use mastermind::verify::{verify_notation, VerifyOptions};
use mastermind::{Game, Scorer};
use proptest::prelude::*;

use super::{committed, FIGURE_1};
use crate::support::mastermind_with_input;

const CORPUS: &str = "tests/corpus/notation";

fn scorer() -> &'static Scorer {
    static SCORER: OnceLock<Scorer> = OnceLock::new();
    SCORER.get_or_init(|| Scorer::new(Game::classic()))
}

/// Reads and verifies `text` in every notation setting, checking what must hold of any
/// reading, and returns whether the detected reading is valid.
fn read_and_verify(text: &str) -> bool {
    let game = Game::classic();
    let mut valid = false;
    for notation in [None, Some(Notation::Knuth), Some(Notation::Irving)] {
        let reading = read(text, &game, notation);
        let report = verify_notation(scorer(), &reading, &[], &VerifyOptions::default());
        let lines = text.split('\n').count();
        for problem in &report.problems {
            let (line, column) = problem
                .location
                .expect("every problem is placed in the text");
            assert!(
                (1..=lines).contains(&line) && column >= 1,
                "{problem} in {text:?}"
            );
        }
        assert!(reading.errors.len() <= mastermind::notation::read::MAX_ERRORS + 1);
        if reading.errors.is_empty() && reading.tree.is_none() {
            panic!("no tree and no error for {text:?}");
        }
        if report.is_valid() {
            assert!(reading.errors.is_empty());
            assert!(report.tree.is_some());
        }
        if notation.is_none() {
            valid = report.is_valid();
        }
    }
    valid
}

#[test]
fn hostile_inputs_are_read_quickly_without_panicking() {
    let deep_open = "1296(1122: ".repeat(100_000);
    let deep_closed = format!("{}1{}", "2(1111: ".repeat(50_000), ")".repeat(50_000));
    let huge = format!("{}(1122: 1)", "9".repeat(10_000));
    let junk: String = (0..200_000u32)
        .map(|i| char::from_u32(i % 0x2000 + 1).unwrap_or('?'))
        .collect();
    let many_slots = format!("1296(1122: {})", "0,".repeat(200_000));
    let many_sections: String = (0..5_000)
        .map(|i| format!("{}A = (1122: 1)\n", "B".repeat(i % 7 + 1)))
        .collect();
    for text in [
        "",
        "   \n\t",
        "(",
        ")",
        "1296",
        "A = (1122: 1)",
        "where",
        &deep_open,
        &deep_closed,
        &huge,
        &junk,
        &many_slots,
        &many_sections,
    ] {
        let started = Instant::now();
        assert!(!read_and_verify(text));
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{} characters took {:?}",
            text.len(),
            started.elapsed()
        );
    }
}

#[test]
fn reading_stops_at_a_bounded_number_of_situations_and_errors() {
    let game = Game::classic();
    let limit = mastermind::notation::read::MAX_SITUATIONS;
    let too_many = format!("1296(1122: {}0)", "0,".repeat(limit));
    let reading = read(&too_many, &game, None);
    let last = reading.errors.last().expect("an error").kind.to_string();
    assert!(
        last.contains(&format!("more than {limit} situations")),
        "{last}"
    );
    let errors = mastermind::notation::read::MAX_ERRORS;
    let reading = read(&"§".repeat(3 * errors), &game, None);
    assert_eq!(reading.errors.len(), errors);
    let last = reading.errors.last().unwrap().kind.to_string();
    assert!(last.contains("reading stopped"), "{last}");
}

#[test]
fn the_binary_treats_hostile_notation_as_a_broken_tree_or_unreadable_input() {
    let deep = format!("{}1{}", "2(1111: ".repeat(20_000), ")".repeat(20_000));
    let run = mastermind_with_input(&["verify", "-"], &deep).expect_status(1);
    assert!(run.stdout.contains("nested more than"), "{}", run.stdout);
    for text in ["", "  \n", "\u{0}\u{1}binary junk", "hello"] {
        let run = mastermind_with_input(&["verify", "-"], text).expect_status(2);
        assert!(
            run.stderr
                .contains("cannot read - as a strategy tree: line 1"),
            "{}",
            run.stderr
        );
    }
    let run = mastermind_with_input(&["verify", "-", "--after", "1123"], &committed(FIGURE_1))
        .expect_status(2);
    assert!(run.stderr.contains("GUESS=REPLY"), "{}", run.stderr);
}

#[test]
fn the_corpus_of_inputs_that_once_failed_reads() {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let mut count = 0;
    for entry in std::fs::read_dir(&directory).expect("the corpus is committed") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|extension| extension != "txt") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        read_and_verify(&String::from_utf8_lossy(&bytes));
        count += 1;
    }
    assert!(count > 0, "the corpus in {CORPUS} is empty");
}

/// One edit of a text: delete, insert or replace the character at a position (taken modulo
/// the length).
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Mostly the notations' own characters, which make the most interesting damage.
    let character = prop_oneof![
        4 => proptest::sample::select("0123456789()*:;,.=xABCDEFGHIJK \n".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ];
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), character.clone()).prop_map(|(at, c)| Edit::Insert(at, c)),
        (any::<usize>(), character).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut characters: Vec<char> = text.chars().collect();
    for edit in edits {
        let length = characters.len().max(1);
        match *edit {
            Edit::Delete(at) if !characters.is_empty() => {
                characters.remove(at % length);
            }
            Edit::Delete(_) => {}
            Edit::Insert(at, c) => characters.insert(at % (characters.len() + 1), c),
            Edit::Replace(at, c) if !characters.is_empty() => characters[at % length] = c,
            Edit::Replace(..) => {}
        }
    }
    characters.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        // Failures are kept by hand in the corpus, as plain text files.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_text_never_breaks_the_reader(text in "[0-9A-Kx()*:;,.= \n]{0,300}|\\PC{0,300}") {
        read_and_verify(&text);
    }

    #[test]
    fn damaged_figure_1_never_breaks_the_reader(edits in proptest::collection::vec(edit(), 1..6)) {
        let figure = committed(FIGURE_1);
        let copy = apply(&figure, &edits);
        let valid = read_and_verify(&copy);
        let unchanged = copy.split_whitespace().eq(figure.split_whitespace());
        if unchanged {
            prop_assert!(valid, "spacing alone broke the tree: {:?}", edits);
        }
    }
}
