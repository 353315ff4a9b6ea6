//! The reply table as the search reads it: rows it can borrow, with replies numbered so that a
//! set of them fits the bits of a `u32` (the ranking loop marks replies as bits). Replies are
//! symmetric, so row `s` holds every guess's reply to secret `s`.
//!
//! Where every feedback index is below 16 (games of up to three pegs), a reply's number is its
//! feedback index and the rows are the scorer's own table, so the search builds nothing. Other
//! games number replies densely, in notation order, in a table of their own: four pegs have
//! 25 indices but 14 replies, which then fit the marking kernel's byte shuffles. The split of a
//! set, its shape and its marks all read these numbers.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use mastermind_core::{Code, Game, Scorer, Secrets};
use rayon::prelude::*;

use super::counting::REPLIES_SHUFFLED;

/// Games with more codes than this score replies through the scorer instead. The table takes
/// the square of the codes in bytes (282 MB for 5×7, a gigabyte for 5×8), and the exhaustive
/// searches, and the prover's one steps above all, read it far faster than they score (the
/// benchmarks document, "The search's reply table").
pub const MOST_CODES_TABULATED: usize = 32_768;

/// Games of at most this many codes (5×7's count, 282 MB of rows) hold their rows wherever the
/// search fits; a larger one only where memory allows ([`hold_reply_rows_up_to`]).
pub const ALWAYS_TABULATED: usize = 16_807;

/// The most codes of a game whose rows the searches of this process hold.
static TABULATED: AtomicUsize = AtomicUsize::new(MOST_CODES_TABULATED);

/// Holds reply rows in every later search of a game of at most `codes` codes (at most
/// [`MOST_CODES_TABULATED`]): fewer under a memory limit the rows would not fit. The rows only
/// make the search and its proofs faster; the trees and certificates are the same.
pub fn hold_reply_rows_up_to(codes: usize) {
    TABULATED.store(codes.min(MOST_CODES_TABULATED), Ordering::Relaxed);
}

/// The most codes of a game whose rows the searches of this process hold.
pub(in crate::optimal) fn most_tabulated() -> usize {
    TABULATED.load(Ordering::Relaxed)
}

/// Replies scored together, where they are scored rather than read, by loops that may stop
/// part-way through a set: one vector of packed codes, few enough that a loop stopping early
/// scores little it does not read.
const SCORED_AT_ONCE: usize = 16;

/// Games with at most this many feedback indices number replies by their index, unless a dense
/// numbering makes them few enough for the marking kernel's byte shuffles.
const MOST_INDICES_KEPT: usize = 32;

/// Where the rows come from.
enum Rows<'a> {
    /// The scorer's table, whose feedback indices are the reply numbers.
    Scorer(&'a Scorer),
    /// A table of dense numbers: `cells[s * codes + g]` is guess `g`'s reply to secret `s`.
    Dense(Vec<u8>),
    /// No table: replies are scored as they are needed.
    Scored,
}

/// The bytes of reply rows a search of `game` holds: the square of its codes, where it holds
/// them (see [`hold_reply_rows_up_to`]; a game whose scorer keeps its own table may share it
/// instead).
pub fn reply_rows_bytes(game: Game) -> usize {
    match game.code_count() {
        codes if codes <= most_tabulated() => codes * codes,
        _ => 0,
    }
}

/// Reply numbers for the ranking loop.
pub(in crate::optimal) struct ReplyTable<'a> {
    scorer: &'a Scorer,
    codes: usize,
    rows: Rows<'a>,
    /// The number of each feedback index.
    numbers: Vec<u8>,
    /// The numbers of the well-formed replies, in increasing order.
    occurring: Vec<u8>,
    all_black: u8,
}

impl<'a> ReplyTable<'a> {
    /// The table for the scorer's game, with rows when it has at most `most_tabulated` codes.
    pub(in crate::optimal) fn new(scorer: &'a Scorer, most_tabulated: usize) -> ReplyTable<'a> {
        let game = scorer.game();
        let slots = game.feedback_slots();
        // Indices are kept where numbering densely would not bring the replies below the
        // shuffled marks' 16 (four pegs have 25 indices and 14 replies).
        let keep_indices = slots <= MOST_INDICES_KEPT
            && (slots <= REPLIES_SHUFFLED || game.notation_feedbacks().len() > REPLIES_SHUFFLED);
        let mut numbers: Vec<u8> = (0..slots as u8).collect();
        if !keep_indices {
            for (number, reply) in game.notation_feedbacks().into_iter().enumerate() {
                numbers[reply.index()] = number as u8;
            }
        }
        let mut occurring: Vec<u8> = game
            .notation_feedbacks()
            .iter()
            .map(|reply| numbers[reply.index()])
            .collect();
        occurring.sort_unstable();
        let codes = scorer.codebook().len();
        let rows = match codes <= most_tabulated {
            false => Rows::Scored,
            true if keep_indices && scorer.has_table() => Rows::Scorer(scorer),
            true => Rows::Dense(dense_cells(scorer, &numbers)),
        };
        let all_black = numbers[game.all_black().index()];
        ReplyTable {
            scorer,
            codes,
            rows,
            numbers,
            occurring,
            all_black,
        }
    }

    /// How many codes the game has: the length of a row.
    pub(in crate::optimal) fn codes(&self) -> usize {
        self.codes
    }

    /// One more than the largest reply number: the length of an array indexed by them.
    pub(in crate::optimal) fn replies(&self) -> usize {
        self.occurring
            .last()
            .map_or(0, |&last| usize::from(last) + 1)
    }

    /// The numbers of the well-formed replies, in increasing order.
    pub(in crate::optimal) fn occurring(&self) -> &[u8] {
        &self.occurring
    }

    /// The number of the all-black reply.
    pub(in crate::optimal) fn all_black(&self) -> u8 {
        self.all_black
    }

    /// `set` made ready for [`ReplyTable::try_replies`]: packed for scoring only where the
    /// rows are not held, since the rows answer without it.
    pub(in crate::optimal) fn secrets<'s>(&self, set: &'s [Code]) -> Secrets<'s> {
        match self.rows {
            Rows::Scored => self.scorer.secrets(set),
            Rows::Scorer(_) | Rows::Dense(_) => Secrets::unpacked(set),
        }
    }

    /// Every guess's reply number to `secret`, if the table is held.
    #[inline]
    pub(in crate::optimal) fn row(&self, secret: Code) -> Option<&[u8]> {
        match &self.rows {
            Rows::Scorer(scorer) => scorer.feedback_row(secret),
            Rows::Dense(cells) => {
                let start = secret.index() * self.codes;
                Some(&cells[start..start + self.codes])
            }
            Rows::Scored => None,
        }
    }

    /// The reply number of each secret to `guess`, read from the guess's row where the table
    /// is held (the same replies, by symmetry).
    pub(in crate::optimal) fn replies_to(&self, guess: Code) -> impl Fn(Code) -> usize + '_ {
        let row = self.row(guess);
        move |secret| match row {
            Some(row) => usize::from(row[secret.index()]),
            None => usize::from(self.numbers[self.scorer.feedback(guess, secret).index()]),
        }
    }

    /// Hands `take` the reply numbers of `guess` to `secrets` ([`ReplyTable::secrets`] of a
    /// set) in order, until it breaks: read from `guess`'s row of the table (the same replies,
    /// by symmetry, read in memory order), or scored a vector of codes at a time, for loops
    /// over many guesses at one set that may stop part-way through it.
    pub(in crate::optimal) fn try_replies<B>(
        &self,
        guess: Code,
        secrets: &Secrets<'_>,
        mut take: impl FnMut(u8) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let codes = secrets.codes();
        if let Some(row) = self.row(guess) {
            return codes
                .iter()
                .try_for_each(|secret| take(row[secret.index()]));
        }
        let mut chunk = [0u8; SCORED_AT_ONCE];
        for start in (0..codes.len()).step_by(SCORED_AT_ONCE) {
            let chunk = &mut chunk[..SCORED_AT_ONCE.min(codes.len() - start)];
            self.scorer.replies_into(guess, secrets, start, chunk);
            chunk
                .iter()
                .try_for_each(|&reply| take(self.numbers[usize::from(reply)]))?;
        }
        ControlFlow::Continue(())
    }
}

/// Every reply's number, row by row, for games whose numbers are not their indices.
fn dense_cells(scorer: &Scorer, numbers: &[u8]) -> Vec<u8> {
    let codes = scorer.codebook().len();
    let mut cells = vec![0u8; codes * codes];
    cells
        .par_chunks_mut(codes)
        .enumerate()
        .for_each(
            |(secret, row)| match scorer.feedback_row(Code(secret as u32)) {
                // The scorer's own table, where it keeps one, holds the same replies.
                Some(replies) => {
                    for (cell, &reply) in row.iter_mut().zip(replies) {
                        *cell = numbers[usize::from(reply)];
                    }
                }
                None => {
                    // Scored from the rules, a vector of codes at a time, then renumbered.
                    scorer.codebook().score_row(Code(secret as u32), row);
                    for cell in row.iter_mut() {
                        *cell = numbers[usize::from(*cell)];
                    }
                }
            },
        );
    cells
}
