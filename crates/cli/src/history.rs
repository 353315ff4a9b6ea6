//! Reading `--after GUESS=REPLY,…`: the guesses and replies that lead to the situation a
//! partial tree starts at. A reply is written as the verifier names it (`1B2W`, `2B` in
//! black-only games), with Knuth's letters (`BWW`: one black, two white), or `-` for none.

use anyhow::{bail, Context};
use mastermind_core::{Code, Codebook, Feedback, FeedbackKind};

/// The history `text` describes for the game of `book`.
pub fn parse_history(book: &Codebook, text: &str) -> anyhow::Result<Vec<(Code, Feedback)>> {
    text.split(',')
        .map(|step| {
            let Some((guess, reply)) = step.split_once('=') else {
                bail!("`{step}` in --after is not GUESS=REPLY, such as 1123=1B1W");
            };
            let guess = book
                .parse(guess.trim())
                .with_context(|| format!("in --after `{step}`"))?;
            let reply =
                parse_reply(book, reply.trim()).with_context(|| format!("in --after `{step}`"))?;
            Ok((guess, reply))
        })
        .collect()
}

fn parse_reply(book: &Codebook, text: &str) -> anyhow::Result<Feedback> {
    let game = book.game();
    let letters = text == "-" || (!text.is_empty() && text.chars().all(|c| "BbWw".contains(c)));
    if !letters {
        return Ok(game.parse_feedback(text)?);
    }
    let black = text
        .chars()
        .filter(|c| c.eq_ignore_ascii_case(&'B'))
        .count();
    let white = text
        .chars()
        .filter(|c| c.eq_ignore_ascii_case(&'W'))
        .count();
    let black_only = game.feedback_kind() == FeedbackKind::BlackOnly;
    if black + white > game.pegs() || (black_only && white > 0) {
        bail!("`{text}` is not a reply of a {} game", game.describe());
    }
    Ok(game.feedback(black, white))
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    #[test]
    fn replies_read_in_either_spelling() {
        let book = Codebook::new(Game::classic());
        let game = book.game();
        let history = parse_history(&book, "1123=1B1W, 1415=BW,1122=-").unwrap();
        assert_eq!(
            history[0],
            (book.parse("1123").unwrap(), game.feedback(1, 1))
        );
        assert_eq!(history[1].1, game.feedback(1, 1));
        assert_eq!(history[2].1, game.feedback(0, 0));
        assert!(parse_history(&book, "1123").is_err());
        assert!(parse_history(&book, "1123=BBBBB").is_err());
        assert!(parse_history(&book, "11234=1B").is_err());
    }
}
