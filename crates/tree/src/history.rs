//! Replies as people type them, and histories of guesses with their replies.
//!
//! A reply may be written as the tree files name it (`1B2W`, or `2B` in black-only games), in
//! Knuth's letters (`BWW`: one black, two white), as two numbers (`1 2`, black then white), as
//! `-` for no pegs at all, or in a black-only game as a single number. Case does not matter.
//! A history is `GUESS=REPLY` steps separated by commas, such as `1122=1B0W,1344=BW`.

use mastermind_core::{Code, Codebook, Feedback, FeedbackKind, Game};
use thiserror::Error;

/// Text that is not a reply of the game, with what was expected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct ReplyError(String);

/// Reads `text` as a reply that can occur in `game`.
pub fn parse_reply(game: &Game, text: &str) -> Result<Feedback, ReplyError> {
    let text = text.trim();
    let (black, white) = counts(game, text).ok_or_else(|| unreadable(game, text))?;
    let pegs = game.pegs();
    if game.feedback_kind() == FeedbackKind::BlackOnly && white > 0 {
        return Err(ReplyError(format!(
            "`{text}` has white pegs, but this game reports black pegs only: {}",
            expected(game)
        )));
    }
    if black.saturating_add(white) > pegs {
        return Err(ReplyError(format!(
            "`{text}` has {black} black and {white} white pegs, more than the {pegs} pegs of a code"
        )));
    }
    if game.feedback_kind() == FeedbackKind::BlackWhite && black + 1 == pegs && white == 1 {
        return Err(ReplyError(format!(
            "`{text}` cannot happen: with {black} pegs right, the colour of the last peg cannot \
             be elsewhere in the code"
        )));
    }
    Ok(game.feedback(black, white))
}

/// The black and white counts `text` spells, in any accepted form, before any check against
/// the game's rules.
fn counts(game: &Game, text: &str) -> Option<(usize, usize)> {
    let upper = text.to_ascii_uppercase();
    if upper == "-" {
        return Some((0, 0));
    }
    if !upper.is_empty() && upper.chars().all(|c| c == 'B' || c == 'W') {
        let black = upper.chars().filter(|&c| c == 'B').count();
        return Some((black, upper.len() - black));
    }
    let numbers: Vec<&str> = upper
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|part| !part.is_empty())
        .collect();
    match numbers.as_slice() {
        [black, white] => return Some((black.parse().ok()?, white.parse().ok()?)),
        [black] if black.chars().all(|c| c.is_ascii_digit()) => {
            return match game.feedback_kind() {
                FeedbackKind::BlackOnly => Some((black.parse().ok()?, 0)),
                // One number in a game with white pegs could mean either colour.
                FeedbackKind::BlackWhite => None,
            };
        }
        _ => {}
    }
    // `<n>B<m>W`, where either part may be left out (`2B`, `1W`) but not both.
    let (black, rest) = match upper.split_once('B') {
        Some((black, rest)) => (black.parse().ok()?, rest),
        None => (0, upper.as_str()),
    };
    let white = match rest {
        "" if upper.contains('B') => 0,
        rest => rest.strip_suffix('W')?.parse().ok()?,
    };
    Some((black, white))
}

fn unreadable(game: &Game, text: &str) -> ReplyError {
    ReplyError(format!("`{text}` is not a reply: {}", expected(game)))
}

/// The forms a reply may take in `game`, for error messages and help.
pub fn expected(game: &Game) -> String {
    match game.feedback_kind() {
        FeedbackKind::BlackWhite => format!(
            "write black and white pegs as 1B2W, BWW or `1 2` (black first), or `-` for none; \
             at most {} pegs in all",
            game.pegs()
        ),
        FeedbackKind::BlackOnly => format!(
            "write the number of black pegs, from 0 to {}, such as 2 or 2B",
            game.pegs()
        ),
    }
}

/// A history step that does not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("`{step}`: {reason}")]
pub struct HistoryError {
    /// The part of the history that cannot be read, as given.
    pub step: String,
    /// Why it cannot be read.
    pub reason: String,
}

/// `history` as [`parse_history`] reads it: `1123=1B1W,1415=1B1W`.
pub fn write_history(book: &Codebook, history: &[(Code, Feedback)]) -> String {
    let game = book.game();
    let steps: Vec<String> = history
        .iter()
        .map(|&(guess, reply)| format!("{}={}", book.format(guess), game.feedback_name(reply)))
        .collect();
    steps.join(",")
}

/// Reads `GUESS=REPLY,…` for the game of `book`. A guess given twice is refused: played
/// again it tells nothing new, so the second is a slip (or, with another reply, a
/// contradiction).
pub fn parse_history(book: &Codebook, text: &str) -> Result<Vec<(Code, Feedback)>, HistoryError> {
    let mut history: Vec<(Code, Feedback)> = Vec::new();
    for step in text.split(',') {
        let error = |reason: String| HistoryError {
            step: step.trim().to_owned(),
            reason,
        };
        let (guess, reply) = step
            .split_once('=')
            .ok_or_else(|| error("expected GUESS=REPLY, such as 1123=1B1W".to_owned()))?;
        let guess = book.parse(guess.trim()).map_err(|e| error(e.to_string()))?;
        let reply = parse_reply(book.game(), reply).map_err(|e| error(e.to_string()))?;
        if let Some(earlier) = history.iter().position(|&(played, _)| played == guess) {
            return Err(error(format!(
                "{} was already played at step {}; a guess played twice tells nothing new",
                book.format(guess),
                earlier + 1
            )));
        }
        history.push((guess, reply));
    }
    Ok(history)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_written_reads_back_as_itself() {
        let book = Codebook::new(Game::classic());
        let history = parse_history(&book, "1123=1b1w, 1415=BW").unwrap();
        let written = write_history(&book, &history);
        assert_eq!(written, "1123=1B1W,1415=1B1W");
        assert_eq!(parse_history(&book, &written), Ok(history));
    }

    #[test]
    fn every_spelling_of_a_reply_reads() {
        let game = Game::classic();
        for text in ["1B2W", "1b2w", "BWW", "wbw", "1 2", "1,2", " 1B2W "] {
            assert_eq!(parse_reply(&game, text), Ok(game.feedback(1, 2)), "{text}");
        }
        assert_eq!(parse_reply(&game, "-"), Ok(game.feedback(0, 0)));
        assert_eq!(parse_reply(&game, "0 0"), Ok(game.feedback(0, 0)));
        assert_eq!(parse_reply(&game, "2B"), Ok(game.feedback(2, 0)));
        assert_eq!(parse_reply(&game, "3W"), Ok(game.feedback(0, 3)));
        assert_eq!(parse_reply(&game, "BBBB"), Ok(game.feedback(4, 0)));
    }

    #[test]
    fn bad_replies_say_why() {
        let game = Game::classic();
        for (text, says) in [
            ("2", "not a reply"),
            ("", "not a reply"),
            ("yes", "not a reply"),
            ("3B1W", "cannot happen"),
            ("BBBW", "cannot happen"),
            ("3 2", "more than the 4 pegs"),
            ("BBBBB", "more than the 4 pegs"),
            ("99999999999999999999B", "not a reply"),
        ] {
            let error = parse_reply(&game, text).unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn black_only_games_take_a_single_number() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        assert_eq!(parse_reply(&game, "2"), Ok(game.feedback(2, 0)));
        assert_eq!(parse_reply(&game, "2B"), Ok(game.feedback(2, 0)));
        assert_eq!(parse_reply(&game, "BBB"), Ok(game.feedback(3, 0)));
        assert_eq!(parse_reply(&game, "-"), Ok(game.feedback(0, 0)));
        // (3, 1) is only impossible when white pegs are reported.
        assert!(parse_reply(&game, "1B1W")
            .unwrap_err()
            .to_string()
            .contains("black pegs only"));
        assert!(parse_reply(&game, "5").is_err());
    }

    #[test]
    fn histories_read_step_by_step() {
        let book = Codebook::new(Game::classic());
        let game = book.game();
        let history = parse_history(&book, "1123=1B1W, 1415=BW,1122=-").unwrap();
        assert_eq!(
            history[0],
            (book.parse("1123").unwrap(), game.feedback(1, 1))
        );
        assert_eq!(history[1].1, game.feedback(1, 1));
        assert_eq!(history[2].1, game.feedback(0, 0));
        assert_eq!(parse_history(&book, "1123").unwrap_err().step, "1123");
        assert!(parse_history(&book, "1123=BBBBB").is_err());
        assert!(parse_history(&book, "11234=1B").is_err());
        let repeated = parse_history(&book, "1122=1B0W,1122=1B0W").unwrap_err();
        assert_eq!(repeated.step, "1122=1B0W");
        assert!(
            repeated.reason.contains("already played at step 1"),
            "{repeated}"
        );
    }
}
