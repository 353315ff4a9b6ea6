//! The exact search for the least static set. For each size it asks whether some set of that
//! many guesses tells every code apart, walking sets in increasing order of their guesses and
//! trying at each step only the least code of each orbit of the symmetries that fix the guesses
//! chosen so far (so each set is met in at least one of its symmetric forms). Partial sets that
//! are not the least of their orbit are dropped too ([`Canonical`]). A partial set is dropped
//! when some class of codes it leaves together is larger than the replies of the guesses left
//! could split, or when it leaves more colours unused than the guesses left could make up for
//! ([`most_unused`]). The last two guesses are found together, pair of codes by pair of codes
//! ([`Pairs`]).
//!
//! The first steps are dealt out to rayon as independent subproblems; a search that finds a set
//! returns the first in the walk's order, and counts only the work of the subproblems up to it,
//! so results and counts are the same for any number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use mastermind_core::{Code, Scorer};
use mastermind_strategy::symmetry::{OrbitLists, Symmetry};
use rayon::prelude::*;

use crate::canonical::Canonical;
use crate::pairs::{Pairs, ReplyPlanes};
use crate::unused::{most_unused, unused_colours};
use crate::Classes;

/// How deep the walk is cut into subproblems for the threads.
const SUBPROBLEM_DEPTH: usize = 2;

/// Games with more pegs than this use colour symmetry only (8! position permutations still pay
/// for themselves here, where the strategy builders stop at 7).
const MOST_PEGS_PERMUTED: usize = 8;

/// Receives the search's progress, possibly from several threads at once.
pub trait SearchProgress: Sync {
    /// The search for a set of `size` guesses starts, cut into `subproblems`.
    fn size_started(&self, size: usize, subproblems: u64);
    /// One more subproblem of the current size is settled.
    fn subproblem_settled(&self);
    /// A thread of the search is still at work, some thousands of partial sets after it last
    /// said so (a subproblem can take minutes): a caller that stops searches on request looks
    /// here.
    fn at_work(&self) {}
}

/// How many partial sets a thread walks between two [`SearchProgress::at_work`] reports.
const AT_WORK_EVERY: u64 = 1 << 12;

/// Ignores every report.
pub struct NoProgress;

impl SearchProgress for NoProgress {
    fn size_started(&self, _size: usize, _subproblems: u64) {}
    fn subproblem_settled(&self) {}
}

/// The outcome of asking for a set of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeSearch {
    pub size: usize,
    /// The first set found, in increasing order; `None` when the walk proves there is none.
    pub found: Option<Vec<Code>>,
    /// Partial sets followed (each refines the classes once).
    pub partial_sets: u64,
    /// Whole sets checked (each tries a last guess against the classes).
    pub sets_checked: u64,
}

/// Why no smaller set works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// `size` guesses have at most `replies^size` reply vectors, fewer than the codes.
    Counting { size: usize, replies: usize },
    /// The exhaustive walk over sets of `size` guesses found none.
    Exhaustive(SizeSearch),
}

/// The least static set and why no smaller one works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeastSet {
    pub guesses: Vec<Code>,
    pub proof: Proof,
    /// Every search made on the way down from the first set found, largest size first.
    pub searches: Vec<SizeSearch>,
}

/// A set that works, built by adding each time the guess that leaves the fewest codes not told
/// apart (ties to the least code): the search's starting point.
pub fn greedy_set(scorer: &Scorer) -> Vec<Code> {
    let book = scorer.codebook();
    let mut counts = vec![0; scorer.game().feedback_slots()];
    let mut classes = Classes::all(book);
    let mut trial = Classes::default();
    let mut set = Vec::new();
    while !classes.is_empty() {
        let mut best: Option<(usize, Code, Classes)> = None;
        for guess in book.codes() {
            classes.refine(scorer, guess, &mut trial, &mut counts);
            if best
                .as_ref()
                .is_none_or(|(left, _, _)| trial.ambiguous_codes() < *left)
            {
                best = Some((trial.ambiguous_codes(), guess, trial.clone()));
            }
        }
        let (_, guess, next) = best.expect("a game has codes");
        set.push(guess);
        classes = next;
    }
    set.sort_unstable();
    set
}

/// The least set for `scorer`'s game, with its proof.
pub fn least_set(scorer: &Scorer, progress: &dyn SearchProgress) -> LeastSet {
    let searched: Result<LeastSet, std::convert::Infallible> =
        least_set_with(scorer, |size| Ok(find_set(scorer, size, progress)));
    match searched {
        Ok(least) => least,
    }
}

/// The sizes [`least_set`] may search, largest first: one fewer than the greedy set down to
/// the smallest size that counting allows. It stops at the first size with no set.
pub fn sizes_to_search(scorer: &Scorer) -> Vec<usize> {
    let codes = scorer.codebook().len() as f64;
    let replies = reply_count(scorer) as f64;
    (1..greedy_set(scorer).len())
        .rev()
        .take_while(|&size| replies.powi(size as i32) >= codes)
        .collect()
}

/// [`least_set`] with the search for each size made by `search`: in one process, or put
/// together from shards.
pub fn least_set_with<E>(
    scorer: &Scorer,
    mut search: impl FnMut(usize) -> Result<SizeSearch, E>,
) -> Result<LeastSet, E> {
    let codes = scorer.codebook().len();
    let replies = reply_count(scorer);
    let mut best = greedy_set(scorer);
    let mut searches = Vec::new();
    loop {
        let Some(size) = best.len().checked_sub(1) else {
            // A game of one code needs no guess.
            return Ok(LeastSet {
                guesses: best,
                proof: Proof::Counting { size: 0, replies },
                searches,
            });
        };
        if (replies as f64).powi(size as i32) < codes as f64 {
            return Ok(LeastSet {
                guesses: best,
                proof: Proof::Counting { size, replies },
                searches,
            });
        }
        let search = search(size)?;
        match &search.found {
            Some(set) => {
                best = set.clone();
                searches.push(search);
            }
            None => {
                let proof = Proof::Exhaustive(search.clone());
                searches.push(search);
                return Ok(LeastSet {
                    guesses: best,
                    proof,
                    searches,
                });
            }
        }
    }
}

/// How many replies can occur in the game: the most parts one guess can split the codes into.
fn reply_count(scorer: &Scorer) -> usize {
    let book = scorer.codebook();
    let mut seen = vec![false; scorer.game().feedback_slots()];
    for guess in book.codes() {
        for secret in book.codes() {
            seen[scorer.feedback(guess, secret).index()] = true;
        }
    }
    seen.iter().filter(|&&occurs| occurs).count()
}

/// A partial set handed to a thread.
struct Subproblem {
    prefix: Vec<Code>,
    classes: Classes,
    symmetry: Symmetry,
}

/// Looks for a set of `size` guesses that tells every code apart.
pub fn find_set(scorer: &Scorer, size: usize, progress: &dyn SearchProgress) -> SizeSearch {
    let walk = SizeWalk::new(scorer, size);
    let all: Vec<usize> = (0..walk.subproblems()).collect();
    let results = walk.run(&all, progress);
    walk.outcome(&results)
        .expect("every subproblem up to the first set found was walked")
}

/// What walking one subproblem found: the first set in it, if any, and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubproblemResult {
    /// The subproblem's place in the walk's order.
    pub index: usize,
    /// A set that tells every code apart, possibly with fewer guesses than the size.
    pub found: Option<Vec<Code>>,
    pub partial_sets: u64,
    pub sets_checked: u64,
}

/// [`most_unused`], its small searches done by this search.
pub(crate) fn most_unused_colours(scorer: &Scorer, size: usize) -> Vec<usize> {
    most_unused(scorer, size, &set_exists_fixing)
}

/// Whether `size` guesses of `scorer`'s game tell apart the codes of `classes`, searched up
/// to the symmetries that fix `fixed`: the small searches of [`most_unused`].
fn set_exists_fixing(scorer: &Scorer, size: usize, classes: Classes, fixed: Code) -> bool {
    let book = scorer.codebook();
    let symmetry = Symmetry::permuting_up_to(book, MOST_PEGS_PERMUTED).after(book, fixed);
    let walk = SizeWalk::within(scorer, size, classes, symmetry);
    let all: Vec<usize> = (0..walk.subproblems()).collect();
    let results = walk.run(&all, &NoProgress);
    walk.outcome(&results)
        .expect("every subproblem up to the first set found was walked")
        .found
        .is_some()
}

/// The walk over sets of one size, cut into subproblems that can run apart (on the threads,
/// or in shards on other machines) and be put together as the whole walk.
pub struct SizeWalk<'a> {
    walk: Walk<'a>,
    subproblems: Vec<Subproblem>,
    /// Partial sets followed while dealing out the subproblems.
    dealt_partial_sets: u64,
}

impl<'a> SizeWalk<'a> {
    pub fn new(scorer: &'a Scorer, size: usize) -> SizeWalk<'a> {
        let book = scorer.codebook();
        SizeWalk::from_root(
            scorer,
            size,
            Classes::all(book),
            Symmetry::permuting_up_to(book, MOST_PEGS_PERMUTED),
            Some(Canonical::new(book)),
            most_unused_colours(scorer, size),
        )
    }

    /// The walk over sets of `size` guesses that tell apart the codes of `classes` alone,
    /// which the symmetries of `symmetry` leave together (so no test for the least of an
    /// orbit under the whole group, and no bound on the colours left unused).
    pub(crate) fn within(
        scorer: &'a Scorer,
        size: usize,
        classes: Classes,
        symmetry: Symmetry,
    ) -> SizeWalk<'a> {
        SizeWalk::from_root(scorer, size, classes, symmetry, None, Vec::new())
    }

    /// Deals the walk from `classes` out into subproblems.
    fn from_root(
        scorer: &'a Scorer,
        size: usize,
        classes: Classes,
        symmetry: Symmetry,
        canonical: Option<Canonical>,
        most_unused: Vec<usize>,
    ) -> SizeWalk<'a> {
        let walk = Walk {
            scorer,
            orbits: OrbitLists::new(),
            all: scorer.codebook().codes().collect(),
            replies: reply_count(scorer) as u64,
            size,
            canonical,
            planes: ReplyPlanes::new(scorer),
            most_unused,
        };
        let root = Subproblem {
            prefix: Vec::new(),
            classes,
            symmetry,
        };
        let mut worker = Worker::new(&walk, &NoProgress);
        let mut subproblems = Vec::new();
        let depth = SUBPROBLEM_DEPTH.min(size.saturating_sub(1));
        worker.deal(root, depth, &mut subproblems);
        let dealt_partial_sets = worker.partial_sets;
        SizeWalk {
            walk,
            subproblems,
            dealt_partial_sets,
        }
    }

    /// How many guesses the sets walked have.
    pub fn size(&self) -> usize {
        self.walk.size
    }

    /// How many subproblems the walk is cut into.
    pub fn subproblems(&self) -> usize {
        self.subproblems.len()
    }

    /// Walks the subproblems at `indices` (increasing) side by side, and returns their results
    /// in order up to the first that finds a set: the later ones no longer count.
    pub fn run(&self, indices: &[usize], progress: &dyn SearchProgress) -> Vec<SubproblemResult> {
        progress.size_started(self.walk.size, indices.len() as u64);
        let first_found = AtomicUsize::new(usize::MAX);
        let mut results: Vec<SubproblemResult> = indices
            .par_iter()
            .map_init(
                || Worker::new(&self.walk, progress),
                |worker, &index| {
                    worker.partial_sets = 0;
                    worker.sets_checked = 0;
                    worker.cancelled = Cancel {
                        index,
                        first_found: &first_found,
                    };
                    let subproblem = &self.subproblems[index];
                    let mut prefix = subproblem.prefix.clone();
                    let found = worker
                        .extend(&mut prefix, &subproblem.classes, &subproblem.symmetry)
                        .then_some(prefix);
                    if found.is_some() {
                        first_found.fetch_min(index, Ordering::Relaxed);
                    }
                    progress.subproblem_settled();
                    SubproblemResult {
                        index,
                        found,
                        partial_sets: worker.partial_sets,
                        sets_checked: worker.sets_checked,
                    }
                },
            )
            .collect();
        let first = first_found.load(Ordering::Relaxed);
        results.retain(|result| result.index <= first);
        results
    }

    /// The outcome of the whole walk from the results of its subproblems (in any order, from
    /// any number of runs), or `None` if some subproblem up to the first set found is missing.
    pub fn outcome(&self, results: &[SubproblemResult]) -> Option<SizeSearch> {
        let mut by_index: Vec<Option<&SubproblemResult>> = vec![None; self.subproblems.len()];
        for result in results {
            *by_index.get_mut(result.index)? = Some(result);
        }
        let mut partial_sets = self.dealt_partial_sets;
        let mut sets_checked = 0;
        for result in by_index {
            let result = result?;
            partial_sets += result.partial_sets;
            sets_checked += result.sets_checked;
            if let Some(set) = &result.found {
                return Some(SizeSearch {
                    size: self.walk.size,
                    found: Some(padded(self.walk.scorer, set.clone(), self.walk.size)),
                    partial_sets,
                    sets_checked,
                });
            }
        }
        Some(SizeSearch {
            size: self.walk.size,
            found: None,
            partial_sets,
            sets_checked,
        })
    }
}

/// `set`, which already tells every code apart, made up to `size` distinct guesses with the
/// least codes not in it, in increasing order.
fn padded(scorer: &Scorer, mut set: Vec<Code>, size: usize) -> Vec<Code> {
    for code in scorer.codebook().codes() {
        if set.len() >= size {
            break;
        }
        if !set.contains(&code) {
            set.push(code);
        }
    }
    set.sort_unstable();
    set
}

/// What every worker of one search shares.
struct Walk<'a> {
    scorer: &'a Scorer,
    orbits: OrbitLists,
    all: Vec<Code>,
    replies: u64,
    size: usize,
    /// The test for the least of an orbit, when the symmetries are the whole group's.
    canonical: Option<Canonical>,
    planes: ReplyPlanes,
    /// The most colours a partial set may leave unused, by the number of guesses left.
    most_unused: Vec<usize>,
}

impl Walk<'_> {
    /// Whether `prefix` may be followed: it is the least of its orbit, where that is tested.
    fn is_least(&self, prefix: &[Code]) -> bool {
        prefix.len() < 2
            || self
                .canonical
                .as_ref()
                .is_none_or(|canonical| canonical.is_least(self.scorer.codebook(), prefix))
    }

    /// Whether `prefix`, leaving `classes`, may still be made a set with `left` more guesses:
    /// no class is larger than their replies can split, and the codes made only of colours
    /// `prefix` leaves unused, one class, are few enough for them.
    fn can_finish(&self, prefix: &[Code], classes: &Classes, left: usize) -> bool {
        let most = self.replies.saturating_pow(left as u32);
        classes.largest() as u64 <= most
            && self
                .most_unused
                .get(left)
                .is_none_or(|&most| unused_colours(self.scorer.codebook(), prefix) <= most)
    }
}

/// Whether a subproblem before this one has found a set, so this one's work no longer counts.
struct Cancel<'a> {
    index: usize,
    first_found: &'a AtomicUsize,
}

impl Cancel<'_> {
    fn is_cancelled(&self) -> bool {
        self.first_found.load(Ordering::Relaxed) < self.index
    }
}

/// One thread's walk, with its scratch space.
struct Worker<'a> {
    walk: &'a Walk<'a>,
    counts: Vec<u32>,
    pairs: Pairs,
    /// Reused classes, one per depth.
    buffers: Vec<Classes>,
    partial_sets: u64,
    sets_checked: u64,
    cancelled: Cancel<'a>,
    progress: &'a dyn SearchProgress,
}

/// Never cancelled: for the walk that deals out the subproblems.
static NEVER: AtomicUsize = AtomicUsize::new(usize::MAX);

impl<'a> Worker<'a> {
    fn new(walk: &'a Walk<'a>, progress: &'a dyn SearchProgress) -> Worker<'a> {
        Worker {
            walk,
            progress,
            counts: vec![0; walk.scorer.game().feedback_slots()],
            pairs: Pairs::default(),
            buffers: vec![Classes::default(); walk.size + 1],
            partial_sets: 0,
            sets_checked: 0,
            cancelled: Cancel {
                index: 0,
                first_found: &NEVER,
            },
        }
    }

    /// The guesses that may follow `prefix`: the least code of each orbit of `symmetry`,
    /// after the last guess, in the order to try them.
    fn candidates(&mut self, prefix: &[Code], classes: &Classes, symmetry: &Symmetry) -> Vec<Code> {
        let walk = self.walk;
        let book = walk.scorer.codebook();
        let last = prefix.last().copied();
        let representatives = symmetry.representatives(book, &walk.all, true, &walk.orbits);
        let mut candidates: Vec<Code> = representatives
            .iter()
            .copied()
            .filter(|&code| last.is_none_or(|last| code > last))
            .collect();
        // Far from the last guess, the order decides how soon a set is found: the guesses that
        // leave the fewest codes together first. Near it every guess is tried anyway, and
        // ordering them would cost more than the whole walk below.
        if walk.size - prefix.len() >= 4 {
            let mut trial = Classes::default();
            let mut keyed: Vec<(usize, usize, Code)> = candidates
                .iter()
                .map(|&guess| {
                    classes.refine(walk.scorer, guess, &mut trial, &mut self.counts);
                    (trial.largest(), trial.ambiguous_codes(), guess)
                })
                .collect();
            keyed.sort_unstable();
            candidates = keyed.into_iter().map(|(_, _, guess)| guess).collect();
        }
        candidates
    }

    /// Lists the partial sets `depth` guesses below `node` that may still lead to a set.
    fn deal(&mut self, node: Subproblem, depth: usize, out: &mut Vec<Subproblem>) {
        if depth == 0 || node.classes.is_empty() {
            out.push(node);
            return;
        }
        let book = self.walk.scorer.codebook();
        for guess in self.candidates(&node.prefix, &node.classes, &node.symmetry) {
            let mut classes = Classes::default();
            node.classes
                .refine(self.walk.scorer, guess, &mut classes, &mut self.counts);
            self.partial_sets += 1;
            let mut prefix = node.prefix.clone();
            prefix.push(guess);
            if !self
                .walk
                .can_finish(&prefix, &classes, self.walk.size - prefix.len())
                || !self.walk.is_least(&prefix)
            {
                continue;
            }
            let child = Subproblem {
                symmetry: node.symmetry.after(book, guess),
                prefix,
                classes,
            };
            self.deal(child, depth - 1, out);
        }
    }

    /// The first of `candidates` that tells apart every class, as the last guess.
    fn last_guess(&mut self, classes: &Classes, candidates: &[Code]) -> Option<Code> {
        self.pairs.reset(self.walk.scorer, classes);
        let last = self.pairs.last(&self.walk.planes, candidates);
        self.sets_checked += candidates.len() as u64;
        last
    }

    /// Finds the last two guesses, if some pair of `candidates` and a later code works. Each
    /// candidate is checked against every later code at once (every later code, not just the
    /// orbit representatives: a superset, so nothing is missed).
    /// Counts one more partial set walked, and says the thread is at work every
    /// [`AT_WORK_EVERY`] of them.
    fn count_partial_set(&mut self) {
        self.partial_sets += 1;
        if self.partial_sets.is_multiple_of(AT_WORK_EVERY) {
            self.progress.at_work();
        }
    }

    fn last_two(&mut self, prefix: &mut Vec<Code>, classes: &Classes, candidates: &[Code]) -> bool {
        let scorer = self.walk.scorer;
        self.pairs.reset(scorer, classes);
        let most = self.walk.replies as usize;
        for &guess in candidates {
            self.count_partial_set();
            self.sets_checked += (self.walk.all.len() - guess.index() - 1) as u64;
            if !classes.largest_splits_within(scorer, guess, &mut self.counts, most) {
                continue;
            }
            if let Some(last) = self.pairs.last_after(scorer, &self.walk.planes, guess) {
                prefix.extend([guess, last]);
                return true;
            }
        }
        false
    }

    /// Extends `prefix` (leaving `classes`, fixed by `symmetry`) to a whole set, if it can be;
    /// on success `prefix` holds the set.
    fn extend(&mut self, prefix: &mut Vec<Code>, classes: &Classes, symmetry: &Symmetry) -> bool {
        if classes.is_empty() {
            return true;
        }
        let left = self.walk.size - prefix.len();
        if left == 0
            || !self.walk.can_finish(prefix, classes, left)
            || self.cancelled.is_cancelled()
        {
            return false;
        }
        let candidates = self.candidates(prefix, classes, symmetry);
        match left {
            1 => {
                if let Some(last) = self.last_guess(classes, &candidates) {
                    prefix.push(last);
                    return true;
                }
                return false;
            }
            2 => return self.last_two(prefix, classes, &candidates),
            _ => {}
        }
        let book = self.walk.scorer.codebook();
        let depth = prefix.len();
        let mut next = std::mem::take(&mut self.buffers[depth]);
        // The classes this guess leaves must be small enough for the guesses after it.
        let most = usize::try_from(self.walk.replies.saturating_pow(left as u32 - 1))
            .unwrap_or(usize::MAX);
        for guess in candidates {
            self.count_partial_set();
            prefix.push(guess);
            if self.walk.is_least(prefix)
                && classes.refine_within(self.walk.scorer, guess, &mut next, &mut self.counts, most)
                && self.extend(prefix, &next, &symmetry.after(book, guess))
            {
                self.buffers[depth] = next;
                return true;
            }
            prefix.pop();
        }
        self.buffers[depth] = next;
        false
    }
}
