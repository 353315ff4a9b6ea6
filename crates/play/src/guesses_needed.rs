//! What the reference strategies would have needed for the secret of a game a person played:
//! Knuth's 1976 strategy, and the optimum where the search is quick. They are worked out on a
//! thread of their own while the person plays, and only for games small enough that the end of
//! the game need not wait long for them.

use std::sync::mpsc::{self, Receiver};
use std::thread;

use mastermind_core::{Code, FeedbackKind, Game, Scorer};
use mastermind_search::{optimal, OptimalOptions};
use mastermind_strategy::{knuth, NoProgress};

use crate::text::plural;
use crate::trace;

/// The optimum is worked out only for games whose search takes seconds at most (4×7, and
/// black-peg 4×6; the benchmarks document has their times).
const QUICK_OPTIMUM_CODES: usize = 2401;
const QUICK_OPTIMUM_CODES_BLACK_ONLY: usize = 1296;
/// Knuth's tree is built only where it takes seconds and little memory (up to 5×8; 6×9 takes
/// minutes and hundreds of megabytes).
const QUICK_KNUTH_CODES: usize = 32_768;

/// How many guesses the reference strategies need for one secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessesNeeded {
    /// Knuth's strategy.
    pub knuth: usize,
    /// The optimal strategy; `None` when the game is too large to search quickly.
    pub optimal: Option<usize>,
}

impl GuessesNeeded {
    /// Works out what the reference strategies need for `secret` on a thread of its own, for
    /// games small enough; `None` for larger games, or when no thread can be started.
    pub fn in_background(game: Game, secret: Code) -> Option<Receiver<GuessesNeeded>> {
        if game.code_count() > QUICK_KNUTH_CODES {
            return None;
        }
        let (sender, receiver) = mpsc::channel();
        let builder = thread::Builder::new().name("guesses-needed".to_owned());
        let spawned = builder.spawn(move || {
            // The game may have ended already; then nobody is listening.
            let _ = sender.send(GuessesNeeded::of(game, secret));
        });
        spawned.ok().map(|_| receiver)
    }

    /// What the reference strategies need for `secret`, worked out now.
    pub fn of(game: Game, secret: Code) -> GuessesNeeded {
        let scorer = Scorer::new(game);
        let guesses = |tree| trace(&scorer, &tree, secret).map_or(0, |turns| turns.len());
        let knuth = guesses(knuth(&scorer, &NoProgress));
        let quick = match game.feedback_kind() {
            FeedbackKind::BlackWhite => QUICK_OPTIMUM_CODES,
            FeedbackKind::BlackOnly => QUICK_OPTIMUM_CODES_BLACK_ONLY,
        };
        let optimal = (game.code_count() <= quick)
            .then(|| optimal(&scorer, &OptimalOptions::default(), &NoProgress).ok())
            .flatten()
            .map(|result| guesses(result.tree));
        GuessesNeeded { knuth, optimal }
    }

    /// What they say of `secret`, written as the player saw it.
    pub fn describe(&self, secret: &str) -> String {
        let optimum = match self.optimal {
            Some(n) => format!(
                "the strategy with the fewest guesses on average (the optimum) would have needed {}",
                plural(n, "guess", "guesses")
            ),
            None => "the optimum is not worked out for a game this large (see `mastermind trace --strategy optimal`)".to_owned(),
        };
        format!(
            "For {secret}, Knuth's 1976 strategy would have needed {}; {optimum}.",
            plural(self.knuth, "guess", "guesses")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuth_and_the_optimum_are_traced_against_the_secret() {
        let game = Game::new(3, 3, true, FeedbackKind::BlackWhite).unwrap();
        let secret = Code(5);
        let needed = GuessesNeeded::in_background(game, secret)
            .expect("a small game is worked out")
            .recv()
            .unwrap();
        assert_eq!(needed, GuessesNeeded::of(game, secret));
        assert!(needed.knuth >= 1 && needed.optimal.is_some());
        let big = Game::new(6, 9, true, FeedbackKind::BlackWhite).unwrap();
        assert!(GuessesNeeded::in_background(big, secret).is_none());
    }
}
