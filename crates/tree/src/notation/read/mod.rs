//! Reading a tree written in Knuth's or Irving's notation, lenient about layout and strict
//! about content: any spacing and line breaks, lettered sections (`96A` in the tree and
//! `A = (2344: …)` after it, with or without a `where` line, in any order), and every defect
//! of syntax, slots or sections reported with its line, column and path in the tree, reading on
//! after each one. What needs the codes replayed (counts, guesses, the short forms) is left to
//! the verifier, which takes the [`Situation`] tree this builds.
//!
//! A definition may repeat its count (`K = 39(1256: …)`, as Koyama and Lai print K), which must
//! then agree with the reference. Where OCR typically damages the text, reading goes on as the
//! paper meant: a `;`, `,` or `.` after a guess is reported and read as the `:` it stands for,
//! and a `.` or `:` between slots is reported and read as a separator.
//!
//! A reading goes lexer (`lex`) → parser (`parse`, to a notation-free `syntax` tree) →
//! notation (`detect`) → resolver (`resolve`: slots to replies, sections substituted).

mod detect;
mod error;
mod lex;
mod parse;
mod resolve;
mod syntax;

use mastermind_core::{Feedback, Game};

pub use error::{ReadError, ReadErrorKind, MAX_ERRORS};
pub use parse::{MAX_NESTING, MAX_SITUATIONS};

use super::{Form, Notation};

/// A place in the text: line and column, both from 1 (columns count characters).
pub type Location = (usize, usize);

/// A situation as the text states it, with its meaning in the notation resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The count as written (for a section, the count at its reference).
    pub candidates: u64,
    /// Where its count is written (for a section, the count at its reference, such as the `96`
    /// of `96A`).
    pub location: Location,
    /// The guess as written, without Irving's `*` or Knuth's `x`.
    pub guess: Option<String>,
    /// Where the guess is written.
    pub guess_location: Option<Location>,
    /// Whether the text says the guess is a candidate, and where it says so: the all-black slot
    /// of a full form, or in Irving's short forms the absence of `*` (at the guess). `None`
    /// where the text does not say. (Koyama and Lai write `*` in short forms only; a `*` in a
    /// full form, as our printer writes it, must agree with the all-black slot.)
    pub guess_is_candidate: Option<(bool, Location)>,
    /// The form it is written in; `None` when the text was lost to an error already reported,
    /// so that nothing below it can be checked.
    pub form: Option<Form>,
    /// For [`Form::Full`], the situation after each reply that has a slot, zeros included; the
    /// all-black slot (see [`Situation::guess_is_candidate`]) and Knuth's `(p−1, 1)` are not
    /// listed. Empty for the other forms: a bare count (at most two candidates in Knuth's
    /// notation, one in Irving's) and `n(gggg)` settle every reply, and Knuth's `n(ggggx)`
    /// leaves at most two after each, all played smallest first.
    pub children: Vec<(Feedback, Situation)>,
}

/// The outcome of reading a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The notation the text was read in.
    pub notation: Notation,
    /// Whether that notation was detected rather than given.
    pub detected: bool,
    /// The tree, as far as it could be read; `None` when no situation could be read at all.
    pub tree: Option<Situation>,
    /// Every error found, in the order found.
    pub errors: Vec<ReadError>,
}

/// Reads `text` as a tree for `game`, in `notation` or (when `None`) the notation detected.
pub fn read(text: &str, game: &Game, notation: Option<Notation>) -> Reading {
    let document = parse::parse(text, game.pegs() * game.colour_width());
    let detected = notation.is_none();
    let notation = notation.unwrap_or_else(|| detect::detect(&document, game));
    let mut errors = error::Errors::default();
    let tree = resolve::resolve(&document, game, notation, &mut errors);
    Reading {
        notation,
        detected,
        tree,
        errors: errors.list,
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::FeedbackKind;

    use super::*;

    fn kinds(reading: &Reading) -> Vec<String> {
        reading
            .errors
            .iter()
            .map(|error| error.kind.to_string())
            .collect()
    }

    fn reply(game: &Game, black: usize, white: usize) -> Feedback {
        game.feedback(black, white)
    }

    /// A word that is no count is one error, however it is misread.
    #[test]
    fn a_word_that_is_no_count_is_reported_once() {
        let game = Game::classic();
        for (text, word) in [("not a tree", "not"), ("not", "not"), ("5x(1234)", "5x")] {
            let reading = read(text, &game, None);
            let unreadable: Vec<String> = kinds(&reading)
                .into_iter()
                .filter(|kind| kind.contains("cannot be read as a count"))
                .collect();
            assert_eq!(unreadable.len(), 1, "{text}: {unreadable:?}");
            assert!(
                unreadable[0].starts_with(&format!("`{word}`")),
                "{unreadable:?}"
            );
        }
    }

    #[test]
    fn sections_come_in_any_order_with_or_without_where() {
        let game = Game::new(3, 2, true, FeedbackKind::BlackWhite).unwrap();
        for text in [
            "8(111: 0,0,0,1;0,0,3A;0,3B;1)\nwhere\nA = (122x)\nB = (112x)",
            "8(111: 0,0,0,1;0,0,3A;0,3B;1), B = (112x) A = (122x)",
            "8 ( 111 :\n 0 , 0,0,1 ; 0,0,\n3 A;0,3B;1)\nB=(112x)\nA=3(122x)",
        ] {
            let reading = read(text, &game, None);
            assert_eq!(kinds(&reading), Vec::<String>::new(), "{text}");
            assert_eq!(reading.notation, Notation::Knuth);
            let Some(Situation {
                form: Some(Form::Full),
                guess_is_candidate: Some((true, _)),
                children,
                ..
            }) = &reading.tree
            else {
                panic!("a full form: {:?}", reading.tree)
            };
            let after_1b0w = &children
                .iter()
                .find(|(f, _)| *f == reply(&game, 1, 0))
                .unwrap()
                .1;
            assert_eq!(after_1b0w.guess.as_deref(), Some("122"));
            assert_eq!(after_1b0w.form, Some(Form::Pairs));
            assert_eq!(after_1b0w.candidates, 3);
        }
    }

    #[test]
    fn section_errors_are_each_named() {
        let game = Game::new(3, 2, true, FeedbackKind::BlackWhite).unwrap();
        let text = "8(111: 0,0,0,1;0,0,3A;0,3C;1)\nA = 4(122x)\nB = (112x)\nA = (122x)";
        let reading = read(text, &game, None);
        assert_eq!(
            kinds(&reading),
            [
                "section A is defined twice (first at line 2, column 1)",
                "section A is used as 3 candidates, but its definition says 4",
                "no section C is defined",
                "section B is never used",
            ]
        );
        let paths: Vec<_> = reading.errors.iter().map(|e| e.path.clone()).collect();
        let step = |reply: &str| vec![("111".to_owned(), reply.to_owned())];
        assert_eq!(paths, [vec![], step("1B0W"), step("2B0W"), vec![]]);
    }

    #[test]
    fn irving_is_told_by_its_star_or_its_slots() {
        let game = Game::classic();
        let starred = read("3(1222*)", &game, None);
        assert_eq!(
            (starred.notation, starred.detected),
            (Notation::Irving, true)
        );
        assert_eq!(
            starred.tree.unwrap().guess_is_candidate,
            Some((false, (1, 3)))
        );
        let irving =
            "5(1111: 0,0,0,0,0;0,0,0,0;0,0,1;3(1112: 0,0,0,0,0;0,0,0,0;0,0,0;2(1113);1);1)";
        assert_eq!(read(irving, &game, None).notation, Notation::Irving);
        let knuth = "5(1111: 0,0,0,0,0;0,0,0,0;0,0,1;0,3(1112x);1)";
        let reading = read(knuth, &game, None);
        assert_eq!(reading.notation, Notation::Knuth);
        assert!(reading.errors.is_empty());
        let forced = read(knuth, &game, Some(Notation::Irving));
        assert!(!forced.detected);
        assert_eq!(
            kinds(&forced),
            ["15 slots, but Irving's notation has 14 for 4×6 (5, 4, 3, 1, 1 by number of black pegs)"]
        );
    }

    #[test]
    fn black_only_games_have_one_slot_per_black_count() {
        let game = Game::new(3, 2, true, FeedbackKind::BlackOnly).unwrap();
        let reading = read("8(111: 1;3(122x);3(112x);1)", &game, None);
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let children = reading.tree.expect("a tree").children;
        let replies: Vec<_> = children
            .iter()
            .map(|(f, _)| game.feedback_name(*f))
            .collect();
        assert_eq!(replies, ["0B", "1B", "2B"]);
    }

    #[test]
    fn errors_carry_their_place_and_reading_goes_on() {
        let game = Game::classic();
        let text = "16(1213: 0,0,0,0,0;1,4(1415),3(1145),0;1,3(4115),3(1145);0,1;0)";
        let damaged = text
            .replace("0,0,0,0,0;", "0.0,0,0,0:")
            .replace("3(4115)", "3(4115) 7");
        let reading = read(&damaged, &game, None);
        let found: Vec<_> = reading
            .errors
            .iter()
            .map(|error| (error.location, error.kind.to_string()))
            .collect();
        assert_eq!(
            found,
            [
                ((1, 11), "`.` cannot separate slots: a `,` or `;` belongs here (OCR often reads `,` or `;` as `.`)".to_owned()),
                ((1, 19), "`:` cannot separate slots: a `,` or `;` belongs here".to_owned()),
                ((1, 50), "a `,` or `;` is missing between two slots".to_owned()),
                ((1, 4), "16 slots, but Knuth's notation has 15 for 4×6 (5, 4, 3, 2, 1 by number of black pegs)".to_owned()),
            ]
        );
    }
}
