//! The hot core of the project: the rules of a Mastermind-like game, codes as dense indices,
//! feedback as a small integer, and the scorer that partitions candidate sets by feedback.
//!
//! It also holds [`excerpt`], how every crate above quotes input text in its messages.
//!
//! Everything above this crate (trees, builders, the verifier) speaks in [`Code`] and
//! [`Feedback`] values handed out by a [`Game`] and its [`Codebook`].

#![warn(missing_docs)]

mod code;
mod excerpt;
mod feedback;
mod feedback_names;
mod game;
mod packed;
mod scorer;
mod shown_by;
mod vector_unit;

pub use code::{Code, CodeParseError, Codebook, NotACode};
pub use excerpt::{excerpt, excerpt_list};
pub use feedback::Feedback;
pub use feedback_names::FeedbackParseError;
pub use game::{
    ColourSet, FeedbackKind, Game, GameError, MAX_CODES, MAX_COLOURS, MAX_PEGS, MOST_SYMBOLS,
};
pub use scorer::{Partition, Scorer, Secrets};
pub use vector_unit::{
    vector_cap, vector_unit, vector_unit_in_use, VectorUnit, VECTOR_UNIT_VARIABLE,
};

/// For [`vector_versions!`]: the crate that compiles each version.
#[doc(hidden)]
pub use multiversion;
