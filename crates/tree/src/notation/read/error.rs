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
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// What is wrong with the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadErrorKind {
    #[error("the input holds no tree")]
    /// The text is empty or holds only comments.
    Empty,
    #[error("`{0}` is not part of either notation{hint}", hint = character_hint(*.0))]
    /// A character neither notation uses.
    UnexpectedCharacter(char),
    #[error("the number `{0}` is too large")]
    /// A count too large to hold.
    NumberTooLarge(String),
    #[error("expected {expected}, found {found}")]
    /// Something else stands where the grammar expects a token.
    Expected {
        /// What the grammar expects.
        expected: &'static str,
        /// What stands there.
        found: String,
    },
    #[error("`{0}` cannot be read as a count, a count with a section letter (such as `96A`), or a guess")]
    /// A token that is no count, section reference or guess.
    Unreadable(String),
    #[error("a `,` or `;` is missing between two slots")]
    /// Two slots follow each other without a separator.
    MissingSeparator,
    #[error("`{found}` cannot separate slots: a `,` or `;` belongs here{hint}", hint = character_hint(*.found))]
    /// A character stands where a separator belongs.
    NotASeparator {
        /// The character.
        found: char,
    },
    #[error("expected `{expected}` {between}, found `{found}`")]
    /// A separator of the wrong kind between slots.
    WrongSeparator {
        /// The separator that belongs here.
        expected: char,
        /// The one written.
        found: char,
        /// Which slots it separates.
        between: String,
    },
    #[error("the `(` here is never closed")]
    /// A parenthesis is never closed.
    Unclosed,
    #[error("situations are nested more than {limit} deep")]
    /// Situations nest deeper than the reader follows.
    TooDeep {
        /// The deepest nesting read.
        limit: usize,
    },
    #[error("{found} slots, but {notation} notation has {expected} for {game} ({groups} by number of black pegs)")]
    /// A situation has the wrong number of slots for the game.
    WrongSlotCount {
        /// How many it has.
        found: usize,
        /// How many the notation has for the game.
        expected: usize,
        /// The notation's name.
        notation: &'static str,
        /// The game, described.
        game: String,
        /// The slots per number of black pegs.
        groups: String,
    },
    #[error("the slot for {reply} must be 0: that reply can never occur")]
    /// A slot for a reply that never occurs is not 0.
    ImpossibleSlot {
        /// The reply.
        reply: String,
    },
    #[error(
        "the all-black slot must be 1 (the guess is a candidate) or 0 (it is not), found `{found}`"
    )]
    /// The all-black slot is neither 0 nor 1.
    AllBlackSlot {
        /// What it holds.
        found: String,
    },
    #[error("the slots add up to {sum}, but the situation has {count} candidates")]
    /// The slots do not add up to the situation's count.
    SlotSum {
        /// Their sum.
        sum: u64,
        /// The situation's count.
        count: u64,
    },
    #[error("the guess is marked `*` (not a candidate) but its all-black slot is 1")]
    /// A guess marked `*` has an all-black slot of 1.
    StarAndAllBlack,
    #[error("{0}")]
    /// A form the notation in use does not have; the text says which.
    NotInNotation(&'static str),
    #[error("an `x` guess settles every reply by itself and takes no slots")]
    /// A guess marked `x` also lists slots.
    PairsWithSlots,
    #[error("no section {0} is defined")]
    /// A section is referred to but never defined; its name.
    UnknownSection(String),
    #[error("section {0} is never used")]
    /// A section is defined but never referred to; its name.
    UnusedSection(String),
    #[error("section {name} is defined twice (first at line {}, column {})", .first.0, .first.1)]
    /// A section is defined twice.
    SectionDefinedTwice {
        /// Its name.
        name: String,
        /// Where it is first defined.
        first: Location,
    },
    #[error("section {name} is used twice (first at line {}, column {}); a section stands for one situation", .first.0, .first.1)]
    /// A section is referred to twice.
    SectionUsedTwice {
        /// Its name.
        name: String,
        /// Where it is first referred to.
        first: Location,
    },
    #[error(
        "section {name} is used as {reference} candidates, but its definition says {definition}"
    )]
    /// A reference's count disagrees with the section's definition.
    SectionCount {
        /// The section's name.
        name: String,
        /// The count where it is referred to.
        reference: u64,
        /// The count its definition gives.
        definition: u64,
    },
    #[error("more than {MAX_ERRORS} errors; reading stopped here")]
    /// So many errors were found that reading stopped.
    TooManyErrors,
    #[error("more than {limit} situations, more than this reader takes; reading stopped here")]
    /// So many situations that reading stopped.
    TooManySituations {
        /// The most the reader takes.
        limit: usize,
    },
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
