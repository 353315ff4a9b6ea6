//! Playing a game with a strategy, one turn at a time, as opposed to building or checking a
//! whole tree: reading replies the way people type them ([`reply`], from the tree crate), following a tree against
//! a known secret ([`trace`]), the tool as codebreaker while a person gives the replies
//! ([`Codebreaker`]), the tool as codemaker while a person guesses ([`Codemaker`]), and
//! explaining replies that no code fits ([`Mistake`]), a game under way ([`GameSoFar`]), and
//! games in words ([`next_text`], [`turns_text`]).
//!
//! Nothing here does input or output: the `mastermind` binary drives these from a terminal
//! or a pipe, and tests drive them directly.

#![warn(missing_docs)]

mod breaker;
mod document;
mod guesses_needed;
mod maker;
mod mistake;
mod next;
mod text;
mod trace;

pub use breaker::{Codebreaker, Step};
pub use document::{
    NextDocument, TraceDocument, TracedGame, TracedTurnDocument, LISTED_CANDIDATES, NEXT_FORMAT,
    NEXT_VERSION, TRACE_FORMAT, TRACE_VERSION,
};
pub use guesses_needed::GuessesNeeded;
pub use maker::{fresh_seed, secret_from_seed, Codemaker, Turn};
/// Replies as people type them, and histories: the tree crate's, where a section's history is
/// read.
pub use mastermind_tree::history as reply;
pub use mastermind_tree::history::{parse_history, parse_reply, write_history, ReplyError};
pub use mistake::{Mistake, NearMiss};
pub use next::{GameSoFar, GameSoFarError, OffTheTree};
pub use text::{codes_left, next_text, plural, summary_text, turns_text};
pub use trace::{trace, TraceError, TracedTurn};
