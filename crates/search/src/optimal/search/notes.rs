//! What a long search proves, handed out as it is proven and taken back in when a stopped
//! search starts again. A piece of hours is otherwise all or nothing: stopped a minute before
//! its end, it starts again from nothing.
//!
//! Two kinds of note are kept. Each guess tried at the piece's own node, with its total or
//! the bound that ruled it out: taken back in, the search passes over the guesses it had
//! finished at once. And each candidate set that took at least [`NOTE_AFTER`] to settle, with
//! its least total or a bound on it: these keep most of the work on the guesses that were
//! under way when the search stopped. Quicker sets are searched again about as fast as they
//! are read, and would fill the notes at thousands a second. Only proven facts are noted.
//!
//! Notes taken back in are claims, not proofs: each is checked against the game, the piece
//! and the run's cap before it is used, and a piece whose search contradicts them is solved
//! again from nothing. A note that claims too high a bound can still keep the search from a
//! better guess; only a certificate of the finished tree (`mastermind certify`) shows that
//! none did.

use std::collections::HashMap;
use std::time::Duration;

use mastermind_core::Code;

use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::LowerBound;
use crate::optimal::table::transposition::{Known, Outcome, TranspositionTable};

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

    /// The search contradicted the notes it took back in: they were set aside, and so is
    /// everything noted since; the piece is solved again from nothing.
    fn contradicted(&self) {}
}

/// A note taken back in that cannot be true of this run: this search did not prove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpossibleNote {
    /// Its place among the notes given.
    pub index: usize,
    /// Why it cannot hold.
    pub reason: String,
}

/// The node whose notes are taken back in: the piece's codes (in numeric order), the guesses
/// they may still use, and whether only candidates may be guessed.
pub(in crate::optimal) struct NotedNode<'c> {
    pub(in crate::optimal) codes: &'c [Code],
    pub(in crate::optimal) budget: Budget,
    pub(in crate::optimal) consistent_only: bool,
}

/// Where a search notes what it proves, and the guesses already tried at its noted node.
pub(in crate::optimal) struct Notes<'a> {
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
    pub(in crate::optimal) fn new(
        notebook: &'a dyn Notebook,
        depth: usize,
        note_after: Duration,
    ) -> Notes<'a> {
        Notes {
            notebook,
            note_after,
            depth,
            tried: HashMap::new(),
        }
    }
}

impl Notes<'_> {
    /// Passes `known` of `set`, settled in `took`, on to the notebook if it took long enough
    /// to be worth keeping.
    pub(in crate::optimal) fn note_set(
        &self,
        set: &[Code],
        budget: Budget,
        known: Known,
        took: Duration,
    ) {
        if took < self.note_after {
            return;
        }
        let (total, guess) = match known {
            Known::Exact { cost, guess } => (cost, Some(guess)),
            Known::AtLeast(bound) => (bound, None),
        };
        self.notebook.note(Note::Set(SetFact {
            set: set.to_vec(),
            guesses_left: budget.limit(),
            total,
            guess,
        }));
    }

    /// What an earlier start found for `guess` at a node of `depth`, if it holds against
    /// `limit`: a total is exact whatever the limit, a bound only says the guess fails a limit
    /// at or below it.
    pub(in crate::optimal) fn recalled_guess(
        &self,
        depth: usize,
        guess: Code,
        limit: u32,
    ) -> Option<Outcome> {
        if self.depth != depth {
            return None;
        }
        let tried = self.tried.get(&guess)?;
        match (tried.exact, tried.total < limit) {
            (true, true) => Some(Ok(tried.total)),
            (_, false) => Some(Err(tried.total)),
            (false, true) => None,
        }
    }

    /// Notes what `guess`, tried at a node of `depth`, came to.
    pub(in crate::optimal) fn note_guess(&self, depth: usize, guess: Code, outcome: Outcome) {
        if self.depth != depth {
            return;
        }
        let (total, exact) = match outcome {
            Ok(total) => (total, true),
            Err(bound) => (bound, false),
        };
        self.notebook.note(Note::Tried(GuessTried {
            guess,
            total,
            exact,
        }));
    }
}

impl Notes<'_> {
    /// Takes `recalled`, notes about `node`, in as if the search (its `bounds` and `table`)
    /// had proven them. A note that
    /// cannot hold of this run is refused, and nothing after it is taken in: a set that is not
    /// part of the piece, guesses left that the run's cap does not allow, a guess a
    /// consistent-only run cannot play, or a total below the least its set's size allows.
    pub(in crate::optimal) fn recall(
        &mut self,
        bounds: &LowerBound,
        table: &TranspositionTable,
        node: &NotedNode<'_>,
        recalled: &[Note],
    ) -> Result<(), ImpossibleNote> {
        let piece_size = node.codes.len();
        let in_piece = |code: &Code| node.codes.binary_search(code).is_ok();
        for (index, note) in recalled.iter().enumerate() {
            let refuse = |reason: String| ImpossibleNote { index, reason };
            match note {
                Note::Set(fact) => {
                    let budget = match (fact.guesses_left, node.budget.limit()) {
                        (None, None) => Budget::UNLIMITED,
                        (Some(left), Some(cap)) if (1..=cap).contains(&left) => {
                            Budget::at_most(usize::from(left))
                        }
                        (left, cap) => {
                            return Err(refuse(format!(
                                "{} guesses left, where this run allows {}",
                                left.map_or("unlimited".into(), |l| l.to_string()),
                                cap.map_or("no cap".into(), |c| format!("at most {c}"))
                            )))
                        }
                    };
                    if fact.set.len() > piece_size || !fact.set.iter().all(in_piece) {
                        return Err(refuse("its set is not part of the piece's codes".into()));
                    }
                    if node.consistent_only
                        && fact
                            .guess
                            .is_some_and(|guess| fact.set.binary_search(&guess).is_err())
                    {
                        return Err(refuse(
                            "its guess is not a code of its set, which consistent-only play \
                             cannot guess"
                                .into(),
                        ));
                    }
                    let least = bounds.of(fact.set.len(), budget);
                    if fact.total < least {
                        return Err(refuse(format!(
                            "it claims a total of {}, below {least}, the least its set's size \
                             allows",
                            fact.total
                        )));
                    }
                    let known = match fact.guess {
                        Some(guess) => Known::Exact {
                            cost: fact.total,
                            guess,
                        },
                        None => Known::AtLeast(fact.total),
                    };
                    table.record(&fact.set, budget, known);
                }
                Note::Tried(tried) => {
                    if node.consistent_only && !in_piece(&tried.guess) {
                        return Err(refuse(
                            "its guess is not a code of the piece, which consistent-only play \
                             cannot guess"
                                .into(),
                        ));
                    }
                    // The guess's own turn for every code, and at least one more guess for
                    // all but one of them.
                    let least = (2 * piece_size as u32).saturating_sub(1);
                    if tried.total < least {
                        return Err(refuse(format!(
                            "it claims a total of {}, below {least}, the least the piece's \
                             size allows",
                            tried.total
                        )));
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
