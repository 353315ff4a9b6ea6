//! What guesses cost at a set by their classes' size bounds alone, counted a block of guesses
//! at a time: a byte counter for each reply and guess, fed one row of the reply table per code
//! of the set (255 rows at a time, added up, for larger sets). The one step ([`Settler`](crate::Settler)) needs only this number, which
//! splitting the set guess by guess ([`Classes`](crate::Classes)) finds more slowly.

use mastermind_core::{Code, Scorer};

use crate::floor::feedback_rows;

/// Guesses counted together: their counters stay in the fastest cache while the set's rows
/// stream past.
const BLOCK: usize = 64;

/// Byte counters hold this many codes; larger sets are counted in runs of this many rows,
/// added up in wider counters.
const MOST_CODES: usize = u8::MAX as usize;

/// Counters for one thread, kept from set to set.
#[derive(Debug)]
pub struct SizeCosts {
    all_black: usize,
    /// One counter per (reply, guess of the block).
    counts: Vec<[u8; BLOCK]>,
    /// The same, added up over runs of rows, for sets of more codes than a byte counts.
    totals: Vec<[u32; BLOCK]>,
}

impl SizeCosts {
    /// Counters for `scorer`'s game.
    pub fn new(scorer: &Scorer) -> SizeCosts {
        let game = scorer.game();
        SizeCosts {
            all_black: game.all_black().index(),
            counts: vec![[0; BLOCK]; game.feedback_slots()],
            totals: vec![[0; BLOCK]; game.feedback_slots()],
        }
    }

    /// Hands `take` each guess of `guesses` with what it costs at `set`: the set's size plus
    /// the size bounds (`sizes`, by class size, at least up to the set's size) of its classes
    /// other than the all-black one, [`u32::MAX`] if one has no strategy. Returns `false`,
    /// handing nothing, when the counters cannot count this set: a game whose reply table is
    /// not held.
    pub fn count(
        &mut self,
        scorer: &Scorer,
        set: &[Code],
        guesses: &[Code],
        sizes: &[u32],
        mut take: impl FnMut(Code, u32),
    ) -> bool {
        let Some(rows) = feedback_rows(scorer, set) else {
            return false;
        };
        let n = set.len() as u64;
        // Classes up to this size cost `2c − 1` each, so a guess whose classes are all that
        // small costs `3n − d − [one of the codes]` with `d` distinct replies: no look-up.
        let short = (1..sizes.len())
            .take_while(|&size| u64::from(sizes[size]) == 2 * size as u64 - 1)
            .last()
            .unwrap_or(0);
        let mut distinct = [0u8; BLOCK];
        let mut largest = [0u8; BLOCK];
        for block in guesses.chunks(BLOCK) {
            if set.len() <= MOST_CODES {
                count_block(&rows, block, &mut self.counts, &mut distinct, &mut largest);
                for (lane, &guess) in block.iter().enumerate() {
                    let cost = if usize::from(largest[lane]) <= short {
                        let found = u64::from(self.counts[self.all_black][lane]);
                        3 * n - u64::from(distinct[lane]) - found
                    } else {
                        self.by_sizes(n, sizes, |reply| u64::from(self.counts[reply][lane]))
                    };
                    take(guess, u32::try_from(cost).unwrap_or(u32::MAX));
                }
            } else {
                for total in self.totals.iter_mut() {
                    total.fill(0);
                }
                for run in rows.chunks(MOST_CODES) {
                    count_block(run, block, &mut self.counts, &mut distinct, &mut largest);
                    for (total, count) in self.totals.iter_mut().zip(&self.counts) {
                        for (total, &count) in total.iter_mut().zip(count) {
                            *total += u32::from(count);
                        }
                    }
                }
                for (lane, &guess) in block.iter().enumerate() {
                    let cost = self.by_sizes(n, sizes, |reply| u64::from(self.totals[reply][lane]));
                    take(guess, u32::try_from(cost).unwrap_or(u32::MAX));
                }
            }
        }
        true
    }

    /// A set of `n` codes' size plus the size bounds (`sizes`) of the classes other than the
    /// all-black one, whose sizes `class` gives by reply.
    fn by_sizes(&self, n: u64, sizes: &[u32], class: impl Fn(usize) -> u64) -> u64 {
        (0..self.counts.len())
            .filter(|&reply| reply != self.all_black)
            .fold(n, |cost, reply| {
                cost.saturating_add(u64::from(sizes[class(reply) as usize]))
            })
    }
}

mastermind_core::vector_versions! {
    /// Fills `counts[r][i]` with how many codes of the set (whose reply rows are `rows`) give
    /// reply `r` to `block[i]`, then `distinct[i]` and `largest[i]` with that guess's number of
    /// distinct replies and its largest class. Compiled also for the wider vector units and
    /// picked at run time: the comparisons run a vector of guesses at a time.
    fn count_block[](rows: &[&[u8]],
    block: &[Code],
    counts: &mut [[u8; BLOCK]],
    distinct: &mut [u8; BLOCK],
    largest: &mut [u8; BLOCK])
        = count_block_plain, "x86_64+avx512f+avx512bw+avx512vl", "x86_64+avx2";
}

#[inline(always)]
fn count_block_plain(
    rows: &[&[u8]],
    block: &[Code],
    counts: &mut [[u8; BLOCK]],
    distinct: &mut [u8; BLOCK],
    largest: &mut [u8; BLOCK],
) {
    for count in counts.iter_mut() {
        count.fill(0);
    }
    // Lanes past the block's end get a reply no counter has.
    let mut got = [[u8::MAX; BLOCK]; 4];
    // Four rows at a time, so that the counters are read and written once for four of them.
    let mut quads = rows.chunks_exact(4);
    for quad in &mut quads {
        for (got, row) in got.iter_mut().zip(quad) {
            for (lane, guess) in got.iter_mut().zip(block) {
                *lane = row[guess.index()];
            }
        }
        let [a, b, c, d] = &got;
        for (reply, count) in (0u8..).zip(counts.iter_mut()) {
            let lanes = count.iter_mut().zip(a).zip(b).zip(c).zip(d);
            for ((((count, &a), &b), &c), &d) in lanes {
                *count += u8::from(a == reply)
                    + u8::from(b == reply)
                    + u8::from(c == reply)
                    + u8::from(d == reply);
            }
        }
    }
    for row in quads.remainder() {
        for (lane, guess) in got[0].iter_mut().zip(block) {
            *lane = row[guess.index()];
        }
        for (reply, count) in (0u8..).zip(counts.iter_mut()) {
            for (count, &got) in count.iter_mut().zip(&got[0]) {
                *count += u8::from(got == reply);
            }
        }
    }
    distinct.fill(0);
    largest.fill(0);
    for count in counts.iter() {
        let lanes = distinct.iter_mut().zip(largest.iter_mut()).zip(count);
        for ((distinct, largest), &count) in lanes {
            *distinct += u8::from(count > 0);
            *largest = (*largest).max(count);
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::{fan_out, size_bounds, Classes};

    /// Each guess's count is what the split guess by guess gives, for sets of many sizes in
    /// games of several kinds, with and without budgets, byte counters added up for sets
    /// of more codes than they hold.
    #[test]
    fn counts_what_the_split_gives() {
        let (mut compared, mut wide) = (0, 0);
        for game in [
            Game::new(4, 6, true, FeedbackKind::BlackWhite),
            Game::new(4, 7, false, FeedbackKind::BlackWhite),
            Game::new(4, 5, true, FeedbackKind::BlackOnly),
            Game::new(5, 4, true, FeedbackKind::BlackWhite),
        ] {
            let game = game.expect("a game");
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let all: Vec<Code> = book.codes().collect();
            let mut counter = SizeCosts::new(&scorer);
            let mut classes = Classes::new(&scorer);
            let firsts = [0, 17, 40, all.len() / 2];
            for (first, code) in firsts.into_iter().zip([5, 300, 41, 7]) {
                let (first, code) = (all[first], all[code % all.len()]);
                let class: Vec<Code> = all
                    .iter()
                    .copied()
                    .filter(|&other| scorer.feedback(first, other) == scorer.feedback(first, code))
                    .collect();
                for set in [class.clone(), class[..1].to_vec(), all.clone()] {
                    for budget in [None, Some(1), Some(2), Some(3)] {
                        let sizes = size_bounds(set.len(), fan_out(book), budget);
                        let secrets = scorer.secrets(&set);
                        let mut counted = Vec::new();
                        let done = counter.count(&scorer, &set, &all, &sizes, |guess, cost| {
                            counted.push((guess, cost))
                        });
                        assert!(done, "{} codes", set.len());
                        wide += usize::from(set.len() > MOST_CODES);
                        let split: Vec<(Code, u32)> = all
                            .iter()
                            .map(|&guess| {
                                classes.split_below(&scorer, &secrets, guess, &sizes, u32::MAX);
                                (guess, classes.size_cost(&sizes))
                            })
                            .collect();
                        assert_eq!(counted, split, "{game:?}, {} codes, {budget:?}", set.len());
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 40, "only {compared} sets compared");
        assert!(
            wide > 10,
            "only {wide} sets of more codes than a byte counts"
        );
    }
}
