//! Other tools' strategy files, so that the verifier can settle what any published tree does.
//! The C solver (arfst23/Mastermind) publishes its trees in two formats, both read here and
//! both written from a verified tree:
//!
//! - the **punch card** ([`Format::PunchCard`]): a header line naming the reply of each column,
//!   then one row per situation: its row number, the guess number, the guess, and for each
//!   reply `----` (no code gets it), a code (the one code left, guessed next) or `>NNN` (row
//!   NNN carries on);
//! - **YAML** ([`Format::Yaml`]): each situation is a list of two, the guess and a mapping from
//!   the replies that occur to either the one code left or the next situation, nested.
//!
//! Both write codes as digits with colours from 0 and replies as `X` (black), `O` (white) and
//! `-` per peg. The game's number of pegs comes from the file; its colours, repetition and
//! feedback from the caller. A text is read in two steps: [`parse`] takes its structure (and
//! fails only when the text is not in the format at all), then [`Parsed::read`] gives it its
//! meaning in a game, as a [`ClaimedNode`] tree for the verifier plus every problem found on
//! the way, each at its line and column with its path in the tree.

#![warn(missing_docs)]

mod digits;
mod labels;
mod meaning;
mod punch_card;
mod yaml;

use std::fmt;

use mastermind_core::{Codebook, Game};
use mastermind_tree::Node;
use mastermind_verify::{ClaimedNode, Location, Problem};

pub use digits::MAX_COLOURS;

/// A format of another tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The C solver's punch card: one line per code with its guesses as reply labels.
    PunchCard,
    /// The YAML tree of other solvers: nested lists of guesses and replies.
    Yaml,
}

impl Format {
    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::PunchCard => "punch card",
            Format::Yaml => "YAML",
        }
    }
}

/// The format `text` is written in, if it is one of these: YAML starts with `---` or a `- `
/// list item; a punch card starts with its header of reply labels such as `---- O--- …`.
pub fn detect(text: &str) -> Option<Format> {
    let first = text.lines().find(|line| !line.trim().is_empty())?.trim();
    let mut labels = first.split_whitespace();
    let is_label = |word: &str| word.chars().all(|c| matches!(c, 'X' | 'O' | '-'));
    if labels.clone().count() >= 2 && labels.all(is_label) {
        // Also when the first label is `---`, as for three pegs.
        return Some(Format::PunchCard);
    }
    (first == "---" || first.starts_with("--- ") || first.starts_with("- ")).then_some(Format::Yaml)
}

/// Why a text cannot be read in a format at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where the text goes wrong (line and column), when known.
    pub location: Option<Location>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.location {
            write!(f, "line {line}, column {column}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// A text whose structure is read, before a game gives it a meaning.
#[derive(Debug)]
pub struct Parsed(Structure);

#[derive(Debug)]
enum Structure {
    PunchCard(punch_card::Card),
    Yaml(yaml::Document),
}

/// A text with its meaning in a game: the tree as far as it could be read, and every problem
/// of the text found without replaying codes.
#[derive(Debug)]
pub struct Reading {
    /// The tree as far as it could be read.
    pub tree: Option<ClaimedNode>,
    /// Every problem of the text found without replaying codes.
    pub problems: Vec<Problem>,
}

/// Reads the structure of `text` in `format`.
pub fn parse(text: &str, format: Format) -> Result<Parsed, SyntaxError> {
    Ok(Parsed(match format {
        Format::PunchCard => Structure::PunchCard(punch_card::parse(text)?),
        Format::Yaml => Structure::Yaml(yaml::parse(text)?),
    }))
}

impl Parsed {
    /// The number of pegs of the file's codes (those of its first guess), if the text starts
    /// as a tree does.
    pub fn pegs(&self) -> Option<usize> {
        match &self.0 {
            Structure::PunchCard(card) => Some(card.pegs()),
            Structure::Yaml(document) => document.pegs(),
        }
    }

    /// The tree in `game`, and the problems of the text.
    pub fn read(&self, game: &Game) -> Reading {
        let book = Codebook::new(*game);
        let mut problems = Vec::new();
        let written = match &self.0 {
            Structure::PunchCard(card) => card.tree(game, &mut problems),
            Structure::Yaml(document) => document.tree(game, &mut problems),
        };
        let tree = written.map(|written| meaning::claimed(&book, &written, &mut problems));
        Reading { tree, problems }
    }
}

/// Why a tree cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwritableGame {
    /// The format asked for.
    pub format: Format,
    /// How many colours the game has.
    pub colours: usize,
}

impl fmt::Display for UnwritableGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} format writes each colour as one digit, so it holds games of at most {MAX_COLOURS} colours, not {}",
            self.format.name(),
            self.colours
        )
    }
}

impl std::error::Error for UnwritableGame {}

/// The verified tree `root` of `book`'s game, written in `format`.
pub fn write(book: &Codebook, root: &Node, format: Format) -> Result<String, UnwritableGame> {
    let colours = book.game().colours();
    if colours > MAX_COLOURS {
        return Err(UnwritableGame { format, colours });
    }
    Ok(match format {
        Format::PunchCard => punch_card::write(book, root),
        Format::Yaml => yaml::write(book, root),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_first_line() {
        assert_eq!(detect("---\n- 0012\n"), Some(Format::Yaml));
        assert_eq!(detect("\n- 0012\n- ----: 3345\n"), Some(Format::Yaml));
        assert_eq!(
            detect("           ---- O--- XXXX\n000 1 0012 >001 ---- 0012\n"),
            Some(Format::PunchCard)
        );
        assert_eq!(detect("1296(1122: 0,0"), None);
        assert_eq!(detect("{\"format\": 1}"), None);
        assert_eq!(detect(""), None);
    }
}

#[cfg(test)]
mod round_trip {
    use mastermind_core::{FeedbackKind, Scorer};
    use mastermind_strategy::{knuth, NoProgress};
    use mastermind_verify::{verify_tree, VerifyOptions};

    use super::*;

    fn check(game: Game) {
        let scorer = Scorer::new(game);
        let root = knuth(&scorer, &NoProgress);
        for format in [Format::PunchCard, Format::Yaml] {
            let text = write(scorer.codebook(), &root, format).unwrap();
            assert_eq!(detect(&text), Some(format), "{text}");
            let parsed = parse(&text, format).unwrap();
            assert_eq!(parsed.pegs(), Some(game.pegs()));
            let reading = parsed.read(&game);
            assert!(reading.problems.is_empty(), "{:?}", reading.problems);
            let tree = reading.tree.expect("a tree");
            let report = verify_tree(&scorer, &tree, &[], &VerifyOptions::default());
            assert!(
                report.is_valid(),
                "{} {}:\n{report}",
                game.describe(),
                format.name()
            );
            assert_eq!(report.tree.as_ref(), Some(&root));
        }
    }

    #[test]
    fn trees_of_every_kind_of_game_come_back_unchanged() {
        check(Game::classic());
        check(Game::new(3, 4, false, FeedbackKind::BlackWhite).unwrap());
        check(Game::new(3, 3, true, FeedbackKind::BlackOnly).unwrap());
        check(Game::new(2, 10, true, FeedbackKind::BlackWhite).unwrap());
    }

    #[test]
    fn more_than_ten_colours_cannot_be_written() {
        let game = Game::new(2, 11, true, FeedbackKind::BlackWhite).unwrap();
        let scorer = Scorer::new(game);
        let root = knuth(&scorer, &NoProgress);
        let error = write(scorer.codebook(), &root, Format::Yaml).unwrap_err();
        assert!(error.to_string().contains("at most 10 colours, not 11"));
    }
}

#[cfg(test)]
mod robustness {
    use mastermind_core::Scorer;
    use mastermind_strategy::{knuth, NoProgress};
    use mastermind_verify::DEPTH_LIMIT;
    use proptest::prelude::*;

    use super::*;

    fn messages(reading: &Reading) -> Vec<String> {
        reading.problems.iter().map(ToString::to_string).collect()
    }

    /// Parses and reads `text` in `format` for 4×6, whatever it holds.
    fn attempt(text: &str, format: Format) -> Option<Reading> {
        parse(text, format)
            .ok()
            .map(|parsed| parsed.read(&Game::classic()))
    }

    #[test]
    fn a_row_referred_to_twice_is_reported_at_the_second_reference() {
        let text = "---- XXXX\n000 1 0000 >001 ----\n001 2 1111 >002 ----\n002 3 2222 >001 ----\n";
        let reading = attempt(text, Format::PunchCard).expect("a card");
        assert_eq!(
            messages(&reading),
            ["line 4, column 12: at 1111 → 0B0W → 2222 → 0B0W → 3333 → 0B0W: `>001` refers back to a row on the way to it: the rows 001 → 002 → 001 form a cycle"],
        );
        let text = "---- O--- XXXX\n000 1 0000 >001 >001 ----\n001 2 1111 ---- ---- ----\n";
        let reading = attempt(text, Format::PunchCard).expect("a card");
        assert_eq!(
            messages(&reading),
            ["line 2, column 17: at 1111 → 0B1W: row 001 is already referred to at line 2, column 12; each row is one situation of the tree"],
        );
    }

    #[test]
    fn yaml_in_another_shape_is_named_part_by_part() {
        for (text, expected) in [
            ("- [0011]\n- XXXX: 0011\n", "line 1, column 3: at the root: expected the guess, a code such as `0012`; found a list of 1"),
            ("- 0011\n- 0011\n", "line 2, column 3: at the root: expected the mapping from each reply to what follows it; found `0011`"),
            ("- 0011\n- ----: [2222, 3333]\n  XXXX: 0011\n", "line 2, column 16: at 1122 → 0B0W: expected the mapping from each reply to what follows it; found `3333`"),
            ("- 0011\n- XXXX: &code 0011\n  ----: *code\n", "line 3, column 9: at 1122 → 0B0W: expected the one code left or the next situation; found an alias"),
        ] {
            let reading = attempt(text, Format::Yaml);
            let reading = reading.expect("YAML");
            assert_eq!(messages(&reading).first().map(String::as_str), Some(expected), "{text}");
        }
    }

    #[test]
    fn deep_input_stops_at_the_depth_limit() {
        let mut card = "---- XXXX\n".to_owned();
        for row in 0..5000 {
            card.push_str(&format!("{row:03} {} 0000 >{:03} ----\n", row + 1, row + 1));
        }
        let reading = attempt(&card, Format::PunchCard).expect("a card");
        assert!(messages(&reading)
            .iter()
            .any(|message| message.contains(&format!(
                "the rows nest more than {DEPTH_LIMIT} guesses deep"
            ))));
        let deep_yaml = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let error = parse(&deep_yaml, Format::Yaml).unwrap_err();
        assert!(error.message.contains("nests deeper than"), "{error}");
    }

    /// Every problem a reading reports says where it is, as `line L, column C: …`.
    fn located(reading: &Reading) -> bool {
        messages(reading).iter().all(|message| {
            message
                .strip_prefix("line ")
                .and_then(|rest| rest.split_once(", column "))
                .is_some_and(|(line, rest)| {
                    line.parse::<usize>().is_ok()
                        && rest
                            .split_once(": ")
                            .is_some_and(|(column, _)| column.parse::<usize>().is_ok())
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Text in the formats' own alphabets (which passes their headers now and then), or any
        /// text at all.
        #[test]
        fn any_text_is_read_or_refused_without_panicking(
            text in "(---- |XXXX |O--- |XO-- )*[-XO>0-9 \n]{0,200}|- [0-9]{4}\n- [-XO:0-9 \n\\[\\]{}]{0,200}|\\PC{0,300}"
        ) {
            for format in [Format::PunchCard, Format::Yaml] {
                if let Some(reading) = attempt(&text, format) {
                    prop_assert!(located(&reading), "{:?}", messages(&reading));
                }
            }
        }

        /// Valid files with a few characters deleted, inserted or replaced: each is read or
        /// refused, every problem is placed by line and column, and an edit that changed
        /// nothing leaves a tree that reads back whole.
        #[test]
        fn damaged_trees_are_read_or_refused_without_panicking(
            edits in prop::collection::vec((any::<prop::sample::Index>(), "[-XO>0-9 :\\[\\]{}\n]{0,3}"), 1..6)
        ) {
            let scorer = Scorer::new(Game::new(3, 3, true, mastermind_core::FeedbackKind::BlackWhite).unwrap());
            let root = knuth(&scorer, &NoProgress);
            for format in [Format::PunchCard, Format::Yaml] {
                let original = write(scorer.codebook(), &root, format).unwrap();
                let mut text = original.clone();
                for (at, replacement) in &edits {
                    let at = at.index(text.len() + 1);
                    let end = (at + replacement.len()).min(text.len());
                    text.replace_range(at..end, replacement);
                }
                if let Ok(parsed) = parse(&text, format) {
                    let reading = parsed.read(scorer.game());
                    prop_assert!(located(&reading), "{:?}", messages(&reading));
                    if text == original {
                        prop_assert!(reading.problems.is_empty(), "{:?}", messages(&reading));
                        let tree = reading.tree.as_ref().expect("a tree");
                        let report = mastermind_verify::verify_tree(
                            &scorer,
                            tree,
                            &[],
                            &mastermind_verify::VerifyOptions::default(),
                        );
                        prop_assert_eq!(report.tree.as_ref(), Some(&root));
                    }
                }
            }
        }
    }
}
