//! Which guesses a block of the ranking's kernels scores ([`crate::optimal::kernels::counting`], and its byte
//! shuffles in `shuffled_marks`), and how many at a time.
//!
//! Two places here are allowed `unsafe`: reading listed guesses' replies from a row, with an
//! index checked once a row against the largest guess, not once a guess; and asking the
//! processor to fetch a row's lanes into the cache before they are read.
#![allow(unsafe_code)]

use std::ops::Range;

use mastermind_core::Code;

/// Guesses scored together: their counters stay in the fastest cache while the candidates'
/// rows stream past.
pub(in crate::optimal) const BLOCK: usize = 256;

/// How many rows ahead of the one being marked a stretch's lanes are fetched into the cache.
/// The rows of a set lie scattered over the reply table, each read a pass's width at a time:
/// too many streams for the processor's own prefetcher to follow, so without a hint every
/// row's lanes wait on memory (BENCHMARKS.md, "The code's tuning").
const ROWS_AHEAD: usize = 8;

/// Rows at least this long are fetched ahead: their tables (256 MiB and more) lie far beyond
/// any cache. Much of a smaller table stays in the last-level cache, where the hints cost
/// more than they save.
const FETCHED_AHEAD_FROM: usize = 1 << 14;

/// Which guesses a block scores: a stretch of every code, or listed ones.
pub(in crate::optimal) enum Columns<'a> {
    Stretch(Range<usize>),
    Listed(Listed<'a>),
}

impl<'a> Columns<'a> {
    /// The guesses of `block`, listed.
    pub(in crate::optimal) fn listed(block: &'a [Code]) -> Columns<'a> {
        Columns::Listed(Listed::new(block))
    }

    /// How many guesses the block scores.
    pub(in crate::optimal) fn len(&self) -> usize {
        match self {
            Columns::Stretch(range) => range.len(),
            Columns::Listed(listed) => listed.len(),
        }
    }

    /// `row`'s replies to the block's guesses: a piece of it, or gathered into `scratch`.
    #[inline(always)]
    pub(in crate::optimal) fn of<'r>(
        &self,
        row: &'r [u8],
        scratch: &'r mut [u8; BLOCK],
    ) -> &'r [u8] {
        match self {
            Columns::Stretch(range) => &row[range.clone()],
            Columns::Listed(listed) => {
                listed.gather(row, 0..listed.len(), scratch);
                scratch
            }
        }
    }
}

/// One pass of a byte kernel over the rows: the block's guesses from `start` on, `width` of
/// them.
pub(in crate::optimal) struct Pass<'p, 'r> {
    rows: &'p [&'r [u8]],
    columns: &'p Columns<'p>,
    start: usize,
    pub(in crate::optimal) width: usize,
}

impl Pass<'_, '_> {
    /// Hands `mark_row` every row's replies to the pass's guesses, as `N` lanes (see
    /// [`each_row`]).
    #[inline(always)]
    pub(in crate::optimal) fn each_row<const N: usize>(&self, mark_row: impl FnMut(&[u8; N])) {
        each_row::<N>(self.rows, self.columns, self.start, self.width, mark_row);
    }
}

/// Sets `slack` for the block's guesses `N` at a time, as the byte kernels mark them: a pass
/// over the rows for each `N`, whose marks stay in registers. `mark_pass(pass, slacks)` sets
/// the slacks of the pass's guesses in the first `pass.width` of `slacks`.
#[inline(always)]
pub(in crate::optimal) fn each_pass<const N: usize>(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    slack: &mut [u8; BLOCK],
    mut mark_pass: impl FnMut(&Pass<'_, '_>, &mut [u8; N]),
) {
    let guesses = columns.len();
    for start in (0..guesses).step_by(N) {
        let pass = Pass {
            rows,
            columns,
            start,
            width: N.min(guesses - start),
        };
        let mut slacks = [0u8; N];
        mark_pass(&pass, &mut slacks);
        slack[start..start + pass.width].copy_from_slice(&slacks[..pass.width]);
    }
}

/// Hands `mark_row` every row's replies to the guesses `start..start + width` of the block
/// (`width` at most `N`), as `N` lanes: a piece of the row where it holds them all, else
/// gathered (past `width` the lanes hold replies nobody reads). The columns are told apart
/// once for the pass, not once a row: the checks a row at a time were a tenth of the byte
/// kernels' instructions.
#[inline(always)]
fn each_row<const N: usize>(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    start: usize,
    width: usize,
    mut mark_row: impl FnMut(&[u8; N]),
) {
    let mut gathered = [0u8; N];
    match columns {
        Columns::Stretch(range) => {
            let from = range.start + start;
            let fetch_ahead = rows
                .first()
                .is_some_and(|row| row.len() >= FETCHED_AHEAD_FROM);
            for (at, row) in rows.iter().enumerate() {
                if let Some(ahead) = rows.get(at + ROWS_AHEAD).filter(|_| fetch_ahead) {
                    fetch_early(ahead, from..from + N);
                }
                match row.get(from..from + N) {
                    Some(lanes) => mark_row(lanes.try_into().expect("a pass's lanes")),
                    None => {
                        gathered[..width].copy_from_slice(&row[from..from + width]);
                        mark_row(&gathered);
                    }
                }
            }
        }
        Columns::Listed(listed) => {
            for row in rows {
                listed.gather(row, start..start + width, &mut gathered);
                mark_row(&gathered);
            }
        }
    }
}

/// Asks the processor to bring the cache lines of `row`'s `lanes` (those within the row)
/// into the cache, without waiting for them.
#[inline(always)]
fn fetch_early(row: &[u8], lanes: Range<usize>) {
    let lanes = &row[lanes.start.min(row.len())..lanes.end.min(row.len())];
    #[cfg(target_arch = "x86_64")]
    if let Some(last) = lanes.len().checked_sub(1) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // The lanes need not start on a line: every 64th byte and the last cover their lines.
        for byte in (0..last).step_by(64).chain([last]) {
            // SAFETY: a prefetch reads nothing into the program and never faults; the address
            // is within the row in any case.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(lanes.as_ptr().add(byte).cast()) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = lanes;
}

/// Guesses listed one by one, with the largest of their code numbers: a row's replies to them
/// are then read with one check of the row's length, not one for each guess (the checks were
/// a third of gathering's instructions, and gathering most of counting's time).
pub(in crate::optimal) struct Listed<'a> {
    block: &'a [Code],
    /// The largest code number listed, `None` if none is.
    reach: Option<usize>,
}

impl<'a> Listed<'a> {
    pub(in crate::optimal) fn new(block: &'a [Code]) -> Listed<'a> {
        Listed {
            block,
            reach: block.iter().map(|guess| guess.index()).max(),
        }
    }

    #[cfg(test)]
    pub(in crate::optimal) fn codes(&self) -> &'a [Code] {
        self.block
    }

    pub(in crate::optimal) fn len(&self) -> usize {
        self.block.len()
    }

    /// Writes `row`'s replies to the listed guesses `range` into the start of `into`.
    #[inline(always)]
    pub(in crate::optimal) fn gather(&self, row: &[u8], range: Range<usize>, into: &mut [u8]) {
        let listed = &self.block[range];
        let into = &mut into[..listed.len()];
        if let Some(reach) = self.reach {
            assert!(reach < row.len(), "every guess has a reply in every row");
        }
        for (lane, guess) in into.iter_mut().zip(listed) {
            // SAFETY: no guess listed lies past `reach`, below the row's length, as checked
            // just above.
            *lane = unsafe { *row.get_unchecked(guess.index()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_guesses_get_their_replies_from_a_row() {
        let row = [7, 8, 9, 10];
        let listed = Listed::new(&[Code(3), Code(0), Code(2)]);
        let mut into = [0u8; 4];
        listed.gather(&row, 1..3, &mut into);
        assert_eq!(into, [7, 9, 0, 0]);
    }

    #[test]
    #[should_panic(expected = "every guess has a reply in every row")]
    fn a_guess_past_the_row_is_refused_before_any_read() {
        let listed = Listed::new(&[Code(1), Code(4)]);
        listed.gather(&[7, 8, 9, 10], 0..1, &mut [0u8; 2]);
    }
}
