//! The tree exactly as written, before the notation and the game give its slots a meaning:
//! what the parser builds and the resolver reads. Nothing here is checked beyond syntax.

use super::error::ReadErrorKind;
use super::Location;

/// No game has more slots than this (10 pegs: 66); longer lists are counted but not kept.
pub(super) const MAX_SLOTS: usize = 256;

/// A situation as written: `n`, `96A`, `n(gggg)`, `n(ggggx)`, `n(gggg*)` or `n(gggg: …)`.
#[derive(Clone, Debug)]
pub(super) struct Written {
    pub(super) count: u64,
    /// Where its count starts (for a section's definition, where the definition starts).
    pub(super) at: Location,
    pub(super) body: Body,
    /// Syntax errors in this situation's own text (not in its slots'), reported with its path.
    pub(super) errors: Vec<(Location, ReadErrorKind)>,
}

#[derive(Clone, Debug)]
pub(super) enum Body {
    /// The count alone.
    Bare,
    /// A count followed by a section's name, such as `96A`.
    Reference { name: String, at: Location },
    /// A parenthesised guess and what follows it.
    Guessed(Guessed),
    /// The parentheses could not be read; the errors say why.
    Broken,
}

/// `(gggg)`, `(ggggx)`, `(gggg*)` or `(gggg: …)`.
#[derive(Clone, Debug)]
pub(super) struct Guessed {
    pub(super) guess: String,
    pub(super) at: Location,
    /// Irving's `*`: the guess is not a candidate.
    pub(super) star: bool,
    /// Knuth's `x`: every reply leaves at most two candidates.
    pub(super) pairs: bool,
    /// The slots after a `:`, if there is one.
    pub(super) slots: Option<SlotList>,
}

/// The slots of a full form, as written.
#[derive(Clone, Debug, Default)]
pub(super) struct SlotList {
    /// The first [`MAX_SLOTS`] slots.
    pub(super) slots: Vec<Slot>,
    /// How many slots are written.
    pub(super) written: usize,
}

#[derive(Clone, Debug)]
pub(super) struct Slot {
    /// What separates it from the slot before (none for the first).
    pub(super) separator: Option<Separator>,
    /// `None` when no situation could be read there (the error says why).
    pub(super) situation: Option<Written>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Separator {
    /// `,` or `;`, or another character already reported as not a separator.
    pub(super) character: char,
    pub(super) at: Location,
}

/// `A = (gggg: …)`, or with the count repeated, `K = 39(gggg: …)`.
#[derive(Clone, Debug)]
pub(super) struct Definition {
    pub(super) name: String,
    pub(super) at: Location,
    /// The count and where it is written, if the definition repeats it.
    pub(super) count: Option<(u64, Location)>,
    /// The situation defined; its count is the definition's or 0 until a reference gives it.
    pub(super) situation: Written,
}

/// A whole text: the tree and its sections' definitions.
#[derive(Clone, Debug, Default)]
pub(super) struct Document {
    pub(super) root: Option<Written>,
    pub(super) definitions: Vec<Definition>,
    /// Errors outside any situation.
    pub(super) errors: Vec<(Location, ReadErrorKind)>,
}

impl Written {
    /// Every situation of the text in reading order, this one first, without recursion (the
    /// nesting may be deep).
    pub(super) fn each<'w>(&'w self, mut visit: impl FnMut(&'w Written)) {
        let mut stack = vec![self];
        while let Some(written) = stack.pop() {
            visit(written);
            if let Body::Guessed(Guessed {
                slots: Some(list), ..
            }) = &written.body
            {
                stack.extend(
                    list.slots
                        .iter()
                        .rev()
                        .filter_map(|slot| slot.situation.as_ref()),
                );
            }
        }
    }
}
