//! One-step strategies: at every node, score each allowed guess by how it splits the
//! candidates ([`GuessScore`]), keep the best score, and break ties by a fixed rule. Knuth's
//! 1976 minimax is the best known: smallest largest class, then a candidate, then the first in
//! numeric order.
//!
//! Only the least code of each orbit of the symmetries that fix the history is scored, and of
//! codes that differ only in colours no candidate has, only the least: such codes split the
//! candidates alike and are all candidates or all not, so the least of the best of them is
//! exactly the guess a scan of every code would choose.

use std::cmp::Ordering;
use std::sync::atomic::{self, AtomicU64};

use mastermind_core::{Code, Scorer, Secrets};
use mastermind_tree::Node;
use rayon::prelude::*;

use crate::guesses::{candidates_among, GuessPool, Guesses};
use crate::progress::Progress;
use crate::score::{ClassSizes, GuessScore, Heuristic};
use crate::situation::Situation;
use crate::symmetry::Symmetry;

/// Nodes with fewer candidate × guess pairs than this score their guesses on one thread.
const PARALLEL_GUESS_WORK: usize = 1 << 17;

/// How guesses with equal scores are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TieBreak {
    /// A candidate before a non-candidate, then the first in numeric order (Knuth's rule).
    #[default]
    PreferCandidate,
    /// The first in numeric order, candidate or not.
    LowestCode,
}

/// A one-step strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OneStepOptions {
    /// How guesses are scored.
    pub heuristic: Heuristic,
    /// How guesses with equal scores are ordered.
    pub tie_break: TieBreak,
    /// Guess only codes still consistent with the replies so far.
    pub consistent_only: bool,
}

impl OneStepOptions {
    /// The heuristic with Knuth's tie-break, guessing any code.
    pub fn new(heuristic: Heuristic) -> OneStepOptions {
        OneStepOptions {
            heuristic,
            tie_break: TieBreak::PreferCandidate,
            consistent_only: false,
        }
    }
}

/// Builds Knuth's minimax tree for the scorer's game, exactly as his 1976 rule says.
pub fn knuth(scorer: &Scorer, progress: &dyn Progress) -> Node {
    one_step(scorer, &OneStepOptions::new(Heuristic::Minimax), progress)
}

/// Builds the whole tree of a one-step strategy.
pub fn one_step(scorer: &Scorer, options: &OneStepOptions, progress: &dyn Progress) -> Node {
    one_step_from(scorer, options, &Situation::start(scorer), progress)
}

/// Builds the tree a one-step strategy plays from `situation` on: the same choices it makes
/// in the whole tree wherever the situation occurs there, and its choices anywhere else.
pub fn one_step_from(
    scorer: &Scorer,
    options: &OneStepOptions,
    situation: &Situation,
    progress: &dyn Progress,
) -> Node {
    one_step_with(
        scorer,
        &options.heuristic,
        options.tie_break,
        options.consistent_only,
        situation,
        progress,
    )
}

/// Builds the tree that plays, at every node from `situation` on, the guess `rule` scores
/// lowest, ties broken by `tie_break`; with `consistent_only`, only codes that may still be
/// the secret are tried. With two candidates left and candidates preferred on ties, the
/// smaller candidate is played without scoring: no guess does better.
pub fn one_step_with(
    scorer: &Scorer,
    rule: &dyn GuessScore,
    tie_break: TieBreak,
    consistent_only: bool,
    situation: &Situation,
    progress: &dyn Progress,
) -> Node {
    let pool = GuessPool::new(scorer.codebook());
    let builder = Builder {
        scorer,
        rule,
        tie_break,
        consistent_only,
        pool: &pool,
        root_size: situation.candidates().len(),
        reduce: true,
        progress,
    };
    build(
        &builder,
        situation.candidates(),
        &situation.symmetry(scorer),
    )
}

/// What every node of one build shares.
struct Builder<'a> {
    scorer: &'a Scorer,
    rule: &'a dyn GuessScore,
    tie_break: TieBreak,
    consistent_only: bool,
    pool: &'a GuessPool,
    /// How many candidates the build starts from, to tell its root.
    root_size: usize,
    /// Whether guesses are reduced by symmetry and absent colours; without, every code is
    /// scored, the plain rule the reduction must agree with.
    reduce: bool,
    progress: &'a dyn Progress,
}

/// `candidates` are in numeric order (the root's are, and splitting keeps the order);
/// `symmetry` holds the transformations that fix every guess on the way here.
fn build(builder: &Builder<'_>, candidates: &[Code], symmetry: &Symmetry) -> Node {
    if let [only] = candidates {
        builder.progress.codes_settled(1);
        return Node::leaf(*only);
    }
    let guess = choose_guess(builder, candidates, symmetry);
    // Every child follows the same guess, so they share one group (and its orbits).
    let below = symmetry.after(builder.scorer.codebook(), guess);
    let all_black = builder.scorer.game().all_black();
    let classes = builder.scorer.split(guess, candidates).classes;
    if classes.iter().any(|(feedback, _)| *feedback == all_black) {
        builder.progress.codes_settled(1);
    }
    let children = classes
        .into_par_iter()
        .filter(|(feedback, _)| *feedback != all_black)
        .map(|(feedback, class)| (feedback, build(builder, &class, &below)))
        .collect();
    Node {
        guess,
        candidates: candidates.len() as u32,
        children,
    }
}

/// A guess's place in the order the strategy prefers: lower is better.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rank {
    /// The rule's score, lower is better.
    score: f64,
    /// Whether the tie-break puts this guess after candidates with the same score.
    deferred: bool,
    guess: Code,
}

impl Eq for Rank {}

impl Ord for Rank {
    fn cmp(&self, other: &Rank) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.deferred.cmp(&other.deferred))
            .then(self.guess.cmp(&other.guess))
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Rank) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn choose_guess(builder: &Builder<'_>, candidates: &[Code], symmetry: &Symmetry) -> Code {
    if candidates.len() == 2 && builder.tie_break == TieBreak::PreferCandidate {
        // Either candidate splits the pair perfectly and may win at once; the smaller wins.
        return candidates[0];
    }
    let consistent_only = builder.consistent_only;
    let book = builder.scorer.codebook();
    let guesses = match (builder.reduce, consistent_only) {
        (true, _) => builder
            .pool
            .for_set(book, candidates, symmetry, consistent_only),
        (false, true) => Guesses::Kept(candidates),
        (false, false) => Guesses::Kept(builder.pool.codes()),
    };
    let node = NodeScan::new(builder, candidates, guesses.len());
    let best = match builder.tie_break {
        // Candidates win ties, so scoring them first gives the others a bound they must beat,
        // and a candidate that splits as finely as any guess can ends the search unscanned.
        // Each group is scanned in numeric order, which is all the bounds rely on.
        TieBreak::PreferCandidate => {
            let first = candidates_among(&guesses, candidates);
            let best = node.scan(&first, Group::Candidates, None);
            let done =
                first.len() == guesses.len() || best.is_some_and(|best| node.is_unbeatable(best));
            match done {
                true => best,
                false => node.scan(&guesses, Group::Others, best),
            }
        }
        TieBreak::LowestCode => node.scan(&guesses, Group::Mixed, None),
    };
    if let Some(tally) = node.tally {
        tally.finish();
    }
    best.expect("every node has a guess to play").guess
}

/// Which guesses one scan scores, in numeric order: when candidates win ties, the candidates
/// and then the others, so that every guess that would win a tie with a guess of the scan
/// comes earlier in it or was scanned before it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Candidates,
    /// The guesses given that are not candidates (the candidates among them are skipped).
    Others,
    /// Candidates and others together, when ties go to the lowest code whatever it is.
    Mixed,
}

/// How many of the root's guesses have been scored, told to the progress as it grows.
struct RootTally<'p> {
    progress: &'p dyn Progress,
    scored: AtomicU64,
    total: u64,
}

impl<'p> RootTally<'p> {
    fn new(progress: &'p dyn Progress, total: usize) -> RootTally<'p> {
        RootTally {
            progress,
            scored: AtomicU64::new(0),
            total: total as u64,
        }
    }

    fn add(&self, guesses: usize) {
        if guesses > 0 {
            let guesses = guesses as u64;
            let done = self.scored.fetch_add(guesses, atomic::Ordering::Relaxed) + guesses;
            self.progress.root_guesses_scored(done, self.total);
        }
    }

    /// Counts the guesses a scan that ended early never needed to score.
    fn finish(&self) {
        self.add((self.total - self.scored.load(atomic::Ordering::Relaxed)) as usize);
    }
}

/// What the scans of one node share: the candidates as secrets, the best largest class found
/// so far on any thread, the root's tally, and the score no guess can beat.
struct NodeScan<'n, 'b> {
    builder: &'n Builder<'b>,
    secrets: Secrets<'n>,
    shared: SharedBest,
    tally: Option<RootTally<'n>>,
    /// Under a largest-class score, no guess leaves fewer than ⌈(n−1)/(r−1)⌉ of `n` candidates
    /// in its largest class, where r bounds the number of distinct replies; under other scores
    /// nothing is known, so nothing reaches it.
    unbeatable: f64,
}

impl<'n, 'b> NodeScan<'n, 'b> {
    fn new(builder: &'n Builder<'b>, candidates: &'n [Code], guesses: usize) -> NodeScan<'n, 'b> {
        let unbeatable = match builder.rule.is_largest_class() {
            true => {
                let replies = builder.scorer.game().notation_feedbacks().len() as u32;
                f64::from((candidates.len() as u32 - 1).div_ceil(replies - 1).max(1))
            }
            false => f64::NEG_INFINITY,
        };
        NodeScan {
            builder,
            secrets: builder.scorer.secrets(candidates),
            shared: SharedBest::default(),
            tally: (candidates.len() == builder.root_size)
                .then(|| RootTally::new(builder.progress, guesses)),
            unbeatable,
        }
    }

    /// Whether no guess scanned after `rank` can rank before it: none has a lower score, and
    /// one scanned later that reaches it too loses the tie (see [`Group`]).
    fn is_unbeatable(&self, rank: Rank) -> bool {
        rank.score <= self.unbeatable
    }

    /// The best-ranked of `guesses` and `best`, on every thread when the node is large; at the
    /// root, the guesses scored are told to the tally as they go.
    fn scan(&self, guesses: &[Code], group: Group, best: Option<Rank>) -> Option<Rank> {
        let candidates = self.secrets.codes();
        // The guesses of `chunk` that the scan scores: those of its group.
        let in_group = |chunk: &[Code]| match group {
            Group::Others => chunk
                .iter()
                .filter(|guess| candidates.binary_search(guess).is_err())
                .count(),
            Group::Candidates | Group::Mixed => chunk.len(),
        };
        let tally = self.tally.as_ref();
        if tally.is_none() && candidates.len() * guesses.len() < PARALLEL_GUESS_WORK {
            return self.best_of(guesses, group, best);
        }
        // At the root, one guess at a time, so that its progress can be told as it goes.
        let chunk = match tally {
            Some(_) => 1,
            None => guesses
                .len()
                .div_ceil(rayon::current_num_threads() * 4)
                .max(1),
        };
        guesses
            .par_chunks(chunk)
            .filter_map(|chunk| {
                let best = self.best_of(chunk, group, best);
                if let Some(tally) = tally {
                    tally.add(in_group(chunk));
                }
                best
            })
            .min()
            .or(best)
    }
    /// The best-ranked guess among `guesses` (of `group`, in numeric order) and `best`, the best of
    /// the guesses scanned before; under a largest-class score, scans of the node's other guesses
    /// share their best.
    fn best_of(&self, guesses: &[Code], group: Group, mut best: Option<Rank>) -> Option<Rank> {
        let (builder, secrets) = (self.builder, &self.secrets);
        let (scorer, rule) = (builder.scorer, builder.rule);
        let candidates = secrets.codes();
        let mut counts = vec![0u32; scorer.game().feedback_slots()];
        let prefer_candidates = builder.tie_break == TieBreak::PreferCandidate;
        let largest_class = rule.is_largest_class();
        let mut membership = Membership::new(candidates);
        let mut members = guesses.iter().filter_map(|&guess| {
            let is_candidate = match group {
                Group::Candidates => true,
                Group::Others if membership.contains(guess) => return None,
                Group::Others => false,
                Group::Mixed => membership.contains(guess),
            };
            Some((guess, is_candidate))
        });
        // Under a largest-class score the guesses go in batches that a screen weighs side by
        // side first, against the loosest bound any of them has: it drops only guesses the
        // bound drops, and the ones it keeps are scored in order as before.
        let mut batch = [(Code(0), false); Scorer::SCREEN_LANES];
        loop {
            let mut len = 0;
            for (slot, member) in batch.iter_mut().zip(&mut members) {
                *slot = member;
                len += 1;
            }
            let batch = &batch[..len];
            if batch.is_empty() {
                return best;
            }
            let kept = match largest_class {
                true => {
                    let mut codes = [Code(0); Scorer::SCREEN_LANES];
                    for (code, &(guess, _)) in codes.iter_mut().zip(batch) {
                        *code = guess;
                    }
                    // A guess's bound depends only on whether it is deferred: one look for
                    // each kind the batch holds.
                    let deferred =
                        |&(_, is_candidate): &(Code, bool)| prefer_candidates && !is_candidate;
                    let kinds = [
                        batch
                            .iter()
                            .any(|member| !deferred(member))
                            .then_some(false),
                        batch.iter().any(deferred).then_some(true),
                    ];
                    let loosest = kinds
                        .into_iter()
                        .flatten()
                        .map(|deferred| self.bound(best, deferred))
                        .max()
                        .unwrap_or(u32::MAX);
                    scorer.screen(&codes[..batch.len()], secrets, loosest)
                }
                false => u32::MAX,
            };
            for (lane, &(guess, is_candidate)) in batch.iter().enumerate() {
                if kept >> lane & 1 == 0 {
                    continue;
                }
                let deferred = prefer_candidates && !is_candidate;
                let Some(score) = self.score(guess, is_candidate, deferred, best, &mut counts)
                else {
                    continue;
                };
                let rank = Rank {
                    score,
                    deferred,
                    guess,
                };
                if best.is_none_or(|best| rank < best) {
                    best = Some(rank);
                    if self.is_unbeatable(rank) {
                        return best;
                    }
                }
            }
        }
    }

    /// `guess`'s score, or `None` if it cannot rank before `best` (under a largest-class
    /// score) or learns nothing; `counts` is room for its class sizes.
    fn score(
        &self,
        guess: Code,
        is_candidate: bool,
        deferred: bool,
        best: Option<Rank>,
        counts: &mut [u32],
    ) -> Option<f64> {
        let (scorer, rule) = (self.builder.scorer, self.builder.rule);
        if rule.is_largest_class() {
            let bound = self.bound(best, deferred);
            let largest = scorer.largest_class_within(guess, &self.secrets, counts, bound)?;
            self.shared.offer(largest, deferred);
            return Some(f64::from(largest));
        }
        scorer.class_sizes(guess, &self.secrets, counts);
        // A guess that leaves every candidate in one class learns nothing, and a score that
        // chose it would build the same node again forever. A candidate always learns
        // something (it may be the secret), so a guess remains.
        let candidates = self.secrets.codes().len();
        if !is_candidate && counts.iter().any(|&count| count as usize == candidates) {
            return None;
        }
        Some(rule.score(&ClassSizes::new(scorer.game(), counts, is_candidate)))
    }

    /// The largest class a guess may leave and still rank before `best`, the best so far here,
    /// and tie with the best of the node's other scans.
    fn bound(&self, best: Option<Rank>, deferred: bool) -> u32 {
        // A later guess beats the best so far only with a smaller largest class, or an equal
        // one if the tie-break puts it first.
        let bound = best.map_or(u32::MAX, |best| {
            let largest = best.score as u32;
            if best.deferred && !deferred {
                largest
            } else {
                largest - 1
            }
        });
        bound.min(self.shared.tie_within(deferred))
    }
}

/// The best largest-class score any scan of one node has found so far, as `2 × largest class +
/// deferred`, so that scans of other guesses side by side drop a guess as soon as its largest
/// class shows it cannot even tie. Ties are kept: the least guess wins them once all scans end.
struct SharedBest(AtomicU64);

impl Default for SharedBest {
    fn default() -> SharedBest {
        SharedBest(AtomicU64::new(u64::MAX))
    }
}

impl SharedBest {
    fn offer(&self, largest: u32, deferred: bool) {
        let key = 2 * u64::from(largest) + u64::from(deferred);
        self.0.fetch_min(key, atomic::Ordering::Relaxed);
    }

    /// The largest class a guess may have and still tie with the best found anywhere.
    fn tie_within(&self, deferred: bool) -> u32 {
        let key = self.0.load(atomic::Ordering::Relaxed);
        u32::try_from(key.saturating_sub(u64::from(deferred)) / 2).unwrap_or(u32::MAX)
    }
}

/// Whether guesses are candidates, for guesses asked in increasing order: a cursor that walks
/// the sorted candidates once, where a binary search per guess costs more than scoring most
/// guesses that the bound drops after a few candidates.
struct Membership<'c> {
    candidates: &'c [Code],
    /// Candidates before this index are less than the last guess asked about.
    next: usize,
}

impl<'c> Membership<'c> {
    fn new(candidates: &'c [Code]) -> Membership<'c> {
        Membership {
            candidates,
            next: 0,
        }
    }

    fn contains(&mut self, guess: Code) -> bool {
        if self.next > 0 && self.candidates[self.next - 1] >= guess {
            // Out of order: start again, so the answer holds whatever the order.
            self.next = 0;
        }
        while self.candidates.get(self.next).is_some_and(|&c| c < guess) {
            self.next += 1;
        }
        self.candidates.get(self.next) == Some(&guess)
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;
    use crate::progress::NoProgress;

    /// The tree built with guesses reduced by symmetry and absent colours, or with every code
    /// scored.
    fn build_with(scorer: &Scorer, options: &OneStepOptions, reduce: bool) -> Node {
        let all = scorer.all_codes();
        let pool = GuessPool::new(scorer.codebook());
        let builder = Builder {
            scorer,
            rule: &options.heuristic,
            tie_break: options.tie_break,
            consistent_only: options.consistent_only,
            pool: &pool,
            root_size: all.len(),
            reduce,
            progress: &NoProgress,
        };
        let symmetry = if reduce {
            Symmetry::full(scorer.codebook())
        } else {
            Symmetry::Trivial
        };
        build(&builder, &all, &symmetry)
    }

    #[test]
    fn membership_answers_in_any_order() {
        let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
        let all = scorer.all_codes();
        let candidates: Vec<Code> = all.iter().copied().step_by(3).collect();
        let mut membership = Membership::new(&candidates);
        for &guess in all
            .iter()
            .chain(all.iter().rev())
            .chain(all.iter().step_by(5))
        {
            assert_eq!(
                membership.contains(guess),
                candidates.contains(&guess),
                "{guess:?}"
            );
        }
    }

    #[test]
    fn reducing_the_guesses_changes_no_tree() {
        for (pegs, colours, repetition, feedback) in [
            (4, 6, true, FeedbackKind::BlackWhite),
            (3, 5, false, FeedbackKind::BlackWhite),
            (3, 4, true, FeedbackKind::BlackOnly),
            (4, 4, true, FeedbackKind::BlackOnly),
            (5, 3, true, FeedbackKind::BlackWhite),
        ] {
            let scorer = Scorer::new(Game::new(pegs, colours, repetition, feedback).unwrap());
            for options in every_option(Heuristic::ALL) {
                assert_eq!(
                    build_with(&scorer, &options, true),
                    build_with(&scorer, &options, false),
                    "{} {options:?}",
                    scorer.game().describe()
                );
            }
        }
    }

    /// Each of `heuristics` with either tie-break, guessing any code or only candidates.
    fn every_option(heuristics: impl IntoIterator<Item = Heuristic>) -> Vec<OneStepOptions> {
        let mut options = Vec::new();
        for heuristic in heuristics {
            for tie_break in [TieBreak::PreferCandidate, TieBreak::LowestCode] {
                for consistent_only in [false, true] {
                    options.push(OneStepOptions {
                        heuristic,
                        tie_break,
                        consistent_only,
                    });
                }
            }
        }
        options
    }

    #[test]
    fn screening_guesses_in_batches_changes_no_tree() {
        // Scorers without the table screen eight guesses at a time under a largest-class
        // score; the table's scorer weighs each guess alone.
        for (pegs, colours, repetition, feedback) in [
            (4, 6, true, FeedbackKind::BlackWhite),
            (4, 7, false, FeedbackKind::BlackWhite),
            (4, 5, true, FeedbackKind::BlackOnly),
            (5, 4, true, FeedbackKind::BlackWhite),
        ] {
            let game = Game::new(pegs, colours, repetition, feedback).unwrap();
            let (screened, alone) = (Scorer::for_one_pass(game), Scorer::new(game));
            let largest_class = Heuristic::ALL.into_iter().filter(|h| h.is_largest_class());
            for options in every_option(largest_class) {
                assert_eq!(
                    build_with(&screened, &options, true),
                    build_with(&alone, &options, true),
                    "{} {options:?}",
                    game.describe()
                );
            }
        }
    }
}
