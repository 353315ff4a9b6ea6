//! A game under way, as a player brings it to `mastermind next`: the guesses and replies so
//! far, read and checked (the game is not over, some code fits every reply), and the guess a
//! tree plays after them.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_strategy::Situation;
use mastermind_tree::{parse_history, HistoryError, Node};
use thiserror::Error;

/// A game so far: its guesses with their replies, and the codes they leave.
#[derive(Clone, Debug)]
pub struct GameSoFar {
    /// The guesses and replies, in order.
    pub history: Vec<(Code, Feedback)>,
    /// The situation they leave: never an empty one.
    pub situation: Situation,
}

/// A game so far that cannot go on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameSoFarError {
    /// The history does not read.
    #[error(transparent)]
    History(#[from] HistoryError),
    /// A guess got the all-black reply.
    #[error("the game is over: guess {turn} ({guess}) got the all-black reply")]
    Over {
        /// The turn, from 1.
        turn: usize,
        /// The guess that won, as written.
        guess: String,
    },
    /// No code fits the replies.
    #[error(
        "no code fits these replies: the reply {reply} to guess {turn} ({guess}) is the first \
         that no code fits together with the replies before it"
    )]
    NoCodeFits {
        /// The turn of the first reply no code fits, from 1.
        turn: usize,
        /// Its guess, as written.
        guess: String,
        /// The reply, as named.
        reply: String,
    },
}

/// A game that strayed from the tree it is said to follow.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OffTheTree {
    /// The game played another guess than the tree.
    #[error(
        "the tree plays {tree} as guess {turn}, not {played}: a tree file can only continue a \
         game that followed it"
    )]
    OtherGuess {
        /// The turn, from 1.
        turn: usize,
        /// The tree's guess, as written.
        tree: String,
        /// The game's guess, as written.
        played: String,
    },
    /// The tree has no branch for a reply the game got.
    #[error("the tree has no branch for the reply {reply} to guess {turn}")]
    NoBranch {
        /// The turn, from 1.
        turn: usize,
        /// The reply, as named.
        reply: String,
    },
}

impl GameSoFar {
    /// The game `after` describes (`1122=1B1W,1344=BW`; nothing, or blank text, for a game
    /// not begun), checked to be one that can go on.
    pub fn read(scorer: &Scorer, after: Option<&str>) -> Result<GameSoFar, GameSoFarError> {
        let book = scorer.codebook();
        let history = match after.filter(|text| !text.trim().is_empty()) {
            Some(after) => parse_history(book, after)?,
            None => Vec::new(),
        };
        let all_black = scorer.game().all_black();
        if let Some(step) = history.iter().position(|&(_, reply)| reply == all_black) {
            return Err(GameSoFarError::Over {
                turn: step + 1,
                guess: book.format(history[step].0),
            });
        }
        let situation = Situation::after(scorer, &history).map_err(|contradiction| {
            let (guess, reply) = history[contradiction.step];
            GameSoFarError::NoCodeFits {
                turn: contradiction.step + 1,
                guess: book.format(guess),
                reply: scorer.game().feedback_name(reply),
            }
        })?;
        Ok(GameSoFar { history, situation })
    }

    /// The guess the tree from `root` plays next, if the game so far followed it.
    pub fn guess_of(&self, scorer: &Scorer, root: &Node) -> Result<Code, OffTheTree> {
        let book = scorer.codebook();
        let mut node = root;
        for (step, &(guess, reply)) in self.history.iter().enumerate() {
            if guess != node.guess {
                return Err(OffTheTree::OtherGuess {
                    turn: step + 1,
                    tree: book.format(node.guess),
                    played: book.format(guess),
                });
            }
            node = node.child(reply).ok_or_else(|| OffTheTree::NoBranch {
                turn: step + 1,
                reply: scorer.game().feedback_name(reply),
            })?;
        }
        Ok(node.guess)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;

    #[test]
    fn a_game_so_far_is_read_and_checked() {
        let scorer = Scorer::new(Game::classic());
        let game = GameSoFar::read(&scorer, Some("1122=1B1W")).unwrap();
        assert_eq!(game.history.len(), 1);
        assert_eq!(game.situation.candidates().len(), 208);
        assert!(GameSoFar::read(&scorer, Some("  "))
            .unwrap()
            .history
            .is_empty());
        let over = GameSoFar::read(&scorer, Some("1122=4B")).unwrap_err();
        assert_eq!(
            over.to_string(),
            "the game is over: guess 1 (1122) got the all-black reply"
        );
        let none = "1111=-,2222=-,3333=-,4444=-,5555=-,6666=-";
        let none = GameSoFar::read(&scorer, Some(none)).unwrap_err();
        assert!(matches!(none, GameSoFarError::NoCodeFits { turn: 6, .. }));
    }

    #[test]
    fn a_tree_is_followed_only_where_the_game_went() {
        let scorer = Scorer::new(Game::classic());
        let root = Node::leaf(scorer.codebook().parse("1122").unwrap());
        let game = GameSoFar::read(&scorer, Some("1344=1B")).unwrap();
        let off = game.guess_of(&scorer, &root).unwrap_err();
        assert!(matches!(off, OffTheTree::OtherGuess { turn: 1, .. }));
        let game = GameSoFar::read(&scorer, Some("1122=1B")).unwrap();
        let off = game.guess_of(&scorer, &root).unwrap_err();
        assert!(matches!(off, OffTheTree::NoBranch { turn: 1, .. }));
    }
}
