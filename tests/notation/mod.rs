//! Trees in Knuth's and Irving's notation: every kind of defect named by line, column and path
//! ([`defects`]), conversions that give back the same tree ([`round_trip`]), and a reader that
//! survives any input ([`robustness`]). The helpers here are shared with the published trees'
//! tests.

mod defects;
mod robustness;
mod round_trip;

use std::path::Path;

use crate::support::{mastermind_with_input, Run};

/// Knuth's Figure 1 as transcribed.
pub const FIGURE_1: &str = "trees/published/knuth-1976-figure-1.txt";

/// The text of a committed file.
pub fn committed(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// Line and column (both from 1, columns in characters) of the first `needle` in `text`; when
/// the needle holds a `@`, of the place it marks (the needle is searched without it).
#[track_caller]
pub fn location_of(text: &str, needle: &str) -> (usize, usize) {
    let (before_mark, after_mark) = needle.split_once('@').unwrap_or(("", needle));
    let offset = text
        .find(&format!("{before_mark}{after_mark}"))
        .unwrap_or_else(|| panic!("`{needle}` is not in the text"))
        + before_mark.len();
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// `text` with the first `from` replaced by `to`, which must be there.
#[track_caller]
pub fn damaged(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` is not in the text");
    text.replacen(from, to, 1)
}

/// Runs `mastermind verify -` on `text` with `extra` arguments.
pub fn verify_text(text: &str, extra: &[&str]) -> Run {
    mastermind_with_input(&[&["verify", "-"], extra].concat(), text)
}

/// Panics unless the report lists a problem at `location` and `path` whose message contains
/// `message`.
#[track_caller]
pub fn assert_problem(run: &Run, location: (usize, usize), path: &str, message: &str) {
    let (line, column) = location;
    let prefix = format!("  line {line}, column {column}: at {path}: ");
    assert!(
        run.stdout
            .lines()
            .any(|problem| problem.starts_with(&prefix) && problem.contains(message)),
        "no problem `{prefix}…{message}…` in\n{}",
        run.stdout
    );
}

/// How many problems the report lists.
pub fn problem_count(run: &Run) -> usize {
    run.stdout
        .lines()
        .filter(|line| line.starts_with("  line "))
        .count()
}
