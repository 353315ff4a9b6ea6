//! The guesses at a set that the size bounds of their classes do not rule out, found for a
//! block of guesses at once with the search's kernels.

use std::sync::Arc;

use mastermind_certificate::CommonColours;
use mastermind_core::Code;

use crate::optimal::kernels::columns::BLOCK;
use crate::optimal::kernels::counting::REPLIES_MARKED;
use crate::optimal::search::context::Search;

/// Lists of guesses shorter than this are put to the checker's rule directly: counting them
/// in blocks would not pay for itself.
const SHORTEST_COUNTED: usize = 32;

/// The guesses of `guesses` that the checker does not rule out by their classes' sizes
/// alone: those whose set size plus class size bounds (`bounds`, by size) fall short of
/// `bound`. The checker counts the classes one guess at a time
/// ([`Classes::short_of`](mastermind_certificate::Classes::short_of)); the search's kernels count a block of guesses at once, many
/// times faster, where they can (the set's reply rows held, and fewer than 256 codes for
/// byte counters). Guesses they keep are still put to the checker's rule one by one. Says
/// whether they counted: if not, every guess is kept.
pub(super) fn short_by_size(
    search: &Search<'_>,
    common: Option<&CommonColours>,
    set: &[Code],
    guesses: Arc<[Code]>,
    bounds: &[u32],
    bound: u32,
) -> (Arc<[Code]>, bool) {
    // A single code is its own all-black class, which the counters would bound as if it
    // needed one more guess.
    let counted = (2..=usize::from(u8::MAX)).contains(&set.len())
        && guesses.len() >= SHORTEST_COUNTED
        && search.replies.row(set[0]).is_some();
    if !counted {
        return (guesses, false);
    }
    // First the cheaper marks: with `d` distinct replies, one of them all black when the
    // guess is a candidate, the classes' size bounds (each class of `c` codes costs at least
    // `2c − 1`) add up to at least `3n − d − [candidate]`, which rules most guesses out.
    let sharing = common.and_then(|common| common.may_fall_short(set, &guesses, bound));
    let guesses = sharing.as_deref().unwrap_or(&guesses);
    let marked: Vec<Code> = if search.replies.replies() <= REPLIES_MARKED {
        search.marked_below(guesses, set, u64::from(bound))
    } else {
        guesses.to_vec()
    };
    let mut counter = search.counter_with(set, bounds, 0);
    let mut short = Vec::new();
    for block in marked.chunks(BLOCK) {
        counter.score(block, |counted| {
            if counted.bound < u64::from(bound) {
                short.push(counted.guess);
            }
        });
    }
    (short.into(), true)
}

#[cfg(test)]
mod tests {
    use mastermind_certificate::{fan_out, size_bounds, Classes};
    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;
    use crate::optimal::bounds::least_totals::INFEASIBLE;
    use crate::optimal::{OptimalOptions, Root};
    use mastermind_strategy::NoProgress;
    use mastermind_strategy::Situation;

    /// The filter never drops a guess the checker's rule keeps, counted one guess at a time
    /// as the checker counts: it keeps exactly those where it counts (2 to 255 codes), and
    /// every guess where it does not (one code, or the whole game). Sets of several sizes,
    /// budgets, and bounds around what they need.
    #[test]
    fn size_filter_keeps_what_the_checkers_rule_keeps() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackWhite).expect("a game");
        let scorer = Scorer::new(game);
        let book = scorer.codebook();
        let start = Situation::start(&scorer);
        let root =
            Root::new(&scorer, &OptimalOptions::default(), &start, &NoProgress).expect("a root");
        let all: Arc<[Code]> = book.codes().collect::<Vec<_>>().into();
        let mut sets = vec![all.to_vec(), vec![all[7]]];
        for (first, second) in [("1122", "1344"), ("1123", "3456"), ("1234", "5566")] {
            let [first, second] = [first, second].map(|code| book.parse(code).expect("a code"));
            for code in book.codes().step_by(97) {
                let alike = |other: Code| {
                    [first, second]
                        .iter()
                        .all(|&guess| scorer.feedback(guess, other) == scorer.feedback(guess, code))
                };
                sets.push(book.codes().filter(|&other| alike(other)).collect());
            }
        }
        let mut classes = Classes::new(&scorer);
        let common = CommonColours::of(book);
        let mut compared = 0;
        for set in &sets {
            for budget in [None, Some(2), Some(3)] {
                let bounds = size_bounds(set.len(), fan_out(book), budget);
                let least = 2 * set.len() as u32;
                for bound in [least - 1, least, least + 1, least + 3, INFEASIBLE] {
                    let (kept, by_counting) = short_by_size(
                        &root.search,
                        common.as_deref(),
                        set,
                        Arc::clone(&all),
                        &bounds,
                        bound,
                    );
                    let secrets = scorer.secrets(set);
                    let short: Vec<Code> = all
                        .iter()
                        .copied()
                        .filter(|&guess| {
                            !classes.split_below(&scorer, &secrets, guess, &bounds, bound)
                                && classes.size_cost(&bounds) < bound
                        })
                        .collect();
                    let (n, at) = (set.len(), format!("{} codes, bound {bound}", set.len()));
                    assert_eq!(by_counting, (2..=255).contains(&n), "{at}");
                    if by_counting {
                        assert_eq!(&kept[..], &short[..], "{at}");
                        compared += 1;
                    } else {
                        assert_eq!(&kept[..], &all[..], "{at}");
                    }
                }
            }
        }
        assert!(compared > 100, "only {compared} sets were counted");
    }
}
