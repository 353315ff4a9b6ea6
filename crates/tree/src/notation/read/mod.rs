//! Reading a tree written in Knuth's or Irving's notation, lenient about layout and strict
//! about content: any spacing and line breaks, lettered sections (`96A` in the tree and
//! `A = (2344: …)` after it, with or without a `where` line, in any order), and every defect
//! of syntax, slots or sections reported with its line, column and path in the tree, reading on
//! after each one. What needs the codes replayed (counts, guesses, the short forms) is left to
//! the verifier, which takes the [`Situation`] tree this builds.
//!
//! A reading goes lexer ([`lex`]) → parser ([`parse`], a notation-free [`syntax`] tree) →
//! notation ([`detect`]) → resolver ([`resolve`]: slots to replies, sections substituted).

mod detect;
mod error;
mod lex;
mod parse;
mod resolve;
mod syntax;

use mastermind_core::{Feedback, Game};

pub use error::{ReadError, ReadErrorKind, MAX_ERRORS};
pub use parse::{MAX_NESTING, MAX_SITUATIONS};

use super::Notation;

/// A place in the text: line and column, both from 1 (columns count characters).
pub type Location = (usize, usize);

/// A situation as the text states it, with its meaning in the notation resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The count as written (for a section, the count at its reference).
    pub candidates: u64,
    /// Where it is written: its count, or for a section the start of its definition.
    pub location: Location,
    /// The guess as written, without Irving's `*` or Knuth's `x`.
    pub guess: Option<String>,
    /// Whether the text says the guess is a candidate: the all-black slot of a full form, or in
    /// Irving's notation the absence of `*`. `None` where the text does not say.
    pub guess_is_candidate: Option<bool>,
    pub shape: Shape,
}

/// What the text says follows the guess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A bare count: at most two candidates (Knuth) or one (Irving), played smallest first.
    Count,
    /// `n(gggg)`: every reply leaves at most one candidate.
    Single,
    /// Knuth's `n(ggggx)`: every reply leaves at most two, and some reply two.
    Pairs,
    /// `n(gggg: …)`: the situation after each reply that has a slot, zeros included; the
    /// all-black slot (see [`Situation::guess_is_candidate`]) and Knuth's `(p−1, 1)` are not
    /// listed.
    Full(Vec<(Feedback, Situation)>),
    /// Lost to an error already reported: nothing below can be checked.
    Unreadable,
}

/// The outcome of reading a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The notation the text was read in.
    pub notation: Notation,
    /// Whether that notation was detected rather than given.
    pub detected: bool,
    /// The tree, as far as it could be read; `None` when no situation could be read at all.
    pub tree: Option<Situation>,
    /// Every error found, in the order found.
    pub errors: Vec<ReadError>,
}

/// Reads `text` as a tree for `game`, in `notation` or (when `None`) the notation detected.
pub fn read(text: &str, game: &Game, notation: Option<Notation>) -> Reading {
    let document = parse::parse(text, game.pegs());
    let detected = notation.is_none();
    let notation = notation.unwrap_or_else(|| detect::detect(&document, game));
    let mut errors = error::Errors::default();
    let tree = resolve::resolve(&document, game, notation, &mut errors);
    Reading {
        notation,
        detected,
        tree,
        errors: errors.list,
    }
}
