//! The checker: reads a certificate fact by fact and checks each against the rules and the
//! facts before it (see the crate's documentation for the one rule it applies).

use std::io::Read;
use std::rc::Rc;

use mastermind_core::{Code, Codebook, Feedback, Scorer};
use rayon::prelude::*;

use crate::format::{unpacked, RawFact, Reader};
use crate::guesses::to_check;
use crate::rules::wins;
use crate::{
    fan_out, size_bound, size_bounds, spread_bound, Bound, CertificateError, Classes, FactTable,
    Header, Known, Step, Symmetries,
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

/// Reads and checks a whole certificate, plain or gzip-compressed.
pub fn check(input: impl Read) -> Result<Proven, CertificateError> {
    let mut reader = Reader::new(unpacked(input)?)?;
    let header = reader.header();
    let scorer = Scorer::new(header.game);
    let book = scorer.codebook().clone();
    let mut checker = Checker {
        fan_out: fan_out(&book),
        paths: Paths::new(&book, &scorer),
        book: &book,
        scorer: &scorer,
        consistent_only: header.consistent_only,
        table: FactTable::new(),
        classes: Classes::new(&scorer),
    };
    let mut index = 0u64;
    while let Some(raw) = reader.next_fact()? {
        checker.fact(index, raw)?;
        index += 1;
    }
    let Checker { fan_out, table, .. } = checker;
    Ok(Proven {
        header,
        book,
        fan_out,
        facts: index,
        table,
    })
}

struct Checker<'b> {
    book: &'b Codebook,
    scorer: &'b Scorer,
    fan_out: usize,
    consistent_only: bool,
    paths: Paths<'b>,
    table: FactTable,
    classes: Classes,
}

impl Checker<'_> {
    fn fact(&mut self, index: u64, raw: RawFact) -> Result<(), CertificateError> {
        let path = self.steps(index, &raw.path)?;
        let (budget, bound) = (raw.budget, raw.bound);
        let (set, symmetry) = self.paths.at(&path);
        let fail = |message: String| CertificateError::Unproven {
            index,
            at: describe(self.book, &path),
            message,
        };
        let n = set.len();
        if bound == 0 || budget == Some(0) && n > 0 {
            // Nothing to prove, or no guess may be played: no strategy at all.
        } else if n == 0 {
            return Err(fail(format!(
                "no code fits the path, so the set costs 0, not {bound}"
            )));
        } else if size_bound(n, self.fan_out, budget) < bound {
            let child_budget = budget.map(|b| b - 1);
            let bounds = size_bounds(n, self.fan_out, child_budget);
            // Only the set's own codes, when the rules rule out every other guess at once.
            let own_only = self.consistent_only
                || (n as u32).saturating_add(spread_bound(n, self.fan_out, child_budget)) >= bound;
            let guesses = to_check(self.book, set, &symmetry, own_only);
            let short = first_short(
                self.scorer,
                set,
                &guesses,
                Bounds {
                    sizes: &bounds,
                    budget: child_budget,
                    facts: &self.table,
                    bound,
                },
                &mut self.classes,
            );
            if let Some((guess, cost)) = short {
                return Err(fail(format!(
                    "guess {} costs at least {} by the rules and the facts before it, not {}{}",
                    self.book.format(guess),
                    show(cost),
                    show(bound),
                    budget.map_or(String::new(), |b| format!(" (with {b} guesses left)")),
                )));
            }
        }
        let set = set.to_vec();
        self.table.insert(&set, budget, bound);
        Ok(())
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

/// What a guess's classes are held to at one fact: the size bound of each class by its size,
/// the classes' budget, the facts before this one, and the fact's bound.
#[derive(Clone, Copy)]
struct Bounds<'a> {
    sizes: &'a [u32],
    budget: Option<u8>,
    facts: &'a FactTable,
    bound: u32,
}

/// Facts with fewer code × guess pairs than this are checked on one thread.
const PARALLEL_PAIRS: usize = 1 << 12;

/// The first of `guesses`, in their order, that costs less than the bound at `set`, with its
/// cost; on every thread when the fact is large (each with buffers of its own), since the
/// guesses are checked independently and the facts are only read.
fn first_short(
    scorer: &Scorer,
    set: &[Code],
    guesses: &[Code],
    bounds: Bounds<'_>,
    classes: &mut Classes,
) -> Option<(Code, u32)> {
    let short = |classes: &mut Classes, guess: Code| {
        let Bounds {
            sizes,
            budget,
            facts,
            bound,
        } = bounds;
        if classes.split_below(scorer, set, guess, sizes, bound)
            || classes.size_cost(sizes) >= bound
        {
            return None;
        }
        let cost = classes.cost(set, sizes, budget, facts);
        (cost < bound).then_some((guess, cost))
    };
    if set.len() * guesses.len() < PARALLEL_PAIRS {
        return guesses.iter().find_map(|&guess| short(classes, guess));
    }
    guesses
        .par_iter()
        .map_init(
            || Classes::new(scorer),
            |classes, &guess| short(classes, guess),
        )
        .find_first(Option::is_some)
        .flatten()
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

    /// The set `path` leads to, and its symmetry.
    fn at(&mut self, path: &[Step]) -> (&[Code], Rc<Known>) {
        let guesses: Vec<Code> = path.iter().map(|step| step.guess).collect();
        let symmetry = self.symmetries.of(self.book, &guesses);
        (self.sets.at(path), symmetry)
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
