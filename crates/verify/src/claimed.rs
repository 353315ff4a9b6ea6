//! The verifier's input: a tree exactly as some source claims it, with nothing trusted yet. Both
//! the JSON file and the papers' parenthesised notations can say what they say in this model;
//! the notations may leave out a guess or the children of a node, which the model records
//! rather than fills in, so that the replay can check the shorthand too.

use mastermind_tree::FileNode;

/// A node as claimed by its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimedNode {
    /// The guess as written. `None` is allowed only where at most two candidates are left: the
    /// guess is then the smaller candidate (with two, either costs the same: 1 + 2 guesses).
    pub guess: Option<String>,
    /// How many codes the source says are still consistent with the history here. A child
    /// claiming 0 without a guess states that its reply does not occur, as the notations' `0`
    /// slots do.
    pub candidates: u64,
    /// Where the node is written in its source (line, column, both from 1), if known.
    pub location: Option<(usize, usize)>,
    /// What comes after the guess.
    pub branches: Branches,
}

/// What a node says about the replies to its guess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branches {
    /// One child per reply, keyed by the reply as written (such as `1B2W`), in source order with
    /// duplicates kept. The all-black reply has no child: it ends the game.
    Listed(Vec<(String, ClaimedNode)>),
    /// Every reply to the guess leaves at most one candidate, which is guessed next (Knuth's and
    /// Irving's `n(gggg)`, and the bare `1` or `2`).
    EachReplySettles,
    /// Every reply leaves at most two candidates and some reply leaves exactly two, which are
    /// then played smaller first (Knuth's `n(ggggx)`).
    AtMostTwoLeft,
    /// The source could not be read here (its reader has reported why): the node's count and
    /// guess are checked, nothing below it is, and the codes below count as unsolved.
    Unreadable,
}

impl ClaimedNode {
    /// A node whose guess and continuation are left to the shorthand: what a notation's bare
    /// `1` or `2` says.
    pub fn settled(candidates: u64) -> ClaimedNode {
        ClaimedNode {
            guess: None,
            candidates,
            location: None,
            branches: Branches::EachReplySettles,
        }
    }
}

impl From<&FileNode> for ClaimedNode {
    fn from(node: &FileNode) -> ClaimedNode {
        ClaimedNode {
            guess: Some(node.guess.clone()),
            candidates: node.candidates,
            location: None,
            branches: Branches::Listed(
                node.children
                    .iter()
                    .map(|(reply, child)| (reply.clone(), ClaimedNode::from(child)))
                    .collect(),
            ),
        }
    }
}
