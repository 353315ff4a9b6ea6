//! The defects the verifier reports: one variant per kind, each saying what was found and what
//! was expected, placed by its path from the root and, for trees read from text, its location.

use std::fmt;

use mastermind_tree::notation::read::ReadErrorKind;
use thiserror::Error;

use crate::TreePath;

/// One defect of a tree or of the claims about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The node (or, for a reply, the node after it) the problem is about; the root for claims.
    pub path: TreePath,
    /// Where that node is written in its source (line, column), if known.
    pub location: Option<(usize, usize)>,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// Which claim of a tree file is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `codes`: how many codes the tree solves.
    Codes,
    /// `total_guesses`.
    TotalGuesses,
    /// `average.fraction`.
    AverageFraction,
    /// `average.decimal`.
    AverageDecimal,
    /// `worst_case`.
    WorstCase,
    /// `solved_by_guess`.
    SolvedByGuess,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProblemKind {
    #[error("the node claims {}, but {} consistent with the guesses and replies leading to it", counted(*.claimed, "candidate", "candidates"), counted(*.actual, "code is", "codes are"))]
    /// The node's candidate count is wrong.
    WrongCandidateCount {
        /// The count the node claims.
        claimed: u64,
        /// The true count.
        actual: u64,
    },
    #[error("no code is consistent with the guesses and replies leading to the node")]
    /// No code reaches the node.
    NoCandidates,
    #[error("the guess `{guess}` is not a code of this game: {reason}")]
    /// The guess is not a code of the game.
    GuessNotACode {
        /// The guess as written.
        guess: String,
        /// Why it is not a code.
        reason: String,
    },
    #[error("the node names no guess, which only a node with at most 2 candidates may do; it has {candidates}")]
    /// A node without a guess has more than two candidates.
    MissingGuess {
        /// How many it has.
        candidates: u64,
    },
    #[error("the reply {reply} occurs for {} (such as {example}), but the node has no child for it", counted(*.candidates, "candidate", "candidates"))]
    /// Some candidates give a reply the node has no child for.
    MissingReply {
        /// The reply.
        reply: String,
        /// How many candidates give it.
        candidates: u64,
        /// One of them.
        example: String,
    },
    #[error(
        "the node has a child for the reply {reply}, but no candidate gives that reply to {guess}"
    )]
    /// A child for a reply no candidate gives.
    ExtraReply {
        /// The reply.
        reply: String,
        /// The node's guess.
        guess: String,
    },
    #[error("the node has a child for the reply `{reply}`, which can never occur: {reason}")]
    /// A child for a reply that can never occur.
    ImpossibleReply {
        /// The reply as written.
        reply: String,
        /// Why it cannot occur.
        reason: String,
    },
    #[error("the child key `{key}` cannot be read as a reply: {reason}")]
    /// A child key that is not a reply.
    UnreadableReply {
        /// The key.
        key: String,
        /// Why it cannot be read.
        reason: String,
    },
    #[error("the node has a second child for the reply {reply} (key `{key}`); the first is keyed `{first}`")]
    /// Two children for one reply.
    DuplicateReply {
        /// The second child's key.
        key: String,
        /// The reply.
        reply: String,
        /// The first child's key.
        first: String,
    },
    #[error("the node has a child for the all-black reply {reply}, but that reply ends the game")]
    /// A child for the all-black reply, which ends the game.
    ChildAfterAllBlack {
        /// The reply.
        reply: String,
    },
    #[error("the node says every reply to {guess} leaves at most {}, but {reply} leaves {left}", counted(*.most, "candidate", "candidates"))]
    /// A shorthand that says every reply leaves at most so many candidates, where one leaves more.
    TooManyLeft {
        /// The guess.
        guess: String,
        /// The reply that leaves more.
        reply: String,
        /// How many it leaves.
        left: u64,
        /// The most the shorthand allows.
        most: u64,
    },
    #[error("the node says some reply to {guess} leaves two candidates, but every reply leaves at most one")]
    /// An `x` shorthand where no reply leaves two candidates.
    NoReplyLeavesTwo {
        /// The guess.
        guess: String,
    },
    #[error("the node would be guess number {guess_number}, deeper than the {limit} guesses the verifier follows for this game")]
    /// The tree goes deeper than the verifier follows.
    TooDeep {
        /// The guess's number.
        guess_number: usize,
        /// The deepest the verifier follows.
        limit: usize,
    },
    #[error("this node plays guess number {guess_number}, past the limit of {limit}: {} from here on need up to {most} guesses", counted(*.codes, "code", "codes"))]
    /// Codes need more guesses than the limit allows.
    TooManyGuesses {
        /// The number of the guess past the limit.
        guess_number: usize,
        /// The limit.
        limit: usize,
        /// How many codes need more.
        codes: u64,
        /// The most guesses they need.
        most: usize,
    },
    #[error("the text says {guess} {}, but it is {} the guesses and replies leading here", if *.claimed { "is a candidate" } else { "is not a candidate" }, if *.claimed { "not consistent with" } else { "consistent with" })]
    /// The text's claim that a guess is or is not a candidate is wrong.
    CandidateClaim {
        /// The guess.
        guess: String,
        /// Whether the text claims it is a candidate.
        claimed: bool,
    },
    #[error("{0}")]
    /// An error of the notation's reader.
    Notation(#[from] ReadErrorKind),
    /// A defect of a text in another tool's format, as its reader words it.
    #[error("{0}")]
    Format(String),
    #[error("the file claims {claim} = {claimed}, but the tree gives {actual}")]
    /// A claim of the file is false.
    WrongClaim {
        /// Which claim.
        claim: Claim,
        /// What the file claims.
        claimed: String,
        /// What the tree gives.
        actual: String,
    },
}

/// `1 code` or `3 codes`.
fn counted(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Claim::Codes => "codes",
            Claim::TotalGuesses => "total_guesses",
            Claim::AverageFraction => "average.fraction",
            Claim::AverageDecimal => "average.decimal",
            Claim::WorstCase => "worst_case",
            Claim::SolvedByGuess => "solved_by_guess",
        })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.location {
            write!(f, "line {line}, column {column}: ")?;
        }
        match self.kind {
            ProblemKind::WrongClaim { .. } => write!(f, "claims: {}", self.kind),
            _ => write!(f, "at {}: {}", self.path, self.kind),
        }
    }
}
