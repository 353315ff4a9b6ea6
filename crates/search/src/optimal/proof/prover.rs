//! Certificates of the search's results: the facts, set by set, that let the independent
//! checker (`mastermind-certificate`) confirm that no strategy does better.
//!
//! The prover walks down from the claim. At each set it takes every guess the checker will
//! take (one per orbit of the checker's own symmetry rule) and adds up what the checker will
//! know of its classes: the size bound, a fact already written, or what the checker settles
//! of the class by itself in one step ([`OneStepBounds`]). Where that falls short of the
//! claim, it asks the search what the classes cost (against a limit, so only as much as the
//! gap needs) and proves those costs first, largest class first, until the guess is ruled
//! out. A set that is a renaming of one already proven (as the search's canonical forms
//! tell) gets a renamed fact instead, which cites that one ([`RenamedFacts`]). A set whose
//! every guess the size bounds of its classes rule out gets no fact at all, save the one the
//! claim is about: the checker settles such a class in one step itself. Facts are written
//! children first, so every fact cites only facts before it. The prover trusts the search
//! only to say where to look: a wrong answer from the search leaves a fact the prover cannot
//! complete, reported as a contradiction, and never a certificate that checks.

use std::io::{self, Write};
use std::sync::Arc;

use mastermind_certificate::{
    fan_out, size_bound, size_bounds, spread_bound, to_check, Bound, CertificateWriter, Classes,
    CommonColours, Fact, FactTable, Key, PathSets, Renaming, SetKeys, Step, Symmetries,
};
use mastermind_core::{Code, Codebook, Feedback, Scorer, Secrets};

use super::one_step_bounds::OneStepBounds;
use super::renamed_facts::{Filed, RenamedFacts};
use super::size_filter::short_by_size;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::search::context::{Search, Subproblem};
use crate::optimal::search::root::Root;
use mastermind_strategy::symmetry::Symmetry;

/// A claim's classes are proven side by side where its set's codes times the game's codes
/// (the guesses weighed against each set) reach this: smaller proofs are short, and proofs
/// side by side write some facts twice. A whole game splits from 2048 codes; a piece of
/// Super Mastermind, whose sets are weighed against 32 768 guesses, from 128, since its
/// proof on one thread took most of its piece's time (BENCHMARKS.md, "The code's tuning").
const LEAST_SPLIT_WORK: usize = 2048 * 2048;

/// A class proven side by side with others whose codes are fewer than this many times its
/// own has its own classes proven side by side too: proven on one thread, it would keep the
/// others waiting long after they are done (Bulls and Cows' start has one guess up to
/// symmetry, and one of its classes holds more than a quarter of the codes).
const DOMINANT: usize = 4;

/// Classes of fewer codes than this are never split further, however they dominate.
const LEAST_NESTED: usize = 1024;

/// A certificate that could not be written.
#[derive(Debug)]
pub enum CertifyError {
    /// The output failed.
    Io(io::Error),
    /// The situation to prove from is of another game than the scorer's.
    OtherGame(mastermind_strategy::OtherGame),
    /// The search's answers do not support the claim: at `at`, no way was found to rule out
    /// `guess`.
    Contradiction {
        /// The path to the set, as guesses and replies.
        at: String,
        /// The guess that could not be ruled out.
        guess: String,
        /// What the claim needed, and what was proven.
        needed: u32,
        /// The most that was proven for that guess.
        proven: u32,
    },
}

impl std::fmt::Display for CertifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CertifyError::Io(error) => write!(f, "the certificate could not be written: {error}"),
            CertifyError::OtherGame(error) => error.fmt(f),
            CertifyError::Contradiction {
                at,
                guess,
                needed,
                proven,
            } => write!(
                f,
                "the result cannot be proven: at {at}, guess {guess} was shown to need only \
                 {proven} guesses where the claim needs {}",
                if *needed == INFEASIBLE {
                    "more than the cap allows".to_string()
                } else {
                    needed.to_string()
                }
            ),
        }
    }
}

impl std::error::Error for CertifyError {}

impl From<io::Error> for CertifyError {
    fn from(error: io::Error) -> CertifyError {
        CertifyError::Io(error)
    }
}

/// Writes, into `out`, the facts that prove that `set` (reached by `path`) needs at least
/// `bound` guesses within the budget `root` was set up with (`INFEASIBLE`: no strategy fits),
/// using `root`'s search to find the classes' costs.
pub(in crate::optimal) fn prove<W: Write + Send>(
    root: &Root<'_>,
    path: &[Step],
    set: &[Code],
    bound: u32,
    out: &mut CertificateWriter<W>,
) -> Result<(), CertifyError> {
    Prover::new(&root.search, out).prove_at(path, set, root.budget, &root.symmetry, bound)
}

/// Where a prover's facts go: the certificate, or a list that a proof run beside others
/// hands back ([`tasks`](super::tasks)).
pub(in crate::optimal) trait FactSink {
    fn fact(&mut self, fact: &Fact) -> io::Result<()>;
}

impl<W: Write> FactSink for CertificateWriter<W> {
    fn fact(&mut self, fact: &Fact) -> io::Result<()> {
        CertificateWriter::fact(self, fact)
    }
}

impl FactSink for Vec<Fact> {
    fn fact(&mut self, fact: &Fact) -> io::Result<()> {
        self.push(fact.clone());
        Ok(())
    }
}

/// What a prover's facts prove, as the checker will look it up. The provers of one claim key
/// sets alike, so that a set is hashed once to be looked up in all their tables.
pub(super) struct Known {
    /// What the facts written so far prove.
    facts: FactTable,
    /// The same, and what the checker will settle in one step of the sets left without a
    /// fact: what it will know where a guess's classes need it.
    settled: FactTable,
    /// The facts, by the canonical forms of their sets.
    renamed: RenamedFacts,
}

impl Known {
    /// Nothing known yet, sets keyed by `keys`.
    fn with_keys(keys: &SetKeys) -> Known {
        Known {
            facts: FactTable::with_keys(keys.clone()),
            settled: FactTable::with_keys(keys.clone()),
            renamed: RenamedFacts::default(),
        }
    }

    /// Records that `set`, `depth` steps from the start, needs at least `bound` with `budget`
    /// left, as a fact states it.
    fn state(
        &mut self,
        book: &Codebook,
        set: &[Code],
        depth: usize,
        budget: Option<u8>,
        bound: u32,
    ) {
        let key = self.facts.key(set);
        self.facts.record_keyed(key, depth, budget, bound);
        self.settled.record_keyed(key, depth, budget, bound);
        if let Some(filed) = RenamedFacts::file(book, set, budget) {
            self.renamed.record(filed, bound);
        }
    }
}

/// A class to prove: one step down from the set of the claim, to at least `bound`.
pub(in crate::optimal) struct Task {
    pub(super) step: Step,
    pub(super) class: Vec<Code>,
    pub(super) budget: Budget,
    /// The search's symmetry of the class's path.
    pub(super) symmetry: Arc<Symmetry>,
    pub(super) bound: u32,
    /// Whether the class's own classes are proven side by side.
    pub(super) beside: bool,
}

/// Proves bounds one set after another into one certificate, each proof citing the facts
/// of the ones before.
pub(in crate::optimal) struct Prover<'p, 'a, S: FactSink> {
    pub(super) search: &'p Search<'a>,
    scorer: &'a Scorer,
    book: &'a Codebook,
    fan_out: usize,
    consistent_only: bool,
    /// What the provers this one runs beside others for had proven when they set out (the
    /// outermost first): read, never written.
    pub(super) bases: Vec<&'p Known>,
    /// What this prover's facts prove.
    pub(super) known: Known,
    pub(super) path: Vec<Step>,
    /// The checker's symmetries of the paths met.
    symmetries: Symmetries,
    classes: Classes,
    /// To leave out guesses whose colours alone rule them out.
    common: Option<Arc<CommonColours>>,
    /// The checker's one step, to rule guesses out as the checker will without a fact.
    pub(super) one_step: OneStepBounds<'a>,
    pub(super) out: &'p mut S,
}

impl<'p, 'a, S: FactSink + Send> Prover<'p, 'a, S> {
    /// A prover that asks `search` and writes to `out`.
    pub(in crate::optimal) fn new(search: &'p Search<'a>, out: &'p mut S) -> Self {
        let one_step = OneStepBounds::new(search.scorer(), search.consistent_only);
        Prover::on(search, Vec::new(), Vec::new(), one_step, out)
    }

    /// A prover that asks `search`, knows what `bases` prove, starts at `path` and writes to
    /// `out`, with `one_step`'s bounds.
    pub(super) fn on(
        search: &'p Search<'a>,
        bases: Vec<&'p Known>,
        path: Vec<Step>,
        one_step: OneStepBounds<'a>,
        out: &'p mut S,
    ) -> Self {
        let scorer = search.scorer();
        let book = scorer.codebook();
        Prover {
            search,
            scorer,
            book,
            fan_out: fan_out(book),
            consistent_only: search.consistent_only,
            bases,
            known: Known::with_keys(one_step.keys()),
            path,
            symmetries: Symmetries::new(),
            classes: Classes::new(scorer),
            common: CommonColours::of(book),
            one_step,
            out,
        }
    }

    /// Cites from now on facts already in the certificate (written by its caller, and
    /// unchecked: the checker checks them with the rest).
    pub(in crate::optimal) fn cite(&mut self, facts: &mut dyn Iterator<Item = Fact>) {
        let mut sets = PathSets::new(self.scorer);
        for fact in facts {
            let set = sets.at(&fact.path);
            let bound = fact.bound.as_u32();
            self.known
                .state(self.book, set, fact.path.len(), fact.budget, bound);
        }
    }

    /// Proves that `set`, reached by `path`, needs at least `bound` within `budget`, where
    /// `symmetry` is the search's symmetry of the path.
    pub(in crate::optimal) fn prove_at(
        &mut self,
        path: &[Step],
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        bound: u32,
    ) -> Result<(), CertifyError> {
        self.path = path.to_vec();
        let beside = set.len() * self.book.len() >= LEAST_SPLIT_WORK;
        self.prove(set, budget, symmetry, bound, true, beside)
    }

    /// The most the checker will take as proven of `set`, the whole game at its start, with
    /// one fact and nothing below it: the least, over the first guesses it checks, of the
    /// codes plus what it knows of each class (a fact cited or written, or the size bound) or
    /// settles of it in one step. [`u32::MAX`] when no guess leaves a strategy within
    /// `budget`.
    pub(in crate::optimal) fn known_at_start(&mut self, set: &[Code], budget: Budget) -> u32 {
        self.path.clear();
        let child = budget.after_guess().limit();
        let n = set.len() as u32;
        let bounds = size_bounds(set.len(), self.fan_out, child);
        let known = self.symmetries.of(self.book, &[]);
        let secrets = self.scorer.secrets(set);
        // Every guess in its orbit, not only the set's own codes: a superset of what the
        // checker takes, so it never finds a guess that costs less.
        let mut splits = Vec::new();
        for &guess in to_check(self.book, set, &known, self.consistent_only).iter() {
            // Stops early only where a class cannot fit the budget: no strategy then.
            if self
                .classes
                .split_below(self.scorer, &secrets, guess, &bounds, u32::MAX)
            {
                continue;
            }
            let classes = self.split_classes(set);
            let cost = classes.iter().fold(n, |cost, (_, class)| {
                let key = self.one_step.key(class);
                cost.saturating_add(self.known(class, key, child))
            });
            splits.push((cost, guess, classes));
        }
        // The one step costs a pass over every guess per class: only the guesses that could
        // still be the least are settled, cheapest first, each only as far as the least so far.
        splits.sort_by_key(|&(cost, guess, _)| (cost, guess));
        let mut least = u32::MAX;
        for (cost, guess, classes) in splits {
            if cost >= least {
                break;
            }
            if let Some(lower) = self.settle(&[guess], &classes, child, n, least) {
                least = lower
                    .iter()
                    .fold(n, |sum, &bound| sum.saturating_add(bound));
            }
        }
        least
    }
}

impl<S: FactSink + Send> Prover<'_, '_, S> {
    /// What the facts written so far state of `set` (filed under `key`) with `budget`, or its
    /// size bound.
    fn stated(&self, set: &[Code], key: Key, budget: Option<u8>) -> u32 {
        self.bound_in(|known| &known.facts, set.len(), key, budget)
    }

    /// What the checker will know of `set` (filed under `key`) with `budget` where a guess's
    /// classes need it, without a new fact: what is stated, or settled in one step.
    fn known(&self, set: &[Code], key: Key, budget: Option<u8>) -> u32 {
        self.bound_in(|known| &known.settled, set.len(), key, budget)
    }

    /// The best of what `table` holds of the set of `size` codes filed under `key` with
    /// `budget`, in this prover's facts and in those it runs beside others for, and its size
    /// bound.
    fn bound_in(
        &self,
        table: impl Fn(&Known) -> &FactTable,
        size: usize,
        key: Key,
        budget: Option<u8>,
    ) -> u32 {
        let base = self
            .bases
            .iter()
            .map(|base| table(base).get_keyed(key, budget));
        let base = base.max().unwrap_or(0);
        table(&self.known)
            .get_keyed(key, budget)
            .max(base)
            .max(size_bound(size, self.fan_out, budget))
    }

    /// A fact proven of a renaming of the set `filed` that shows at least `bound`: what it
    /// shows, and the renaming.
    fn renamed(&self, filed: &Filed, bound: u32) -> Option<(u32, Renaming)> {
        let own = self.known.renamed.proving(filed, bound);
        let mut bases = self.bases.iter();
        own.or_else(|| bases.find_map(|base| base.renamed.proving(filed, bound)))
    }

    /// Writes the facts that prove that `set` needs at least `bound` within `budget`: none if
    /// the facts so far do, a renamed fact if a renaming of it was proven, else a proof by its
    /// guesses (no fact where the checker settles the set in one step, unless `state`), its
    /// classes proven side by side if `beside`.
    fn prove(
        &mut self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        bound: u32,
        state: bool,
        beside: bool,
    ) -> Result<(), CertifyError> {
        let limit = budget.limit();
        let key = self.one_step.key(set);
        let known = match state {
            true => self.stated(set, key, limit),
            false => self.known(set, key, limit),
        };
        if known >= bound {
            return Ok(());
        }
        let filed = RenamedFacts::file(self.book, set, limit);
        if let Some((proven, renaming)) =
            filed.as_ref().and_then(|filed| self.renamed(filed, bound))
        {
            return self.write(set, limit, proven, Some(renaming));
        }
        let stated = self.prove_by_guesses(set, budget, symmetry, bound, state, beside)?;
        if let Some(filed) = filed.filter(|_| stated) {
            self.known.renamed.record(filed, bound);
        }
        Ok(())
    }

    /// Proves the bound for `set` by its guesses' classes: each guess the checker takes is
    /// ruled out by what is known of its classes, after those classes are proven. Returns
    /// whether it wrote a fact: not when the size bounds alone rule every guess out (unless
    /// `state`), since the checker then settles the set in one step. Where `beside` (the
    /// claim a proof sets out from, about a large set, or a class that dominates such a
    /// claim's), the classes are proven side by side ([`tasks`](super::tasks)).
    fn prove_by_guesses(
        &mut self,
        set: &[Code],
        budget: Budget,
        symmetry: &Symmetry,
        bound: u32,
        state: bool,
        beside: bool,
    ) -> Result<bool, CertifyError> {
        let limit = budget.limit();
        let child = budget.after_guess();
        let n = set.len() as u32;
        let bounds = size_bounds(set.len(), self.fan_out, child.limit());
        // As the checker does: only the set's own codes when every other guess is ruled out.
        let own_only = self.consistent_only
            || n.saturating_add(spread_bound(set.len(), self.fan_out, child.limit())) >= bound;
        let path_guesses: Vec<Code> = self.path.iter().map(|step| step.guess).collect();
        let known = self.symmetries.of(self.book, &path_guesses);
        let (guesses, counted) = short_by_size(
            self.search,
            self.common.as_deref(),
            set,
            to_check(self.book, set, &known, own_only),
            &bounds,
            bound,
        );
        let secrets = self.scorer.secrets(set);
        let settled = match counted {
            true => guesses.is_empty(),
            false => self.by_size_alone(&secrets, &guesses, &bounds, bound),
        };
        if settled && !state {
            self.known
                .settled
                .record(set, self.path.len(), limit, bound);
            return Ok(false);
        }
        let mut tasks = Vec::new();
        for &guess in guesses.iter() {
            // What the facts rule out, `settle` finds, with the classes' keys at hand.
            if !self
                .classes
                .short_by_size(self.scorer, &secrets, guess, &bounds, bound)
            {
                continue;
            }
            let classes = self.split_classes(set);
            let class_path: Vec<Code> = path_guesses.iter().copied().chain([guess]).collect();
            let Some(lower) = self.settle(&class_path, &classes, child.limit(), n, bound) else {
                continue;
            };
            let after = Arc::new(symmetry.after(self.book, guess));
            let targets = self.targets(n, &classes, &lower, child, &after, bound);
            let proofs = targets.map_err(|proven| self.contradiction(guess, bound, proven))?;
            for (i, target) in proofs {
                let (reply, class) = &classes[i];
                let task = Task {
                    step: Step {
                        guess,
                        reply: *reply,
                    },
                    class: class.clone(),
                    budget: child,
                    symmetry: Arc::clone(&after),
                    bound: target,
                    beside: false,
                };
                match beside {
                    true => tasks.push(task),
                    false => self.prove_task(&task)?,
                }
            }
        }
        let codes: usize = tasks.iter().map(|task| task.class.len()).sum();
        for task in &mut tasks {
            let size = task.class.len();
            task.beside = size >= LEAST_NESTED && size * DOMINANT >= codes;
        }
        self.prove_beside(&tasks)?;
        self.write(set, limit, bound, None)?;
        Ok(true)
    }

    /// The classes other than all-black of the split of `set` just made, with their replies.
    fn split_classes(&mut self, set: &[Code]) -> Vec<(Feedback, Vec<Code>)> {
        self.classes
            .classes(set)
            .map(|(reply, class)| (reply, class.to_vec()))
            .collect()
    }

    /// What each of `classes` (of a guess at a set of `n` codes, known to cost at least
    /// `lower`) must be proven to cost, as the search finds them, for the guess to reach
    /// `bound`: the classes that need a proof, largest first, with the bound each needs, each
    /// only as far as the others leave it short. `Err` with the most the search found if they
    /// fall short.
    fn targets(
        &self,
        n: u32,
        classes: &[(Feedback, Vec<Code>)],
        lower: &[u32],
        budget: Budget,
        after: &Symmetry,
        bound: u32,
    ) -> Result<Vec<(usize, u32)>, u32> {
        let mut sum = lower.iter().fold(n, |sum, &b| sum.saturating_add(b));
        let mut order: Vec<usize> = (0..classes.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(classes[i].1.len()));
        let mut targets = Vec::new();
        for i in order {
            if sum >= bound {
                break;
            }
            let want = lower[i].saturating_add(bound - sum);
            let problem = Subproblem {
                set: &classes[i].1,
                budget,
                symmetry: after,
                depth: self.path.len() + 1,
            };
            let target = self.search.solve(problem, want).min(want);
            if target > lower[i] {
                targets.push((i, target));
                sum = (sum - lower[i]).saturating_add(target);
            }
        }
        match sum >= bound {
            true => Ok(targets),
            false => Err(sum),
        }
    }

    /// Proves what `task` asks of its class, one step down this prover's path.
    pub(super) fn prove_task(&mut self, task: &Task) -> Result<(), CertifyError> {
        self.path.push(task.step);
        let (class, budget, symmetry) = (&task.class, task.budget, &task.symmetry);
        let proven = self.prove(class, budget, symmetry, task.bound, false, task.beside);
        self.path.pop();
        proven
    }

    /// What the checker will know of each of a guess's `classes` (of a set of `n` codes,
    /// reached by `path`, with `budget` left), short of `bound` by the facts and size bounds:
    /// the same with each class's one-step bound, as the checker's settler raises
    /// it. Classes without a fact come first, larger ones before smaller, as the checker
    /// takes them. `None` if the guess is then ruled out.
    fn settle(
        &mut self,
        path: &[Code],
        classes: &[(Feedback, Vec<Code>)],
        budget: Option<u8>,
        n: u32,
        bound: u32,
    ) -> Option<Vec<u32>> {
        let size = |class: &[Code]| size_bound(class.len(), self.fan_out, budget);
        let keys: Vec<Key> = classes
            .iter()
            .map(|(_, class)| self.one_step.key(class))
            .collect();
        let mut lower: Vec<u32> = classes
            .iter()
            .zip(&keys)
            .map(|((_, class), &key)| self.known(class, key, budget))
            .collect();
        // Where this prover runs beside others, what the facts of the one they run for
        // prove comes in here: the split only looked at this one's own.
        let mut cost = lower.iter().fold(n, |sum, &b| sum.saturating_add(b));
        let mut order: Vec<usize> = (0..classes.len()).collect();
        order.sort_by_key(|&i| {
            let class = &classes[i].1;
            (lower[i] > size(class), std::cmp::Reverse(class.len()))
        });
        for i in order {
            if cost >= bound {
                return None;
            }
            let class = &classes[i].1;
            let enough = bound - (cost - lower[i]);
            let settled = self
                .one_step
                .bound(self.search, path, class, keys[i], budget, enough);
            if settled >= enough {
                return None;
            }
            cost += settled.saturating_sub(lower[i]);
            lower[i] = lower[i].max(settled);
        }
        Some(lower)
    }

    /// Whether the size bounds of their classes (`bounds`, by size) alone rule out each of
    /// `guesses` at the set `secrets` against `bound`, as the checker's one step does.
    fn by_size_alone(
        &mut self,
        secrets: &Secrets<'_>,
        guesses: &[Code],
        bounds: &[u32],
        bound: u32,
    ) -> bool {
        guesses.iter().all(|&guess| {
            self.classes
                .split_below(self.scorer, secrets, guess, bounds, bound)
                || self.classes.size_cost(bounds) >= bound
        })
    }

    /// Writes the fact that `set` needs at least `bound` with `budget` left, renamed by
    /// `renaming` if it is a renamed fact, and remembers it.
    fn write(
        &mut self,
        set: &[Code],
        budget: Option<u8>,
        bound: u32,
        renaming: Option<Renaming>,
    ) -> Result<(), CertifyError> {
        let depth = self.path.len();
        let key = self.one_step.key(set);
        self.known.facts.record_keyed(key, depth, budget, bound);
        self.known.settled.record_keyed(key, depth, budget, bound);
        self.out.fact(&Fact {
            path: self.path.clone(),
            budget,
            bound: Bound::from_u32(bound),
            renaming,
        })?;
        Ok(())
    }

    fn contradiction(&self, guess: Code, needed: u32, proven: u32) -> CertifyError {
        let at = if self.path.is_empty() {
            "the start".to_string()
        } else {
            self.path
                .iter()
                .map(|step| {
                    format!(
                        "{} {}",
                        self.book.format(step.guess),
                        self.book.game().feedback_name(step.reply)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        CertifyError::Contradiction {
            at,
            guess: self.book.format(guess),
            needed,
            proven,
        }
    }
}
