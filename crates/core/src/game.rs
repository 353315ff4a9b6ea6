//! The parameters of a game: pegs, colours, whether colours may repeat, and what feedback the
//! codemaker gives. A [`Game`] is validated once, so everything downstream may rely on it.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::feedback::Feedback;

/// Most pegs a code may have.
pub const MAX_PEGS: u8 = 13;
/// Most colours: the symbols `0`–`9` then `A`–`Z` name up to 36, two decimal digits the rest.
pub const MAX_COLOURS: u8 = 100;
/// Most colours that one symbol each can name: `0`–`9` then `A`–`Z`. Games with more write
/// each colour as two decimal digits.
pub const MOST_SYMBOLS: usize = 36;

/// A set of a game's colours, colour `c` as bit `c`: wide enough for every colour a game may
/// have.
pub type ColourSet = u128;

const _: () = assert!(MAX_COLOURS as u32 <= ColourSet::BITS);

/// Most codes a game may have; larger games cannot be searched exhaustively anyway.
pub const MAX_CODES: u64 = 1 << 22;

/// What the codemaker reports for a guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum FeedbackKind {
    /// Black and white pegs (classic Mastermind, Bulls and Cows).
    #[default]
    BlackWhite,
    /// Black pegs only: white pegs are not reported.
    BlackOnly,
}

/// A validated game: `pegs` positions, `colours` symbols, with or without repeated colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pegs: u8,
    colours: u8,
    repetition: bool,
    feedback: FeedbackKind,
}

/// Why a game cannot be played.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GameError {
    #[error("a game needs between 1 and {MAX_PEGS} pegs, not {0}")]
    /// The number of pegs is out of range.
    Pegs(u32),
    #[error("a game needs between 1 and {MAX_COLOURS} colours, not {0}")]
    /// The number of colours is out of range.
    Colours(u32),
    #[error("without repetition a game needs at least as many colours as pegs ({pegs} pegs, {colours} colours)")]
    /// There are fewer colours than pegs, and colours may not repeat.
    TooFewColours {
        /// The pegs asked for.
        pegs: u8,
        /// The colours asked for.
        colours: u8,
    },
    #[error(
        "{pegs} pegs and {colours} colours make {codes} codes; at most {MAX_CODES} are supported"
    )]
    /// The game has more codes than the tool supports.
    TooManyCodes {
        /// The pegs asked for.
        pegs: u8,
        /// The colours asked for.
        colours: u8,
        /// How many codes they make, exactly (13 pegs of 100 colours make 10²⁶).
        codes: u128,
    },
}

impl Game {
    /// Classic Mastermind: 4 pegs, 6 colours, repetition allowed.
    pub fn classic() -> Game {
        Game::new(4, 6, true, FeedbackKind::BlackWhite).expect("4×6 is a valid game")
    }

    /// Validates and builds a game.
    pub fn new(
        pegs: u32,
        colours: u32,
        repetition: bool,
        feedback: FeedbackKind,
    ) -> Result<Game, GameError> {
        if pegs == 0 || pegs > u32::from(MAX_PEGS) {
            return Err(GameError::Pegs(pegs));
        }
        if colours == 0 || colours > u32::from(MAX_COLOURS) {
            return Err(GameError::Colours(colours));
        }
        let (pegs, colours) = (pegs as u8, colours as u8);
        if !repetition && colours < pegs {
            return Err(GameError::TooFewColours { pegs, colours });
        }
        let game = Game {
            pegs,
            colours,
            repetition,
            feedback,
        };
        let codes = game.exact_code_count();
        if codes > u128::from(MAX_CODES) {
            return Err(GameError::TooManyCodes {
                pegs,
                colours,
                codes,
            });
        }
        Ok(game)
    }

    /// How many pegs a code has.
    pub fn pegs(&self) -> usize {
        usize::from(self.pegs)
    }

    /// How many colours a peg may take.
    pub fn colours(&self) -> usize {
        usize::from(self.colours)
    }

    /// How many characters name one colour in a written code: one symbol for games of at most
    /// [`MOST_SYMBOLS`] colours, two decimal digits past that.
    pub fn colour_width(&self) -> usize {
        if self.colours() <= MOST_SYMBOLS {
            1
        } else {
            2
        }
    }

    /// Whether a colour may appear more than once in a code.
    pub fn repetition(&self) -> bool {
        self.repetition
    }

    /// Whether replies give black and white pegs or black pegs only.
    pub fn feedback_kind(&self) -> FeedbackKind {
        self.feedback
    }

    /// The number of codes: `c^p` with repetition, `c!/(c−p)!` without.
    pub fn code_count(&self) -> usize {
        self.exact_code_count() as usize
    }

    /// How many codes the game has, exactly: at most 100¹³, well within a `u128`.
    fn exact_code_count(&self) -> u128 {
        let (p, c) = (u128::from(self.pegs), u128::from(self.colours));
        if self.repetition {
            c.pow(p as u32)
        } else {
            (0..p).map(|i| c - i).product()
        }
    }

    /// The feedback that ends the game.
    pub fn all_black(&self) -> Feedback {
        self.feedback(self.pegs(), 0)
    }

    /// The feedback with `black` and `white` pegs (white is ignored for black-only games).
    pub fn feedback(&self, black: usize, white: usize) -> Feedback {
        let white = match self.feedback {
            FeedbackKind::BlackWhite => white,
            FeedbackKind::BlackOnly => 0,
        };
        Feedback::from_index((black * (self.pegs() + 1) + white) as u8)
    }

    /// How many pegs of the reply are black: right colour, right place.
    pub fn black(&self, feedback: Feedback) -> usize {
        feedback.index() / (self.pegs() + 1)
    }

    /// How many pegs of the reply are white: right colour, wrong place.
    pub fn white(&self, feedback: Feedback) -> usize {
        feedback.index() % (self.pegs() + 1)
    }

    /// Size of an array indexed by [`Feedback::index`].
    pub fn feedback_slots(&self) -> usize {
        (self.pegs() + 1) * (self.pegs() + 1)
    }

    /// The feedbacks the notation lists, in its order: black from 0 up to `p`, and within each
    /// black count white from `p − black` down to 0. This includes `(p−1, 1)`, which never
    /// occurs; black-only games list one slot per black count.
    pub fn notation_feedbacks(&self) -> Vec<Feedback> {
        let p = self.pegs();
        let mut out = Vec::new();
        for black in 0..=p {
            match self.feedback {
                FeedbackKind::BlackWhite => {
                    for white in (0..=p - black).rev() {
                        out.push(self.feedback(black, white));
                    }
                }
                FeedbackKind::BlackOnly => out.push(self.feedback(black, 0)),
            }
        }
        out
    }

    /// Whether `feedback` is a well-formed reply in this game (it may still never occur).
    pub fn is_feedback(&self, feedback: Feedback) -> bool {
        let index = feedback.index();
        if index >= self.feedback_slots() {
            return false;
        }
        let (black, white) = (self.black(feedback), self.white(feedback));
        black + white <= self.pegs() && (self.feedback == FeedbackKind::BlackWhite || white == 0)
    }

    /// A short description such as `4×6` or `4×10 without repetition, black pegs only`.
    pub fn describe(&self) -> String {
        let mut text = format!("{}×{}", self.pegs, self.colours);
        if !self.repetition {
            text.push_str(" without repetition");
        }
        if self.feedback == FeedbackKind::BlackOnly {
            text.push_str(", black pegs only");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_counts_match_the_brief() {
        assert_eq!(Game::classic().code_count(), 1296);
        let no_repeat = Game::new(4, 6, false, FeedbackKind::BlackWhite).unwrap();
        assert_eq!(no_repeat.code_count(), 360);
        let bulls = Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap();
        assert_eq!(bulls.code_count(), 5040);
    }

    #[test]
    fn invalid_games_are_rejected() {
        let kind = FeedbackKind::BlackWhite;
        assert_eq!(Game::new(0, 6, true, kind), Err(GameError::Pegs(0)));
        assert_eq!(Game::new(2, 101, true, kind), Err(GameError::Colours(101)));
        assert_eq!(Game::new(14, 2, true, kind), Err(GameError::Pegs(14)));
        assert!(matches!(
            Game::new(5, 4, false, kind),
            Err(GameError::TooFewColours { .. })
        ));
        assert!(matches!(
            Game::new(10, 36, true, kind),
            Err(GameError::TooManyCodes { .. })
        ));
    }

    #[test]
    fn a_game_past_the_limit_is_refused_with_its_exact_count() {
        let kind = FeedbackKind::BlackWhite;
        // 37!/24! and 100^13 are past u64, whose arithmetic used to wrap or saturate.
        let refused = Game::new(13, 37, false, kind).unwrap_err().to_string();
        assert!(
            refused.contains("make 22183557976419840000 codes"),
            "{refused}"
        );
        let refused = Game::new(13, 100, true, kind).unwrap_err().to_string();
        assert!(
            refused.contains(&format!("make 1{} codes", "0".repeat(26))),
            "{refused}"
        );
    }

    #[test]
    fn notation_has_fifteen_slots_for_four_pegs() {
        let game = Game::classic();
        let names: Vec<String> = game
            .notation_feedbacks()
            .iter()
            .map(|&f| game.feedback_name(f))
            .collect();
        assert_eq!(names.len(), 15);
        assert_eq!(names[0], "0B4W");
        assert_eq!(names[4], "0B0W");
        assert_eq!(names[13], "3B0W");
        assert_eq!(names[14], "4B0W");
    }

    #[test]
    fn the_largest_games_fit_their_replies_in_a_byte() {
        // 13 pegs: every reply's index, black × 14 + white, stays below 256.
        let game = Game::new(u32::from(MAX_PEGS), 2, true, FeedbackKind::BlackWhite).unwrap();
        assert_eq!(game.code_count(), 8192);
        for f in game.notation_feedbacks() {
            assert_eq!(game.parse_feedback(&game.feedback_name(f)), Ok(f));
            assert!(game.black(f) + game.white(f) <= 13);
        }
        assert_eq!(game.all_black().index(), 13 * 14);
        let wide = Game::new(2, u32::from(MAX_COLOURS), true, FeedbackKind::BlackWhite).unwrap();
        assert_eq!((wide.code_count(), wide.colour_width()), (10_000, 2));
    }
}
