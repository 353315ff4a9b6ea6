//! Ranks the guesses of a node by the least total they could reach: `n` for this guess plus
//! the least conceivable total of each class ([`LowerBound`](super::bounds::LowerBound)).
//!
//! This is the hot loop of the whole search. A class of `c` codes costs at least `2c − 1`, so
//! a guess with `d` distinct replies is bounded below by `3n − d − [it is a candidate]`, and
//! exactly so when its largest class has at most `fan_out + 1` codes (two more guesses
//! allowed). Most guesses fall at the limit on that count alone, so guesses are first only
//! marked in blocks: each candidate's row of replies to the block's guesses is read in order and
//! the reply's bit is set in a word per guess. Those that pass are counted, a block at a time:
//! one byte-wide counter per (reply, guess) is bumped by comparing the row with each reply in
//! turn. Both loops are ones the compiler turns into wide vector instructions; only the rare
//! guesses with a larger class look their classes up one by one.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::atomic::Ordering;

use mastermind_core::Code;
use multiversion::multiversion;

use super::bounds::INFEASIBLE;
use super::budget::Budget;
use super::search::Search;
use crate::symmetry::Symmetry;

/// A guess worth trying: its bound, whether it is not a candidate, the guess. Ordered so that
/// better bounds come first, then candidates, then smaller codes.
pub(super) type Ranked = (u32, bool, Code);

/// Guesses scored together: their counters stay in the fastest cache while the candidates'
/// rows stream past.
const BLOCK: usize = 256;

/// The guesses of a node that may beat its limit, best first. Usually only the first few are
/// tried, so they are kept in a heap rather than sorted.
pub(super) struct Ranking {
    heap: BinaryHeap<Reverse<Ranked>>,
}

impl Ranking {
    /// The best guess, without removing it.
    pub(super) fn peek(&self) -> Option<Ranked> {
        self.heap.peek().map(|entry| entry.0)
    }

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

/// Collects the scores of the guesses and the least bound of those left out.
struct Tally {
    limit: u32,
    ranked: Vec<Reverse<Ranked>>,
    floor: u32,
}

impl Tally {
    /// A guess left out part-way: its bound is known to reach `at_least`.
    fn dropped(&mut self, at_least: u64) {
        self.floor = self.floor.min(clamp(at_least));
    }

    /// A guess fully scored: `bound` its bound, `solved` whether it is a candidate, and
    /// `uniform` whether every candidate gave the same reply.
    fn scored(&mut self, guess: Code, bound: u64, solved: bool, uniform: bool) {
        if !solved && uniform {
            // The guess teaches nothing.
            return;
        }
        let bound = clamp(bound);
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
        self.nodes.fetch_add(1, Ordering::Relaxed);
        let book = self.scorer.codebook();
        let guesses: Cow<'_, [Code]> = self.pool.for_set(book, set, symmetry, self.consistent_only);
        let mut tally = Tally {
            limit,
            ranked: Vec::new(),
            floor: INFEASIBLE,
        };
        let held = self.replies.row(set[0]).is_some();
        if held && set.len() <= usize::from(u8::MAX) {
            self.score_in_blocks(set, &guesses, budget, &mut tally);
        } else {
            self.score_one_by_one(set, &guesses, budget, &mut tally);
        }
        let ranking = Ranking {
            heap: BinaryHeap::from(tally.ranked),
        };
        (ranking, tally.floor)
    }

    /// Scores the guesses in blocks, as the module explains. Counters are bytes, so sets must
    /// have fewer than 256 codes.
    fn score_in_blocks(&self, set: &[Code], guesses: &[Code], budget: Budget, tally: &mut Tally) {
        let n = set.len() as u64;
        let replies = self.replies.replies();
        let solved = usize::from(self.replies.all_black());
        let class_bounds = self.bounds.row(budget.after_guess());
        // The `3n − d − [candidate]` shortcut needs every class to cost `2c − 1`: true up to
        // `fan_out + 1` codes when two more guesses are allowed, and for single codes always.
        let largest_short = if budget.allows(3) {
            self.bounds.fan_out() as u8 + 1
        } else {
            1
        };
        // The class bounds by size, for the sizes a byte counter holds.
        let mut class_bound = [INFEASIBLE; BLOCK];
        class_bound[..=set.len()].copy_from_slice(&class_bounds[..=set.len()]);
        let mut counts = vec![[0u8; BLOCK]; replies];
        let rows: Vec<&[u8]> = set
            .iter()
            .map(|&secret| self.replies.row(secret).expect("the table is held"))
            .collect();
        let codes = self.replies.codes();
        let mut counted = Counted {
            rows: &rows,
            n,
            solved,
            largest_short,
            class_bound: &class_bound,
            counts: &mut counts,
        };
        // Most guesses fall at the limit on the count of distinct replies alone, and marking
        // which replies occur is far cheaper than counting them, so the guesses are marked
        // first and only those that pass are counted, a full block at a time. Under a limit of
        // `3n − 1` or more only useless guesses would fall, so there nothing is marked.
        let marked = replies <= REPLIES_MARKED && u64::from(tally.limit) + 2 <= 3 * n;
        let mut passed: Vec<Code> = Vec::with_capacity(BLOCK);
        let mut unscored = guesses;
        while let Some(first) = unscored.first() {
            if !marked {
                let block = &unscored[..BLOCK.min(unscored.len())];
                unscored = &unscored[block.len()..];
                counted.score(block, tally);
                continue;
            }
            // Where the guesses are dense, copy a stretch of each row and mark every code in
            // it, using the listed ones only: cheaper than gathering them one by one.
            let start = first.index();
            let width = BLOCK.min(codes - start);
            let in_stretch = unscored.partition_point(|guess| guess.index() < start + width);
            let stretch = in_stretch * 4 >= width;
            let block = &unscored[..if stretch {
                in_stretch
            } else {
                BLOCK.min(unscored.len())
            }];
            unscored = &unscored[block.len()..];
            let columns = if stretch {
                Columns::Stretch(start..start + width)
            } else {
                Columns::Listed(block)
            };
            // A guess's bound is at least `3n − slack`, its slack being its distinct replies
            // plus one if it is a candidate; it falls at the limit when its slack is at most
            // `3n − limit`.
            let most_cut = u8::try_from(3 * n - u64::from(tally.limit)).unwrap_or(u8::MAX);
            let mut slack = [0u8; BLOCK];
            mark_replies(&rows, columns, solved, &mut slack);
            if let Some(most) = largest_at_most(&slack, most_cut) {
                tally.dropped(3 * n - u64::from(most));
            }
            for (position, &guess) in block.iter().enumerate() {
                let i = if stretch {
                    guess.index() - start
                } else {
                    position
                };
                if slack[i] <= most_cut {
                    continue;
                }
                passed.push(guess);
                if passed.len() == BLOCK {
                    counted.score(&passed, tally);
                    passed.clear();
                }
            }
        }
        if !passed.is_empty() {
            counted.score(&passed, tally);
        }
    }

    /// Scores one guess at a time, leaving it out as soon as its bound reaches the limit: for
    /// large sets, and games too large for the table. Counting the all-black class like any
    /// other, a candidate joining a class of `c` codes raises the sum of class bounds by
    /// `1 + excess(c)`, where `excess(c) = least(c + 1) − least(c) − 1`; the all-black class
    /// gives back its 1 at the end. So after any prefix the bound is at least
    /// `2n − 1 + excess so far`.
    fn score_one_by_one(&self, set: &[Code], guesses: &[Code], budget: Budget, tally: &mut Tally) {
        let n = set.len() as u64;
        let excess = self.bounds.excess(budget.after_guess());
        let allowance = (u64::from(tally.limit) + 1).saturating_sub(2 * n);
        let mut counts = vec![0u32; self.replies.replies()];
        let solved = usize::from(self.replies.all_black());
        'guesses: for &guess in guesses {
            counts.fill(0);
            let mut extra = 0u64;
            for &secret in set {
                let reply = self.replies.reply(self.scorer, guess, secret);
                let count = &mut counts[usize::from(reply)];
                extra += u64::from(excess[*count as usize]);
                *count += 1;
                if extra >= allowance {
                    tally.dropped(2 * n - 1 + allowance);
                    continue 'guesses;
                }
            }
            let uniform = counts.iter().any(|&c| c as usize == set.len());
            let candidate = counts[solved] > 0;
            tally.scored(
                guess,
                2 * n + extra - u64::from(candidate),
                candidate,
                uniform,
            );
        }
    }
}

/// Games with at most this many replies mark them as bits of a `u32`.
const REPLIES_MARKED: usize = 32;

/// What [`Search::score_in_blocks`] needs to count and score a block of listed guesses.
struct Counted<'a> {
    /// The reply rows of the set's codes.
    rows: &'a [&'a [u8]],
    n: u64,
    solved: usize,
    /// Guesses whose largest class is at most this take the `3n − d − [candidate]` shortcut.
    largest_short: u8,
    /// The class bounds by size, for the sizes a byte counter holds.
    class_bound: &'a [u32; BLOCK],
    counts: &'a mut [[u8; BLOCK]],
}

impl Counted<'_> {
    /// Counts the classes of up to [`BLOCK`] guesses and tallies their bounds.
    fn score(&mut self, block: &[Code], tally: &mut Tally) {
        let (n, solved, class_bound) = (self.n, self.solved, self.class_bound);
        let mut distinct = [0u8; BLOCK];
        let mut largest = [0u8; BLOCK];
        let counts = &mut *self.counts;
        count_block(self.rows, block, counts, &mut distinct, &mut largest);
        for (i, &guess) in block.iter().enumerate() {
            let candidate = counts[solved][i] > 0;
            let uniform = u64::from(largest[i]) == n;
            let bound = if largest[i] <= self.largest_short {
                3 * n - u64::from(distinct[i]) - u64::from(candidate)
            } else if class_bound[usize::from(largest[i])] == INFEASIBLE {
                u64::from(INFEASIBLE)
            } else {
                // No class is larger than the largest, so every class bound is finite and the
                // sum needs no saturation.
                let sum = counts
                    .iter()
                    .map(|count| class_bound[usize::from(count[i])])
                    .fold(0u32, u32::wrapping_add);
                n + u64::from(sum.wrapping_sub(class_bound[usize::from(counts[solved][i])]))
            };
            tally.scored(guess, bound, candidate, uniform);
        }
    }
}

/// Sets `slack[i]` to the number of distinct replies the candidates (whose rows are `rows`)
/// give the block's guess `i`, plus one if one of them is that guess (its reply is `solved`).
/// Compiled also for wider vector units and a bit-count instruction, picked at run time.
#[multiversion(targets("x86_64+avx2+popcnt"))]
fn mark_replies<'a>(rows: &[&[u8]], columns: Columns<'a>, solved: usize, slack: &mut [u8; BLOCK]) {
    // Bit `r` of `seen[i]` is set when some candidate gives reply `r` to guess `i`.
    let mut seen = [0u32; BLOCK];
    // Past the block's end the gathered row holds replies nobody reads.
    let mut row_of_block = [0u8; BLOCK];
    for row in rows {
        let got_by_guess = columns.of(row, &mut row_of_block);
        for (seen, &got) in seen.iter_mut().zip(got_by_guess) {
            *seen |= 1 << got;
        }
    }
    for (slack, seen) in slack.iter_mut().zip(seen.iter()) {
        *slack = (seen.count_ones() + (seen >> solved & 1)) as u8;
    }
}

/// The largest slack at most `most_cut`, if any: the guesses it belongs to fall at the limit,
/// and the least bound among them is `3n` minus it.
#[multiversion(targets("x86_64+avx2"))]
fn largest_at_most(slack: &[u8; BLOCK], most_cut: u8) -> Option<u8> {
    // Every guess gets some reply, so its slack is at least 1, and 0 can stand for slacks
    // above the cut and for "none dropped". Columns the block does not list only lower the
    // floor to bounds still at the limit, which is all a floor must be.
    let most = slack
        .iter()
        .map(|&s| if s <= most_cut { s } else { 0 })
        .fold(0, u8::max);
    (most > 0).then_some(most)
}

/// Which guesses a block scores: a stretch of every code, or listed ones.
enum Columns<'a> {
    Stretch(Range<usize>),
    Listed(&'a [Code]),
}

impl Columns<'_> {
    /// `row`'s replies to the block's guesses: a piece of it, or gathered into `scratch`.
    #[inline(always)]
    fn of<'r>(&self, row: &'r [u8], scratch: &'r mut [u8; BLOCK]) -> &'r [u8] {
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

/// Fills `counts[r][i]` with how many of the candidates (whose rows are `rows`) give reply `r`
/// to `block[i]`, then `distinct[i]` and `largest[i]` with its number of distinct replies and
/// its largest class. Compiled also for wider vector units, picked at run time: the loops are
/// plain byte arithmetic the compiler widens to whatever the machine has.
#[multiversion(targets("x86_64+avx2"))]
fn count_block(
    rows: &[&[u8]],
    block: &[Code],
    counts: &mut [[u8; BLOCK]],
    distinct: &mut [u8; BLOCK],
    largest: &mut [u8; BLOCK],
) {
    for count in counts.iter_mut() {
        count.fill(0);
    }
    let columns = Columns::Listed(block);
    // Past the block's end the gathered row holds a reply that matches nothing.
    let mut row_of_block = [u8::MAX; BLOCK];
    for row in rows {
        let got_by_guess = columns.of(row, &mut row_of_block);
        for (reply, count) in (0..=u8::MAX).zip(counts.iter_mut()) {
            for (count, &got) in count.iter_mut().zip(got_by_guess) {
                *count += u8::from(got == reply);
            }
        }
    }
    for count in counts.iter() {
        for ((distinct, largest), &count) in distinct.iter_mut().zip(largest.iter_mut()).zip(count)
        {
            *distinct += u8::from(count > 0);
            *largest = (*largest).max(count);
        }
    }
}

fn clamp(total: u64) -> u32 {
    u32::try_from(total).unwrap_or(INFEASIBLE)
}
