//! Lower bounds on the total cost of a candidate set, from the shape of the best conceivable
//! tree: every node solves at most one code (its guess) and has at most `fan_out` children
//! (the distinct replies other than all-black), so at most `fan_out^(d−1)` codes can be
//! solved at depth `d`. Filling the depths greedily from the top gives the least possible
//! total; a cap on the depth makes sets that do not fit infeasible.

use mastermind_core::{Code, Scorer};

use super::budget::Budget;

/// The cost of a set no strategy can solve within its budget; it absorbs additions.
pub(in crate::optimal) const INFEASIBLE: u32 = u32::MAX;

/// The excess of adding a code to a class that cannot take it: beyond any limit.
const UNREACHABLE_EXCESS: u32 = INFEASIBLE;

/// `least_total(m, budget)` for every set size `m` up to the number of codes.
pub(in crate::optimal) struct LowerBound {
    /// One row per capped budget `0..=cap`, then one for the unlimited budget.
    rows: Vec<Box<[u32]>>,
    /// `least(c + 1) − least(c) − 1` for each row, large where `c + 1` codes do not fit.
    excess: Vec<Box<[u32]>>,
    fan_out: usize,
}

impl LowerBound {
    /// Bounds for sets of up to `codes` codes when a guess has at most `fan_out` replies other
    /// than all-black, for budgets up to `cap`.
    pub(in crate::optimal) fn new(codes: usize, fan_out: usize, cap: Budget) -> LowerBound {
        let capped = cap.limit().map_or(0, |c| usize::from(c) + 1);
        let rows: Vec<Box<[u32]>> = (0..capped)
            .map(|depth| Some(depth as u8))
            .chain([None])
            .map(|depth| {
                (0..=codes)
                    .map(|size| least_total(size, fan_out, depth))
                    .collect()
            })
            .collect();
        let excess = rows
            .iter()
            .map(|row| {
                row.windows(2)
                    .map(|pair| match pair[1] {
                        INFEASIBLE => UNREACHABLE_EXCESS,
                        next => next - pair[0] - 1,
                    })
                    .collect()
            })
            .collect();
        LowerBound {
            rows,
            excess,
            fan_out,
        }
    }

    /// The most replies other than all-black that any guess can get.
    pub(in crate::optimal) fn fan_out(&self) -> usize {
        self.fan_out
    }

    /// The bounds for sets with `budget` guesses left, indexed by set size.
    pub(in crate::optimal) fn row(&self, budget: Budget) -> &[u32] {
        &self.rows[self.row_index(budget)]
    }

    fn row_index(&self, budget: Budget) -> usize {
        budget.limit().map_or(self.rows.len() - 1, usize::from)
    }

    /// How much more than one the bound of a class of `c` codes rises by taking one more code,
    /// indexed by `c`, for classes with `budget` guesses left.
    pub(in crate::optimal) fn excess(&self, budget: Budget) -> &[u32] {
        &self.excess[self.row_index(budget)]
    }

    pub(in crate::optimal) fn of(&self, size: usize, budget: Budget) -> u32 {
        self.row(budget)[size]
    }
}

/// The most replies other than all-black that a guess can get, found from `openings`: every
/// guess is a transformation of one of them, and transformations keep replies.
pub(in crate::optimal) fn most_replies(scorer: &Scorer, openings: &[Code]) -> usize {
    let mut seen = vec![false; scorer.game().feedback_slots()];
    for &guess in openings {
        for secret in scorer.codebook().codes() {
            seen[scorer.feedback(guess, secret).index()] = true;
        }
    }
    seen[scorer.game().all_black().index()] = false;
    seen.iter().filter(|&&s| s).count().max(1)
}

/// The least total for `size` codes in a tree of at most `depth` levels (any depth if `None`).
fn least_total(size: usize, fan_out: usize, depth: Option<u8>) -> u32 {
    let (mut left, mut width, mut level, mut total) = (size as u64, 1u64, 1u64, 0u64);
    while left > 0 {
        if depth.is_some_and(|d| level > u64::from(d)) {
            return INFEASIBLE;
        }
        let here = left.min(width);
        total += here * level;
        left -= here;
        width = width.saturating_mul(fan_out as u64);
        level += 1;
    }
    u32::try_from(total).unwrap_or(INFEASIBLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_sets_cost_what_a_perfect_split_costs() {
        let bound = LowerBound::new(200, 13, Budget::UNLIMITED);
        let row = bound.row(Budget::UNLIMITED);
        assert_eq!(&row[..4], &[0, 1, 3, 5]);
        assert_eq!(row[14], 27);
        // 1 at depth 1, 13 at depth 2, the other 1 at depth 3.
        assert_eq!(row[15], 1 + 26 + 3);
    }

    #[test]
    fn caps_make_large_sets_infeasible() {
        let bound = LowerBound::new(200, 13, Budget::at_most(2));
        assert_eq!(bound.of(1, Budget::at_most(1)), 1);
        assert_eq!(bound.of(2, Budget::at_most(1)), INFEASIBLE);
        assert_eq!(bound.of(14, Budget::at_most(2)), 27);
        assert_eq!(bound.of(15, Budget::at_most(2)), INFEASIBLE);
        assert_eq!(bound.of(0, Budget::at_most(0)), 0);
    }
}
