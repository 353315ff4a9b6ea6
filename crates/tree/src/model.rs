//! The strategy tree as the builders make it: every node names its guess, how many candidates
//! it holds, and one child per reply that occurs, other than the all-black reply that ends the
//! game.

use mastermind_core::{Code, Feedback};

/// No tree goes deeper than this many guesses, whatever the game: the verifier follows no
/// longer path, and the readers size their limits by it. A path in which every guess removes a
/// candidate is never longer than the number of codes, so in small games that number is the
/// limit; this bound keeps the recursion shallow in large ones.
pub const DEPTH_LIMIT: usize = 200;

/// A node of a strategy tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The guess played here; it need not be one of the candidates.
    pub guess: Code,
    /// How many codes are still consistent with the history at this node.
    pub candidates: u32,
    /// The situation after each reply that occurs, in increasing feedback order. The all-black
    /// reply has no child: it ends the game.
    pub children: Vec<(Feedback, Node)>,
}

/// Dropped without recursion: a tree of any depth (one built by hand, or read from a file)
/// is taken apart node by node rather than by a call per level, which a deep enough tree
/// would overflow the stack with.
impl Drop for Node {
    fn drop(&mut self) {
        if self
            .children
            .iter()
            .all(|(_, child)| child.children.is_empty())
        {
            // Leaves below only (most nodes): their own drops go no deeper.
            return;
        }
        let mut below: Vec<Node> = self.children.drain(..).map(|(_, node)| node).collect();
        while let Some(mut node) = below.pop() {
            below.extend(node.children.drain(..).map(|(_, node)| node));
        }
    }
}

impl Node {
    /// A node with one candidate: guess it.
    pub fn leaf(code: Code) -> Node {
        Node {
            guess: code,
            candidates: 1,
            children: Vec::new(),
        }
    }

    /// Whether the guess is itself a candidate (the all-black reply can occur).
    pub fn guess_is_candidate(&self) -> bool {
        let below: u32 = self
            .children
            .iter()
            .map(|(_, child)| child.candidates)
            .sum();
        self.candidates == below + 1
    }

    /// The child after `feedback`, if that reply occurs.
    pub fn child(&self, feedback: Feedback) -> Option<&Node> {
        self.children
            .iter()
            .find(|(f, _)| *f == feedback)
            .map(|(_, child)| child)
    }

    /// Depth of the deepest node, counting this one as 1.
    pub fn height(&self) -> usize {
        1 + self
            .children
            .iter()
            .map(|(_, child)| child.height())
            .max()
            .unwrap_or(0)
    }
}
