//! Sets that are the same up to renaming pegs and colours have the same least total, so what
//! the transposition table learns of one also bounds the others: each lower bound, and each
//! exact total as a lower bound, is recorded under the set's canonical form as well, and a
//! set about to be searched, or a class about to be ranked, is looked up by its canonical form
//! first. Only bounds are shared:
//! the guess the search chooses is the least code that reaches the total, which a renaming
//! does not keep, so each set still finds its own guess.
//!
//! The canonical form is the least image of the set (as a sorted list of code indices) over
//! the renamings that order pegs and colours by their counts: pegs by how many codes have each
//! colour there, colours by how many codes have them at each peg. Only renamings within runs of
//! equal counts are tried, and a set with too many of them has no canonical form here.

use std::cell::RefCell;

use mastermind_core::{Code, Codebook, MAX_PEGS};

use super::budget::Budget;
use super::cache::Known;
use super::context::Search;

/// Smaller sets are searched in less time than their canonical form takes to find, often
/// enough (measured on 4×6 and 4×7: from 16 codes on, 4×6 took a quarter longer).
const SHARED_FROM: usize = 32;

/// A set whose runs of equal counts allow more renamings than this is not put in canonical
/// form: trying them would cost more than the search it could save (4×7 took 0.77 of the
/// time with 4, and no less with 16).
const MOST_RENAMINGS: usize = 4;

/// A set's canonical form as far as it is worked out: a class ranked before it is solved
/// hands the form it found on, so that it is not worked out twice.
pub(super) enum Renamed {
    NotYet,
    /// [`Search::canonical`]'s answer.
    Found(Option<Vec<Code>>),
}

impl Search<'_> {
    /// The canonical form of `set`, when it has one here and is not its own: the other name
    /// under which its bounds are shared.
    pub(super) fn canonical(&self, set: &[Code]) -> Option<Vec<Code>> {
        if set.len() < SHARED_FROM {
            return None;
        }
        canonical_form(self.scorer.codebook(), set).filter(|canonical| canonical != set)
    }

    /// [`Search::canonical`], unless `renamed` already holds its answer.
    pub(super) fn canonical_once(&self, set: &[Code], renamed: Renamed) -> Option<Vec<Code>> {
        match renamed {
            Renamed::NotYet => self.canonical(set),
            Renamed::Found(canonical) => canonical,
        }
    }

    /// The bound the table holds for the sets whose canonical form is `canonical` (0: none).
    pub(super) fn shared(&self, canonical: &[Code], budget: Budget) -> u32 {
        self.table
            .get(canonical, budget)
            .map_or(0, |known| known.at_least())
    }

    /// Shares what was learnt of a set, as a bound, with the sets of its canonical form.
    pub(super) fn share(&self, canonical: &[Code], budget: Budget, known: Known) {
        self.table
            .record(canonical, budget, Known::AtLeast(known.at_least()));
    }
}

/// The least image of `set` over the renamings described in the module's documentation, or
/// `None` when there are too many to try.
pub(super) fn canonical_form(book: &Codebook, set: &[Code]) -> Option<Vec<Code>> {
    SCRATCH.with(|scratch| scratch.borrow_mut().canonical_form(book, set))
}

thread_local! {
    /// The buffers of [`canonical_form`], kept between calls: it runs once per set searched.
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

#[derive(Default)]
struct Scratch {
    /// `counts[colour * pegs + peg]`: how many codes have `colour` at `peg`.
    counts: Vec<u32>,
    /// Each peg's counts, largest first, one run of `colours` per peg.
    columns: Vec<u32>,
    /// Each colour's counts in the order of pegs being tried, one run of `pegs` per colour.
    rows: Vec<u32>,
    label: Vec<u8>,
    image: Vec<Code>,
    best: Vec<Code>,
}

impl Scratch {
    fn canonical_form(&mut self, book: &Codebook, set: &[Code]) -> Option<Vec<Code>> {
        let game = book.game();
        let (pegs, colours) = (game.pegs(), game.colours());
        self.counts.clear();
        self.counts.resize(colours * pegs, 0);
        for &code in set {
            for (peg, &colour) in book.colours_of(code).iter().enumerate() {
                self.counts[usize::from(colour) * pegs + peg] += 1;
            }
        }
        self.columns.clear();
        for peg in 0..pegs {
            let start = self.columns.len();
            self.columns
                .extend((0..colours).map(|c| self.counts[c * pegs + peg]));
            self.columns[start..].sort_unstable_by(|a, b| b.cmp(a));
        }
        let column = |peg: usize| &self.columns[peg * colours..(peg + 1) * colours];
        let mut peg_order: Vec<usize> = (0..pegs).collect();
        peg_order.sort_by(|&a, &b| column(b).cmp(column(a)));
        let peg_runs = runs(&peg_order, |a, b| column(a) == column(b));
        // With repetition a code's index is its colours read as digits.
        let places: Option<Vec<u32>> = game.repetition().then(|| {
            (0..pegs)
                .map(|i| (colours as u32).pow((pegs - 1 - i) as u32))
                .collect()
        });
        let mut tried = 0;
        self.best.clear();
        for order in orders(&peg_order, &peg_runs, MOST_RENAMINGS)? {
            self.rows.clear();
            for colour in 0..colours {
                let counts = &self.counts;
                self.rows
                    .extend(order.iter().map(|&peg| counts[colour * pegs + peg]));
            }
            let row = |colour: usize| &self.rows[colour * pegs..(colour + 1) * pegs];
            let mut present: Vec<usize> = (0..colours)
                .filter(|&c| row(c).iter().any(|&n| n > 0))
                .collect();
            present.sort_by(|&a, &b| row(b).cmp(row(a)));
            let colour_runs = runs(&present, |a, b| row(a) == row(b));
            for naming in orders(&present, &colour_runs, MOST_RENAMINGS - tried)? {
                tried += 1;
                self.label.clear();
                self.label.resize(colours, 0);
                for (new, &old) in naming.iter().enumerate() {
                    self.label[old] = new as u8;
                }
                self.image.clear();
                let mut renamed = [0u8; MAX_PEGS as usize];
                for &code in set {
                    let old = book.colours_of(code);
                    let index = match &places {
                        Some(places) => Code(
                            order
                                .iter()
                                .zip(places)
                                .map(|(&peg, &place)| {
                                    u32::from(self.label[usize::from(old[peg])]) * place
                                })
                                .sum(),
                        ),
                        None => {
                            for (new_peg, &old_peg) in order.iter().enumerate() {
                                renamed[new_peg] = self.label[usize::from(old[old_peg])];
                            }
                            book.index_of(&renamed[..pegs])?
                        }
                    };
                    self.image.push(index);
                }
                self.image.sort_unstable();
                if self.best.is_empty() || self.image < self.best {
                    std::mem::swap(&mut self.image, &mut self.best);
                }
            }
        }
        Some(self.best.clone())
    }
}

/// The runs of equal neighbours in `items`, as index ranges.
fn runs(items: &[usize], equal: impl Fn(usize, usize) -> bool) -> Vec<std::ops::Range<usize>> {
    let mut runs = Vec::new();
    let mut start = 0;
    for at in 1..=items.len() {
        if at == items.len() || !equal(items[start], items[at]) {
            runs.push(start..at);
            start = at;
        }
    }
    runs
}

/// Every reordering of `items` within its `runs`, or `None` if there are more than `most`.
fn orders(
    items: &[usize],
    runs: &[std::ops::Range<usize>],
    most: usize,
) -> Option<Vec<Vec<usize>>> {
    let mut count = 1usize;
    for run in runs {
        for k in 1..=run.len() {
            count = count.saturating_mul(k);
        }
    }
    if count > most {
        return None;
    }
    let mut orders = vec![items.to_vec()];
    for run in runs.iter().filter(|run| run.len() > 1) {
        orders = orders
            .into_iter()
            .flat_map(|order| {
                permutations(&order[run.clone()])
                    .into_iter()
                    .map(move |part| {
                        let mut whole = order.clone();
                        whole[run.clone()].copy_from_slice(&part);
                        whole
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    Some(orders)
}

/// Every ordering of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    match items.split_first() {
        None => vec![Vec::new()],
        Some((&first, rest)) => permutations(rest)
            .into_iter()
            .flat_map(|tail| {
                (0..=tail.len()).map(move |at| {
                    let mut order = tail.clone();
                    order.insert(at, first);
                    order
                })
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game, Scorer};
    use proptest::prelude::*;

    use super::*;

    /// The codes of `game` that answer `guesses` (as text) the way `secret` does: a set the
    /// search meets.
    fn consistent(scorer: &Scorer, guesses: &[&str], secret: Code) -> Vec<Code> {
        let book = scorer.codebook();
        let guesses: Vec<Code> = guesses.iter().map(|g| book.parse(g).unwrap()).collect();
        book.codes()
            .filter(|&code| {
                guesses
                    .iter()
                    .all(|&g| scorer.feedback(g, code) == scorer.feedback(g, secret))
            })
            .collect()
    }

    /// `set` with its pegs reordered by `pegs` and its colours renamed by `colours`.
    fn renamed(book: &Codebook, set: &[Code], pegs: &[usize], colours: &[u8]) -> Vec<Code> {
        let mut image: Vec<Code> = set
            .iter()
            .map(|&code| {
                let old = book.colours_of(code);
                let new: Vec<u8> = pegs.iter().map(|&p| colours[usize::from(old[p])]).collect();
                book.index_of(&new).unwrap()
            })
            .collect();
        image.sort_unstable();
        image
    }

    fn games() -> Vec<Game> {
        vec![
            Game::new(4, 6, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(4, 8, false, FeedbackKind::BlackWhite).unwrap(),
            Game::new(5, 5, true, FeedbackKind::BlackOnly).unwrap(),
        ]
    }

    proptest! {
        /// A set and any renaming of its pegs and colours have the same canonical form (or
        /// neither has one), and the form is a renaming of the set: same size, and its own
        /// canonical form.
        #[test]
        fn renamings_share_one_canonical_form(
            game in 0..3usize,
            secret in 0..1000u32,
            pegs in Just((0..5usize).collect::<Vec<_>>()).prop_shuffle(),
            colours in Just((0..8u8).collect::<Vec<_>>()).prop_shuffle(),
        ) {
            let game = games()[game];
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let guesses: &[&str] = match (game.pegs(), game.repetition()) {
                (4, true) => &["1123", "3456"],
                (4, false) => &["1234", "3567"],
                _ => &["11223", "12345"],
            };
            let secret = Code(secret % book.len() as u32);
            let set = consistent(&scorer, &guesses[..1], secret);
            let pegs: Vec<usize> = pegs.into_iter().filter(|&p| p < game.pegs()).collect();
            let colours: Vec<u8> = colours.into_iter().filter(|&c| usize::from(c) < game.colours()).collect();
            let image = renamed(book, &set, &pegs, &colours);
            let form = canonical_form(book, &set);
            prop_assert_eq!(&form, &canonical_form(book, &image));
            if let Some(form) = form {
                prop_assert_eq!(form.len(), set.len());
                prop_assert_eq!(canonical_form(book, &form), Some(form));
            }
            let deeper = consistent(&scorer, guesses, secret);
            prop_assert_eq!(
                canonical_form(book, &deeper),
                canonical_form(book, &renamed(book, &deeper, &pegs, &colours))
            );
        }
    }

    /// Sets that no renaming maps onto each other have different forms: among the sets the
    /// search meets two guesses into 4×6, any two of the same size whose counts of colours
    /// by peg differ (as a multiset, which every renaming keeps).
    #[test]
    fn sets_that_are_not_renamings_differ() {
        let scorer = Scorer::new(Game::new(4, 6, true, FeedbackKind::BlackWhite).unwrap());
        let book = scorer.codebook();
        let mut seen: Vec<(Vec<u32>, Vec<Code>)> = Vec::new();
        let mut compared = 0;
        for secret in book.codes() {
            let set = consistent(&scorer, &["1123", "3456"], secret);
            let Some(form) = canonical_form(book, &set) else {
                continue;
            };
            let mut counts = vec![0u32; 6 * 4];
            for &code in &set {
                for (peg, &colour) in book.colours_of(code).iter().enumerate() {
                    counts[usize::from(colour) * 4 + peg] += 1;
                }
            }
            counts.sort_unstable();
            for (other_counts, other_form) in &seen {
                if other_form.len() == form.len() && *other_counts != counts {
                    assert_ne!(*other_form, form);
                    compared += 1;
                }
            }
            if !seen.iter().any(|(_, other)| *other == form) {
                seen.push((counts, form));
            }
        }
        assert!(compared > 10, "only {compared} pairs compared");
    }
}
