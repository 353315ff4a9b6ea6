//! The tool as codemaker: it keeps a secret, scores a person's guesses, and can tell how many
//! codes still fit the replies. A guess that is not a code of the game is refused without
//! costing a turn.

use mastermind_core::{Code, CodeParseError, Feedback, NotACode, Scorer};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::text::plural;

/// One scored guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The code guessed.
    pub guess: Code,
    /// The reply the secret gives it.
    pub reply: Feedback,
}

/// A game in progress in which the tool keeps the secret.
pub struct Codemaker<'a> {
    scorer: &'a Scorer,
    secret: Code,
    turns: Vec<Turn>,
}

/// A secret drawn uniformly from the codes of the scorer's game, the same for the same seed.
pub fn secret_from_seed(scorer: &Scorer, seed: u64) -> Code {
    let codes = scorer.codebook().len() as u32;
    Code(ChaCha8Rng::seed_from_u64(seed).random_range(0..codes))
}

/// A seed from the operating system, for a game that was not given one.
pub fn fresh_seed() -> u64 {
    rand::random()
}

impl<'a> Codemaker<'a> {
    /// A game against `secret`, or why `secret` is not a code of the scorer's game.
    pub fn new(scorer: &'a Scorer, secret: Code) -> Result<Codemaker<'a>, NotACode> {
        Ok(Codemaker {
            scorer,
            secret: scorer.codebook().check(secret)?,
            turns: Vec::new(),
        })
    }

    /// Scores the guess written as `text`, or says why it is not a code of the game.
    /// Scores a guess typed by a person; spaces between its symbols (`1 2 3 4`) are allowed.
    pub fn guess(&mut self, text: &str) -> Result<Turn, CodeParseError> {
        let compact: String = text.split_whitespace().collect();
        let guess = self.scorer.codebook().parse(&compact)?;
        let turn = Turn {
            guess,
            reply: self.scorer.feedback(guess, self.secret),
        };
        self.turns.push(turn);
        Ok(turn)
    }

    /// The guesses so far, with their replies.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The secret the tool keeps.
    pub fn secret(&self) -> Code {
        self.secret
    }

    /// Whether the last guess was the secret.
    pub fn is_solved(&self) -> bool {
        self.turns
            .last()
            .is_some_and(|turn| turn.guess == self.secret)
    }

    /// How many codes fit every reply so far (the secret always does).
    pub fn possible(&self) -> usize {
        self.possible_codes().len()
    }

    /// The codes that fit every reply so far, in numeric order.
    pub fn possible_codes(&self) -> Vec<Code> {
        self.scorer
            .codebook()
            .codes()
            .filter(|&code| {
                self.turns
                    .iter()
                    .all(|turn| self.scorer.feedback(turn.guess, code) == turn.reply)
            })
            .collect()
    }

    /// A hint in words: how many codes fit every reply so far, and one to try (the first,
    /// a guess that may win, as the simplest strategy plays).
    pub fn hint(&self) -> String {
        let possible = self.possible_codes();
        let count = plural(possible.len(), "code fits", "codes fit");
        let suggestion = possible.first().map_or(String::new(), |&code| {
            let code = self.scorer.codebook().format(code);
            format!(" Try {code}: it fits them all.")
        });
        format!("{count} every reply so far.{suggestion}")
    }

    /// The codes that fit every reply so far in words, when at most `most` do.
    pub fn listing(&self, most: usize) -> String {
        let possible = self.possible_codes();
        match possible.len() <= most {
            true => {
                let book = self.scorer.codebook();
                let codes: Vec<String> = possible.iter().map(|&code| book.format(code)).collect();
                format!("Codes that fit every reply so far: {}.", codes.join(" "))
            }
            false => format!(
                "{} codes fit every reply so far: too many to list (at most {most}).",
                possible.len()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;

    #[test]
    fn guesses_are_scored_and_bad_ones_cost_nothing() {
        let scorer = Scorer::new(Game::new(4, 6, false, FeedbackKind::BlackWhite).unwrap());
        let book = scorer.codebook();
        let mut game = Codemaker::new(&scorer, book.parse("1234").unwrap()).unwrap();
        assert_eq!(game.possible(), 360);
        for bad in ["123", "12345", "1237", "1123", "abcd"] {
            assert!(game.guess(bad).is_err(), "{bad}");
        }
        assert!(game.turns().is_empty());
        let turn = game.guess("4321").unwrap();
        assert_eq!(turn.reply, scorer.game().feedback(0, 4));
        assert!(!game.is_solved());
        assert!(game.possible() < 360);
        let (fit, first) = (game.possible(), book.format(game.possible_codes()[0]));
        assert_eq!(
            game.hint(),
            format!("{fit} codes fit every reply so far. Try {first}: it fits them all.")
        );
        assert!(game.listing(3).contains("too many to list (at most 3)"));
        game.guess(" 1234 ").unwrap();
        assert_eq!(game.listing(3), "Codes that fit every reply so far: 1234.");
        assert!(game.is_solved());
        assert_eq!(game.possible(), 1);
    }

    #[test]
    fn a_seed_fixes_the_secret() {
        let scorer = Scorer::new(Game::classic());
        assert_eq!(secret_from_seed(&scorer, 42), secret_from_seed(&scorer, 42));
        let secrets: std::collections::HashSet<Code> = (0..50)
            .map(|seed| secret_from_seed(&scorer, seed))
            .collect();
        assert!(secrets.len() > 40);
    }
}
