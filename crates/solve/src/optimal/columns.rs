//! Which guesses a block of the ranking's kernels scores ([`super::counting`], and its byte
//! shuffles in `shuffled_marks`), and how many at a time.

use std::ops::Range;

use mastermind_core::Code;

/// Guesses scored together: their counters stay in the fastest cache while the candidates'
/// rows stream past.
pub(super) const BLOCK: usize = 256;

/// Which guesses a block scores: a stretch of every code, or listed ones.
pub(super) enum Columns<'a> {
    Stretch(Range<usize>),
    Listed(&'a [Code]),
}

impl Columns<'_> {
    /// `row`'s replies to the block's guesses: a piece of it, or gathered into `scratch`.
    #[inline(always)]
    pub(super) fn of<'r>(&self, row: &'r [u8], scratch: &'r mut [u8; BLOCK]) -> &'r [u8] {
        match self {
            Columns::Stretch(range) => &row[range.clone()],
            Columns::Listed(block) => {
                for (reply, guess) in scratch.iter_mut().zip(block.iter()) {
                    *reply = row[guess.index()];
                }
                scratch
            }
        }
    }
}
