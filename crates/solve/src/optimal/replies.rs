//! The search's own copy of the reply table, as rows it can borrow, with replies renumbered
//! densely (`0..replies()`): the ranking loop reads one candidate's replies to every guess, and
//! a plain byte row is the fastest way to do that, while dense numbers keep the per-guess class
//! counts small. Replies are symmetric, so row `s` holds every guess's reply to secret `s`.

use mastermind_core::{Code, Scorer};
use rayon::prelude::*;

/// Games with more codes than this score replies through the scorer instead: the table takes
/// the square of this in bytes (64 MiB), and larger games are out of reach of an exhaustive
/// search anyway.
pub(super) const MOST_CODES_TABULATED: usize = 1 << 13;

/// Dense reply numbers for the ranking loop.
pub(super) struct ReplyTable {
    codes: usize,
    /// `cells[s * codes + g]` is the dense reply of guess `g` to secret `s`.
    cells: Option<Vec<u8>>,
    /// The dense number of each feedback index.
    dense: Vec<u8>,
    replies: usize,
    all_black: u8,
}

impl ReplyTable {
    /// The table for the scorer's game, with rows when it has at most `most_tabulated` codes.
    pub(super) fn new(scorer: &Scorer, most_tabulated: usize) -> ReplyTable {
        let game = scorer.game();
        let mut dense = vec![0u8; game.feedback_slots()];
        let mut replies = 0;
        for reply in game.notation_feedbacks() {
            dense[reply.index()] = replies as u8;
            replies += 1;
        }
        let codes = scorer.codebook().len();
        let cells = (codes <= most_tabulated).then(|| {
            let mut cells = vec![0u8; codes * codes];
            cells
                .par_chunks_mut(codes)
                .enumerate()
                .for_each(|(secret, row)| {
                    // The scorer's own table, where it keeps one, holds the same replies.
                    match scorer.feedback_row(Code(secret as u32)) {
                        Some(replies) => {
                            for (cell, &reply) in row.iter_mut().zip(replies) {
                                *cell = dense[usize::from(reply)];
                            }
                        }
                        None => {
                            for (guess, cell) in row.iter_mut().enumerate() {
                                let reply =
                                    scorer.feedback(Code(guess as u32), Code(secret as u32));
                                *cell = dense[reply.index()];
                            }
                        }
                    }
                });
            cells
        });
        let all_black = dense[game.all_black().index()];
        ReplyTable {
            codes,
            cells,
            dense,
            replies,
            all_black,
        }
    }

    /// How many codes the game has: the length of a row.
    pub(super) fn codes(&self) -> usize {
        self.codes
    }

    /// How many dense reply numbers there are.
    pub(super) fn replies(&self) -> usize {
        self.replies
    }

    /// The dense number of the all-black reply.
    pub(super) fn all_black(&self) -> u8 {
        self.all_black
    }

    /// Every guess's dense reply to `secret`, if the table is held.
    pub(super) fn row(&self, secret: Code) -> Option<&[u8]> {
        let start = secret.index() * self.codes;
        self.cells
            .as_ref()
            .map(|cells| &cells[start..start + self.codes])
    }

    /// The dense reply of `guess` to `secret`, from the table or the scorer. The table is
    /// read in `guess`'s row (the same reply, by symmetry), so that loops over the secrets
    /// of one guess read memory in order.
    pub(super) fn reply(&self, scorer: &Scorer, guess: Code, secret: Code) -> u8 {
        match self.row(guess) {
            Some(row) => row[secret.index()],
            None => self.dense[scorer.feedback(guess, secret).index()],
        }
    }
}
