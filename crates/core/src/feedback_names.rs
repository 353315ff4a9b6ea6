//! Replies as people write them: `2B1W` (or `2B` with black pegs only), named and read
//! against a game.

use thiserror::Error;

use crate::shown_by::ShownBy;
use crate::{Feedback, FeedbackKind, Game};

impl Game {
    /// A readable name such as `2B1W` (or `2B` in black-only games), used as a JSON key. An
    /// index that is no reply of this game is named as such, never as a reply it is not.
    pub fn feedback_name(&self, feedback: Feedback) -> String {
        if !self.is_feedback(feedback) {
            return format!("#{} (not a reply of {})", feedback.index(), self.describe());
        }
        match self.feedback_kind() {
            FeedbackKind::BlackWhite => {
                format!("{}B{}W", self.black(feedback), self.white(feedback))
            }
            FeedbackKind::BlackOnly => format!("{}B", self.black(feedback)),
        }
    }

    /// Reads a name written by [`Game::feedback_name`].
    pub fn parse_feedback(&self, text: &str) -> Result<Feedback, FeedbackParseError> {
        parse(self, text)
    }
}

impl Feedback {
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
        ShownBy(move || game.feedback_name(self))
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
            FeedbackKind::BlackWhite => format!(
                "<black>B<white>W with black + white at most {}, such as 1B2W",
                game.pegs()
            ),
            FeedbackKind::BlackOnly => {
                format!("<black>B with black at most {}, such as 2B", game.pegs())
            }
        },
    };
    let upper = text.trim().to_ascii_uppercase();
    let (black, rest) = upper.split_once('B').ok_or_else(error)?;
    let black: usize = black.parse().map_err(|_| error())?;
    let white: usize = match (game.feedback_kind(), rest) {
        (FeedbackKind::BlackOnly, "") => 0,
        (FeedbackKind::BlackWhite, rest) => rest
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feedback_names_round_trip() {
        for kind in [FeedbackKind::BlackWhite, FeedbackKind::BlackOnly] {
            let game = Game::new(4, 6, true, kind).unwrap();
            for f in game.notation_feedbacks() {
                assert_eq!(game.parse_feedback(&game.feedback_name(f)), Ok(f));
            }
        }
    }
}
