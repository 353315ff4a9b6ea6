//! When the replies a person gave fit no code: which reply first made that so, and which
//! single reply, given differently, would let some code fit them all. A person who mistyped
//! or miscounted one reply can see at once which one it probably was.

use std::collections::BTreeMap;

use mastermind_core::{Code, Codebook, Feedback, Scorer};
use mastermind_strategy::Situation;

/// Replies that no code fits together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The index of the first reply that, with those before it, leaves no code.
    pub first_impossible: usize,
    /// The single replies that, corrected, would leave some code, in history order.
    pub near_misses: Vec<NearMiss>,
}

/// One reply that, if it had been `should_be`, would make every reply fit `codes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearMiss {
    /// The turn whose reply is likely wrong, from 0.
    pub step: usize,
    /// The reply that would leave codes.
    pub should_be: Feedback,
    /// The codes that reply would leave.
    pub codes: Vec<Code>,
}

impl Mistake {
    /// The mistake in `history`, or `None` when some code fits every reply.
    pub fn find(scorer: &Scorer, history: &[(Code, Feedback)]) -> Option<Mistake> {
        let first_impossible = Situation::after(scorer, history).err()?.step;
        let mut corrections: BTreeMap<(usize, Feedback), Vec<Code>> = BTreeMap::new();
        for code in scorer.codebook().codes() {
            let mut wrong = history
                .iter()
                .enumerate()
                .filter(|&(_, &(guess, reply))| scorer.feedback(guess, code) != reply);
            if let (Some((step, &(guess, _))), None) = (wrong.next(), wrong.next()) {
                let should_be = scorer.feedback(guess, code);
                corrections.entry((step, should_be)).or_default().push(code);
            }
        }
        let near_misses = corrections
            .into_iter()
            .map(|((step, should_be), codes)| NearMiss {
                step,
                should_be,
                codes,
            })
            .collect();
        Some(Mistake {
            first_impossible,
            near_misses,
        })
    }
}

impl Mistake {
    /// The mistake in words, for `history` (which holds the refused reply last): the first
    /// reply no code fits, and which earlier single reply, if corrected, would let one.
    pub fn explain(&self, book: &Codebook, history: &[(Code, Feedback)]) -> String {
        let game = book.game();
        let step = self.first_impossible;
        let (guess, reply) = history[step];
        let mut text = format!(
            "No code fits that: the reply {} to guess {} ({}) is the first that no code fits \
             together with the replies before it. It was not taken.",
            game.feedback_name(reply),
            step + 1,
            book.format(guess)
        );
        let earlier: Vec<_> = self
            .near_misses
            .iter()
            .filter(|miss| miss.step + 1 < history.len())
            .collect();
        if earlier.is_empty() {
            text.push_str(" Check the pegs and give the reply again.");
            return text;
        }
        text.push_str("\nIf an earlier reply was wrong, it may have been one of these:");
        for miss in earlier {
            let (guess, given) = history[miss.step];
            let codes: Vec<String> = miss.codes.iter().take(4).map(|&c| book.format(c)).collect();
            let more = match miss.codes.len().saturating_sub(4) {
                0 => String::new(),
                more => format!(", or {more} more"),
            };
            text.push_str(&format!(
                "\n  guess {} ({}): {} rather than {} (then the code is {}{more})",
                miss.step + 1,
                book.format(guess),
                game.feedback_name(miss.should_be),
                game.feedback_name(given),
                codes.join(" or "),
            ));
        }
        text.push_str("\nType `undo` to take back replies, or give this reply again.");
        text
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    #[test]
    fn a_miscounted_reply_is_found() {
        let scorer = Scorer::new(Game::classic());
        let book = scorer.codebook();
        let game = scorer.game();
        let secret = book.parse("3632").unwrap();
        let guesses = ["1122", "1344", "3526", "1462"].map(|g| book.parse(g).unwrap());
        let mut history: Vec<(Code, Feedback)> = guesses
            .iter()
            .map(|&g| (g, scorer.feedback(g, secret)))
            .collect();
        assert_eq!(Mistake::find(&scorer, &history), None);
        // The person miscounts the second reply, in a way no code fits.
        let true_reply = history[1].1;
        history[1].1 = game
            .notation_feedbacks()
            .into_iter()
            .find(|&wrong| {
                let mut changed = history.clone();
                changed[1].1 = wrong;
                Situation::after(&scorer, &changed).is_err()
            })
            .unwrap();
        let mistake = Mistake::find(&scorer, &history).expect("no code fits");
        assert!(mistake.first_impossible >= 1);
        let fix = mistake
            .near_misses
            .iter()
            .find(|miss| miss.step == 1 && miss.should_be == true_reply)
            .expect("correcting the second reply is offered");
        assert!(fix.codes.contains(&secret));
        let words = mistake.explain(book, &history);
        let offered = format!(
            "\n  guess 2 (1344): {} rather than {}",
            game.feedback_name(true_reply),
            game.feedback_name(history[1].1)
        );
        assert!(
            words.starts_with("No code fits that: the reply "),
            "{words}"
        );
        assert!(words.contains(&offered), "{words}");
        assert!(words.ends_with("Type `undo` to take back replies, or give this reply again."));
    }
}
