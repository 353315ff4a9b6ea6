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
    pub kind: ProblemKind,
}

/// Which claim of a tree file is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Codes,
    TotalGuesses,
    AverageFraction,
    AverageDecimal,
    WorstCase,
    SolvedByGuess,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProblemKind {
    #[error("the node claims {}, but {} consistent with the guesses and replies leading to it", counted(*.claimed, "candidate", "candidates"), counted(*.actual, "code is", "codes are"))]
    WrongCandidateCount { claimed: u64, actual: u64 },
    #[error("no code is consistent with the guesses and replies leading to the node")]
    NoCandidates,
    #[error("the guess `{guess}` is not a code of this game: {reason}")]
    GuessNotACode { guess: String, reason: String },
    #[error("the node names no guess, which only a node with at most 2 candidates may do; it has {candidates}")]
    MissingGuess { candidates: u64 },
    #[error("the reply {reply} occurs for {} (such as {example}), but the node has no child for it", counted(*.candidates, "candidate", "candidates"))]
    MissingReply {
        reply: String,
        candidates: u64,
        example: String,
    },
    #[error(
        "the node has a child for the reply {reply}, but no candidate gives that reply to {guess}"
    )]
    ExtraReply { reply: String, guess: String },
    #[error("the node has a child for the reply `{reply}`, which can never occur: {reason}")]
    ImpossibleReply { reply: String, reason: String },
    #[error("the child key `{key}` cannot be read as a reply: {reason}")]
    UnreadableReply { key: String, reason: String },
    #[error("the node has a second child for the reply {reply} (key `{key}`); the first is keyed `{first}`")]
    DuplicateReply {
        key: String,
        reply: String,
        first: String,
    },
    #[error("the node has a child for the all-black reply {reply}, but that reply ends the game")]
    ChildAfterAllBlack { reply: String },
    #[error("the node says every reply to {guess} leaves at most {}, but {reply} leaves {left}", counted(*.most, "candidate", "candidates"))]
    TooManyLeft {
        guess: String,
        reply: String,
        left: u64,
        most: u64,
    },
    #[error("the node says some reply to {guess} leaves two candidates, but every reply leaves at most one")]
    NoReplyLeavesTwo { guess: String },
    #[error("the node would be guess number {guess_number}, deeper than the {limit} guesses the verifier follows for this game")]
    TooDeep { guess_number: usize, limit: usize },
    #[error("this node plays guess number {guess_number}, past the limit of {limit}: {} from here on need up to {most} guesses", counted(*.codes, "code", "codes"))]
    TooManyGuesses {
        guess_number: usize,
        limit: usize,
        codes: u64,
        most: usize,
    },
    #[error("the text says {guess} {}, but it is {} the guesses and replies leading here", if *.claimed { "is a candidate" } else { "is not a candidate" }, if *.claimed { "not consistent with" } else { "consistent with" })]
    CandidateClaim { guess: String, claimed: bool },
    #[error("{0}")]
    Notation(#[from] ReadErrorKind),
    /// A defect of a text in another tool's format, as its reader words it.
    #[error("{0}")]
    Format(String),
    #[error("the file claims {claim} = {claimed}, but the tree gives {actual}")]
    WrongClaim {
        claim: Claim,
        claimed: String,
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
