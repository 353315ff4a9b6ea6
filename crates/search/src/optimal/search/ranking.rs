//! Ranks the guesses of a node by the least total they could reach: `n` for this guess plus
//! the least conceivable total of each class ([`LowerBound`](crate::optimal::bounds::least_totals::LowerBound)).
//!
//! This is the hot loop of the whole search, so the ranking is lazy. A class of `c` codes
//! costs at least `2c − 1`, so a guess with `d` distinct replies is bounded below by
//! `3n − d − [it is a candidate]`, and exactly so when its largest class has at most
//! `fan_out + 1` codes (two more guesses allowed). Marking which replies occur is far cheaper
//! than counting them ([`counting`](crate::optimal::kernels::counting)), so every guess is first only marked:
//! those at the limit on that count alone are dropped, and the rest wait in groups of equal
//! mark. A group is counted, a block at a time, only when the search reaches its bound; most
//! nodes try one or two guesses, so most groups are never counted.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use mastermind_core::Code;

use super::context::Search;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::kernels::columns::{Columns, BLOCK};
use crate::optimal::kernels::counting::{
    keep_waiting, mark_replies, stretch_pays, Classes, Counted, Counter, REPLIES_MARKED,
};
use mastermind_strategy::guesses::{candidates_among, Guesses};
use mastermind_strategy::symmetry::Symmetry;

/// How many nodes the search ranks between reports of its node count, once past the first.
const NODES_PER_REPORT: u64 = 4096;

/// Waiting guesses are looked through for the next group in stretches of this many slacks (at
/// most 64: a stretch's members are the bits of a word).
const MARKS_SCANNED: usize = 64;

/// The slacks of a block of guesses as marked: one per guess in order, or one per code of a
/// stretch of the codebook, which holds the block's guesses among others.
pub(in crate::optimal) enum Marked<'a> {
    InOrder(&'a [u8]),
    ByCode { slacks: &'a [u8], start: usize },
}

impl<'a> Marked<'a> {
    /// The slacks as marked: every guess's among them, in order, with others' between.
    pub(in crate::optimal) fn all(&self) -> &'a [u8] {
        match *self {
            Marked::InOrder(slacks) | Marked::ByCode { slacks, .. } => slacks,
        }
    }

    /// Each guess of `block` (the block marked) with its slack.
    pub(in crate::optimal) fn of<'b>(
        &'b self,
        block: &'b [Code],
    ) -> impl Iterator<Item = (Code, u8)> + 'b {
        block
            .iter()
            .enumerate()
            .map(move |(at, &guess)| match *self {
                Marked::InOrder(slacks) => (guess, slacks[at]),
                Marked::ByCode { slacks, start } => (guess, slacks[guess.index() - start]),
            })
    }
}

/// Groups of at most this many guesses are counted one guess at a time.
const FEW_COUNTED: usize = 8;

/// How much of a group of equal marks a count must cover.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    /// All of it: every guess's bound is needed, ties included.
    Whole,
    /// Until one of its guesses reaches the bound the marks give them all: only the least
    /// bound is needed, and no other guess of the group can go below it.
    UntilItsBound,
}

/// A count that stops at a group's bound looks after each this many guesses.
const COUNTED_BEFORE_LOOKING: usize = 128;

/// A guess worth trying: its bound, whether it is not a candidate, the guess. Ordered so that
/// better bounds come first, then candidates, then smaller codes.
pub(in crate::optimal) type Ranked = (u32, bool, Code);

/// The guesses of a node that may beat its limit, handed out best first.
pub(in crate::optimal) struct Ranking<'s> {
    set: &'s [Code],
    budget: Budget,
    limit: u32,
    /// Guesses whose bound is known, best first.
    counted: BinaryHeap<Reverse<Ranked>>,
    /// The guesses marked, in groups, and each one's slack while it waits (0 once it has
    /// left): its bound is at least `3n − slack`, and exactly that from `exact_from` on.
    marked: Vec<(Guesses<'s>, Vec<u8>)>,
    exact_from: u8,
    /// The largest slack still waiting, 0 if none.
    most_waiting: u8,
    /// Every guess, while those that are not candidates wait unmarked: such a guess has at
    /// most `fan_out` replies, so its bound is at least `outsiders_from`, and most nodes are
    /// settled, or their limit reached, before the search needs a guess that costly.
    unmarked: Option<Guesses<'s>>,
    outsiders_from: u32,
    /// The least bound of the guesses left out for reaching the limit.
    dropped: u32,
    /// Room for the group being counted, kept between groups: a node counts several, and
    /// growing a new list for each shows in the search's profile.
    group: Vec<Code>,
}

impl<'s> Ranking<'s> {
    fn new(set: &'s [Code], budget: Budget, limit: u32) -> Ranking<'s> {
        Ranking {
            set,
            budget,
            limit,
            counted: BinaryHeap::new(),
            marked: Vec::new(),
            exact_from: 0,
            most_waiting: 0,
            unmarked: None,
            outsiders_from: INFEASIBLE,
            dropped: INFEASIBLE,
            group: Vec::new(),
        }
    }

    /// The next guess if its bound is below `threshold`; else a lower bound on the totals of
    /// every guess not yet handed out.
    pub(in crate::optimal) fn next_below(
        &mut self,
        search: &Search<'_>,
        threshold: u32,
    ) -> Result<Ranked, u32> {
        loop {
            let (counted, marked) = (self.least_counted(), self.least_marked());
            if counted.min(marked) >= threshold {
                return Err(counted.min(marked).min(self.dropped));
            }
            // Marked guesses whose bound ties the best counted one may include a better guess.
            if marked <= counted {
                self.count_least_marked(search, Group::Whole);
            } else {
                return Ok(self.counted.pop().expect("a counted guess").0);
            }
        }
    }

    /// A lower bound on the total of every guess, exact (the best guess's bound) when that is
    /// below `limit`.
    pub(in crate::optimal) fn least(&mut self, search: &Search<'_>, limit: u32) -> u32 {
        while self.least_marked() < self.least_counted() && self.least_marked() < limit {
            self.count_least_marked(search, Group::UntilItsBound);
        }
        self.least_counted()
            .min(self.least_marked())
            .min(self.dropped)
    }

    /// [`Ranking::least`] short of marking the guesses that are not candidates, where most of
    /// a probe's cost lies: a lower bound on every guess's total, which [`Ranking::least`]
    /// may raise later.
    pub(in crate::optimal) fn least_among_marked(
        &mut self,
        search: &Search<'_>,
        limit: u32,
    ) -> u32 {
        while self.least_waiting() < self.least_unmarked()
            && self.least_waiting() < self.least_counted()
            && self.least_waiting() < limit
        {
            self.count_least_marked(search, Group::UntilItsBound);
        }
        self.least_counted()
            .min(self.least_marked())
            .min(self.dropped)
    }

    /// Every guess below the limit, best first.
    pub(in crate::optimal) fn into_sorted(mut self, search: &Search<'_>) -> Vec<Ranked> {
        self.count_all(search);
        self.counted
            .into_sorted_vec()
            .into_iter()
            .map(|r| r.0)
            .collect()
    }

    /// Counts every marked guess, so that [`Ranking::remaining`] lists them all.
    pub(in crate::optimal) fn count_all(&mut self, search: &Search<'_>) {
        while self.most_waiting > 0 || self.unmarked.is_some() {
            self.count_least_marked(search, Group::Whole);
        }
    }

    /// The counted guesses not yet handed out, in no particular order.
    pub(in crate::optimal) fn remaining(&self) -> impl Iterator<Item = Ranked> + '_ {
        self.counted.iter().map(|entry| entry.0)
    }

    fn least_counted(&self) -> u32 {
        self.counted.peek().map_or(INFEASIBLE, |entry| entry.0 .0)
    }

    fn least_marked(&self) -> u32 {
        self.least_waiting().min(self.least_unmarked())
    }

    fn least_waiting(&self) -> u32 {
        match self.most_waiting {
            0 => INFEASIBLE,
            slack => 3 * self.set.len() as u32 - u32::from(slack),
        }
    }

    fn least_unmarked(&self) -> u32 {
        match self.unmarked {
            Some(_) => self.outsiders_from,
            None => INFEASIBLE,
        }
    }

    /// Moves the guesses of the largest waiting slack to the counted ones: counting their
    /// classes, unless their slack alone gives their bound, as far as `extent` asks (the
    /// rest wait on). The guesses not yet marked are marked first when their least
    /// conceivable bound ties or beats every waiting one.
    fn count_least_marked(&mut self, search: &Search<'_>, extent: Group) {
        if self.least_unmarked() <= self.least_waiting() {
            let guesses = self.unmarked.take().expect("guesses wait unmarked");
            search.mark_group(guesses, self.set, self);
            return;
        }
        let slack = self.most_waiting;
        let mut group = std::mem::take(&mut self.group);
        group.clear();
        self.most_waiting = 0;
        for (guesses, slacks) in &mut self.marked {
            let chunks = guesses
                .chunks(MARKS_SCANNED)
                .zip(slacks.chunks_mut(MARKS_SCANNED));
            for (guesses, slacks) in chunks {
                // Most stretches hold none of the group: a test of the whole stretch at once
                // (vector compares) passes them by. The members of the others are found as
                // bits, eight slacks at a time, and visited directly rather than by a branch
                // for every slack.
                if slacks
                    .iter()
                    .fold(false, |found, &waiting| found | (waiting == slack))
                {
                    let mut members = members_of(slacks, slack);
                    while members != 0 {
                        let i = members.trailing_zeros() as usize;
                        members &= members - 1;
                        group.push(guesses[i]);
                        slacks[i] = 0;
                    }
                }
                let most = slacks.iter().fold(0, |most, &waiting| most.max(waiting));
                self.most_waiting = self.most_waiting.max(most);
            }
        }
        if slack >= self.exact_from {
            let bound = 3 * self.set.len() as u32 - u32::from(slack);
            for &guess in &group {
                let candidate = self.set.binary_search(&guess).is_ok();
                self.counted.push(Reverse((bound, !candidate, guess)));
            }
        } else {
            let bound = 3 * self.set.len() as u32 - u32::from(slack);
            let counted = self.count_group(search, &group, bound, extent);
            if counted < group.len() {
                // What is left waits on with its slack, counted only if it is needed.
                let rest = group[counted..].to_vec();
                self.marked
                    .push((Guesses::Made(rest), vec![slack; group.len() - counted]));
                self.most_waiting = self.most_waiting.max(slack);
            }
        }
        self.group = group;
    }

    /// Counts `group`, whose marks bound each of its guesses below by `bound`, in pieces, as
    /// far as `extent` asks; returns how many of it were counted.
    fn count_group(
        &mut self,
        search: &Search<'_>,
        group: &[Code],
        bound: u32,
        extent: Group,
    ) -> usize {
        let reached = |ranking: &Ranking<'_>| {
            extent == Group::UntilItsBound && ranking.least_counted() <= bound
        };
        if group.len() <= FEW_COUNTED {
            for (i, &guess) in group.iter().enumerate() {
                let counted = search.count_one(self.set, self.budget, guess);
                self.scored(counted);
                if reached(self) {
                    return i + 1;
                }
            }
            return group.len();
        }
        let mut counter = search.counter(self.set, self.budget);
        let piece = match extent {
            Group::Whole => BLOCK,
            Group::UntilItsBound => COUNTED_BEFORE_LOOKING,
        };
        let mut counted = 0;
        for block in group.chunks(piece) {
            counter.score(block, |counted| self.scored(counted));
            counted += block.len();
            if reached(self) {
                break;
            }
        }
        counted
    }

    /// A guess left out part-way: its bound is known to reach `at_least`.
    fn dropped(&mut self, at_least: u64) {
        self.dropped = self.dropped.min(clamp(at_least));
    }

    /// A guess fully scored.
    fn scored(&mut self, counted: Counted) {
        let Counted {
            guess,
            bound,
            candidate,
            uniform,
        } = counted;
        if !candidate && uniform {
            // The guess teaches nothing.
            return;
        }
        let bound = clamp(bound);
        if bound < self.limit {
            self.counted.push(Reverse((bound, !candidate, guess)));
        } else {
            self.dropped = self.dropped.min(bound);
        }
    }
}

impl Search<'_> {
    /// The guesses worth trying at `set` (one per orbit, not useless, bound below `limit`),
    /// to be handed out best first.
    pub(in crate::optimal) fn rank<'s>(
        &'s self,
        set: &'s [Code],
        budget: Budget,
        limit: u32,
        symmetry: &'s Symmetry,
    ) -> Ranking<'s> {
        let nodes = self.nodes.fetch_add(1, Ordering::Relaxed) + 1;
        // Early nodes hold the largest sets and take longest, so each of them is told.
        if nodes < NODES_PER_REPORT || nodes.is_multiple_of(NODES_PER_REPORT) {
            self.report.nodes(nodes);
        }
        let book = self.scorer.codebook();
        let guesses = self.pool.for_set(book, set, symmetry, self.consistent_only);
        let mut ranking = Ranking::new(set, budget, limit);
        let held = self.replies.row(set[0]).is_some();
        if !held || set.len() > usize::from(u8::MAX) {
            self.score_one_by_one(set, &guesses, budget, &mut ranking);
        } else if self.replies.replies() > REPLIES_MARKED {
            let mut counter = self.counter(set, budget);
            for block in guesses.chunks(BLOCK) {
                counter.score(block, |counted| ranking.scored(counted));
            }
        } else {
            self.mark_candidates(guesses, symmetry, &mut ranking);
        }
        ranking
    }

    /// What counting the classes of `set`'s guesses needs: its rows must be held, and it must
    /// have fewer than 256 codes, since counters are bytes.
    pub(in crate::optimal) fn counter<'r>(&'r self, set: &[Code], budget: Budget) -> Counter<'r> {
        let class_bounds = &self.bounds.row(budget.after_guess())[..=set.len()];
        self.counter_with(set, class_bounds, self.largest_short(budget))
    }

    /// [`Search::counter`] with the class bounds by size `class_bounds` (at least up to the
    /// set's size) and the `3n − d − [candidate]` shortcut up to `largest_short` (0: never).
    pub(in crate::optimal) fn counter_with<'r>(
        &'r self,
        set: &[Code],
        class_bounds: &[u32],
        largest_short: u8,
    ) -> Counter<'r> {
        let mut class_bound = [INFEASIBLE; BLOCK];
        class_bound[..=set.len()].copy_from_slice(&class_bounds[..=set.len()]);
        let occurring = self.replies.occurring();
        Counter {
            rows: self.reply_rows(set),
            occurring,
            solved: occurring
                .iter()
                .position(|&reply| reply == self.replies.all_black())
                .expect("all black is a reply"),
            largest_short,
            class_bound,
            counts: vec![[0u8; BLOCK]; occurring.len()],
        }
    }

    /// Counts the classes of one guess at `set`; the guess's row of the table must be held.
    /// Counting is cheaper one code at a time than in vector lanes mostly left empty.
    fn count_one(&self, set: &[Code], budget: Budget, guess: Code) -> Counted {
        // The table is symmetric: the guess's row holds every code's reply to it.
        let row = self.replies.row(guess).expect("the table is held");
        let mut sizes = [0u8; REPLIES_MARKED];
        for secret in set {
            sizes[usize::from(row[secret.index()])] += 1;
        }
        let classes = Classes {
            sizes: sizes.into_iter(),
            solved: sizes[usize::from(self.replies.all_black())],
            distinct: sizes.iter().filter(|&&size| size > 0).count() as u8,
            largest: sizes.iter().copied().max().unwrap_or(0),
        };
        let class_bounds = self.bounds.row(budget.after_guess());
        classes.counted(
            guess,
            set.len() as u64,
            self.largest_short(budget),
            class_bounds,
        )
    }

    /// The largest class for which the `3n − d − [candidate]` shortcut holds: it needs every
    /// class to cost `2c − 1`, true up to `fan_out + 1` codes when two more guesses are
    /// allowed, and for single codes always.
    fn largest_short(&self, budget: Budget) -> u8 {
        if budget.allows(3) {
            self.bounds.fan_out() as u8 + 1
        } else {
            1
        }
    }

    /// The reply rows of `set`'s codes, which must be held.
    fn reply_rows(&self, set: &[Code]) -> Vec<&[u8]> {
        set.iter()
            .map(|&secret| self.replies.row(secret).expect("the table is held"))
            .collect()
    }

    /// Marks the guesses that are candidates, as the module explains: those at the limit are
    /// dropped, the rest wait with their slack. The others wait unmarked (see
    /// [`Ranking::unmarked`]) unless the limit is beyond their least conceivable bound.
    fn mark_candidates<'s>(
        &self,
        guesses: Guesses<'s>,
        symmetry: &Symmetry,
        ranking: &mut Ranking<'s>,
    ) {
        let set = ranking.set;
        let n = set.len() as u64;
        // With `slack − 1` distinct replies or more, no class exceeds `n − slack + 2`, so from
        // this slack on the shortcut is exact.
        let largest_short = self.largest_short(ranking.budget);
        ranking.exact_from =
            u8::try_from((n + 2).saturating_sub(u64::from(largest_short))).unwrap_or(u8::MAX);
        let candidates = self
            .pool
            .candidates_for(self.scorer.codebook(), set, symmetry);
        debug_assert_eq!(candidates, candidates_among(&guesses, set));
        if candidates.len() == guesses.len() {
            // Only candidates are tried.
            ranking.unmarked = None;
            self.mark_group(guesses, &[], ranking);
            return;
        }
        ranking.outsiders_from = clamp((3 * n).saturating_sub(self.bounds.fan_out() as u64));
        ranking.unmarked = Some(guesses);
        self.mark_group(Guesses::Made(candidates), &[], ranking);
    }

    /// Marks `guesses` but those in `marked_already` (both in numeric order), and adds them to
    /// the ranking: those at the limit are dropped, the rest wait with their slack.
    fn mark_group<'s>(
        &self,
        guesses: Guesses<'s>,
        marked_already: &[Code],
        ranking: &mut Ranking<'s>,
    ) {
        let n = ranking.set.len() as u64;
        // A guess's bound is at least `3n − slack`, its slack being its distinct replies plus
        // one if it is a candidate; it falls at the limit when its slack is at most
        // `3n − limit`. A slack of one is a single reply and no candidate: a useless guess.
        let most_cut =
            u8::try_from((3 * n).saturating_sub(u64::from(ranking.limit))).unwrap_or(u8::MAX);
        let keep_above = most_cut.max(1);
        let mut slacks = self.mark_in_blocks(&guesses, ranking.set);
        // The guesses marked already are few: finding each costs less than a walk past all.
        for code in marked_already {
            if let Ok(at) = guesses.binary_search(code) {
                slacks[at] = 0;
            }
        }
        let (most_waiting, most_dropped) = keep_waiting(&mut slacks, keep_above, most_cut);
        if most_dropped > 0 {
            ranking.dropped(3 * n - u64::from(most_dropped));
        }
        ranking.most_waiting = ranking.most_waiting.max(most_waiting);
        ranking.marked.push((guesses, slacks));
    }

    /// Each guess's slack at `set`: its distinct replies, plus one if it is a candidate.
    pub(in crate::optimal) fn mark_in_blocks(&self, guesses: &[Code], set: &[Code]) -> Vec<u8> {
        let mut slacks = Vec::with_capacity(guesses.len());
        let _: ControlFlow<()> = self.mark_block_by_block(guesses, set, |block, marked| {
            match marked {
                Marked::InOrder(marked) => slacks.extend_from_slice(marked),
                Marked::ByCode { .. } => slacks.extend(marked.of(block).map(|(_, slack)| slack)),
            }
            ControlFlow::Continue(())
        });
        slacks
    }

    /// The guesses whose bound by their marks alone, `3n − slack`, is below `bound`: those a
    /// one-step bound of `bound` must still count. Filtered block by block as they are
    /// marked, since most are ruled out.
    pub(in crate::optimal) fn marked_below(
        &self,
        guesses: &[Code],
        set: &[Code],
        bound: u64,
    ) -> Vec<Code> {
        let Some(most_ruled_out) = (3 * set.len() as u64).checked_sub(bound) else {
            // Every guess's bound by its marks is below.
            return guesses.to_vec();
        };
        let Ok(most_ruled_out) = u8::try_from(most_ruled_out) else {
            // No slack is that large.
            return Vec::new();
        };
        let mut kept = Vec::new();
        let _: ControlFlow<()> = self.mark_block_by_block(guesses, set, |block, marked| {
            match marked {
                Marked::InOrder(marked) => {
                    for (guesses, slacks) in block
                        .chunks(MARKS_SCANNED)
                        .zip(marked.chunks(MARKS_SCANNED))
                    {
                        // The usual stretch keeps none, and its greatest slack says so in a
                        // few vector instructions.
                        if slacks.iter().fold(0, |most, &slack| most.max(slack)) > most_ruled_out {
                            kept.extend(
                                guesses
                                    .iter()
                                    .zip(slacks)
                                    .filter(|&(_, &slack)| slack > most_ruled_out)
                                    .map(|(&guess, _)| guess),
                            );
                        }
                    }
                }
                Marked::ByCode { .. } => kept.extend(
                    marked
                        .of(block)
                        .filter(|&(_, slack)| slack > most_ruled_out)
                        .map(|(guess, _)| guess),
                ),
            }
            ControlFlow::Continue(())
        });
        kept
    }

    /// Marks `guesses` (in numeric order) at `set` a block at a time, handing each block with
    /// its slacks, in order, to `marked`, until it breaks. Every reply number must be below
    /// [`REPLIES_MARKED`].
    pub(in crate::optimal) fn mark_block_by_block<B>(
        &self,
        guesses: &[Code],
        set: &[Code],
        mut marked: impl FnMut(&[Code], Marked<'_>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let rows = self.reply_rows(set);
        let solved = usize::from(self.replies.all_black());
        let replies = self.replies.replies();
        let codes = self.replies.codes();
        let mut done = 0;
        while let Some(first) = guesses.get(done) {
            let unscored = &guesses[done..];
            // Where the guesses are dense, copy a stretch of each row and mark every code in
            // it, using the listed ones only: cheaper than gathering them one by one.
            let start = first.index();
            let width = BLOCK.min(codes - start);
            // At most `width` guesses lie in the stretch, and they come first.
            let in_stretch = unscored[..width.min(unscored.len())]
                .partition_point(|guess| guess.index() < start + width);
            let stretch = stretch_pays(in_stretch, width, replies);
            let block = &unscored[..if stretch {
                in_stretch
            } else {
                BLOCK.min(unscored.len())
            }];
            let columns = if stretch {
                Columns::Stretch(start..start + width)
            } else {
                Columns::listed(block)
            };
            // Every slack is written once, block by block, rather than into a list zeroed
            // first.
            let mut slack = [0u8; BLOCK];
            mark_replies(&rows, &columns, solved, replies, &mut slack);
            marked(
                block,
                if stretch && block.len() < width {
                    Marked::ByCode {
                        slacks: &slack[..width],
                        start,
                    }
                } else {
                    Marked::InOrder(&slack[..block.len()])
                },
            )?;
            done += block.len();
        }
        ControlFlow::Continue(())
    }

    /// Scores one guess at a time, leaving it out as soon as its bound reaches the limit: for
    /// large sets, and games too large for the table. Counting the all-black class like any
    /// other, a candidate joining a class of `c` codes raises the sum of class bounds by
    /// `1 + excess(c)`, where `excess(c) = least(c + 1) − least(c) − 1`; the all-black class
    /// gives back its 1 at the end. So after any prefix the bound is at least
    /// `2n − 1 + excess so far`.
    fn score_one_by_one(
        &self,
        set: &[Code],
        guesses: &[Code],
        budget: Budget,
        ranking: &mut Ranking<'_>,
    ) {
        let n = set.len() as u64;
        let excess = self.bounds.excess(budget.after_guess());
        let allowance = (u64::from(ranking.limit) + 1).saturating_sub(2 * n);
        let mut counts = vec![0u32; self.replies.replies()];
        let solved = usize::from(self.replies.all_black());
        let secrets = self.replies.secrets(set);
        for &guess in guesses {
            counts.fill(0);
            let mut extra = 0u64;
            let scored = self.replies.try_replies(guess, &secrets, |reply| {
                let count = &mut counts[usize::from(reply)];
                extra += u64::from(excess[*count as usize]);
                *count += 1;
                match extra >= allowance {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                }
            });
            if scored.is_break() {
                ranking.dropped(2 * n - 1 + allowance);
                continue;
            }
            let candidate = counts[solved] > 0;
            ranking.scored(Counted {
                guess,
                bound: 2 * n + extra - u64::from(candidate),
                candidate,
                uniform: counts.iter().any(|&c| c as usize == set.len()),
            });
        }
    }
}

/// The places of `slacks` (at most 64 of them) that hold `slack`, as bits of a word: each
/// eight slacks are read as one word, in which a byte equal to `slack` is found without a
/// branch.
fn members_of(slacks: &[u8], slack: u8) -> u64 {
    const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    debug_assert!(slacks.len() <= 64, "a word has a bit for each slack");
    let spread = u64::from(slack) * 0x0101_0101_0101_0101;
    slacks.chunks(8).enumerate().fold(0, |members, (k, eight)| {
        let mut word = [0u8; 8];
        word[..eight.len()].copy_from_slice(eight);
        let differ = u64::from_le_bytes(word) ^ spread;
        // The high bit of each byte of `differ` that is zero, and of no other.
        let zero = !(((differ & LOW_BITS) + LOW_BITS) | differ | LOW_BITS);
        // Gathers the eight high bits into the top byte, in order.
        let found = (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let within = found & ((1 << eight.len()) - 1);
        members | within << (8 * k)
    })
}

fn clamp(total: u64) -> u32 {
    u32::try_from(total).unwrap_or(INFEASIBLE)
}

#[cfg(test)]
pub(in crate::optimal) mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;
    use crate::optimal::options::OptimalOptions;
    use crate::optimal::search::context::Capacity;
    use crate::optimal::search::root::Root;
    use mastermind_strategy::NoProgress;
    use mastermind_strategy::Situation;

    proptest! {
        /// The members found as bits are those a plain loop finds.
        #[test]
        fn members_are_the_slacks_equal_to_the_one_sought(
            slacks in prop::collection::vec(any::<u8>(), 0..=MARKS_SCANNED),
            sought in any::<u8>(),
            near in any::<bool>(),
        ) {
            // Slacks near the one sought too, so that most words hold some.
            let slacks: Vec<u8> = match near {
                true => slacks.iter().map(|&slack| sought.wrapping_add(slack % 3)).collect(),
                false => slacks,
            };
            let plain = slacks
                .iter()
                .enumerate()
                .fold(0u64, |bits, (i, &slack)| bits | u64::from(slack == sought) << i);
            prop_assert_eq!(members_of(&slacks, sought), plain);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// A probe stopped short of the guesses that are not candidates gives a lower bound,
        /// and carried on from there it finds what a whole probe finds.
        #[test]
        fn a_probe_in_two_stages_finds_what_a_whole_probe_finds(
            picks in prop::collection::btree_set(0u32..625, 2..=40),
            limit in 4u32..160,
        ) {
            with_rankings(picks, limit, |search, rank| {
                let whole = rank().least(search, limit);
                let mut staged = rank();
                let short = staged.least_among_marked(search, limit);
                let carried = staged.least(search, limit);
                if whole < limit {
                    prop_assert!(short <= whole, "{short} undercuts no bound of {whole}");
                    prop_assert_eq!(carried, whole);
                } else {
                    prop_assert!(carried >= limit);
                }
                Ok(())
            })?;
        }

        /// A probe counts only as much of a group as its least bound needs; the guesses it
        /// left uncounted are still handed out after, in the same order as by a ranking
        /// never probed.
        #[test]
        fn a_probe_leaves_every_guess_to_be_handed_out(
            picks in prop::collection::btree_set(0u32..625, 2..=120),
            limit in 4u32..400,
        ) {
            with_rankings(picks, limit, |search, rank| {
                let fresh = rank().into_sorted(search);
                let mut probed = rank();
                probed.least_among_marked(search, limit);
                probed.least(search, limit);
                prop_assert_eq!(probed.into_sorted(search), fresh);
                Ok(())
            })?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// A guess counted alone gets the bound the vector counter gives it in a block.
        #[test]
        fn counting_one_guess_matches_counting_a_block(
            picks in prop::collection::btree_set(0u32..625, 3..=255),
            guesses in prop::collection::vec(0u32..625, 1..=40),
            cap in prop::option::of(2usize..=6),
        ) {
            let set: Vec<Code> = picks.into_iter().map(Code).collect();
            let guesses: Vec<Code> = guesses.into_iter().map(Code).collect();
            with_search(cap, |search, budget| {
                let mut in_block = Vec::new();
                search.counter(&set, budget).score(&guesses, |counted| in_block.push(counted));
                for (&guess, block) in guesses.iter().zip(&in_block) {
                    let alone = search.count_one(&set, budget, guess);
                    prop_assert_eq!(
                        (alone.guess, alone.bound, alone.candidate, alone.uniform),
                        (block.guess, block.bound, block.candidate, block.uniform)
                    );
                }
                Ok(())
            })?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The guesses kept as they are marked are those whose slacks, marked in full, bound
        /// them below the bound asked for: guesses dense (marked by stretches of the
        /// codebook) and sparse, bounds from none kept to all.
        #[test]
        fn marking_below_a_bound_keeps_what_the_slacks_keep(
            picks in prop::collection::btree_set(0u32..625, 2..=120),
            guesses in prop::collection::btree_set(0u32..625, 1..=625),
            under in 0u64..30,
        ) {
            let set: Vec<Code> = picks.into_iter().map(Code).collect();
            let guesses: Vec<Code> = guesses.into_iter().map(Code).collect();
            with_search(None, |search, _| {
                let n = set.len() as u64;
                // Slacks are at most 15 in this game: bounds from above `3n` (all kept) down
                // to where none is.
                let bound = (3 * n + 3).saturating_sub(under);
                let slacks = search.mark_in_blocks(&guesses, &set);
                let plain: Vec<Code> = guesses
                    .iter()
                    .zip(slacks)
                    .filter(|&(_, slack)| 3 * n - u64::from(slack) < bound)
                    .map(|(&guess, _)| guess)
                    .collect();
                prop_assert_eq!(search.marked_below(&guesses, &set, bound), plain);
                Ok(())
            })?;
        }
    }

    /// Runs `check` on the uncapped search of [`with_search`], with a way to rank the set of
    /// the codes `picks` against `limit` afresh.
    fn with_rankings(
        picks: BTreeSet<u32>,
        limit: u32,
        check: impl for<'s> FnOnce(
            &'s Search<'s>,
            &dyn Fn() -> Ranking<'s>,
        ) -> Result<(), TestCaseError>,
    ) -> Result<(), TestCaseError> {
        let set: Vec<Code> = picks.into_iter().map(Code).collect();
        with_search(None, |search, budget| {
            let symmetry = Symmetry::Trivial;
            check(search, &|| search.rank(&set, budget, limit, &symmetry))
        })
    }

    /// Runs `check` on the search of 4×5 with repetition, capped at `cap` guesses.
    pub(in crate::optimal) fn with_search(
        cap: Option<usize>,
        check: impl FnOnce(&Search<'_>, Budget) -> Result<(), TestCaseError>,
    ) -> Result<(), TestCaseError> {
        let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).expect("a game"));
        let options = OptimalOptions {
            max_guesses: cap,
            consistent_only: false,
        };
        let start = Situation::start(&scorer);
        let root = Root::with_capacity(&scorer, &options, &start, &NoProgress, Capacity::full())
            .expect("a budget");
        check(&root.search, root.budget)
    }
}
