//! The search's own copy of the reply table, as rows it can borrow: the ranking loop reads one
//! guess's replies to every candidate, and a plain byte row is the fastest way to do that.
//! Since replies are symmetric, row `g` also holds every code's reply to guess `g`.

use mastermind_core::{Code, Scorer};
use rayon::prelude::*;

/// Games with more codes than this score replies through the scorer instead.
const MOST_CODES_TABULATED: usize = 1 << 14;

/// `row(guess)[secret]` is the feedback index of `guess` against `secret`.
pub(super) struct ReplyTable {
    codes: usize,
    cells: Option<Vec<u8>>,
}

impl ReplyTable {
    pub(super) fn new(scorer: &Scorer) -> ReplyTable {
        let codes = scorer.codebook().len();
        let cells = (codes <= MOST_CODES_TABULATED).then(|| {
            let mut cells = vec![0u8; codes * codes];
            cells.par_chunks_mut(codes).enumerate().for_each(|(guess, row)| {
                for (secret, cell) in row.iter_mut().enumerate() {
                    *cell = scorer
                        .feedback(Code(guess as u32), Code(secret as u32))
                        .index() as u8;
                }
            });
            cells
        });
        ReplyTable { codes, cells }
    }

    pub(super) fn is_held(&self) -> bool {
        self.cells.is_some()
    }

    /// The replies to `guess`, if the table is held.
    pub(super) fn row(&self, guess: Code) -> Option<&[u8]> {
        let start = guess.index() * self.codes;
        self.cells.as_ref().map(|cells| &cells[start..start + self.codes])
    }
}
