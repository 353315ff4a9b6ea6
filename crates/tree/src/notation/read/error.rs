//! What can be wrong with a tree as written, before any code is replayed: its syntax, its slots
//! and its lettered sections. Each error carries where it is written and, where the tree can be
//! followed that far, the guesses and replies that lead to it.

use thiserror::Error;

use super::Location;

/// The most errors one reading reports; past it, reading stops with a last error saying so, so
/// that junk input cannot fill memory with messages.
pub const MAX_ERRORS: usize = 1000;

/// One defect of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Where it is written (line, column, both from 1).
    pub location: Location,
    /// The (guess, reply) steps from the root to the situation it is in, as written; empty at
    /// the root or where the tree cannot be followed (such as a section that is never used).
    pub path: Vec<(String, String)>,
    pub kind: ReadErrorKind,
}

/// What is wrong with the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadErrorKind {
    #[error("the input holds no tree")]
    Empty,
    #[error("`{0}` is not part of either notation{hint}", hint = character_hint(*.0))]
    UnexpectedCharacter(char),
    #[error("the number `{0}` is too large")]
    NumberTooLarge(String),
    #[error("expected {expected}, found {found}")]
    Expected {
        expected: &'static str,
        found: String,
    },
    #[error("`{0}` cannot be read as a count, a count with a section letter (such as `96A`), or a guess")]
    Unreadable(String),
    #[error("a `,` or `;` is missing between two slots")]
    MissingSeparator,
    #[error("`{found}` cannot separate slots: a `,` or `;` belongs here{hint}", hint = character_hint(*.found))]
    NotASeparator { found: char },
    #[error("expected `{expected}` {between}, found `{found}`")]
    WrongSeparator {
        expected: char,
        found: char,
        between: String,
    },
    #[error("the `(` here is never closed")]
    Unclosed,
    #[error("situations are nested more than {limit} deep")]
    TooDeep { limit: usize },
    #[error("{found} slots, but {notation} notation has {expected} for {game} ({groups} by number of black pegs)")]
    WrongSlotCount {
        found: usize,
        expected: usize,
        notation: &'static str,
        game: String,
        groups: String,
    },
    #[error("the slot for {reply} must be 0: that reply can never occur")]
    ImpossibleSlot { reply: String },
    #[error(
        "the all-black slot must be 1 (the guess is a candidate) or 0 (it is not), found `{found}`"
    )]
    AllBlackSlot { found: String },
    #[error("the slots add up to {sum}, but the situation has {count} candidates")]
    SlotSum { sum: u64, count: u64 },
    #[error("the guess is marked `*` (not a candidate) but its all-black slot is 1")]
    StarAndAllBlack,
    #[error("{0}")]
    NotInNotation(&'static str),
    #[error("an `x` guess settles every reply by itself and takes no slots")]
    PairsWithSlots,
    #[error("no section {0} is defined")]
    UnknownSection(String),
    #[error("section {0} is never used")]
    UnusedSection(String),
    #[error("section {name} is defined twice (first at line {}, column {})", .first.0, .first.1)]
    SectionDefinedTwice { name: String, first: Location },
    #[error("section {name} is used twice (first at line {}, column {}); a section stands for one situation", .first.0, .first.1)]
    SectionUsedTwice { name: String, first: Location },
    #[error(
        "section {name} is used as {reference} candidates, but its definition says {definition}"
    )]
    SectionCount {
        name: String,
        reference: u64,
        definition: u64,
    },
    #[error("more than {MAX_ERRORS} errors; reading stopped here")]
    TooManyErrors,
    #[error("more than {limit} situations, more than this reader takes; reading stopped here")]
    TooManySituations { limit: usize },
}

fn character_hint(character: char) -> &'static str {
    match character {
        '.' => " (OCR often reads `,` or `;` as `.`)",
        _ => "",
    }
}

/// The errors of one reading, capped at [`MAX_ERRORS`].
#[derive(Debug, Default)]
pub(super) struct Errors {
    pub(super) list: Vec<ReadError>,
}

impl Errors {
    pub(super) fn push(
        &mut self,
        location: Location,
        path: &[(String, String)],
        kind: ReadErrorKind,
    ) {
        match self.list.len() {
            count if count < MAX_ERRORS => self.list.push(ReadError {
                location,
                path: path.to_vec(),
                kind,
            }),
            MAX_ERRORS => self.list.push(ReadError {
                location,
                path: path.to_vec(),
                kind: ReadErrorKind::TooManyErrors,
            }),
            _ => {}
        }
    }
}
