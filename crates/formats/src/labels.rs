//! The C solver's reply labels: one character per peg, `X` for each black peg, then `O` for
//! each white peg, then `-` for the rest (`XO--` is one black and one white of four). Black-only
//! games have no `O`.

use mastermind_core::{Feedback, FeedbackKind, Game};

/// The label of `reply`.
pub fn label(game: &Game, reply: Feedback) -> String {
    let (black, white) = (game.black(reply), game.white(reply));
    let mut text = "X".repeat(black);
    text.push_str(&"O".repeat(white));
    text.push_str(&"-".repeat(game.pegs() - black - white));
    text
}

/// Every reply that can occur in `game`, in the order the C solver writes its columns: by
/// black pegs, then white pegs, ascending.
pub fn replies(game: &Game) -> Vec<Feedback> {
    let pegs = game.pegs();
    let mut replies = Vec::new();
    for black in 0..=pegs {
        let most_white = match game.feedback_kind() {
            FeedbackKind::BlackWhite => pegs - black,
            FeedbackKind::BlackOnly => 0,
        };
        for white in 0..=most_white {
            // With all but one peg black, the last peg's colour cannot be elsewhere.
            if !(black + 1 == pegs && white == 1 && pegs > 0) {
                replies.push(game.feedback(black, white));
            }
        }
    }
    replies
}

/// Reads `text` as a label of `game`, or says why it is not one.
pub fn read_label(game: &Game, text: &str) -> Result<Feedback, String> {
    let quoted = mastermind_core::excerpt(text);
    let pegs = game.pegs();
    if text.chars().count() != pegs || !text.chars().all(|c| matches!(c, 'X' | 'O' | '-')) {
        return Err(format!(
            "`{quoted}` is not a reply: a reply has one `X` (black), `O` (white) or `-` per peg, \
             {pegs} in all, such as `{}`",
            label(game, game.feedback(1, usize::from(pegs > 1)))
        ));
    }
    let black = text.chars().take_while(|&c| c == 'X').count();
    let white = text[black..].chars().take_while(|&c| c == 'O').count();
    if text[black + white..].chars().any(|c| c != '-') {
        return Err(format!(
            "`{quoted}` is not a reply: its `X`s come first, then its `O`s, then its `-`s"
        ));
    }
    if white > 0 && game.feedback_kind() == FeedbackKind::BlackOnly {
        return Err(format!(
            "`{quoted}` cannot occur: this game reports black pegs only"
        ));
    }
    if black + 1 == pegs && white == 1 {
        return Err(format!(
            "`{quoted}` cannot occur: with {black} pegs right, the colour of the last peg cannot \
             be elsewhere in the code"
        ));
    }
    Ok(game.feedback(black, white))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_columns_are_the_c_solvers() {
        let game = Game::classic();
        let labels: Vec<String> = replies(&game).iter().map(|&r| label(&game, r)).collect();
        assert_eq!(
            labels.join(" "),
            "---- O--- OO-- OOO- OOOO X--- XO-- XOO- XOOO XX-- XXO- XXOO XXX- XXXX"
        );
        for (text, reply) in labels.iter().zip(replies(&game)) {
            assert_eq!(read_label(&game, text), Ok(reply));
        }
    }

    #[test]
    fn labels_that_are_not_replies_say_why() {
        let game = Game::classic();
        for (text, reason) in [
            ("XXXO", "cannot occur: with 3 pegs right"),
            ("OX--", "its `X`s come first"),
            ("XO-", "4 in all, such as `XO--`"),
            ("xo--", "is not a reply"),
        ] {
            let error = read_label(&game, text).unwrap_err();
            assert!(error.contains(reason), "{text}: {error}");
        }
        let black_only = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        assert!(read_label(&black_only, "XO--")
            .unwrap_err()
            .contains("black pegs only"));
        assert_eq!(replies(&black_only).len(), 5);
    }
}
