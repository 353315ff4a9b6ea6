//! Playing a game with a strategy, one turn at a time, as opposed to building or checking a
//! whole tree: reading replies the way people type them ([`reply`]), following a tree against
//! a known secret ([`trace`]), the tool as codebreaker while a person gives the replies
//! ([`Codebreaker`]), the tool as codemaker while a person guesses ([`Codemaker`]), and
//! explaining replies that no code fits ([`Mistake`]).
//!
//! Nothing here does input or output: the `mastermind` binary drives these from a terminal
//! or a pipe, and tests drive them directly.

#![warn(missing_docs)]

mod breaker;
mod document;
mod maker;
mod mistake;
pub mod reply;
mod trace;

pub use breaker::{Codebreaker, Step};
pub use document::{
    NextDocument, TraceDocument, TracedGame, TracedTurnDocument, LISTED_CANDIDATES, NEXT_FORMAT,
    NEXT_VERSION, TRACE_FORMAT, TRACE_VERSION,
};
pub use maker::{fresh_seed, secret_from_seed, Codemaker, Turn};
pub use mistake::{Mistake, NearMiss};
pub use reply::{parse_history, parse_reply, write_history, ReplyError};
pub use trace::{trace, TraceError, TracedTurn};
