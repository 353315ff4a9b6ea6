//! Where something is in a tree: the guesses and replies that lead there from the root, printed
//! the way a reader follows the tree, such as `1122 → 1B0W → 1344 → 0B1W`.

use std::fmt;

use mastermind_core::excerpt;

/// A path from the root: each step is a guess as written and a reply to it as written (so a key
/// that cannot be read is still shown as the file spells it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreePath {
    steps: Vec<(String, String)>,
}

impl TreePath {
    /// The root itself.
    pub fn root() -> TreePath {
        TreePath::default()
    }

    /// This path followed by `guess` and the `reply` to it (each cut short if a hostile file
    /// makes it long).
    pub fn then(&self, guess: &str, reply: &str) -> TreePath {
        let mut steps = self.steps.clone();
        steps.push((excerpt(guess), excerpt(reply)));
        TreePath { steps }
    }

    /// The (guess, reply) steps from the root.
    pub fn steps(&self) -> &[(String, String)] {
        &self.steps
    }

    /// Whether the path is the root's.
    pub fn is_root(&self) -> bool {
        self.steps.is_empty()
    }
}

impl fmt::Display for TreePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.steps.is_empty() {
            return f.write_str("the root");
        }
        for (index, (guess, reply)) in self.steps.iter().enumerate() {
            if index > 0 {
                f.write_str(" → ")?;
            }
            write!(f, "{guess} → {reply}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_guesses_and_replies_in_order() {
        let path = TreePath::root().then("1122", "1B0W").then("1344", "0B1W");
        assert_eq!(path.to_string(), "1122 → 1B0W → 1344 → 0B1W");
        assert_eq!(TreePath::root().to_string(), "the root");
        assert!(TreePath::root().is_root() && !path.is_root());
    }
}
