//! The checker: reads a certificate fact by fact and checks each against the rules and the
//! facts before it (see the crate's documentation for the one rule it applies).

use std::cmp::Reverse;
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use mastermind_core::{Code, Codebook, Feedback, Scorer};
use rayon::prelude::*;

use crate::classes::Classes;
use crate::common_colours::CommonColours;
use crate::floor::short_of_floor;
use crate::format::{unpacked, Fact, RawFact, Reader, Record};
use crate::guesses::to_check;
use crate::rules::wins;
use crate::settle::Settler;
use crate::table::SetKeys;
use crate::{
    fan_out, size_bound, size_bounds, spread_bound, Bound, Bounds, CertificateError, FactTable,
    Header, Held, Known, Renaming, Step, Symmetries,
};

/// A certificate that checked: its game, and every bound it proves.
#[derive(Debug)]
pub struct Proven {
    header: Header,
    book: Codebook,
    fan_out: usize,
    facts: u64,
    table: FactTable,
}

impl Proven {
    /// The game and play the certificate is about.
    pub fn header(&self) -> Header {
        self.header
    }

    /// How many facts it holds.
    pub fn facts(&self) -> u64 {
        self.facts
    }

    /// The best lower bound it proves for the set `path` leads to, with `budget` guesses left
    /// there (`None`: no cap); at least the size bound, which needs no proof.
    pub fn bound_at(&self, path: &[Step], budget: Option<u8>) -> Bound {
        let set = set_after(&self.book, path);
        let proven = self.table.get(&set, budget);
        Bound::from_u32(proven.max(size_bound(set.len(), self.fan_out, budget)))
    }
}

impl Bounds for Proven {
    fn header(&self) -> Header {
        self.header
    }

    fn facts(&self) -> u64 {
        self.facts
    }

    fn bound_at(&self, path: &[Step], budget: Option<u8>) -> Bound {
        Proven::bound_at(self, path, budget)
    }
}

/// The checker reads replies from a table for games of up to this many pairs (5×8's 32768²,
/// 1 GiB): without one its floor cannot rule guesses out before splitting the set by them.
pub const CHECKED_TABLE_PAIRS: usize = 1 << 30;

/// Facts read (their sets rebuilt and recorded) before they are checked side by side.
const BATCH: usize = 1 << 14;
/// The most codes a batch's sets may hold between them (32 MB), so that the memory a check
/// takes follows from the facts it must keep rather than from the game's size times the
/// batch: a batch ends early at a fact that would take it past this.
const BATCH_CODES: usize = 1 << 23;

/// Reads and checks a whole certificate, plain or gzip-compressed.
///
/// Facts are read in batches: each fact's set is rebuilt from its path and recorded in file
/// order, and then the batch's facts are checked on every thread, each against the facts
/// recorded before it only. The first fact in file order that fails is the one reported,
/// whatever the number of threads.
///
/// A fact that the rules settle without a split (a bound of 0, no guess left, a bound the
/// set's size bound reaches) or that an earlier fact about its set already proves is read
/// and counted, never recorded or split: its cost is reading it and rebuilding its set from
/// the sets of the path before it, and it holds no memory once read.
pub fn check(input: impl Read) -> Result<Proven, CertificateError> {
    check_records(input, Expect::default())
}

/// [`check`] of a certificate that must be about `header`'s game and play: one about
/// another is refused ([`CertificateError::Misfit`]) once its header is read, before any of
/// its facts, so that a file naming a larger game costs nothing.
pub fn check_for(header: Header, input: impl Read) -> Result<Proven, CertificateError> {
    let expect = Expect {
        header: Some(header),
        ..Expect::default()
    };
    check_records(input, expect)
}

/// [`check`] with `scorer`, which must be for the certificate's game: a caller that checks
/// many certificates of one game makes its scorer (and the reply table) once. A certificate
/// of another game is refused before any of its facts.
pub fn check_with(scorer: &Scorer, input: impl Read) -> Result<Proven, CertificateError> {
    let expect = Expect {
        scorer: Some(scorer),
        ..Expect::default()
    };
    check_records(input, expect)
}

/// [`check_with`] on top of `given`: facts taken as proven before the certificate's first,
/// which its facts may cite as they cite each other. They are not checked: they are for a
/// caller that checked them itself, such as the facts about the first guess's classes of
/// certificates it checked earlier and remembers by their contents (`generate --bounds
/// --checked-proofs`). [`check`], [`check_for`] and `verify --certificate` take none. A
/// fact given with a renaming, or whose path leads to no code, is refused.
pub fn check_given(
    scorer: &Scorer,
    given: &[Fact],
    input: impl Read,
) -> Result<Proven, CertificateError> {
    let expect = Expect {
        scorer: Some(scorer),
        given,
        ..Expect::default()
    };
    check_records(input, expect)
}

/// Checks the facts of a certificate cut short, as a stop leaves a proof under way, that
/// must be about `header`'s game and play: every whole fact before the cut must hold, as in
/// [`check`], and the file may end anywhere (without its closing record, in the middle of a
/// fact, or of its compressed stream). Returns what the facts prove.
pub fn check_partial(header: Header, input: impl Read) -> Result<Proven, CertificateError> {
    let expect = Expect {
        header: Some(header),
        cut: true,
        ..Expect::default()
    };
    check_records(input, expect)
}

/// What a caller knows of a certificate before reading it.
#[derive(Default)]
struct Expect<'s> {
    /// The game and play it must be about.
    header: Option<Header>,
    /// The scorer to check it with, which fixes its game.
    scorer: Option<&'s Scorer>,
    /// Whether it may end anywhere, as a stopped proof does.
    cut: bool,
    /// Facts taken as proven before its first.
    given: &'s [Fact],
}

fn check_records(input: impl Read, expect: Expect<'_>) -> Result<Proven, CertificateError> {
    let mut reader = Reader::new(unpacked(input)?)?;
    let header = reader.header();
    let cut = expect.cut;
    if let Some(misfit) = expect.header.and_then(|expected| header.misfit(&expected)) {
        return Err(CertificateError::Misfit(misfit));
    }
    let made;
    let scorer = match expect.scorer {
        Some(scorer) if *scorer.game() == header.game => scorer,
        Some(scorer) => {
            return Err(CertificateError::Misfit(format!(
                "the certificate is for {}, not {}",
                header.game.describe(),
                scorer.game().describe()
            )))
        }
        None => {
            made = Scorer::with_table_up_to(header.game, CHECKED_TABLE_PAIRS);
            &made
        }
    };
    let book = scorer.codebook().clone();
    let rules = Rules {
        fan_out: fan_out(&book),
        book: &book,
        scorer,
        consistent_only: header.consistent_only,
        common: CommonColours::of(scorer.codebook()),
    };
    let mut paths = Paths::new(&book, scorer);
    let keys = SetKeys::default();
    let mut table = FactTable::with_keys(keys.clone());
    for fact in expect.given {
        let set = paths.sets.at(&fact.path);
        if fact.renaming.is_some() || set.is_empty() {
            return Err(CertificateError::Malformed {
                index: 0,
                at: describe(&book, &fact.path),
                message: "a fact given as proven must rest on its classes and be about codes"
                    .to_owned(),
            });
        }
        table.insert(set, fact.path.len(), fact.budget, fact.bound.as_u32());
    }
    table.settle();
    let mut index = 0u64;
    // One batch's room, kept from batch to batch: a batch that a forget record ends may hold
    // no fact at all, and a file may hold millions of those.
    let mut batch: Vec<ReadFact> = Vec::new();
    // Each thread's splits and one-step bounds, kept from batch to batch: the bounds follow
    // from the rules alone, and the same sets recur.
    let workers: Vec<Mutex<(Classes, Settler<'_>)>> = (0..rayon::current_num_threads())
        .map(|_| {
            let settler =
                Settler::new(scorer, rules.fan_out, rules.consistent_only).with_keys(keys.clone());
            Mutex::new((Classes::new(scorer), settler))
        })
        .collect();
    loop {
        batch.clear();
        // What ends the batch, when not its size: the end of the file, a forget record, or
        // a fact that cannot be read (reported once the facts before it are checked).
        let mut ended = false;
        let mut forget = None;
        let mut unreadable = None;
        let mut codes = 0;
        while batch.len() < BATCH && codes < BATCH_CODES {
            let record = match reader.next_record() {
                // Where a file may be cut, a record that cannot be read is where it ends.
                Err(
                    CertificateError::Truncated { .. }
                    | CertificateError::Io(_)
                    | CertificateError::Damaged(_),
                ) if cut => Ok(None),
                record => record,
            };
            let read = record.and_then(|record| match record {
                Some(Record::Fact(raw)) => rules.read(index, raw, &mut paths, &mut table),
                Some(Record::Forget(depth)) => {
                    forget = Some(depth);
                    Ok(Reading::End)
                }
                None => {
                    ended = true;
                    Ok(Reading::End)
                }
            });
            match read {
                Ok(Reading::Check(fact)) => {
                    codes += fact.set.len();
                    batch.push(fact);
                    index += 1;
                }
                Ok(Reading::Settled) => index += 1,
                Ok(Reading::End) => break,
                Err(error) => {
                    unreadable = Some(error);
                    break;
                }
            }
        }
        // The facts about the largest sets first, so that the batch does not end waiting on
        // one long check; a failure is reported as the first in the file's order all the same,
        // and once one is found no fact after it is checked.
        let mut order: Vec<usize> = (0..batch.len()).collect();
        order.sort_by_key(|&at| Reverse(batch[at].set.len()));
        let first_failure = AtomicUsize::new(usize::MAX);
        let failed = order
            .par_iter()
            .filter_map(|&at| {
                if at > first_failure.load(Ordering::Relaxed) {
                    return None;
                }
                // Only this thread takes its own: nothing in a check runs on the pool.
                let thread = rayon::current_thread_index().unwrap_or(0) % workers.len();
                let mut worker = workers[thread]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let (classes, settler) = &mut *worker;
                let checked = rules.check(&batch[at], &table, classes, settler);
                let error = checked.err()?;
                first_failure.fetch_min(at, Ordering::Relaxed);
                Some((at, error))
            })
            .min_by_key(|&(at, _)| at);
        if let Some((_, error)) = failed {
            return Err(error);
        }
        if let Some(error) = unreadable {
            return Err(error);
        }
        match forget {
            Some(depth) => {
                table.forget_deeper_than(depth);
            }
            // Every later fact comes after the whole batch: its facts need their places no
            // more.
            None => table.settle(),
        }
        if ended {
            break;
        }
    }
    let fan_out = rules.fan_out;
    Ok(Proven {
        header,
        book,
        fan_out,
        facts: index,
        table,
    })
}

/// The rules a fact is checked by: the game, its fan-out and its play.
struct Rules<'b> {
    book: &'b Codebook,
    scorer: &'b Scorer,
    fan_out: usize,
    consistent_only: bool,
    common: Option<Arc<CommonColours>>,
}

/// A fact read, with the set its path leads to and that path's symmetry.
struct ReadFact {
    index: u64,
    /// Its place in the table's order of recording: facts settled as they are read are not
    /// recorded, so it runs behind `index`.
    place: u64,
    path: Vec<Step>,
    set: Vec<Code>,
    symmetry: Arc<Known>,
    budget: Option<u8>,
    bound: u32,
    renaming: Option<Renaming>,
}

/// What reading a record came to.
enum Reading {
    /// A fact that needs its check, recorded in the table.
    Check(ReadFact),
    /// A fact that holds without a check: the rules settle it without a split, or a fact
    /// before it proves as much about its set. Every later fact that could cite it finds at
    /// least as much in the size bounds or in that earlier fact, so it is not recorded.
    Settled,
    /// The end of a batch: a forget record, or the end of the file.
    End,
}

impl Rules<'_> {
    /// The fact `raw`, the `index`-th of the file: settled as it is read where the size
    /// bounds or the facts of `table` prove it, and otherwise with its set rebuilt and
    /// recorded in `table`, to be checked.
    fn read(
        &self,
        index: u64,
        raw: RawFact,
        paths: &mut Paths<'_>,
        table: &mut FactTable,
    ) -> Result<Reading, CertificateError> {
        let path = self.steps(index, &raw.path)?;
        if let Some(misfit) = raw.renaming.as_ref().and_then(|r| r.misfit(self.book)) {
            return Err(CertificateError::Malformed {
                index,
                at: describe(self.book, &path),
                message: misfit,
            });
        }
        let (budget, bound) = (raw.budget, raw.bound);
        if bound == 0 {
            // Nothing to prove, so no set to build.
            return Ok(Reading::Settled);
        }
        let set = paths.sets.at(&path);
        if set.is_empty() {
            return Err(CertificateError::Unproven {
                index,
                at: describe(self.book, &path),
                message: format!("no code fits the path, so the set costs 0, not {bound}"),
            });
        }
        // No guess left (the size bound of a set is then past every bound), a bound the size
        // bound reaches, or one an earlier fact proves.
        if size_bound(set.len(), self.fan_out, budget) >= bound || table.get(set, budget) >= bound {
            return Ok(Reading::Settled);
        }
        let place = table.insert(set, path.len(), budget, bound);
        let set = set.to_vec();
        let symmetry = paths.symmetry(&path);
        Ok(Reading::Check(ReadFact {
            index,
            place,
            set,
            path,
            symmetry,
            budget,
            bound,
            renaming: raw.renaming,
        }))
    }

    /// Checks `fact` against the facts of `table` recorded before it, settling its guesses'
    /// classes in one step where those facts fall short.
    fn check(
        &self,
        fact: &ReadFact,
        table: &FactTable,
        classes: &mut Classes,
        settler: &mut Settler<'_>,
    ) -> Result<(), CertificateError> {
        let ReadFact {
            index,
            place,
            ref path,
            ref set,
            ref symmetry,
            budget,
            bound,
            ref renaming,
        } = *fact;
        let fail = |message: String| CertificateError::Unproven {
            index,
            at: describe(self.book, path),
            message,
        };
        // Reading settled the facts that the size bounds prove, so the set has codes and the
        // budget at least one guess.
        let n = set.len();
        if let Some(renaming) = renaming {
            let proven = table.get_before(&renaming.image(self.book, set), budget, place);
            return if proven >= bound {
                Ok(())
            } else {
                Err(fail(format!(
                    "its renaming leads to a set for which the facts before it prove {}, not {}",
                    show(proven),
                    show(bound)
                )))
            };
        }
        let child_budget = budget.map(|b| b - 1);
        let bounds = size_bounds(n, self.fan_out, child_budget);
        // Only the set's own codes, when the rules rule out every other guess at once.
        let own_only = self.consistent_only
            || (n as u32).saturating_add(spread_bound(n, self.fan_out, child_budget)) >= bound;
        let held = Held {
            sizes: &bounds,
            budget: child_budget,
            facts: table,
            before: place,
            bound,
        };
        let guesses = to_check(self.book, set, symmetry, own_only);
        let guesses = short_of_floor(self.scorer, self.common.as_deref(), set, &guesses, bound);
        // Facts only raise what the size bounds give, so a guess they rule out needs no split.
        let guesses = settler.short_by_size(set, guesses, &bounds, bound);
        let secrets = self.scorer.secrets(set);
        let path_guesses: Vec<Code> = path.iter().map(|step| step.guess).collect();
        let short = guesses.iter().find_map(|&guess| {
            if !classes.short_by_size(self.scorer, &secrets, guess, &bounds, bound) {
                return None;
            }
            let cost = settler.raise(&path_guesses, guess, set, classes, held);
            (cost < bound).then_some((guess, cost))
        });
        match short {
            None => Ok(()),
            Some((guess, cost)) => Err(fail(format!(
                "guess {} costs at least {} by the rules and the facts before it, not {}{}",
                self.book.format(guess),
                show(cost),
                show(bound),
                budget.map_or(String::new(), |b| format!(" (with {b} guesses left)")),
            ))),
        }
    }

    /// The raw path as steps of the game, or why it is not one.
    fn steps(&self, index: u64, raw: &[(u64, u8)]) -> Result<Vec<Step>, CertificateError> {
        let game = self.book.game();
        let mut steps = Vec::with_capacity(raw.len());
        for &(guess, reply) in raw {
            let malformed = |message: String| CertificateError::Malformed {
                index,
                at: describe(self.book, &steps),
                message,
            };
            if guess >= self.book.len() as u64 {
                return Err(malformed(format!(
                    "guess number {guess} is not a code of {} ({} codes)",
                    game.describe(),
                    self.book.len()
                )));
            }
            let reply = Feedback::from_index(reply);
            if !game.is_feedback(reply) || wins(self.book, reply) {
                return Err(malformed(format!(
                    "reply number {} is not a reply that leaves the game going",
                    reply.index()
                )));
            }
            steps.push(Step {
                guess: Code(guess as u32),
                reply,
            });
        }
        Ok(steps)
    }
}

/// The sets of the paths last checked, kept so that facts sharing a path's start rebuild
/// only the rest, and the symmetries of the paths met.
struct Paths<'b> {
    book: &'b Codebook,
    sets: PathSets<'b>,
    symmetries: Symmetries,
}

impl<'b> Paths<'b> {
    fn new(book: &'b Codebook, scorer: &'b Scorer) -> Paths<'b> {
        Paths {
            book,
            sets: PathSets::new(scorer),
            symmetries: Symmetries::new(),
        }
    }

    /// The symmetry of `path`.
    fn symmetry(&mut self, path: &[Step]) -> Arc<Known> {
        let guesses: Vec<Code> = path.iter().map(|step| step.guess).collect();
        self.symmetries.of(self.book, &guesses)
    }
}

/// The sets that paths lead to, for paths met one after another: the sets of the last path
/// are kept, so that a path sharing its start rebuilds only the rest.
pub struct PathSets<'b> {
    scorer: &'b Scorer,
    root: Vec<Code>,
    steps: Vec<Step>,
    sets: Vec<Vec<Code>>,
}

impl<'b> PathSets<'b> {
    /// No path met yet.
    pub fn new(scorer: &'b Scorer) -> PathSets<'b> {
        PathSets {
            scorer,
            root: scorer.codebook().codes().collect(),
            steps: Vec::new(),
            sets: Vec::new(),
        }
    }

    /// The codes that give every reply of `path` to its guess, in code order.
    pub fn at(&mut self, path: &[Step]) -> &[Code] {
        let common = self
            .steps
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        self.steps.truncate(common);
        self.sets.truncate(common);
        for &step in &path[common..] {
            let parent = self.sets.last().unwrap_or(&self.root);
            let child = parent
                .iter()
                .copied()
                .filter(|&code| self.scorer.feedback(step.guess, code) == step.reply)
                .collect();
            self.steps.push(step);
            self.sets.push(child);
        }
        self.sets.last().unwrap_or(&self.root)
    }
}

fn set_after(book: &Codebook, path: &[Step]) -> Vec<Code> {
    let mut set: Vec<Code> = book.codes().collect();
    for step in path {
        set.retain(|&code| book.score(step.guess, code) == step.reply);
    }
    set
}

/// A path as written (guess and reply numbers) as people read it; numbers that name no code
/// or reply of the game are shown as such.
pub(crate) fn describe_raw(book: &Codebook, path: &[(u64, u8)]) -> String {
    let steps: Vec<Step> = path
        .iter()
        .map(|&(guess, reply)| Step {
            guess: Code(u32::try_from(guess).unwrap_or(u32::MAX)),
            reply: Feedback::from_index(reply),
        })
        .collect();
    describe(book, &steps)
}

/// A path as people read it: `1123 1B0W, 3456 0B2W`, or `the start`.
fn describe(book: &Codebook, path: &[Step]) -> String {
    if path.is_empty() {
        return "the start".into();
    }
    let steps: Vec<String> = path
        .iter()
        .map(|step| {
            format!(
                "{} {}",
                book.format(step.guess),
                book.game().feedback_name(step.reply)
            )
        })
        .collect();
    steps.join(", ")
}

fn show(bound: u32) -> String {
    match bound {
        u32::MAX => "more than the budget allows".into(),
        bound => bound.to_string(),
    }
}
