//! The two numbers the checker derives from the rules alone: how many classes a guess can make
//! at most, and the least total a set of a given size could ever cost.

use mastermind_core::{Codebook, Feedback};

use crate::Stabilizer;

/// The most replies other than all-black that any guess gets over all the game's codes. Every
/// set's classes under a guess are parts of the whole game's, so no guess splits any set into
/// more classes than this. Found from one guess per orbit of the whole symmetry group.
pub fn fan_out(book: &Codebook) -> usize {
    let game = book.game();
    let all_black = game.all_black().index();
    let everything = Stabilizer::of(book, &[]);
    let mut most = 0;
    let mut seen = vec![false; game.feedback_slots()];
    for guess in book.codes() {
        if !everything.is_representative(book.colours_of(guess)) {
            continue;
        }
        seen.fill(false);
        for secret in book.codes() {
            seen[book.score(guess, secret).index()] = true;
        }
        seen[all_black] = false;
        most = most.max(seen.iter().filter(|&&seen| seen).count());
    }
    most.max(1)
}

/// The least total that `size` codes could cost in a tree where every node finds at most one
/// code (its own guess) and has at most `fan_out` children: one code with one guess, `fan_out`
/// with two, `fan_out²` with three, and so on, filled from the top. With a budget of `budget`
/// guesses, sets that do not fit in that many levels cost [`u32::MAX`] (no strategy).
pub fn size_bound(size: usize, fan_out: usize, budget: Option<u8>) -> u32 {
    let (mut left, mut width, mut level, mut total) = (size as u64, 1u64, 1u64, 0u64);
    while left > 0 {
        if budget.is_some_and(|budget| level > u64::from(budget)) {
            return u32::MAX;
        }
        let here = left.min(width);
        total += here * level;
        left -= here;
        width = width.saturating_mul(fan_out as u64);
        level += 1;
    }
    u32::try_from(total)
        .unwrap_or(u32::MAX - 1)
        .min(u32::MAX - 1)
}

/// The least that `codes` codes spread over at most `fan_out` classes can cost by the size
/// bound, each class with `budget` left: the most even spread, since the size bound's cost of
/// one more code never falls as a class grows. A guess that is not a candidate puts all of a
/// set's codes in such classes, so it costs at least the set's size plus this.
pub fn spread_bound(codes: usize, fan_out: usize, budget: Option<u8>) -> u32 {
    let parts = fan_out.max(1);
    let (each, larger) = (codes / parts, codes % parts);
    let small = size_bound(each, fan_out, budget);
    let large = size_bound(each + 1, fan_out, budget);
    let sum = u64::from(large) * larger as u64 + u64::from(small) * (parts - larger) as u64;
    if small == u32::MAX || larger > 0 && large == u32::MAX {
        u32::MAX
    } else {
        u32::try_from(sum).unwrap_or(u32::MAX - 1).min(u32::MAX - 1)
    }
}

/// Whether `reply` ends the game.
pub(crate) fn wins(book: &Codebook, reply: Feedback) -> bool {
    reply == book.game().all_black()
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    #[test]
    fn the_size_bound_fills_levels_from_the_top() {
        assert_eq!(size_bound(0, 13, None), 0);
        assert_eq!(size_bound(1, 13, None), 1);
        assert_eq!(size_bound(2, 13, None), 3);
        assert_eq!(size_bound(14, 13, None), 1 + 2 * 13);
        assert_eq!(size_bound(15, 13, None), 1 + 2 * 13 + 3);
        assert_eq!(size_bound(2, 13, Some(1)), u32::MAX);
        assert_eq!(size_bound(14, 13, Some(2)), 27);
        assert_eq!(size_bound(15, 13, Some(2)), u32::MAX);
        assert_eq!(size_bound(1, 13, Some(0)), u32::MAX);
    }

    #[test]
    fn the_spread_bound_is_the_least_over_every_split() {
        // Every way of putting `codes` codes into at most 3 classes, against the even spread.
        for budget in [None, Some(2), Some(3)] {
            for codes in 0..12usize {
                let mut least = u32::MAX;
                for a in 0..=codes {
                    for b in 0..=codes - a {
                        let c = codes - a - b;
                        let cost = [a, b, c].iter().fold(0u32, |sum, &size| {
                            sum.saturating_add(size_bound(size, 3, budget))
                        });
                        least = least.min(cost);
                    }
                }
                assert_eq!(
                    spread_bound(codes, 3, budget),
                    least,
                    "{codes} codes, {budget:?}"
                );
            }
        }
    }

    #[test]
    fn classic_mastermind_has_thirteen_classes_at_most() {
        // 14 replies, (3, 1) impossible, all-black left out: 13 for 4×6 (Knuth's count).
        assert_eq!(fan_out(&Codebook::new(Game::classic())), 13);
    }
}
