//! The parenthesised notations the papers print trees in: Knuth's (1976) and Irving's (used by
//! Koyama and Lai).
//!
//! A situation with `n` candidates is written `n`, `n(gggg)`, `n(ggggx)` (Knuth only) or in full
//! as `n(gggg: …)` with one slot per reply; [`Form`] says which, [`Notation::slot_groups`] lists
//! the slots, [`print()`] writes a whole tree, flat or in the paper's lettered sections, and
//! [`read()`] reads one back, reporting every defect it can see without replaying codes.

mod form;
mod print;
pub mod read;
mod wrap;

use std::fmt;
use std::str::FromStr;

use mastermind_core::{Feedback, FeedbackKind, Game};

pub use form::Form;
pub use print::{print, section_name, Layout, SECTION_THRESHOLD};
pub use read::{read, Reading, Situation};

/// Which paper's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Knuth 1976: `n` for `n ≤ 2`, an `x` form, and a slot for the impossible `(p−1, 1)`.
    Knuth,
    /// Irving, as used by Koyama and Lai: `n` for `n ≤ 1`, no `x` form, no `(p−1, 1)` slot,
    /// and `*` after a guess that is not a candidate.
    Irving,
}

impl Notation {
    /// The replies a full form lists, grouped by black count (the groups are separated by `;`
    /// and the replies within a group by `,`): black from 0 up to `p`, and within each black
    /// count white from `p − black` down to 0. Knuth keeps the impossible `(p−1, 1)`, Irving
    /// leaves it out. A black-only game has one reply per group.
    pub fn slot_groups(self, game: &Game) -> Vec<Vec<Feedback>> {
        let impossible = (game.feedback_kind() == FeedbackKind::BlackWhite
            && self == Notation::Irving)
            .then(|| game.feedback(game.pegs() - 1, 1));
        let mut groups: Vec<Vec<Feedback>> = vec![Vec::new(); game.pegs() + 1];
        for feedback in game.notation_feedbacks() {
            if Some(feedback) != impossible {
                groups[game.black(feedback)].push(feedback);
            }
        }
        groups
    }

    /// The lower-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Knuth => "knuth",
            Notation::Irving => "irving",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name other than `knuth` or `irving`.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{0}` is not a notation: expected `knuth` or `irving`")]
pub struct NotationParseError(String);

impl FromStr for Notation {
    type Err = NotationParseError;

    fn from_str(text: &str) -> Result<Notation, NotationParseError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "knuth" => Ok(Notation::Knuth),
            "irving" => Ok(Notation::Irving),
            _ => Err(NotationParseError(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(game: &Game, groups: &[Vec<Feedback>]) -> Vec<Vec<String>> {
        groups
            .iter()
            .map(|group| group.iter().map(|&f| game.feedback_name(f)).collect())
            .collect()
    }

    #[test]
    fn four_pegs_have_fifteen_knuth_slots_and_fourteen_irving_slots() {
        let game = Game::classic();
        let knuth = Notation::Knuth.slot_groups(&game);
        let sizes: Vec<usize> = knuth.iter().map(Vec::len).collect();
        assert_eq!(sizes, [5, 4, 3, 2, 1]);
        assert_eq!(names(&game, &knuth)[3], ["3B1W", "3B0W"]);
        let irving = Notation::Irving.slot_groups(&game);
        let sizes: Vec<usize> = irving.iter().map(Vec::len).collect();
        assert_eq!(sizes, [5, 4, 3, 1, 1]);
        assert_eq!(
            names(&game, &irving)[0],
            ["0B4W", "0B3W", "0B2W", "0B1W", "0B0W"]
        );
    }

    #[test]
    fn other_games_follow_the_same_order() {
        let three = Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap();
        let irving = names(&three, &Notation::Irving.slot_groups(&three));
        assert_eq!(
            irving,
            [
                vec!["0B3W", "0B2W", "0B1W", "0B0W"],
                vec!["1B2W", "1B1W", "1B0W"],
                vec!["2B0W"],
                vec!["3B0W"],
            ]
        );
        let black_only = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        for notation in [Notation::Knuth, Notation::Irving] {
            let groups = names(&black_only, &notation.slot_groups(&black_only));
            assert_eq!(groups, [["0B"], ["1B"], ["2B"], ["3B"], ["4B"]]);
        }
    }

    #[test]
    fn notation_names_round_trip() {
        for notation in [Notation::Knuth, Notation::Irving] {
            assert_eq!(notation.name().parse(), Ok(notation));
        }
        assert_eq!(" Irving ".parse(), Ok(Notation::Irving));
        assert!("koyama".parse::<Notation>().is_err());
    }
}
