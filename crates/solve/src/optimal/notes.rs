//! What a long search proves, handed out as it is proven and taken back in when a stopped
//! search starts again. A piece of hours is otherwise all or nothing: stopped a minute before
//! its end, it starts again from nothing.
//!
//! Two kinds of note are kept. Each guess tried at the piece's own node, with its total or
//! the bound that ruled it out: taken back in, the search passes over the guesses it had
//! finished at once. And each candidate set that took at least [`NOTE_AFTER`] to settle, with
//! its least total or a bound on it: these keep most of the work on the guesses that were
//! under way when the search stopped. Quicker sets are searched again about as fast as they
//! are read, and would fill the notes at thousands a second. Only proven facts are noted, so
//! notes taken back in change how fast the search is, never what it finds.

use std::collections::HashMap;
use std::time::Duration;

use mastermind_core::Code;

use super::budget::Budget;
use super::cache::Known;
use super::guess::Outcome;
use super::search::Search;

/// Sets settled faster than this are not noted.
pub const NOTE_AFTER: Duration = Duration::from_millis(200);

/// One thing a search proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// What is known of a candidate set's least total.
    Set(SetFact),
    /// What a guess tried at the piece's own node costs.
    Tried(GuessTried),
}

/// What a search proved about one candidate set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetFact {
    /// The candidates, in numeric order.
    pub set: Vec<Code>,
    /// How many guesses the set may still use, its own guess included (`None`: no cap).
    pub guesses_left: Option<u8>,
    /// Its least total if `guess` is given (the first guess, in the search's order, that
    /// reaches it), else a lower bound on it.
    pub total: u32,
    /// The guess that reaches the least total, when `total` is exact.
    pub guess: Option<Code>,
}

/// What playing one guess at the piece's own node costs: the least total of the piece's
/// codes with that guess first if `exact`, else a lower bound on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessTried {
    /// The guess.
    pub guess: Code,
    /// Its total, or a lower bound on it.
    pub total: u32,
    /// Whether `total` is exact.
    pub exact: bool,
}

/// Receives what a search proves, from any of its threads.
pub trait Notebook: Sync {
    /// The search has proven `note`.
    fn note(&self, note: Note);
}

/// A note taken back in claims less than any strategy for its set can reach: this search did
/// not prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpossibleNote {
    /// Its place among the notes given.
    pub index: usize,
    /// The least total its set can have.
    pub least: u32,
}

/// Where a search notes what it proves, and the guesses already tried at its noted node.
pub(super) struct Notes<'a> {
    notebook: &'a dyn Notebook,
    /// Sets settled faster than this are not noted: [`NOTE_AFTER`], or less in tests.
    note_after: Duration,
    /// The depth of the node whose guesses are noted: the piece's own.
    depth: usize,
    tried: HashMap<Code, GuessTried>,
}

impl<'a> Notes<'a> {
    /// Notes for a search whose guesses at `depth` are noted, and the sets that took at least
    /// `note_after`.
    pub(super) fn new(notebook: &'a dyn Notebook, depth: usize, note_after: Duration) -> Notes<'a> {
        Notes {
            notebook,
            note_after,
            depth,
            tried: HashMap::new(),
        }
    }
}

impl Search<'_> {
    /// Passes `known` of `set`, settled in `took`, on to the notebook if it took long enough
    /// to be worth keeping.
    pub(super) fn note_set(&self, set: &[Code], budget: Budget, known: Known, took: Duration) {
        let Some(notes) = self.notes.as_ref().filter(|notes| took >= notes.note_after) else {
            return;
        };
        let (total, guess) = match known {
            Known::Exact { cost, guess } => (cost, Some(guess)),
            Known::AtLeast(bound) => (bound, None),
        };
        notes.notebook.note(Note::Set(SetFact {
            set: set.to_vec(),
            guesses_left: budget.limit(),
            total,
            guess,
        }));
    }

    /// What an earlier start found for `guess` at a node of `depth`, if it holds against
    /// `limit`: a total is exact whatever the limit, a bound only says the guess fails a limit
    /// at or below it.
    pub(super) fn recalled_guess(&self, depth: usize, guess: Code, limit: u32) -> Option<Outcome> {
        let notes = self.notes.as_ref().filter(|notes| notes.depth == depth)?;
        let tried = notes.tried.get(&guess)?;
        match (tried.exact, tried.total < limit) {
            (true, true) => Some(Ok(tried.total)),
            (_, false) => Some(Err(tried.total)),
            (false, true) => None,
        }
    }

    /// Notes what `guess`, tried at a node of `depth`, came to.
    pub(super) fn note_guess(&self, depth: usize, guess: Code, outcome: Outcome) {
        let Some(notes) = self.notes.as_ref().filter(|notes| notes.depth == depth) else {
            return;
        };
        let (total, exact) = match outcome {
            Ok(total) => (total, true),
            Err(bound) => (bound, false),
        };
        notes.notebook.note(Note::Tried(GuessTried {
            guess,
            total,
            exact,
        }));
    }
}

impl Notes<'_> {
    /// Takes `recalled` in as if `search` had proven them. A note below the least total its
    /// set allows is refused, and nothing after it is taken in.
    pub(super) fn recall(
        &mut self,
        search: &Search<'_>,
        piece_size: usize,
        recalled: &[Note],
    ) -> Result<(), ImpossibleNote> {
        for (index, note) in recalled.iter().enumerate() {
            match note {
                Note::Set(fact) => {
                    let budget = fact
                        .guesses_left
                        .map_or(Budget::UNLIMITED, |left| Budget::at_most(usize::from(left)));
                    let least = search.bounds.of(fact.set.len(), budget);
                    if fact.total < least {
                        return Err(ImpossibleNote { index, least });
                    }
                    let known = match fact.guess {
                        Some(guess) => Known::Exact {
                            cost: fact.total,
                            guess,
                        },
                        None => Known::AtLeast(fact.total),
                    };
                    search.table().record(&fact.set, budget, known);
                }
                Note::Tried(tried) => {
                    // The guess's own turn for every code, and at least one more guess for
                    // all but one of them.
                    let least = 2 * piece_size as u32 - 1;
                    if tried.total < least {
                        return Err(ImpossibleNote { index, least });
                    }
                    let kept = self.tried.entry(tried.guess).or_insert(*tried);
                    if tried.exact || (!kept.exact && tried.total > kept.total) {
                        *kept = *tried;
                    }
                }
            }
        }
        Ok(())
    }
}
