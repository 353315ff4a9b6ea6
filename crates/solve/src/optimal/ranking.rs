//! Ranks the guesses of a node by the least total they could reach: `n` for this guess plus
//! the least conceivable total of each class ([`LowerBound`](super::bounds::LowerBound)).
//!
//! The bound is built up one candidate at a time. Counting the all-black class like any other,
//! a candidate that joins a class of `c` codes raises the sum by `1 + excess(c)`, where
//! `excess(c) = least(c + 1) − least(c) − 1` is 0 for an empty class; at the end the all-black
//! class gives back its 1. So after any prefix the final bound is at least
//! `2n − 1 + excess so far`, and a guess is dropped as soon as that reaches the limit: with
//! tight limits most guesses are dropped after a few candidates.

use std::borrow::Cow;

use mastermind_core::Code;

use super::bounds::INFEASIBLE;
use super::budget::Budget;
use super::partition::MAX_SLOTS;
use super::search::Search;
use super::symmetry::Symmetry;

/// A guess worth trying: its bound, whether it is not a candidate, the guess. Ordered so that
/// better bounds come first, then candidates, then smaller codes.
pub(super) type Ranked = (u32, bool, Code);

impl Search<'_> {
    /// The guesses worth trying at `set` (one per orbit, not useless, bound below `limit`)
    /// in [`Ranked`] order, and a lower bound on the totals of the others.
    pub(super) fn rank(
        &self,
        set: &[Code],
        budget: Budget,
        limit: u32,
        symmetry: &Symmetry,
    ) -> (Vec<Ranked>, u32) {
        let book = self.scorer.codebook();
        let guesses: Cow<'_, [Code]> = self
            .pool
            .for_set(book, set, symmetry, self.consistent_only);
        let excess = self.bounds.excess(budget.after_guess());
        let n = set.len() as u64;
        // Drop a guess once `2n − 1 + excess` reaches the limit.
        let allowance = (u64::from(limit) + 1).saturating_sub(2 * n);
        let mut ranked = Vec::new();
        let mut floor = INFEASIBLE;
        let mut keep = |guess: Code, extra: Option<u64>, solved: u64, uniform: bool| {
            let Some(extra) = extra else {
                floor = floor.min(clamp(2 * n - 1 + allowance));
                return;
            };
            if solved == 0 && uniform {
                // Every candidate gives the same reply: the guess teaches nothing.
                return;
            }
            let bound = clamp(2 * n + extra - solved);
            if bound < limit {
                ranked.push((bound, solved == 0, guess));
            } else {
                floor = floor.min(bound);
            }
        };
        match set.len() <= usize::from(u8::MAX) {
            true if self.replies.is_held() => {
                self.score_by_candidate(set, &guesses, excess, &mut keep);
            }
            _ => self.score_by_guess(set, &guesses, excess, allowance, &mut keep),
        }
        ranked.sort_unstable();
        (ranked, floor)
    }
}

impl Search<'_> {
    /// Scores every guess at once, one candidate at a time: each candidate's row of replies is
    /// read in order, which suits the memory far better than one scattered column per guess.
    /// Class sizes are kept in bytes, so sets must have fewer than 256 codes.
    fn score_by_candidate(
        &self,
        set: &[Code],
        guesses: &[Code],
        excess: &[u32],
        keep: &mut impl FnMut(Code, Option<u64>, u64, bool),
    ) {
        let slots = self.scorer.game().feedback_slots();
        let mut counts = vec![0u8; guesses.len() * slots];
        let mut extras = vec![0u64; guesses.len()];
        for &secret in set {
            let row = self.replies.row(secret).expect("the table is held");
            for ((&guess, counts), extra) in guesses
                .iter()
                .zip(counts.chunks_exact_mut(slots))
                .zip(&mut extras)
            {
                let count = &mut counts[usize::from(row[guess.index()])];
                *extra += u64::from(excess[usize::from(*count)]);
                *count += 1;
            }
        }
        let n = set.len();
        let first = self.replies.row(set[0]).expect("the table is held");
        for ((&guess, counts), &extra) in guesses.iter().zip(counts.chunks_exact(slots)).zip(&extras)
        {
            let uniform = usize::from(counts[usize::from(first[guess.index()])]) == n;
            keep(guess, Some(extra), u64::from(counts[self.all_black]), uniform);
        }
    }

    /// Scores one guess at a time, dropping it as soon as its bound reaches the limit.
    fn score_by_guess(
        &self,
        set: &[Code],
        guesses: &[Code],
        excess: &[u32],
        allowance: u64,
        keep: &mut impl FnMut(Code, Option<u64>, u64, bool),
    ) {
        let mut counts = [0u32; MAX_SLOTS];
        let counts = &mut counts[..self.scorer.game().feedback_slots()];
        for &guess in guesses {
            counts.fill(0);
            let extra = match self.replies.row(guess) {
                Some(row) => accumulate(set, |s| row[s.index()], counts, excess, allowance),
                None => accumulate(
                    set,
                    |s| self.scorer.feedback(guess, s).index() as u8,
                    counts,
                    excess,
                    allowance,
                ),
            };
            let uniform = counts.iter().any(|&c| c as usize == set.len());
            keep(guess, extra, u64::from(counts[self.all_black]), uniform);
        }
    }
}

/// Adds the candidates to `counts` by reply, returning the summed excess, or `None` as soon
/// as it exceeds `allowance`.
#[inline(always)]
fn accumulate(
    set: &[Code],
    reply: impl Fn(Code) -> u8,
    counts: &mut [u32],
    excess: &[u32],
    allowance: u64,
) -> Option<u64> {
    let mut extra = 0u64;
    for &secret in set {
        let slot = &mut counts[usize::from(reply(secret))];
        extra += u64::from(excess[*slot as usize]);
        *slot += 1;
        if extra >= allowance {
            return None;
        }
    }
    Some(extra)
}

fn clamp(total: u64) -> u32 {
    u32::try_from(total).unwrap_or(INFEASIBLE).min(INFEASIBLE)
}
