//! Ranks the guesses of a node by the least total they could reach: `n` for this guess plus
//! the least conceivable total of each class ([`LowerBound`](super::bounds::LowerBound)).
//!
//! The bound is built up one candidate at a time. Counting the all-black class like any other,
//! a candidate that joins a class of `c` codes raises the sum by `1 + excess(c)`, where
//! `excess(c) = least(c + 1) − least(c) − 1` is 0 for an empty class; at the end the all-black
//! class gives back its 1. So after any prefix the final bound is at least
//! `2n − 1 + excess so far`, and a guess is dropped as soon as that reaches the limit.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use mastermind_core::Code;

use super::bounds::INFEASIBLE;
use super::budget::Budget;
use super::search::Search;
use super::symmetry::Symmetry;

/// A guess worth trying: its bound, whether it is not a candidate, the guess. Ordered so that
/// better bounds come first, then candidates, then smaller codes.
pub(super) type Ranked = (u32, bool, Code);

/// Guesses scored together, one candidate row at a time: their class counts stay in the
/// fastest cache while the candidates' rows stream past.
const BLOCK: usize = 256;

/// Excess sums are kept in `u32`; one impossible step is larger than any limit but cannot
/// overflow in 255 steps.
const CAPPED_EXCESS: u32 = 1 << 23;

/// The guesses of a node that may beat its limit, best first. Usually only the first few are
/// tried, so they are kept in a heap rather than sorted.
pub(super) struct Ranking {
    heap: BinaryHeap<Reverse<Ranked>>,
}

impl Ranking {
    /// All the guesses, best first, without removing them.
    pub(super) fn sorted(&self) -> Vec<Ranked> {
        let mut all: Vec<Ranked> = self.heap.iter().map(|entry| entry.0).collect();
        all.sort_unstable();
        all
    }
}

impl Iterator for Ranking {
    type Item = Ranked;

    fn next(&mut self) -> Option<Ranked> {
        self.heap.pop().map(|entry| entry.0)
    }
}

/// Collects the scores of the guesses and the least bound of those dropped.
struct Tally {
    n: u64,
    limit: u32,
    ranked: Vec<Reverse<Ranked>>,
    floor: u32,
}

impl Tally {
    /// A guess dropped part-way: its bound is known to reach `at_least`.
    fn dropped(&mut self, at_least: u64) {
        self.floor = self.floor.min(clamp(at_least));
    }

    /// A guess fully scored: `extra` summed excess, `solved` whether it is a candidate, and
    /// `uniform` whether every candidate gave the same reply.
    fn scored(&mut self, guess: Code, extra: u64, solved: bool, uniform: bool) {
        if !solved && uniform {
            // The guess teaches nothing.
            return;
        }
        let bound = clamp(2 * self.n + extra - u64::from(solved));
        if bound < self.limit {
            self.ranked.push(Reverse((bound, !solved, guess)));
        } else {
            self.floor = self.floor.min(bound);
        }
    }
}

impl Search<'_> {
    /// The guesses worth trying at `set` (one per orbit, not useless, bound below `limit`)
    /// best first, and a lower bound on the totals of the others.
    pub(super) fn rank(
        &self,
        set: &[Code],
        budget: Budget,
        limit: u32,
        symmetry: &Symmetry,
    ) -> (Ranking, u32) {
        let book = self.scorer.codebook();
        let guesses: Cow<'_, [Code]> = self
            .pool
            .for_set(book, set, symmetry, self.consistent_only);
        let excess = self.bounds.excess(budget.after_guess());
        let n = set.len() as u64;
        // A guess is dropped once `2n − 1 + excess` reaches the limit.
        let allowance = (u64::from(limit) + 1).saturating_sub(2 * n);
        let mut tally = Tally {
            n,
            limit,
            ranked: Vec::new(),
            floor: INFEASIBLE,
        };
        if set.len() <= usize::from(u8::MAX) && self.replies.row(set[0]).is_some() {
            self.score_by_candidate(set, &guesses, excess, allowance, &mut tally);
        } else {
            self.score_by_guess(set, &guesses, excess, allowance, &mut tally);
        }
        let ranking = Ranking {
            heap: BinaryHeap::from(tally.ranked),
        };
        (ranking, tally.floor)
    }

    /// Scores blocks of guesses against one candidate row after another, dropping a guess from
    /// its block as soon as it exceeds the allowance. Class sizes are kept in bytes, so sets
    /// must have fewer than 256 codes.
    fn score_by_candidate(
        &self,
        set: &[Code],
        guesses: &[Code],
        excess: &[u32],
        allowance: u64,
        tally: &mut Tally,
    ) {
        let mut small_excess = [0u32; 256];
        for (small, &step) in small_excess.iter_mut().zip(excess) {
            *small = step.min(CAPPED_EXCESS);
        }
        let allowance = allowance.min(u64::from(CAPPED_EXCESS)) as u32;
        let stride = self.replies.replies();
        let solved = usize::from(self.replies.all_black());
        let mut counts = vec![0u8; BLOCK * stride];
        let mut extras = [0u32; BLOCK];
        let mut alive = [0u8; BLOCK];
        let first_row = self.replies.row(set[0]).expect("the table is held");
        for block in guesses.chunks(BLOCK) {
            counts[..block.len() * stride].fill(0);
            extras[..block.len()].fill(0);
            let mut living = block.len();
            for (slot, index) in alive.iter_mut().zip(0..=u8::MAX).take(living) {
                *slot = index;
            }
            for &secret in set {
                let row = self.replies.row(secret).expect("the table is held");
                let mut kept = 0;
                for position in 0..living {
                    let index = alive[position];
                    let i = usize::from(index);
                    let count = &mut counts[i * stride + usize::from(row[block[i].index()])];
                    let extra = extras[i] + small_excess[usize::from(*count)];
                    *count += 1;
                    extras[i] = extra;
                    alive[kept] = index;
                    kept += usize::from(extra < allowance);
                }
                if kept < living {
                    tally.dropped(2 * tally.n - 1 + u64::from(allowance));
                }
                living = kept;
            }
            for &index in &alive[..living] {
                let i = usize::from(index);
                let guess = block[i];
                let counts = &counts[i * stride..(i + 1) * stride];
                let uniform = usize::from(counts[usize::from(first_row[guess.index()])]) == set.len();
                tally.scored(guess, u64::from(extras[i]), counts[solved] > 0, uniform);
            }
        }
    }

    /// Scores one guess at a time, dropping it as soon as its bound reaches the limit: for
    /// large sets, and games too large for the table.
    fn score_by_guess(
        &self,
        set: &[Code],
        guesses: &[Code],
        excess: &[u32],
        allowance: u64,
        tally: &mut Tally,
    ) {
        let mut counts = vec![0u32; self.replies.replies()];
        let solved = usize::from(self.replies.all_black());
        'guesses: for &guess in guesses {
            counts.fill(0);
            let mut extra = 0u64;
            for &secret in set {
                let count = &mut counts[usize::from(self.replies.reply(self.scorer, guess, secret))];
                extra += u64::from(excess[*count as usize]);
                *count += 1;
                if extra >= allowance {
                    tally.dropped(2 * tally.n - 1 + allowance);
                    continue 'guesses;
                }
            }
            let uniform = counts.iter().any(|&c| c as usize == set.len());
            tally.scored(guess, extra, counts[solved] > 0, uniform);
        }
    }
}

fn clamp(total: u64) -> u32 {
    u32::try_from(total).unwrap_or(INFEASIBLE).min(INFEASIBLE)
}
