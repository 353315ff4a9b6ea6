//! Feedback as a small integer: the number of black and white pegs packed as
//! `black × (pegs + 1) + white`, so a partition is an array indexed by feedback.

use thiserror::Error;

use crate::Game;

/// The codemaker's reply to a guess, as a dense index (see [`Game::feedback`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Feedback(u8);

impl Feedback {
    /// The reply stored at `index` (see [`Feedback::index`]).
    #[inline]
    pub const fn from_index(index: u8) -> Feedback {
        Feedback(index)
    }

    /// The reply as a small array index: `black × (pegs + 1) + white`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The reply named as in `game`, for `{}`:
    ///
    /// ```
    /// use mastermind_core::Game;
    /// let game = Game::classic();
    /// assert_eq!(format!("{}", game.feedback(1, 2).display(&game)), "1B2W");
    /// // An index that is no reply of the game is never shown as one.
    /// let stray = mastermind_core::Feedback::from_index(250);
    /// assert!(stray.display(&game).to_string().contains("not a reply"));
    /// ```
    pub fn display(self, game: &Game) -> impl std::fmt::Display + '_ {
        crate::code::Written(move || game.feedback_name(self))
    }
}

/// A feedback name that does not read as `<b>B<w>W` (or `<b>B` for black-only games).
#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{text}` is not a reply of this game: expected {expected}")]
pub struct FeedbackParseError {
    text: String,
    expected: String,
}

pub(crate) fn parse(game: &Game, text: &str) -> Result<Feedback, FeedbackParseError> {
    let error = || FeedbackParseError {
        text: crate::excerpt(text),
        expected: match game.feedback_kind() {
            crate::FeedbackKind::BlackWhite => format!(
                "<black>B<white>W with black + white at most {}, such as 1B2W",
                game.pegs()
            ),
            crate::FeedbackKind::BlackOnly => {
                format!("<black>B with black at most {}, such as 2B", game.pegs())
            }
        },
    };
    let upper = text.trim().to_ascii_uppercase();
    let (black, rest) = upper.split_once('B').ok_or_else(error)?;
    let black: usize = black.parse().map_err(|_| error())?;
    let white: usize = match (game.feedback_kind(), rest) {
        (crate::FeedbackKind::BlackOnly, "") => 0,
        (crate::FeedbackKind::BlackWhite, rest) => rest
            .strip_suffix('W')
            .ok_or_else(error)?
            .parse()
            .map_err(|_| error())?,
        _ => return Err(error()),
    };
    if black + white > game.pegs() {
        return Err(error());
    }
    Ok(game.feedback(black, white))
}
