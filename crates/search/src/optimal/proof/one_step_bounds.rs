//! The checker's one-step bound as the prover works it out: the same least, over the same
//! guesses, of a set's size plus its classes' size bounds (see
//! [`Settler`]), counted a block of guesses at a time with the
//! search's kernels wherever they can count the set, and by the checker's own settler
//! elsewhere. The prover must know what the checker will find, so as to state no fact the
//! checker settles by itself and to prove no class further than the others leave it short; a
//! bound worked out too high would only leave a certificate the checker refuses. A set's
//! bound is that of every renaming of it (the guesses are renamed with it), so bounds are
//! remembered under the set's canonical form too, where one is found.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mastermind_certificate::{
    fan_out, other_guesses, short_of_floor, size_bound, size_bounds, spread_bound, CommonColours,
    Key, KeyHasher, SetKeys, Settler, Symmetries,
};
use mastermind_core::{Code, Codebook, Scorer};

use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::kernels::columns::BLOCK;
use crate::optimal::kernels::counting::REPLIES_MARKED;
use crate::optimal::search::context::Search;
use crate::optimal::search::shared_bounds::SHARED_FROM;
use crate::optimal::table::canonical::canonical_form;

/// Sets whose bound is kept, under their own key and their canonical form's, before all
/// are forgotten (a few dozen megabytes).
const REMEMBERED: usize = 1 << 21;

/// The remembered bounds are split into this many maps, each locked on its own, so that
/// provers side by side seldom wait for each other.
const SHARDS: usize = 16;

/// What one step gave a set with a budget: at least the bound, and exactly that if the flag
/// is set (else the bound asked for was reached, and more may hold).
type Remembered = HashMap<(Key, Option<u8>), (u32, bool), BuildHasherDefault<KeyHasher>>;

/// The one-step bounds worked out so far, by set and budget, shared by the provers that
/// run side by side for one claim.
#[derive(Default)]
struct Memory {
    keys: SetKeys,
    shards: [Mutex<Remembered>; SHARDS],
}

impl Memory {
    fn shard(&self, key: &(Key, Option<u8>)) -> MutexGuard<'_, Remembered> {
        let shard = &self.shards[key.0 .0 as usize % SHARDS];
        shard.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The bound remembered under `key`, or `enough` if it is known to reach that; `None`
    /// if what is remembered does not tell.
    fn recall(&self, key: &(Key, Option<u8>), enough: u32) -> Option<u32> {
        let (known, exact) = *self.shard(key).get(key)?;
        (exact || known >= enough).then(|| known.min(enough))
    }

    /// Remembers that one step gave `least` under `key`, asked for up to `enough`.
    fn remember(&self, key: (Key, Option<u8>), least: u32, enough: u32) {
        let mut shard = self.shard(&key);
        if shard.len() >= REMEMBERED / SHARDS {
            shard.clear();
        }
        shard.insert(key, (least, least < enough));
    }
}

/// One-step bounds for one prover.
pub(in crate::optimal) struct OneStepBounds<'a> {
    scorer: &'a Scorer,
    book: &'a Codebook,
    fan_out: usize,
    consistent_only: bool,
    /// For the sets the kernels do not count: a single code, more than a byte counter holds,
    /// or a game whose reply table is not held.
    settler: Settler<'a>,
    /// To leave out guesses whose colours alone rule them out.
    common: Option<Arc<CommonColours>>,
    symmetries: Symmetries,
    memory: Arc<Memory>,
}

impl<'a> OneStepBounds<'a> {
    pub(in crate::optimal) fn new(scorer: &'a Scorer, consistent_only: bool) -> OneStepBounds<'a> {
        let book = scorer.codebook();
        OneStepBounds {
            scorer,
            book,
            fan_out: fan_out(book),
            consistent_only,
            settler: Settler::new(scorer, fan_out(book), consistent_only),
            common: CommonColours::of(book),
            symmetries: Symmetries::new(),
            memory: Arc::default(),
        }
    }

    /// Bounds for a prover beside this one's, remembering what this one does.
    pub(in crate::optimal) fn beside(&self) -> OneStepBounds<'a> {
        OneStepBounds {
            memory: Arc::clone(&self.memory),
            ..OneStepBounds::new(self.scorer, self.consistent_only)
        }
    }

    /// The keys of sets that this one's bounds and those [`OneStepBounds::beside`] it file
    /// them under.
    pub(in crate::optimal) fn keys(&self) -> &SetKeys {
        &self.memory.keys
    }

    /// The key `set` is filed under ([`OneStepBounds::keys`]).
    pub(in crate::optimal) fn key(&self, set: &[Code]) -> Key {
        self.memory.keys.key(set)
    }

    /// The one-step bound of `set`, filed under `key` ([`OneStepBounds::key`]), reached by the
    /// guesses `path`, with `budget` guesses left, or `enough` if it is at least that.
    pub(in crate::optimal) fn bound(
        &mut self,
        search: &Search<'_>,
        path: &[Code],
        set: &[Code],
        key: Key,
        budget: Option<u8>,
        enough: u32,
    ) -> u32 {
        if enough <= size_bound(set.len(), self.fan_out, budget) {
            // No guess reaches below the set's size bound.
            return enough;
        }
        let counted =
            (2..=usize::from(u8::MAX)).contains(&set.len()) && search.replies.row(set[0]).is_some();
        if !counted {
            return self.settler.one_step(path, set, budget, enough);
        }
        let key = (key, budget);
        if let Some(known) = self.memory.recall(&key, enough) {
            return known;
        }
        // A renaming of the set has the same bound: the guesses are renamed with it. Most
        // sets met are renamings of ones met before; smaller ones are counted faster than
        // their form is found (BENCHMARKS.md, "The prover's one steps remembered by
        // canonical form").
        let form = (set.len() >= SHARED_FROM)
            .then(|| canonical_form(self.book, set))
            .flatten()
            .filter(|form| form != set);
        let form_key = form.map(|form| (self.memory.keys.key(&form), budget));
        if let Some(known) = form_key.and_then(|form_key| self.memory.recall(&form_key, enough)) {
            return known;
        }
        let least = self.least(search, path, set, budget, enough);
        for key in [Some(key), form_key].into_iter().flatten() {
            self.memory.remember(key, least, enough);
        }
        least
    }

    /// The one-step bound of `set` as the checker finds it, or `enough` if it is at least
    /// that: the set's own codes first, and the other guesses it checks only where those do
    /// not reach the set's size bound and an outside guess could do better. Guesses whose
    /// marks alone bound them at `enough` are never counted.
    fn least(
        &mut self,
        search: &Search<'_>,
        path: &[Code],
        set: &[Code],
        budget: Option<u8>,
        enough: u32,
    ) -> u32 {
        let Some(after) = budget.map_or(Some(None), |budget| budget.checked_sub(1).map(Some))
        else {
            // No guess may be played: no strategy at all.
            return enough;
        };
        let n = set.len();
        let sizes = size_bounds(n, self.fan_out, after);
        let mut counter = search.counter_with(set, &sizes, 0);
        let mut least = u64::from(enough);
        let mut lower = |guesses: &[Code]| {
            for block in guesses.chunks(BLOCK) {
                counter.score(block, |counted| least = least.min(counted.bound));
            }
            least
        };
        // Only those whose floor falls short of `enough`: the marks take a code far faster
        // than the counters.
        let own = match search.replies.replies() <= REPLIES_MARKED {
            true => lower(&search.marked_below(set, set, u64::from(enough))),
            false => lower(set),
        };
        // As the checker does: the other guesses only where the rules do not rule them all
        // out at once.
        let own_only = self.consistent_only
            || (n as u64).saturating_add(u64::from(spread_bound(n, self.fan_out, after))) >= own;
        if own > u64::from(size_bound(n, self.fan_out, budget)) && !own_only {
            let common = self.common.as_deref();
            let symmetry = || self.symmetries.of(self.book, path);
            // `own` is at most `enough`, a `u32`.
            let guesses = other_guesses(self.book, common, symmetry, set, own as u32);
            let short: Vec<Code> = if search.replies.replies() <= REPLIES_MARKED {
                // The search's marks give the same floor as the checker's kernel, faster.
                search.marked_below(&guesses, set, own)
            } else {
                short_of_floor(self.scorer, None, set, &guesses, own as u32)
            };
            lower(&short);
        }
        u32::try_from(least).unwrap_or(INFEASIBLE)
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::optimal::{OptimalOptions, Root};
    use mastermind_strategy::NoProgress;
    use mastermind_strategy::Situation;

    /// The prover's one-step bound is the checker's, to the guess: sets one and two guesses
    /// deep in three games, both plays, several budgets, asked for up to a bound below, at
    /// and above the answer.
    #[test]
    fn the_provers_one_step_is_the_checkers() {
        let games = [
            Game::new(4, 6, true, FeedbackKind::BlackWhite),
            Game::new(3, 5, true, FeedbackKind::BlackOnly),
            Game::new(4, 6, false, FeedbackKind::BlackWhite),
        ];
        let mut compared = 0;
        for game in games.map(|game| game.expect("a game")) {
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let start = Situation::start(&scorer);
            let root = Root::new(&scorer, &OptimalOptions::default(), &start, &NoProgress)
                .expect("a root");
            let codes: Vec<Code> = book.codes().collect();
            let (first, second) = (codes[1], codes[codes.len() / 3]);
            for consistent_only in [false, true] {
                let mut ours = OneStepBounds::new(&scorer, consistent_only);
                let mut checkers = Settler::new(&scorer, fan_out(book), consistent_only);
                for secret in codes.iter().step_by(7) {
                    let alike = |path: &[Code], code: &Code| {
                        path.iter().all(|&guess| {
                            scorer.feedback(guess, *code) == scorer.feedback(guess, *secret)
                        })
                    };
                    for path in [vec![first], vec![first, second]] {
                        let set: Vec<Code> = codes
                            .iter()
                            .copied()
                            .filter(|code| alike(&path, code))
                            .collect();
                        for budget in [None, Some(1), Some(2), Some(4)] {
                            let exact = checkers.one_step(&path, &set, budget, INFEASIBLE);
                            for enough in [exact.saturating_sub(1), exact, exact.saturating_add(2)]
                            {
                                let key = ours.key(&set);
                                let found =
                                    ours.bound(&root.search, &path, &set, key, budget, enough);
                                let at = format!("{} codes after {path:?}, {budget:?}", set.len());
                                assert_eq!(found, exact.min(enough), "{at}");
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} bounds compared");
    }
}
