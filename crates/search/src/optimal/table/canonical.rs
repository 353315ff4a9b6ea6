//! The canonical form of a candidate set: the least image of the set (as a sorted list of code indices) over
//! the renamings that order pegs and colours by their counts: pegs by how many codes have each
//! colour there, colours by how many codes have them at each peg. Only renamings within runs of
//! equal counts are tried, and a set with too many of them has no canonical form here.

use std::cell::RefCell;
use std::ops::Range;

use mastermind_certificate::Renaming;
use mastermind_core::{Code, Codebook, MAX_PEGS};

/// A set whose runs of equal counts allow more renamings than this is not put in canonical
/// form: trying them would cost more than the search it could save (BENCHMARKS.md, "The
/// code's tuning").
const MOST_RENAMINGS: usize = 4;

/// The prover tries more renamings: each set it finds a form for may cite a fact instead of
/// being proven again, and it meets far fewer sets than the search: more renamings make
/// smaller certificates in the same time, up to this many (BENCHMARKS.md, "The code's
/// tuning").
const MOST_RENAMINGS_PROVEN: usize = 720;

/// The least image of `set` over the renamings described in the module's documentation, or
/// `None` when there are too many to try.
pub(in crate::optimal) fn canonical_form(book: &Codebook, set: &[Code]) -> Option<Vec<Code>> {
    SCRATCH.with(|scratch| {
        scratch
            .borrow_mut()
            .canonical_form(book, set, MOST_RENAMINGS)
    })
}

/// [`canonical_form`], trying up to [`MOST_RENAMINGS_PROVEN`] renamings, with the renaming
/// that takes `set` to it.
pub(in crate::optimal) fn canonical_renaming(
    book: &Codebook,
    set: &[Code],
) -> Option<(Vec<Code>, Renaming)> {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let form = scratch.canonical_form(book, set, MOST_RENAMINGS_PROVEN)?;
        Some((form, scratch.best_renaming()))
    })
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
    peg_order: Vec<usize>,
    peg_runs: Vec<Range<usize>>,
    order: Vec<usize>,
    present: Vec<usize>,
    colour_runs: Vec<Range<usize>>,
    naming: Vec<usize>,
    /// The image under the renaming being tried, and the least image so far.
    image: CodeBits,
    best: CodeBits,
    /// The renaming of the least image so far: its order of pegs and its colours' labels.
    best_order: Vec<usize>,
    best_label: Vec<u8>,
}

impl Scratch {
    fn canonical_form(&mut self, book: &Codebook, set: &[Code], most: usize) -> Option<Vec<Code>> {
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
        self.peg_order.clear();
        self.peg_order.extend(0..pegs);
        self.peg_order.sort_by(|&a, &b| column(b).cmp(column(a)));
        runs(&self.peg_order, &mut self.peg_runs, |a, b| {
            column(a) == column(b)
        });
        let peg_orders = orders(&self.peg_runs, most)?;
        // With repetition a code's index is its colours read as digits.
        let places: Option<Vec<u32>> = game.repetition().then(|| {
            (0..pegs)
                .map(|i| (colours as u32).pow((pegs - 1 - i) as u32))
                .collect()
        });
        self.image.clear(book.len());
        self.best.clear(book.len());
        let mut tried = 0;
        for peg_order in 0..peg_orders {
            nth_order(&self.peg_order, &self.peg_runs, peg_order, &mut self.order);
            self.rows.clear();
            for colour in 0..colours {
                let counts = &self.counts;
                self.rows
                    .extend(self.order.iter().map(|&peg| counts[colour * pegs + peg]));
            }
            let row = |colour: usize| &self.rows[colour * pegs..(colour + 1) * pegs];
            self.present.clear();
            self.present
                .extend((0..colours).filter(|&c| row(c).iter().any(|&n| n > 0)));
            self.present.sort_by(|&a, &b| row(b).cmp(row(a)));
            runs(&self.present, &mut self.colour_runs, |a, b| {
                row(a) == row(b)
            });
            let namings = orders(&self.colour_runs, most - tried)?;
            for naming in 0..namings {
                tried += 1;
                nth_order(&self.present, &self.colour_runs, naming, &mut self.naming);
                self.label.clear();
                self.label.resize(colours, 0);
                for (new, &old) in self.naming.iter().enumerate() {
                    self.label[old] = new as u8;
                }
                self.image.empty();
                let mut renamed = [0u8; MAX_PEGS as usize];
                for &code in set {
                    let old = book.colours_of(code);
                    let index = match &places {
                        Some(places) => Code(
                            self.order
                                .iter()
                                .zip(places)
                                .map(|(&peg, &place)| {
                                    u32::from(self.label[usize::from(old[peg])]) * place
                                })
                                .sum(),
                        ),
                        None => {
                            for (new_peg, &old_peg) in self.order.iter().enumerate() {
                                renamed[new_peg] = self.label[usize::from(old[old_peg])];
                            }
                            book.index_of(&renamed[..pegs])?
                        }
                    };
                    self.image.insert(index);
                }
                if self.best.is_empty() || self.image.precedes(&self.best) {
                    std::mem::swap(&mut self.image, &mut self.best);
                    self.best_order.clone_from(&self.order);
                    self.best_label.clone_from(&self.label);
                }
            }
        }
        Some(self.best.codes(set.len()))
    }

    /// The renaming that gave the least image, its colours made whole: those the set lacks,
    /// which it left unlabelled, take the labels after the set's own, in order.
    fn best_renaming(&self) -> Renaming {
        let present = self.naming.len();
        let mut colours = self.best_label.clone();
        let mut next = present as u8;
        for (colour, label) in colours.iter_mut().enumerate() {
            if !self.naming.contains(&colour) {
                *label = next;
                next += 1;
            }
        }
        Renaming {
            pegs: self.best_order.iter().map(|&peg| peg as u8).collect(),
            colours,
        }
    }
}

/// A set of codes as bits of their indices, and the span of words its codes touched: a
/// renamed set is put in order by setting its bits, where sorting it took a sixth of the
/// canonical form's time.
#[derive(Default)]
struct CodeBits {
    words: Vec<u64>,
    /// Words `touched` may hold bits; every other word is 0.
    touched: Range<usize>,
}

impl CodeBits {
    /// Empties the set, with room for the codes of a game of `codes` codes.
    fn clear(&mut self, codes: usize) {
        self.empty();
        self.words.resize(codes.div_ceil(64), 0);
    }

    fn empty(&mut self) {
        self.words[self.touched.clone()].fill(0);
        self.touched = 0..0;
    }

    fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }

    fn insert(&mut self, code: Code) {
        let word = code.index() / 64;
        self.words[word] |= 1 << (code.index() % 64);
        self.touched = if self.touched.is_empty() {
            word..word + 1
        } else {
            self.touched.start.min(word)..self.touched.end.max(word + 1)
        };
    }

    /// Whether this set comes before `other`, a set of as many codes, as sorted lists: the
    /// least code in one and not the other is in the one that comes first.
    fn precedes(&self, other: &CodeBits) -> bool {
        let from = self.touched.start.min(other.touched.start);
        let to = self.touched.end.max(other.touched.end);
        (from..to)
            .find_map(|word| {
                let differ = self.words[word] ^ other.words[word];
                (differ != 0).then(|| self.words[word] & differ & differ.wrapping_neg() != 0)
            })
            .unwrap_or(false)
    }

    /// The set's `len` codes, in numeric order.
    fn codes(&self, len: usize) -> Vec<Code> {
        let mut codes = Vec::with_capacity(len);
        for word in self.touched.clone() {
            let mut bits = self.words[word];
            while bits != 0 {
                codes.push(Code((word * 64) as u32 + bits.trailing_zeros()));
                bits &= bits - 1;
            }
        }
        codes
    }
}

/// Fills `runs` with the runs of equal neighbours in `items`, as index ranges.
fn runs(items: &[usize], runs: &mut Vec<Range<usize>>, equal: impl Fn(usize, usize) -> bool) {
    runs.clear();
    let mut start = 0;
    for at in 1..=items.len() {
        if at == items.len() || !equal(items[start], items[at]) {
            runs.push(start..at);
            start = at;
        }
    }
}

/// How many reorderings within `runs` there are, or `None` if more than `most`.
fn orders(runs: &[Range<usize>], most: usize) -> Option<usize> {
    let count = runs
        .iter()
        .flat_map(|run| 1..=run.len())
        .fold(1usize, usize::saturating_mul);
    (count <= most).then_some(count)
}

/// Writes into `order` the reordering numbered `k` (below [`orders`]'s count) of `items`
/// within its `runs`: `k` read in mixed radix, a permutation of each run in turn.
fn nth_order(items: &[usize], runs: &[Range<usize>], mut k: usize, order: &mut Vec<usize>) {
    order.clear();
    order.extend_from_slice(items);
    for run in runs {
        // Each place of the run takes one of the elements left, by a digit of `k`.
        for place in run.clone() {
            let left = run.end - place;
            let pick = k % left;
            k /= left;
            order[place..=place + pick].rotate_right(1);
        }
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

    proptest! {
        /// Two sets of as many codes, as bits, come in the order of their sorted lists.
        #[test]
        fn bits_order_sets_as_sorted_lists(
            (a, b) in (1usize..40).prop_flat_map(|len| (
                prop::collection::btree_set(0u32..300, len),
                prop::collection::btree_set(0u32..300, len),
            )),
        ) {
            let bits = |set: &std::collections::BTreeSet<u32>| {
                let mut bits = CodeBits::default();
                bits.clear(300);
                for &index in set {
                    bits.insert(Code(index));
                }
                bits
            };
            let (a_bits, b_bits) = (bits(&a), bits(&b));
            let (a, b): (Vec<Code>, Vec<Code>) =
                (a.into_iter().map(Code).collect(), b.into_iter().map(Code).collect());
            prop_assert_eq!(a_bits.precedes(&b_bits), a < b);
            prop_assert_eq!(a_bits.codes(a.len()), a);
        }
    }

    /// The numbered reorderings within runs are every one of them, each once.
    #[test]
    fn numbered_orders_are_every_reordering_within_the_runs() {
        let items = [7, 3, 5, 1, 9, 4];
        let runs = [0..1, 1..4, 4..6];
        let count = orders(&runs, usize::MAX).unwrap();
        assert_eq!(count, 6 * 2);
        assert_eq!(orders(&runs, count - 1), None);
        let mut seen = std::collections::HashSet::new();
        let mut order = Vec::new();
        for k in 0..count {
            nth_order(&items, &runs, k, &mut order);
            for run in &runs {
                let mut within = order[run.clone()].to_vec();
                let mut original = items[run.clone()].to_vec();
                within.sort_unstable();
                original.sort_unstable();
                assert_eq!(within, original, "order {k} keeps run {run:?}");
            }
            assert!(seen.insert(order.clone()), "order {k} is new");
        }
        nth_order(&items, &runs, 0, &mut order);
        assert_eq!(order, items, "the first order is the items' own");
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
