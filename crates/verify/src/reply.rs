//! Reading a reply key such as `1B2W`, telling a key that cannot be read at all apart from one
//! that reads fine but names a reply no guess can ever get in this game (3 black and 1 white,
//! more pegs than the code has, white pegs in a black-only game).

use mastermind_core::{Feedback, FeedbackKind, Game};

/// Why a key is not a reply that can occur in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReplyError {
    /// The key does not read as a reply: the reason, from the game's own parser.
    Unreadable(String),
    /// The key reads as a reply that can never occur: why not.
    Impossible(String),
}

/// Reads `key` as a reply of `game` that can occur for some guess and secret.
pub(crate) fn read_reply(game: &Game, key: &str) -> Result<Feedback, ReplyError> {
    let pegs = game.pegs();
    match game.parse_feedback(key) {
        Ok(feedback) => {
            let (black, white) = (game.black(feedback), game.white(feedback));
            if game.feedback_kind() == FeedbackKind::BlackWhite && black + 1 == pegs && white == 1 {
                // The one wrong peg's colour would have to sit in another position, which is
                // already black.
                Err(ReplyError::Impossible(format!(
                    "{black} black and 1 white cannot happen: with {black} pegs right, the \
                     colour of the last peg cannot be elsewhere in the code"
                )))
            } else {
                Ok(feedback)
            }
        }
        Err(error) => Err(match loose_counts(key) {
            Some((black, white)) if black.saturating_add(white) > pegs => ReplyError::Impossible(
                format!("{black} black and {white} white make more than the {pegs} pegs of a code"),
            ),
            Some((_, white)) if white > 0 && game.feedback_kind() == FeedbackKind::BlackOnly => {
                ReplyError::Impossible("this game reports black pegs only".to_owned())
            }
            _ => ReplyError::Unreadable(error.to_string()),
        }),
    }
}

/// The peg counts of a key shaped like `<b>B<w>W` or `<b>B`, without any check of the game.
fn loose_counts(key: &str) -> Option<(usize, usize)> {
    let upper = key.trim().to_ascii_uppercase();
    let (black, rest) = upper.split_once('B')?;
    let black = black.parse().ok()?;
    let white = match rest {
        "" => 0,
        rest => rest.strip_suffix('W')?.parse().ok()?,
    };
    Some((black, white))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_or_explained() {
        let game = Game::classic();
        assert_eq!(read_reply(&game, "1B2W"), Ok(game.feedback(1, 2)));
        assert!(matches!(
            read_reply(&game, "3B1W"),
            Err(ReplyError::Impossible(_))
        ));
        assert!(matches!(
            read_reply(&game, "3B2W"),
            Err(ReplyError::Impossible(_))
        ));
        assert!(matches!(
            read_reply(&game, "99999999999999999999B1W"),
            Err(ReplyError::Unreadable(_))
        ));
        assert!(matches!(
            read_reply(&game, "one black"),
            Err(ReplyError::Unreadable(_))
        ));
        let black_only = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        assert_eq!(read_reply(&black_only, "3B"), Ok(black_only.feedback(3, 0)));
        assert!(matches!(
            read_reply(&black_only, "1B2W"),
            Err(ReplyError::Impossible(_))
        ));
    }
}
