//! The game a reader is told: the parts a caller named (the command's flags, Python's keyword
//! arguments, the page's form), each left out when not given. A JSON tree file names its own
//! game, which the words must only agree with; another tool's file names its pegs; a notation
//! names nothing, and is read in the game the words give, 4×6 by default.

use std::fmt;

use mastermind_core::{FeedbackKind, Game, GameError};

/// The parts of a game a caller named, each `None` when not given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameWords {
    /// Pegs in a code (4 when not given).
    pub pegs: Option<u32>,
    /// Colours (6 when not given).
    pub colours: Option<u32>,
    /// Whether a code may repeat a colour (it may when not given).
    pub repetition: Option<bool>,
    /// Whether replies give black pegs only (they give both when not given).
    pub black_only: Option<bool>,
}

/// One part of [`GameWords`] that a game contradicts, as it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameWord {
    /// The pegs given.
    Pegs(u32),
    /// The colours given.
    Colours(u32),
    /// Whether codes repeat colours, as given.
    Repetition(bool),
    /// Whether replies give black pegs only, as given.
    BlackOnly(bool),
}

impl GameWords {
    /// The game the words name, with the defaults for what they leave out.
    pub fn game(&self) -> Result<Game, GameError> {
        self.game_of(self.pegs.unwrap_or(4))
    }

    /// The game the words name, for codes of `pegs` pegs whatever they say of pegs.
    pub(crate) fn game_of(&self, pegs: u32) -> Result<Game, GameError> {
        let feedback = match self.black_only.unwrap_or(false) {
            true => FeedbackKind::BlackOnly,
            false => FeedbackKind::BlackWhite,
        };
        Game::new(
            pegs,
            self.colours.unwrap_or(6),
            self.repetition.unwrap_or(true),
            feedback,
        )
    }

    /// The words that `game` (named by a file) contradicts, in the order of the fields.
    pub fn contradicted_by(&self, game: &Game) -> Vec<GameWord> {
        let black_only = game.feedback_kind() == FeedbackKind::BlackOnly;
        [
            self.pegs
                .filter(|&pegs| pegs as usize != game.pegs())
                .map(GameWord::Pegs),
            self.colours
                .filter(|&colours| colours as usize != game.colours())
                .map(GameWord::Colours),
            self.repetition
                .filter(|&repetition| repetition != game.repetition())
                .map(GameWord::Repetition),
            self.black_only
                .filter(|&said| said != black_only)
                .map(GameWord::BlackOnly),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

impl fmt::Display for GameWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameWord::Pegs(pegs) => write!(f, "{pegs} pegs"),
            GameWord::Colours(colours) => write!(f, "{colours} colours"),
            GameWord::Repetition(true) => write!(f, "repeated colours"),
            GameWord::Repetition(false) => write!(f, "no repeated colour"),
            GameWord::BlackOnly(true) => write!(f, "black pegs only"),
            GameWord::BlackOnly(false) => write!(f, "black and white pegs"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_left_out_take_the_classic_game() {
        assert_eq!(GameWords::default().game().unwrap(), Game::classic());
        let bulls = GameWords {
            colours: Some(10),
            repetition: Some(false),
            ..GameWords::default()
        };
        assert_eq!(bulls.game().unwrap().code_count(), 5040);
    }

    #[test]
    fn only_words_given_can_be_contradicted() {
        let classic = Game::classic();
        assert!(GameWords::default().contradicted_by(&classic).is_empty());
        let words = GameWords {
            pegs: Some(5),
            colours: Some(6),
            repetition: Some(false),
            black_only: Some(true),
        };
        assert_eq!(
            words.contradicted_by(&classic),
            [
                GameWord::Pegs(5),
                GameWord::Repetition(false),
                GameWord::BlackOnly(true)
            ]
        );
    }
}
