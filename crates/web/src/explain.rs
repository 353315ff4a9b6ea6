//! "Why this guess?" at any position of a tree the page holds, computed when it is asked for.

use mastermind::explain::reason_at;
use mastermind::tree::TreeFile;
use mastermind::{Code, Feedback, Scorer};
use serde_json::Value;

/// Why the strategy of the tree file `tree` plays its guess after `history`, written as the
/// page's address of the position (`1122=1B1W,1344=0B2W`; empty for the tree's first guess).
/// A section's file (one with `after`) is explained at its own positions: the guesses and
/// replies before its first guess come first.
pub fn explain(tree: &str, history: &str) -> Result<Value, String> {
    let file = TreeFile::from_json(tree).map_err(|error| error.to_string())?;
    let game = file.game().map_err(|error| error.to_string())?;
    let scorer = Scorer::new(game);
    let book = scorer.codebook();
    let root = file.tree.to_node(book)?;
    let mut steps: Vec<(Code, Feedback)> = file.history(book)?;
    let mut node = &root;
    for step in history.split(',').filter(|step| !step.is_empty()) {
        let (guess, reply) = step
            .split_once('=')
            .ok_or_else(|| format!("the step “{step}” should read GUESS=REPLY"))?;
        let guess = book
            .parse(guess)
            .map_err(|error| format!("in “{step}”: {error}"))?;
        let reply = game
            .parse_feedback(reply)
            .map_err(|error| format!("in “{step}”: {error}"))?;
        if guess != node.guess {
            return Err(format!("the step “{step}” does not fit the tree"));
        }
        node = node
            .children
            .iter()
            .find(|(child_reply, _)| *child_reply == reply)
            .map(|(_, child)| child)
            .ok_or_else(|| format!("the step “{step}” does not fit the tree"))?;
        steps.push((guess, reply));
    }
    reason_at(&scorer, node, &file.strategy, &steps)
}
