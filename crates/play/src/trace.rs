//! Following a strategy tree against a secret the caller knows: the turns the tree plays, each
//! with its reply and the candidates it leaves.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::Node;
use thiserror::Error;

/// One turn of a traced game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedTurn {
    /// The guess the tree plays.
    pub guess: Code,
    /// The reply the secret gives it.
    pub reply: Feedback,
    /// The codes still consistent with every reply so far, in numeric order (only the secret
    /// once it is found).
    pub left: Vec<Code>,
}

/// A tree that does not solve the secret: it is not a valid tree for the game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TraceError {
    #[error("the tree has no branch for reply {reply} after guess {turn}")]
    /// The tree has no branch for the reply the secret gives.
    MissingBranch {
        /// The turn, from 1.
        turn: usize,
        /// The reply, as its name.
        reply: String,
    },
    #[error("the tree ends after guess {turn} without finding the code")]
    /// The tree stops before the secret is found.
    Unfinished {
        /// The last turn the tree plays, from 1.
        turn: usize,
    },
}

/// Plays `root` against `secret` until the all-black reply.
pub fn trace(scorer: &Scorer, root: &Node, secret: Code) -> Result<Vec<TracedTurn>, TraceError> {
    let game = scorer.game();
    let mut left = scorer.all_codes();
    let mut node = root;
    let mut turns = Vec::new();
    loop {
        let reply = scorer.feedback(node.guess, secret);
        left.retain(|&code| scorer.feedback(node.guess, code) == reply);
        turns.push(TracedTurn {
            guess: node.guess,
            reply,
            left: left.clone(),
        });
        if reply == game.all_black() {
            return Ok(turns);
        }
        if node.children.is_empty() {
            return Err(TraceError::Unfinished { turn: turns.len() });
        }
        node = node.child(reply).ok_or_else(|| TraceError::MissingBranch {
            turn: turns.len(),
            reply: game.feedback_name(reply),
        })?;
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;
    use mastermind_strategy::{knuth, NoProgress};

    use super::*;

    /// Knuth's worked example: 1122 → B (256 left), 1344 → W (44), 3526 → BWW (7),
    /// 1462 → BW, leaving only 3632.
    #[test]
    fn knuths_tree_finds_3632_as_the_paper_walks_it() {
        let scorer = Scorer::new(Game::classic());
        let book = scorer.codebook();
        let game = scorer.game();
        let tree = knuth(&scorer, &NoProgress);
        let turns = trace(&scorer, &tree, book.parse("3632").unwrap()).unwrap();
        let walked: Vec<(String, String, usize)> = turns
            .iter()
            .map(|turn| {
                (
                    book.format(turn.guess),
                    game.feedback_name(turn.reply),
                    turn.left.len(),
                )
            })
            .collect();
        let paper = [
            ("1122", "1B0W", 256),
            ("1344", "0B1W", 44),
            ("3526", "1B2W", 7),
            ("1462", "1B1W", 1),
            ("3632", "4B0W", 1),
        ];
        let paper: Vec<(String, String, usize)> = paper
            .iter()
            .map(|&(guess, reply, left)| (guess.to_owned(), reply.to_owned(), left))
            .collect();
        assert_eq!(walked, paper);
        // Each turn's count is the node's count in the tree one level down.
        let mut node = &tree;
        for turn in &turns[..turns.len() - 1] {
            node = node.child(turn.reply).unwrap();
            assert_eq!(node.candidates as usize, turn.left.len());
        }
    }

    #[test]
    fn every_code_of_4x6_costs_what_the_tree_says() {
        let scorer = Scorer::new(Game::classic());
        let tree = knuth(&scorer, &NoProgress);
        let total: usize = scorer
            .codebook()
            .codes()
            .map(|secret| trace(&scorer, &tree, secret).unwrap().len())
            .sum();
        assert_eq!(total, 5801);
    }
}
