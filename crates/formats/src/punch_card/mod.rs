//! The C solver's punch card. A header line names the reply of each column by its label (`----
//! O--- … XXXX`); every other line is a row: its row number, the guess number (1 for the
//! first guess), the guess, and one entry per column: `----` when no code gets that reply, a
//! code when it is the one code left (guessed next; under the all-black reply, the guess
//! itself), or `>NNN` when row NNN carries on. The first row is the first guess; rows may come
//! in any order, and a last `cpu=…s` line (the solver's timing) is allowed.
//!
//! Reading is strict about meaning and goes on past each problem: a reference to a row that
//! does not exist, back to a row on its own way (a cycle) or to a row already used, a guess
//! number that is not the row's depth, a row written twice or never used, and labels that are
//! not replies of the game, each reported at its token.

mod write;

use std::collections::{HashMap, HashSet};

use mastermind_core::{Codebook, Feedback, Game};
use mastermind_verify::{Location, Problem, TreePath, DEPTH_LIMIT};

pub(crate) use write::write;

use crate::labels::read_label;
use crate::meaning::{path_guess, report, Entry, Written};
use crate::SyntaxError;

/// A word of the text and where it starts.
type Word = (String, Location);

/// A punch card's structure.
#[derive(Debug)]
pub(crate) struct Card {
    header: Vec<Word>,
    rows: Vec<Row>,
    /// Lines that are neither the header nor rows.
    strays: Vec<Location>,
}

#[derive(Debug)]
struct Row {
    number: Word,
    guess_number: Word,
    guess: Word,
    entries: Vec<Word>,
}

/// The words of `line` (line number `line_number`) with their places; columns count characters.
fn words(line: &str, line_number: usize) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for (column, c) in line.chars().enumerate() {
        if c.is_whitespace() {
            words.extend(
                current
                    .take()
                    .map(|(word, start)| (word, (line_number, start))),
            );
        } else {
            current
                .get_or_insert_with(|| (String::new(), column + 1))
                .0
                .push(c);
        }
    }
    words.extend(current.map(|(word, start)| (word, (line_number, start))));
    words
}

fn is_label(word: &str) -> bool {
    word.chars().all(|c| matches!(c, 'X' | 'O' | '-'))
}

/// Reads the structure of a punch card.
pub(crate) fn parse(text: &str) -> Result<Card, SyntaxError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| words(line, index + 1))
        .filter(|words| !words.is_empty());
    let Some(header) = lines.next() else {
        return Err(SyntaxError {
            location: None,
            message: "the input holds no punch card".to_owned(),
        });
    };
    if let Some((word, at)) = header.iter().find(|(word, _)| !is_label(word)) {
        return Err(SyntaxError {
            location: Some(*at),
            message: format!(
                "a punch card starts with a header naming each column's reply (such as `---- O--- … XXXX`), but `{word}` is not a reply label"
            ),
        });
    }
    let mut rows = Vec::new();
    let mut strays = Vec::new();
    let lines: Vec<Vec<Word>> = lines.collect();
    let last = lines.len().saturating_sub(1);
    for (index, mut words) in lines.into_iter().enumerate() {
        let is_timing = words.len() == 1 && words[0].0.starts_with("cpu=") && index == last;
        let is_row = words.len() >= 3
            && words[..2]
                .iter()
                .all(|(word, _)| word.bytes().all(|b| b.is_ascii_digit()));
        if is_row {
            let entries = words.split_off(3);
            let mut words = words.into_iter();
            let (Some(number), Some(guess_number), Some(guess)) =
                (words.next(), words.next(), words.next())
            else {
                unreachable!("a row has at least three words")
            };
            rows.push(Row {
                number,
                guess_number,
                guess,
                entries,
            });
        } else if !is_timing {
            strays.push(words[0].1);
        }
    }
    if rows.is_empty() {
        return Err(SyntaxError {
            location: None,
            message: "the punch card has a header but no rows".to_owned(),
        });
    }
    Ok(Card {
        header,
        rows,
        strays,
    })
}

impl Card {
    pub(crate) fn pegs(&self) -> usize {
        self.rows[0].guess.0.chars().count()
    }

    /// The tree from the first row, in `game`.
    pub(crate) fn tree(&self, game: &Game, problems: &mut Vec<Problem>) -> Option<Written> {
        let root = TreePath::root();
        for &at in &self.strays {
            let message = "expected a row: its number, the guess number, the guess, then one entry per column".to_owned();
            report(problems, &root, at, message);
        }
        let mut columns: Vec<Option<Feedback>> = Vec::new();
        for (label, at) in &self.header {
            let reply = match read_label(game, label) {
                Ok(reply) if columns.contains(&Some(reply)) => {
                    let message = format!("the header names the reply `{label}` twice");
                    report(problems, &root, *at, message);
                    None
                }
                Ok(reply) => Some(reply),
                Err(message) => {
                    report(problems, &root, *at, message);
                    None
                }
            };
            columns.push(reply);
        }
        let mut by_number: HashMap<u64, usize> = HashMap::new();
        for (index, row) in self.rows.iter().enumerate() {
            let Some(number) = number_of(&row.number.0) else {
                let message = format!("the row number `{}` is too large", row.number.0);
                report(problems, &root, row.number.1, message);
                continue;
            };
            if let Some(&first) = by_number.get(&number) {
                let (line, _) = self.rows[first].number.1;
                let message = format!(
                    "row {} is written twice (first on line {line})",
                    row.number.0
                );
                report(problems, &root, row.number.1, message);
            } else {
                by_number.insert(number, index);
            }
        }
        let mut builder = Builder {
            card: self,
            book: Codebook::new(*game),
            columns,
            by_number,
            used: HashMap::new(),
            on_the_way: Vec::new(),
            problems,
        };
        // The first row is the root: no reference may lead to it.
        builder.used.insert(0, self.rows[0].number.1);
        let tree = builder.row(0, 1, TreePath::root());
        // Rows below a reference that could not be followed are referred to all the same.
        let referred: HashSet<Option<u64>> = self
            .rows
            .iter()
            .flat_map(|row| &row.entries)
            .filter_map(|(entry, _)| entry.strip_prefix('>'))
            .map(number_of)
            .collect();
        for row in &self.rows[1..] {
            if !referred.contains(&number_of(&row.number.0)) {
                let message = format!(
                    "row {} is never referred to (no `>{}` leads to it)",
                    row.number.0, row.number.0
                );
                report(builder.problems, &root, row.number.1, message);
            }
        }
        Some(tree)
    }
}

fn number_of(digits: &str) -> Option<u64> {
    digits.parse().ok()
}

/// Follows the rows from the first, building the tree.
struct Builder<'a> {
    card: &'a Card,
    book: Codebook,
    columns: Vec<Option<Feedback>>,
    by_number: HashMap<u64, usize>,
    /// Each row reached so far, with where the reference to it is written.
    used: HashMap<usize, Location>,
    /// The rows leading to the one being read.
    on_the_way: Vec<usize>,
    problems: &'a mut Vec<Problem>,
}

impl Builder<'_> {
    /// Row `index`, reached as guess number `depth` at `path`.
    fn row(&mut self, index: usize, depth: usize, path: TreePath) -> Written {
        let card = self.card;
        let row = &card.rows[index];
        let (guess_number, at) = &row.guess_number;
        if number_of(guess_number) != Some(depth as u64) {
            let message = format!(
                "row {} says its guess is guess number {guess_number}, but it is reached as guess number {depth}",
                row.number.0
            );
            report(self.problems, &path, *at, message);
        }
        if row.entries.len() != self.columns.len() {
            let message = format!(
                "row {} has {} entries after its guess, but the header names {} replies",
                row.number.0,
                row.entries.len(),
                self.columns.len()
            );
            report(self.problems, &path, row.number.1, message);
        }
        self.on_the_way.push(index);
        let guess_text = path_guess(&self.book, &row.guess.0);
        let mut replies = Vec::new();
        for ((entry, at), column) in row.entries.iter().zip(self.columns.clone()) {
            let Some(reply) = column else {
                continue;
            };
            let child_path = path.then(&guess_text, &self.book.game().feedback_name(reply));
            let entry = if entry.chars().all(|c| c == '-') {
                Entry::Nothing
            } else if let Some(target) = entry.strip_prefix('>') {
                self.reference(target, *at, depth, child_path)
            } else {
                Entry::Code(entry.clone())
            };
            replies.push((reply, *at, entry));
        }
        self.on_the_way.pop();
        Written {
            guess: row.guess.0.clone(),
            guess_at: row.guess.1,
            at: row.number.1,
            replies,
            absent_means_none: false,
            path,
        }
    }

    /// The entry `>target` at `at`, in a row that is guess number `depth`.
    fn reference(&mut self, target: &str, at: Location, depth: usize, path: TreePath) -> Entry {
        let index = target
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| number_of(target))
            .flatten()
            .and_then(|number| self.by_number.get(&number).copied());
        let Some(index) = index else {
            let message = format!("`>{target}` refers to row {target}, but there is no such row");
            report(self.problems, &path, at, message);
            return Entry::Lost;
        };
        if self.on_the_way.contains(&index) {
            let cycle: Vec<&str> = self.on_the_way[self
                .on_the_way
                .iter()
                .position(|&i| i == index)
                .unwrap_or(0)..]
                .iter()
                .map(|&i| self.card.rows[i].number.0.as_str())
                .chain([target])
                .collect();
            let message = format!(
                "`>{target}` refers back to a row on the way to it: the rows {} form a cycle",
                cycle.join(" → ")
            );
            report(self.problems, &path, at, message);
            return Entry::Lost;
        }
        if let Some(&(line, column)) = self.used.get(&index) {
            let message = format!(
                "row {target} is already referred to at line {line}, column {column}; each row is one situation of the tree"
            );
            report(self.problems, &path, at, message);
            return Entry::Lost;
        }
        self.used.insert(index, at);
        if depth >= DEPTH_LIMIT {
            let message = format!("the rows nest more than {DEPTH_LIMIT} guesses deep");
            report(self.problems, &path, at, message);
            return Entry::Lost;
        }
        Entry::Situation(Box::new(self.row(index, depth + 1, path)))
    }
}
