//! The tool as codebreaker: it plays a strategy tree's guesses while a person, who keeps the
//! secret, gives the replies. Replies can be taken back one at a time, and a reply that no
//! code fits together with the earlier ones is refused with an explanation instead of being
//! followed into a dead end.

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_strategy::Situation;
use mastermind_tree::Node;

use crate::Mistake;

/// A game in progress in which the tool guesses by following a tree.
pub struct Codebreaker<'a> {
    scorer: &'a Scorer,
    root: &'a Node,
    /// Each node guessed at so far with the reply it got; the current node is below them.
    path: Vec<(&'a Node, Feedback)>,
}

/// What a reply led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The tool has a next guess ([`Codebreaker::guess`]).
    Next,
    /// The guess was the secret, found with this many guesses.
    Solved {
        /// How many guesses it took.
        guesses: usize,
    },
    /// No code fits this reply together with the earlier ones; it was not taken.
    Refused(Mistake),
}

impl<'a> Codebreaker<'a> {
    /// A new game following `root`, which must be a verified tree for the scorer's game.
    pub fn new(scorer: &'a Scorer, root: &'a Node) -> Codebreaker<'a> {
        Codebreaker {
            scorer,
            root,
            path: Vec::new(),
        }
    }

    fn node(&self) -> &'a Node {
        self.path.last().map_or(self.root, |&(node, reply)| {
            node.child(reply)
                .expect("only replies with a branch are taken")
        })
    }

    /// The guess the tool plays now.
    pub fn guess(&self) -> Code {
        self.node().guess
    }

    /// The number of the guess played now, from 1.
    pub fn turn(&self) -> usize {
        self.path.len() + 1
    }

    /// The guesses so far with the replies they got.
    pub fn history(&self) -> Vec<(Code, Feedback)> {
        self.path
            .iter()
            .map(|&(node, reply)| (node.guess, reply))
            .collect()
    }

    /// The codes that fit every reply so far, in numeric order.
    pub fn candidates(&self) -> Vec<Code> {
        Situation::after(self.scorer, &self.history())
            .map(|situation| situation.candidates().to_vec())
            .unwrap_or_default()
    }

    /// The codes that fit every reply so far in words: the first `most` of them, and how many
    /// more.
    pub fn listing(&self, most: usize) -> String {
        let codes = self.candidates();
        let book = self.scorer.codebook();
        let shown: Vec<String> = codes.iter().take(most).map(|&c| book.format(c)).collect();
        let mut text = format!(
            "{} codes fit every reply so far: {}",
            codes.len(),
            shown.join(" ")
        );
        if let more @ 1.. = codes.len().saturating_sub(most) {
            text.push_str(&format!(" … and {more} more"));
        }
        text
    }

    /// Takes the person's reply to the current guess.
    pub fn reply(&mut self, reply: Feedback) -> Step {
        let node = self.node();
        let ends = reply == self.scorer.game().all_black();
        if ends && node.guess_is_candidate() {
            return Step::Solved {
                guesses: self.turn(),
            };
        }
        if !ends && node.child(reply).is_some() {
            self.path.push((node, reply));
            return Step::Next;
        }
        let mut history = self.history();
        history.push((node.guess, reply));
        Step::Refused(Mistake::find(self.scorer, &history).unwrap_or(Mistake {
            // A verified tree has a branch for every reply some code gets, so this is only
            // reached through a tree that was not verified.
            first_impossible: history.len() - 1,
            near_misses: Vec::new(),
        }))
    }

    /// Takes back the last reply; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.path.pop().is_some()
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;
    use mastermind_strategy::{knuth, NoProgress};

    use super::*;

    #[test]
    fn replies_lead_to_the_secret_and_can_be_taken_back() {
        let scorer = Scorer::new(Game::classic());
        let book = scorer.codebook();
        let tree = knuth(&scorer, &NoProgress);
        let secret = book.parse("3632").unwrap();
        let mut game = Codebreaker::new(&scorer, &tree);
        assert_eq!(book.format(game.guess()), "1122");
        assert_eq!(game.candidates().len(), 1296);
        let first_reply = scorer.feedback(game.guess(), secret);
        assert_eq!(game.reply(first_reply), Step::Next);
        let second_guess = game.guess();
        assert!(game.undo());
        assert!(!game.undo());
        assert_eq!(game.reply(first_reply), Step::Next);
        assert_eq!(game.guess(), second_guess);
        loop {
            match game.reply(scorer.feedback(game.guess(), secret)) {
                Step::Next => assert!(game.candidates().contains(&secret)),
                Step::Solved { guesses } => {
                    assert_eq!(game.guess(), secret);
                    assert!(guesses <= 5);
                    break;
                }
                Step::Refused(mistake) => panic!("true replies refused: {mistake:?}"),
            }
        }
    }

    #[test]
    fn an_impossible_reply_is_refused_and_not_taken() {
        let scorer = Scorer::new(Game::classic());
        let tree = knuth(&scorer, &NoProgress);
        let game_rules = scorer.game();
        let mut game = Codebreaker::new(&scorer, &tree);
        // 1122 answered with four white pegs leaves 2211 alone, which cannot then get none.
        assert_eq!(game.reply(game_rules.feedback(0, 4)), Step::Next);
        assert_eq!(game.candidates().len(), 1);
        let impossible = game_rules.feedback(0, 0);
        let Step::Refused(mistake) = game.reply(impossible) else {
            panic!("an impossible reply was taken");
        };
        assert_eq!(mistake.first_impossible, 1);
        assert_eq!(game.turn(), 2);
    }
}
