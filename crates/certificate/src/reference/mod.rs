//! The reference checker: a second checker of the same certificates, written to be read in an
//! hour rather than to be fast. It shares with the fast checker only the file's constants,
//! the error type and the [`Game`](mastermind_core::Game) record; it scores codes itself
//! ([`rules`]), checks one fact after another on one thread, and keeps every fact in a plain
//! `HashMap` keyed by the set's codes. Its one rule, for a fact about the set a path leads to,
//! with a budget and a bound:
//!
//! 1. a bound of 0 holds, and so does any bound where no guess may be played (budget 0);
//! 2. an empty set holds no other bound;
//! 3. the size bound ([`rules::size_bound`]) proves the fact, or
//! 4. a renamed fact holds if an earlier fact about the set's image, with at least its budget,
//!    proves at least its bound; or
//! 5. every guess to check ([`rules::guesses`]: one per orbit of the transformations fixing
//!    the path's guesses, absent colours renamed, and only the set's codes for consistent-only
//!    play) costs at least the bound: the set's size, plus for each class other than
//!    all-black the larger of its size bound and the best earlier fact about exactly that
//!    class with at least one guess fewer; and where that falls short, its one-step bound
//!    ([`Checker::one_step`]): the least, over the guesses to check at the class, of its size
//!    plus its own classes' size bounds, which every strategy for it pays.

mod read;
pub(crate) mod rules;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Read;
use std::rc::Rc;

use mastermind_core::{Code, Codebook, Feedback};

use crate::{Bound, Bounds, CertificateError, Header, Step};
use read::{Input, RawFact, Record};
use rules::{guesses, size_bound, Codes, Symmetry};

/// What a certificate that the reference checker accepted proves.
pub struct ReferenceProven {
    facts: u64,
    checker: Checker,
}

impl Bounds for ReferenceProven {
    fn header(&self) -> Header {
        Header {
            game: self.checker.codes.game,
            consistent_only: self.checker.consistent_only,
        }
    }

    fn facts(&self) -> u64 {
        self.facts
    }

    fn bound_at(&self, path: &[Step], budget: Option<u8>) -> Bound {
        let steps: Vec<(u32, u8)> = path
            .iter()
            .map(|s| (s.guess.0, s.reply.index() as u8))
            .collect();
        let set = set_after(&self.checker.codes, &steps);
        let proven = self.checker.table.get(&set, budget);
        Bound::from_u32(proven.max(size_bound(set.len(), self.checker.fan_out, budget)))
    }
}

/// Checks a whole certificate (plain or gzip-compressed) with the reference checker.
pub fn check_reference(input: impl Read) -> Result<ReferenceProven, CertificateError> {
    check_reference_of(None, input)
}

/// [`check_reference`] of a certificate that must be about `header`'s game and play: one
/// about another is refused once its header is read.
pub fn check_reference_for(
    header: Header,
    input: impl Read,
) -> Result<ReferenceProven, CertificateError> {
    check_reference_of(Some(header), input)
}

fn check_reference_of(
    expected: Option<Header>,
    input: impl Read,
) -> Result<ReferenceProven, CertificateError> {
    let mut input = Input::open(input)?;
    if let Some(misfit) = expected.and_then(|expected| input.header.misfit(&expected)) {
        return Err(CertificateError::Misfit(misfit));
    }
    let codes = Codes::new(input.header.game);
    let mut checker = Checker {
        fan_out: codes.fan_out(),
        codes,
        consistent_only: input.header.consistent_only,
        table: Table::default(),
        one_step: RefCell::default(),
        symmetries: RefCell::default(),
    };
    let facts = loop {
        match input.record()? {
            Record::Fact(fact) => checker.check(input.facts - 1, fact)?,
            Record::Forget(depth) => checker.table.forget(depth),
            Record::End => break input.facts,
        }
    };
    Ok(ReferenceProven { facts, checker })
}

struct Checker {
    codes: Codes,
    fan_out: usize,
    consistent_only: bool,
    table: Table,
    /// The one-step bounds worked out so far, by set and budget.
    one_step: RefCell<OneStep>,
    /// The symmetry of each set of guesses met, worked out once: facts share their paths'
    /// guesses.
    symmetries: RefCell<HashMap<Vec<u32>, Rc<Symmetry>>>,
}

impl Checker {
    /// Checks the `index`-th fact against the facts before it, then records it unless the
    /// size bounds or an earlier fact prove as much (a later fact finds that there too).
    fn check(&mut self, index: u64, fact: RawFact) -> Result<(), CertificateError> {
        let (path, budget, bound, renaming) = fact;
        let (game, codes) = (self.codes.game, &self.codes);
        let at = || crate::check::describe_raw(&Codebook::new(game), &path);
        let is_permutation = |items: &[u8], count: usize| {
            items.len() == count && (0..count as u8).all(|i| items.contains(&i))
        };
        let misfit = renaming.as_ref().is_some_and(|(pegs, colours)| {
            !is_permutation(pegs, game.pegs()) || !is_permutation(colours, game.colours())
        });
        let stray = |&(guess, reply): &(u64, u8)| {
            let feedback = Feedback::from_index(reply);
            guess >= codes.list.len() as u64
                || reply == codes.all_black()
                || !game.is_feedback(feedback)
        };
        if misfit || path.iter().any(stray) {
            let message =
                "a guess or reply that leaves no game going, or a renaming that is not one".into();
            return Err(CertificateError::Malformed {
                index,
                at: at(),
                message,
            });
        }
        if bound == 0 {
            return Ok(());
        }
        let steps: Vec<(u32, u8)> = path
            .iter()
            .map(|&(guess, reply)| (guess as u32, reply))
            .collect();
        let set = set_after(codes, &steps);
        let n = set.len();
        let unproven = |message| CertificateError::Unproven {
            index,
            at: at(),
            message,
        };
        if n == 0 {
            return Err(unproven("no code fits its path".to_string()));
        }
        // A budget of 0 makes the size bound past every bound.
        if size_bound(n, self.fan_out, budget) >= bound || self.table.get(&set, budget) >= bound {
            return Ok(());
        }
        let held = if let Some((pegs, colours)) = &renaming {
            let mut image: Vec<u32> = set
                .iter()
                .map(|&code| {
                    let code = &codes.list[code as usize];
                    codes.number(
                        pegs.iter()
                            .map(|&from| colours[usize::from(code[usize::from(from)])]),
                    )
                })
                .collect();
            image.sort_unstable();
            match self.table.get(&image, budget) >= bound {
                true => Ok(()),
                false => Err("the facts before it do not prove its image's bound".into()),
            }
        } else {
            self.every_guess(&steps, &set, budget, bound)
        };
        held.map_err(unproven)?;
        self.table.insert(set, steps.len(), budget, bound);
        Ok(())
    }

    /// Whether every guess to check at `set` (after `steps`) costs at least `bound` within
    /// `budget`, or the first that falls short.
    fn every_guess(
        &self,
        steps: &[(u32, u8)],
        set: &[u32],
        budget: Option<u8>,
        bound: u32,
    ) -> Result<(), String> {
        let (codes, n) = (&self.codes, set.len());
        let child_budget = budget.map(|budget| budget - 1);
        let symmetry = self.symmetry(steps);
        // A guess that is not one of the set's codes puts all n of them in at most fan-out
        // classes, and a class of c codes costs at least 2c - 1: it costs at least 3n - fan-out.
        let own = self.consistent_only || 3 * n as u64 >= u64::from(bound) + self.fan_out as u64;
        let sized = |size: usize| u64::from(size_bound(size, self.fan_out, child_budget));
        // The classes by reply, all-black's left empty.
        let mut classes = vec![Vec::new(); usize::from(codes.all_black()) + 1];
        'guesses: for guess in guesses(codes, set, &symmetry, own) {
            classes.iter_mut().for_each(Vec::clear);
            // The set's size plus its classes' size bounds so far: each code yet to be scored
            // adds at least 1 more, but for the one the guess may find outright.
            let mut least = n as u64;
            for (scored, &code) in set.iter().enumerate() {
                let reply = codes.score(guess, code);
                if reply != codes.all_black() {
                    let class = &mut classes[usize::from(reply)];
                    class.push(code);
                    least += sized(class.len()) - sized(class.len() - 1);
                    if least + (n - scored - 1).saturating_sub(1) as u64 >= u64::from(bound) {
                        continue 'guesses;
                    }
                }
            }
            let mut cost = n as u32;
            for class in classes.iter().filter(|class| !class.is_empty()) {
                let proven = self.table.get(class, child_budget);
                cost = cost.saturating_add(proven.max(sized(class.len()) as u32));
            }
            if cost < bound {
                // Larger classes first, each settled in one step, until the bound is reached.
                let mut larger_first: Vec<&Vec<u32>> =
                    classes.iter().filter(|class| !class.is_empty()).collect();
                larger_first.sort_by_key(|class| std::cmp::Reverse(class.len()));
                for class in larger_first {
                    let proven = self.table.get(class, child_budget);
                    let known = proven.max(sized(class.len()) as u32);
                    let settled = self.one_step(class, child_budget);
                    cost = (cost - known).saturating_add(known.max(settled));
                    if cost >= bound {
                        break;
                    }
                }
            }
            if cost < bound {
                let guess = Codebook::new(codes.game).format(Code(guess));
                return Err(format!(
                    "guess {guess} costs {cost} by the rules and earlier facts"
                ));
            }
        }
        Ok(())
    }

    /// The transformations fixing every guess of `steps` (the same for any order of them).
    fn symmetry(&self, steps: &[(u32, u8)]) -> Rc<Symmetry> {
        let mut guesses: Vec<u32> = steps.iter().map(|step| step.0).collect();
        guesses.sort_unstable();
        guesses.dedup();
        let mut known = self.symmetries.borrow_mut();
        let symmetry = known
            .entry(guesses)
            .or_insert_with_key(|guesses| Rc::new(Symmetry::of(&self.codes, guesses)));
        Rc::clone(symmetry)
    }

    /// The one-step bound of `set` with `budget` left: the least, over every guess that may be
    /// played there, of the set's size plus the size bounds of the guess's classes, each guess
    /// split only until it reaches the least so far. A guess outside the set puts all n codes
    /// in at most fan-out classes, so it costs at least n plus their size bounds spread as
    /// evenly as they go (one more code never costs less than the one before): those guesses
    /// are split only when the set's own codes all cost more.
    fn one_step(&self, set: &[u32], budget: Option<u8>) -> u32 {
        let key = (set.to_vec(), budget);
        if let Some(&known) = self.one_step.borrow().get(&key) {
            return known;
        }
        let n = set.len();
        let least = match budget.map_or(Some(None), |budget| budget.checked_sub(1).map(Some)) {
            None => u32::MAX,
            Some(after) => {
                let sized = |size: usize| u64::from(size_bound(size, self.fan_out, after));
                let all_black = self.codes.all_black();
                let cost = |least: u64, &guess: &u32| {
                    let mut sizes = vec![0; usize::from(all_black) + 1];
                    let mut cost = n as u64;
                    for (scored, &code) in set.iter().enumerate() {
                        let reply = self.codes.score(guess, code);
                        if reply != all_black {
                            let size = &mut sizes[usize::from(reply)];
                            *size += 1;
                            cost += sized(*size) - sized(*size - 1);
                            if cost + (n - scored - 1).saturating_sub(1) as u64 >= least {
                                return least;
                            }
                        }
                    }
                    cost
                };
                let own = set.iter().fold(u64::from(u32::MAX), cost);
                let (each, larger) = (n / self.fan_out, n % self.fan_out);
                let spread =
                    larger as u64 * sized(each + 1) + (self.fan_out - larger) as u64 * sized(each);
                let outside = n as u64 + spread;
                let every: Vec<u32> = (0..self.codes.list.len() as u32).collect();
                match self.consistent_only || own <= outside {
                    true => own as u32,
                    false => every.iter().fold(own, cost) as u32,
                }
            }
        };
        self.one_step.borrow_mut().insert(key, least);
        least
    }
}

/// The reference checker's one-step bound of `set` (code numbers), for the settler's tests.
#[cfg(test)]
pub(crate) fn one_step(
    game: mastermind_core::Game,
    consistent_only: bool,
    set: &[u32],
    budget: Option<u8>,
) -> u32 {
    let codes = Codes::new(game);
    let checker = Checker {
        fan_out: codes.fan_out(),
        codes,
        consistent_only,
        table: Table::default(),
        one_step: RefCell::default(),
        symmetries: RefCell::default(),
    };
    checker.one_step(set, budget)
}

/// The codes that give each step's reply to its guess, in numeric order.
fn set_after(codes: &Codes, steps: &[(u32, u8)]) -> Vec<u32> {
    (0..codes.list.len() as u32)
        .filter(|&code| {
            steps
                .iter()
                .all(|&(guess, reply)| codes.score(guess, code) == reply)
        })
        .collect()
}

/// The one-step bound of each set with each budget (`None`: no cap) worked out so far.
type OneStep = HashMap<(Vec<u32>, Option<u8>), u32>;

/// For each set, what is proven of it for each budget (`None`: no cap).
#[derive(Default)]
struct Table(HashMap<Vec<u32>, Vec<Best>>);

/// A budget, the best bound proven with it, and the fewest steps of the facts proving it.
type Best = (Option<u8>, u32, usize);

impl Table {
    fn insert(&mut self, set: Vec<u32>, depth: usize, budget: Option<u8>, bound: u32) {
        let entries = self.0.entry(set).or_default();
        match entries.iter_mut().find(|entry| entry.0 == budget) {
            Some(entry) => *entry = (budget, entry.1.max(bound), entry.2.min(depth)),
            None => entries.push((budget, bound, depth)),
        }
    }

    /// The best bound for `set` proven with at least `budget` (no cap covers every budget).
    fn get(&self, set: &[u32], budget: Option<u8>) -> u32 {
        let covers = |proven: Option<u8>| proven.is_none() || budget.is_some() && proven >= budget;
        let entries = self
            .0
            .get(set)
            .into_iter()
            .flatten()
            .filter(|e| covers(e.0));
        entries.map(|e| e.1).max().unwrap_or(0)
    }

    /// Drops the bounds that no fact within `depth` steps of the start proved.
    fn forget(&mut self, depth: usize) {
        self.0.retain(|_, entries| {
            entries.retain(|entry| entry.2 <= depth);
            !entries.is_empty()
        });
    }
}
