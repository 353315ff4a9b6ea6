//! The verifier: replays every code of a game through a claimed strategy tree and reports every
//! problem it finds, each with its path from the root, together with the tree's true statistics.
//!
//! The input is a [`ClaimedNode`] tree, which a JSON [`TreeFile`](mastermind_tree::TreeFile)
//! converts to ([`verify_file`] does that and checks the file's claims too) and which the
//! papers' notations can also express, shorthand included ([`verify_tree`], and
//! [`verify_notation`] for a tree read by the notation reader, with its errors). A valid tree comes
//! back as a [`Node`](mastermind_tree::Node) tree in [`Report::tree`], ready to be written or
//! printed.

#![warn(missing_docs)]

mod claimed;
mod claims;
mod document;
mod file;
mod literature;
mod notation;
mod optimality;
mod path;
mod problem;
mod read;
mod replay;
mod reply;
mod report;

pub use claimed::{Branches, ClaimedNode, Location, Places};
pub use claims::MAX_DECIMAL_PLACES;
pub use document::{
    ProblemDocument, VerificationDocument, VERIFICATION_FORMAT, VERIFICATION_VERSION,
};
pub use file::{verify_file, verify_node};
pub use literature::quoted_average_notes;
pub use notation::verify_notation;
pub use optimality::{claims_optimum, judge, judge_claim, optimum_claim, Optimality};
pub use path::TreePath;
pub use problem::{Claim, Problem, ProblemKind};
pub use read::verify_read;
pub use replay::{verify_tree, DEPTH_LIMIT};
pub use report::{Report, VerifyOptions, LISTED_PROBLEMS};
