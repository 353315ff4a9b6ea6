//! A floor under what a guess costs, found for many guesses at once, so that the checker
//! splits a set only by the guesses the floor leaves.
//!
//! A guess that gets `d` distinct replies from a set of `n` codes, one of them all black when
//! the guess is one of the codes, costs at least `3n − d − [one of the codes]` by the size
//! bound: one guess for each code, and each class of `c` codes other than the all-black one at
//! least `2c − 1` more ([`size_bound`](crate::size_bound) puts at most one code at the first
//! level and the others lower down, or costs [`u32::MAX`] when they do not fit). Only which
//! replies occur is needed: a bit for each, gathered over a block of guesses.

use mastermind_core::{Code, Scorer};

use crate::common_colours::CommonColours;

/// Guesses whose replies are gathered together.
const BLOCK: usize = 64;

/// The guesses of `guesses` whose floor at `set` falls short of `bound`, in the same order:
/// those the checker must split the set by, after those `common` rules out by their colours
/// alone. Every guess those leave when the game has no feedback table or more reply numbers
/// than bits of a word.
pub fn short_of_floor(
    scorer: &Scorer,
    common: Option<&CommonColours>,
    set: &[Code],
    guesses: &[Code],
    bound: u32,
) -> Vec<Code> {
    let sharing = common.and_then(|common| common.may_fall_short(set, guesses, bound));
    let guesses = sharing.as_deref().unwrap_or(guesses);
    // Replies are symmetric, so the set's own rows hold every guess's replies.
    match (feedback_rows(scorer, set), scorer.game().feedback_slots()) {
        // Narrower marks fit twice as many guesses in a vector.
        (Some(rows), ..=32) => short::<u32>(scorer, set, &rows, guesses, bound),
        (Some(rows), ..=64) => short::<u64>(scorer, set, &rows, guesses, bound),
        _ => guesses.to_vec(),
    }
}

/// [`short_of_floor`] of the set's own codes, `common` aside: the codes of `set` whose floor
/// there falls short of `bound`, in the same order. A code's reply to another is the other's
/// to it, so each pair of codes is scored once, for both.
pub fn own_short_of_floor(scorer: &Scorer, set: &[Code], bound: u32) -> Vec<Code> {
    match (feedback_rows(scorer, set), scorer.game().feedback_slots()) {
        (Some(rows), ..=32) => own_short::<u32>(scorer, set, &rows, bound),
        (Some(rows), ..=64) => own_short::<u64>(scorer, set, &rows, bound),
        _ => set.to_vec(),
    }
}

fn own_short<M: Marks>(scorer: &Scorer, set: &[Code], rows: &[&[u8]], bound: u32) -> Vec<Code> {
    let all_black = scorer.game().all_black().index() as u8;
    // Each code gets all black from itself.
    let mut seen = vec![M::bit(all_black); set.len()];
    for (first, row) in rows.iter().enumerate() {
        let mut marks = M::default();
        for (seen, code) in seen[first + 1..].iter_mut().zip(&set[first + 1..]) {
            let reply = M::bit(row[code.index()]);
            marks |= reply;
            *seen |= reply;
        }
        seen[first] |= marks;
    }
    let n = set.len() as u64;
    let falls_short = |seen: M| {
        let slack = u64::from(seen.count()) + u64::from(seen.has(all_black));
        (3 * n).saturating_sub(slack) < u64::from(bound)
    };
    let short = set.iter().zip(seen).filter(|&(_, seen)| falls_short(seen));
    short.map(|(&code, _)| code).collect()
}

/// The reply table's row of each code of `set`, or `None` where the table is not held.
/// (Collected through an `Option`, the list would grow a step at a time.)
pub(crate) fn feedback_rows<'s>(scorer: &'s Scorer, set: &[Code]) -> Option<Vec<&'s [u8]>> {
    let mut rows = Vec::with_capacity(set.len());
    for &code in set {
        rows.push(scorer.feedback_row(code)?);
    }
    Some(rows)
}

/// A word with a bit for each reply number.
trait Marks: Copy + Default + std::ops::BitOrAssign + std::ops::BitOr<Output = Self> {
    fn bit(reply: u8) -> Self;
    fn count(self) -> u32;
    fn has(self, reply: u8) -> bool;
}

macro_rules! marks {
    ($($word:ty),*) => {$(
        impl Marks for $word {
            #[inline]
            fn bit(reply: u8) -> $word {
                1 << reply
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn has(self, reply: u8) -> bool {
                self >> reply & 1 == 1
            }
        }
    )*};
}

marks!(u32, u64);

mastermind_core::vector_versions! {
    /// [`short_of_floor`] with the set's `rows`, in marks of `M`. Compiled also for the wider
    /// vector units and a bit-count instruction, and picked at run time: the base instruction set
    /// can neither shift each lane by its own amount nor count bits, and this is most of a check.
    fn short[M: Marks]::<M>(scorer: &Scorer,
    set: &[Code],
    rows: &[&[u8]],
    guesses: &[Code],
    bound: u32) -> Vec<Code>
        = short_plain, "x86_64+avx512f+avx512bw+avx512vl+popcnt", "x86_64+avx2+popcnt";
}

#[inline(always)]
fn short_plain<M: Marks>(
    scorer: &Scorer,
    set: &[Code],
    rows: &[&[u8]],
    guesses: &[Code],
    bound: u32,
) -> Vec<Code> {
    let all_black = scorer.game().all_black().index() as u8;
    let n = set.len() as u64;
    let falls_short = |seen: M| {
        let slack = u64::from(seen.count()) + u64::from(seen.has(all_black));
        (3 * n).saturating_sub(slack) < u64::from(bound)
    };
    let codes = scorer.codebook().len();
    if guesses.len() * 8 >= codes {
        // Most codes are guesses: marking whole rows costs less than gathering, and
        // vectorises.
        let mut seen = vec![M::default(); codes];
        // Four rows at a time, so that the marks are read and written once for four of them.
        let mut quads = rows.chunks_exact(4);
        for quad in &mut quads {
            let lanes = seen
                .iter_mut()
                .zip(quad[0])
                .zip(quad[1])
                .zip(quad[2])
                .zip(quad[3]);
            for ((((seen, &a), &b), &c), &d) in lanes {
                *seen |= M::bit(a) | M::bit(b) | M::bit(c) | M::bit(d);
            }
        }
        for row in quads.remainder() {
            for (seen, &reply) in seen.iter_mut().zip(row.iter()) {
                *seen |= M::bit(reply);
            }
        }
        // Loops, not adapters: an adapter's code may be shared with the base instruction set.
        let mut short = Vec::with_capacity(guesses.len());
        for &guess in guesses {
            if falls_short(seen[guess.index()]) {
                short.push(guess);
            }
        }
        return short;
    }
    let mut short = Vec::new();
    for block in guesses.chunks(BLOCK) {
        let mut seen = [M::default(); BLOCK];
        for row in rows {
            for (seen, guess) in seen.iter_mut().zip(block) {
                *seen |= M::bit(row[guess.index()]);
            }
        }
        for (&guess, seen) in block.iter().zip(seen) {
            if falls_short(seen) {
                short.push(guess);
            }
        }
    }
    short
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::{fan_out, size_bounds, Classes};

    /// Says which version of [`short`] the dispatch picks here, so that a log of
    /// `cargo xtask kernels` shows which one the test below ran.
    #[test]
    fn the_version_run_is_named() {
        eprintln!("short_of_floor: the {} version runs on this CPU", version());
    }

    /// The widest of [`short`]'s targets this CPU has.
    fn version() -> &'static str {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx512f") && has!("avx512bw") && has!("avx512vl") && has!("popcnt") {
                return "AVX-512";
            }
            if has!("avx2") && has!("popcnt") {
                return "AVX2";
            }
        }
        "baseline"
    }

    /// Against replies collected one guess at a time: the guesses kept are exactly those whose
    /// floor falls short, and every guess dropped costs at least the bound by the size bound,
    /// for sets of many sizes, with every guess (marked by whole rows) and a few (gathered).
    #[test]
    fn drops_only_guesses_the_size_bound_rules_out() {
        for game in [
            Game::new(4, 6, true, FeedbackKind::BlackWhite),
            Game::new(4, 7, false, FeedbackKind::BlackWhite),
            Game::new(4, 5, true, FeedbackKind::BlackOnly),
            // Marks of 64 bits, and none: every guess is kept.
            Game::new(6, 3, true, FeedbackKind::BlackWhite),
            Game::new(8, 2, true, FeedbackKind::BlackWhite),
        ] {
            let game = game.expect("a game");
            let marked = game.feedback_slots() <= 64;
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let all: Vec<Code> = book.codes().collect();
            let few: Vec<Code> = all.iter().copied().step_by(7).collect();
            let mut classes = Classes::new(&scorer);
            let mut dropped = 0;
            for (first, code) in [(0, 5), (17, 300), (40, 41), (100, 7)] {
                let (first, code) = (all[first], all[code % all.len()]);
                let set: Vec<Code> = all
                    .iter()
                    .copied()
                    .filter(|&other| scorer.feedback(first, other) == scorer.feedback(first, code))
                    .collect();
                let n = set.len() as u32;
                let bounds = size_bounds(set.len(), fan_out(book), None);
                // Every floor a guess can have, and two below.
                let most = game.feedback_slots() as u32;
                let tried = (0..=most).map(|less| (3 * n).saturating_sub(less));
                for bound in tried.chain([2 * n - 1, 2 * n + 1]) {
                    for guesses in [&all, &few] {
                        let kept = short_of_floor(&scorer, None, &set, guesses, bound);
                        let floor = |guess: Code| {
                            let replies: BTreeSet<_> =
                                set.iter().map(|&c| scorer.feedback(guess, c)).collect();
                            3 * n - replies.len() as u32 - u32::from(set.contains(&guess))
                        };
                        let expected: Vec<Code> = guesses
                            .iter()
                            .copied()
                            .filter(|&guess| !marked || floor(guess) < bound)
                            .collect();
                        assert_eq!(kept, expected, "{} codes, bound {bound}", set.len());
                        let own = short_of_floor(&scorer, None, &set, &set, bound);
                        let own_at_once = own_short_of_floor(&scorer, &set, bound);
                        assert_eq!(own_at_once, own, "{} codes, bound {bound}", set.len());
                        let secrets = scorer.secrets(&set);
                        for &guess in guesses.iter().filter(|guess| !kept.contains(guess)) {
                            classes.split_below(&scorer, &secrets, guess, &bounds, u32::MAX);
                            assert!(classes.size_cost(&bounds) >= bound);
                            dropped += 1;
                        }
                    }
                }
            }
            assert!(
                !marked || dropped > 100,
                "only {dropped} guesses were dropped"
            );
        }
    }
}
