//! The verifier's input: a tree exactly as some source claims it, with nothing trusted yet. The
//! JSON file, the papers' parenthesised notations and other tools' formats can all say what they
//! say in this model; the notations may leave out a guess or the children of a node, which the
//! model records rather than fills in, so that the replay can check the shorthand too. Each
//! claim keeps where it is written, so that a wrong one is reported at its own token.

use mastermind_tree::FileNode;

/// A node as claimed by its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimedNode {
    /// The guess as written. `None` is allowed only where at most two candidates are left: the
    /// guess is then the smaller candidate (with two, either costs the same: 1 + 2 guesses).
    pub guess: Option<String>,
    /// How many codes the source says are still consistent with the history here, if it says.
    /// A child claiming 0 without a guess states that its reply does not occur, as the
    /// notations' `0` slots do.
    pub candidates: Option<u64>,
    /// Whether the source says the guess is a candidate (so that the all-black reply can
    /// occur), if it says.
    pub guess_is_candidate: Option<bool>,
    /// Where its claims are written.
    pub places: Places,
    /// What comes after the guess.
    pub branches: Branches,
}

/// A place in a source text: line and column, both from 1.
pub type Location = (usize, usize);

/// Where a node's claims are written in its source, as far as known. Each falls back to
/// [`Places::node`] when unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Places {
    /// The node itself: its count, or where it starts.
    pub node: Option<Location>,
    /// Its guess.
    pub guess: Option<Location>,
    /// The reply leading to it, where that is written apart from the node (a key, a column).
    pub reply: Option<Location>,
    /// Where it says whether its guess is a candidate.
    pub candidate_claim: Option<Location>,
}

impl Places {
    /// Everything at one place.
    pub fn at(location: Location) -> Places {
        Places {
            node: Some(location),
            ..Places::default()
        }
    }

    /// Where the guess is written, else where the node is.
    pub fn guess(&self) -> Option<Location> {
        self.guess.or(self.node)
    }

    /// Where the reply is written, else where the node is.
    pub fn reply(&self) -> Option<Location> {
        self.reply.or(self.node)
    }

    /// Where the claim that the guess is or is not a candidate is written, else where the guess is.
    pub fn candidate_claim(&self) -> Option<Location> {
        self.candidate_claim.or(self.guess())
    }
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
            candidates: Some(candidates),
            guess_is_candidate: None,
            places: Places::default(),
            branches: Branches::EachReplySettles,
        }
    }
}

impl From<&FileNode> for ClaimedNode {
    fn from(node: &FileNode) -> ClaimedNode {
        ClaimedNode {
            guess: Some(node.guess.clone()),
            candidates: Some(node.candidates),
            guess_is_candidate: None,
            places: Places::default(),
            branches: Branches::Listed(
                node.children
                    .iter()
                    .map(|(reply, child)| (reply.clone(), ClaimedNode::from(child)))
                    .collect(),
            ),
        }
    }
}
