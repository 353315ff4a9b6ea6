//! Sets settled in one step: what the checker works out by itself about a class that the facts
//! before a fact do not bound enough.
//!
//! Any strategy for a set starts with some guess, so the set costs at least the least, over the
//! guesses a fact there would be checked with, of the set's size plus the size bounds of that
//! guess's classes: the rule's own step, with the size bound alone and no fact. A certificate
//! need not state a fact whose check uses nothing but size bounds (most of a proof's facts,
//! those at its leaves): the checker finds the same bound where a class needs it. The bound
//! is remembered for the sets met, but only to save time: it is worked out from the rules each
//! time it is not.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use mastermind_core::{Code, Codebook, Scorer};

use crate::classes::Classes;
use crate::common_colours::CommonColours;
use crate::counting::SizeCosts;
use crate::floor::{own_short_of_floor, short_of_floor};
use crate::guesses::other_guesses;
use crate::table::{Key, KeyHasher, SetKeys};
use crate::{size_bound, size_bounds, spread_bound, Held, Symmetries};

/// Sets whose one-step bound a [`Settler`] keeps before it forgets them all (a few dozen
/// megabytes).
const REMEMBERED: usize = 1 << 20;

/// What one step proved of a set with a budget: at least `bound`, and exactly that if `exact`
/// (else the bound asked for was reached, and more may hold).
#[derive(Clone, Copy, Debug)]
struct Settled {
    bound: u32,
    exact: bool,
}

/// Works out one-step bounds for one thread of the checker, or for a prover, which must know
/// what the checker will.
pub struct Settler<'r> {
    scorer: &'r Scorer,
    book: &'r Codebook,
    fan_out: usize,
    consistent_only: bool,
    symmetries: Symmetries,
    /// The splits of the settled sets, apart from those of the fact being checked.
    classes: Classes,
    costs: SizeCosts,
    common: Option<Arc<CommonColours>>,
    keys: SetKeys,
    /// The one-step bounds worked out so far, by set and budget.
    known: HashMap<(Key, Option<u8>), Settled, BuildHasherDefault<KeyHasher>>,
}

impl<'r> Settler<'r> {
    /// A settler for `scorer`'s game, whose fan-out is `fan_out`, for consistent-only play or
    /// not.
    pub fn new(scorer: &'r Scorer, fan_out: usize, consistent_only: bool) -> Settler<'r> {
        Settler {
            scorer,
            book: scorer.codebook(),
            fan_out,
            consistent_only,
            symmetries: Symmetries::new(),
            classes: Classes::new(scorer),
            costs: SizeCosts::new(scorer),
            common: CommonColours::of(scorer.codebook()),
            keys: SetKeys::default(),
            known: HashMap::default(),
        }
    }

    /// Sets keyed by `keys`, those of the fact table [`Settler::raise`] will look classes up
    /// in ([`FactTable::with_keys`](crate::FactTable::with_keys)), so that a class is hashed
    /// once for both. (With other keys, the facts would only go unseen.)
    pub fn with_keys(self, keys: SetKeys) -> Settler<'r> {
        Settler { keys, ..self }
    }

    /// What `guess` costs at `set` by the checker's rule, as far as needed to tell whether it
    /// reaches `held.bound`: one guess per code of the set, plus for each class the larger of
    /// its size bound (`held.sizes`) and the best fact `held.facts` holds for it with the
    /// classes' budget left among those before `held.before`, then raised by settling the
    /// classes in one step until it reaches `held.bound`. Sums saturate at [`u32::MAX`] (no
    /// strategy). `path` is the guesses that led to `set`, and `split` holds `guess`'s whole
    /// split of it. Classes without a fact come first, larger ones before smaller: a class
    /// with a fact was proven more than one step deep.
    pub fn raise(
        &mut self,
        path: &[Code],
        guess: Code,
        set: &[Code],
        split: &mut Classes,
        held: Held<'_>,
    ) -> u32 {
        let mut classes: Vec<(u32, bool, Key, &[Code])> = split
            .classes(set)
            .map(|(_, class)| {
                let key = self.keys.key(class);
                let stated = held.facts.get_keyed_before(key, held.budget, held.before);
                let sized = held.sizes[class.len()];
                (stated.max(sized), stated > sized, key, class)
            })
            .collect();
        let mut cost = classes.iter().fold(set.len() as u32, |cost, &(known, ..)| {
            cost.saturating_add(known)
        });
        if cost >= held.bound {
            return cost;
        }
        classes.sort_by_key(|&(_, stated, _, class)| (stated, Reverse(class.len())));
        let path: Vec<Code> = path.iter().copied().chain([guess]).collect();
        for (known, _, key, class) in classes {
            // What the class must reach for the guess to reach the bound on its own.
            let enough = held.bound - (cost - known);
            let settled = self.settle(&path, class, key, held.budget, enough);
            if settled >= enough {
                return held.bound;
            }
            cost += settled.saturating_sub(known);
        }
        cost
    }

    /// The one-step bound of `set`, reached by the guesses `path`, with `budget` guesses left,
    /// or `enough` if it is at least that.
    pub fn one_step(
        &mut self,
        path: &[Code],
        set: &[Code],
        budget: Option<u8>,
        enough: u32,
    ) -> u32 {
        self.settle(path, set, self.keys.key(set), budget, enough)
    }

    /// [`Settler::one_step`] of the set filed under `key`.
    fn settle(
        &mut self,
        path: &[Code],
        set: &[Code],
        key: Key,
        budget: Option<u8>,
        enough: u32,
    ) -> u32 {
        let key = (key, budget);
        if let Some(known) = self.known.get(&key) {
            if known.exact || known.bound >= enough {
                return known.bound.min(enough);
            }
        }
        let n = set.len();
        let Some(after) = budget.map_or(Some(None), |budget| budget.checked_sub(1).map(Some))
        else {
            // No guess may be played: no strategy at all.
            return enough;
        };
        let sizes = size_bounds(n, self.fan_out, after);
        // The set's own codes first, each a guess a strategy may start with: where one reaches
        // the set's size bound, no guess does better.
        let floor = size_bound(n, self.fan_out, budget);
        let mut least = enough;
        // Only those whose floor falls short: the floor marks a code far faster than it is
        // counted.
        let own = own_short_of_floor(self.scorer, set, least);
        self.lower(set, &own, &sizes, &mut least);
        // Then the other guesses, unless the rules rule them all out at once (and the own
        // codes, counted already, are all there is to check).
        let own_only = self.consistent_only
            || (n as u32).saturating_add(spread_bound(n, self.fan_out, after)) >= least;
        if least > floor && !own_only {
            let common = self.common.as_deref();
            let symmetry = || self.symmetries.of(self.book, path);
            let guesses = other_guesses(self.book, common, symmetry, set, least);
            let short = short_of_floor(self.scorer, None, set, &guesses, least);
            self.lower(set, &short, &sizes, &mut least);
        }
        if self.known.len() >= REMEMBERED {
            self.known.clear();
        }
        let exact = least < enough;
        self.known.insert(
            key,
            Settled {
                bound: least,
                exact,
            },
        );
        least
    }

    /// The guesses of `guesses` (in the same order) that cost less than `bound` at `set` by
    /// their classes' size bounds (`sizes`) alone, counted a block at a time: the only ones
    /// the facts could leave short of it. All of them where the reply table is not held.
    pub fn short_by_size(
        &mut self,
        set: &[Code],
        guesses: Vec<Code>,
        sizes: &[u32],
        bound: u32,
    ) -> Vec<Code> {
        let mut short = Vec::new();
        let take = |guess, cost| {
            if cost < bound {
                short.push(guess);
            }
        };
        match self.costs.count(self.scorer, set, &guesses, sizes, take) {
            true => short,
            false => guesses,
        }
    }

    /// Lowers `least` to the least that a guess of `guesses` costs at `set` by its classes'
    /// size bounds (`sizes`), if that is less: counted a block of guesses at a time where the
    /// counters can, else split guess by guess, each only as far as it may still fall below.
    fn lower(&mut self, set: &[Code], guesses: &[Code], sizes: &[u32], least: &mut u32) {
        let lower = |_, cost: u32| *least = (*least).min(cost);
        if self.costs.count(self.scorer, set, guesses, sizes, lower) {
            return;
        }
        let secrets = self.scorer.secrets(set);
        for &guess in guesses {
            if !self
                .classes
                .split_below(self.scorer, &secrets, guess, sizes, *least)
            {
                *least = (*least).min(self.classes.size_cost(sizes));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::fan_out;
    use crate::reference::one_step;

    /// The least over `guesses` of the set's size plus its classes' size bounds, every guess
    /// split in full.
    fn brute_force(scorer: &Scorer, set: &[Code], guesses: &[Code], after: Option<u8>) -> u32 {
        let (book, all_black) = (scorer.codebook(), scorer.game().all_black());
        let fan_out = fan_out(book);
        let cost = |&guess: &Code| {
            let mut sizes = vec![0; scorer.game().feedback_slots()];
            for &code in set {
                sizes[scorer.feedback(guess, code).index()] += 1;
            }
            sizes[all_black.index()] = 0;
            let classes = sizes.into_iter().filter(|&size| size > 0);
            classes.fold(set.len() as u32, |cost, size| {
                cost.saturating_add(size_bound(size, fan_out, after))
            })
        };
        guesses.iter().map(cost).min().unwrap_or(u32::MAX)
    }

    /// The one-step bound is the least, over every guess the play allows, of what its
    /// classes' size bounds add up to, in both checkers: the symmetry of the path, the renamed
    /// absent colours, the floor and the own codes first change only how fast it is found. Sets two guesses
    /// deep in three games, both plays, several budgets, and asked for up to a bound below,
    /// at and above the answer.
    #[test]
    fn one_step_is_the_least_over_every_guess() {
        let games = [
            Game::new(4, 4, true, FeedbackKind::BlackWhite),
            Game::new(3, 5, true, FeedbackKind::BlackOnly),
            Game::new(4, 6, false, FeedbackKind::BlackWhite),
        ];
        let mut compared = 0;
        for game in games.map(|game| game.expect("a game")) {
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let all: Vec<Code> = book.codes().collect();
            let (first, second) = (all[1], all[all.len() / 3]);
            for consistent_only in [false, true] {
                let mut settler = Settler::new(&scorer, fan_out(book), consistent_only);
                for secret in all.iter().step_by(7) {
                    let set: Vec<Code> = all
                        .iter()
                        .copied()
                        .filter(|&code| {
                            [first, second].iter().all(|&guess| {
                                scorer.feedback(guess, code) == scorer.feedback(guess, *secret)
                            })
                        })
                        .collect();
                    let guesses = if consistent_only { &set } else { &all };
                    for budget in [None, Some(1), Some(2), Some(3)] {
                        let after = budget.map(|budget: u8| budget - 1);
                        let least = brute_force(&scorer, &set, guesses, after);
                        for enough in [least.saturating_sub(1), least, least.saturating_add(1)] {
                            let settled = settler.one_step(&[first, second], &set, budget, enough);
                            assert_eq!(settled, least.min(enough), "{game:?} {set:?} {budget:?}");
                            compared += 1;
                        }
                        let numbered: Vec<u32> = set.iter().map(|code| code.0).collect();
                        let reference = one_step(game, consistent_only, &numbered, budget);
                        assert_eq!(reference, least, "the reference's {set:?} {budget:?}");
                    }
                }
            }
        }
        assert!(compared > 500, "only {compared} compared");
    }
}
