//! Which guesses a node tries, for the one-step strategies and the optimal search alike.
//! Besides the symmetry reduction, colours that no candidate has ("absent" colours) score
//! nothing wherever they stand, so guesses that differ only in them split the set alike: only
//! the one naming absent colours smallest first is kept. Each kept guess is the least code of
//! those it stands for, so the best guess by any rule that breaks ties by the least code is
//! always kept.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, Mutex, OnceLock};

use mastermind_core::{Code, Codebook, ColourSet};

use crate::symmetry::{OrbitLists, Symmetry};

/// Games with more colours than this filter absent colours afresh at every node instead of
/// keeping one list of guesses per set of absent colours.
const MOST_COLOURS_LISTED: usize = 12;

/// The most codes the lists of guesses per symmetry and absent colours may hold in all
/// (16 MiB); past it, further lists are filtered afresh at each node.
const MOST_CODES_SHARED: usize = 1 << 22;

/// The guesses a node tries: a list the pool or the symmetry keeps, one shared by the nodes of
/// the same symmetry and absent colours, or one made for this node alone.
pub enum Guesses<'p> {
    /// A list the pool or the symmetry keeps.
    Kept(&'p [Code]),
    /// A list shared by the nodes of the same symmetry and absent colours.
    Shared(Arc<[Code]>),
    /// A list made for this node alone.
    Made(Vec<Code>),
}

impl Deref for Guesses<'_> {
    type Target = [Code];

    fn deref(&self) -> &[Code] {
        match self {
            Guesses::Kept(codes) => codes,
            Guesses::Shared(codes) => codes,
            Guesses::Made(codes) => codes,
        }
    }
}

impl<'p> From<Cow<'p, [Code]>> for Guesses<'p> {
    fn from(codes: Cow<'p, [Code]>) -> Guesses<'p> {
        match codes {
            Cow::Borrowed(codes) => Guesses::Kept(codes),
            Cow::Owned(codes) => Guesses::Made(codes),
        }
    }
}

/// The candidates that are among `guesses` (both in numeric order), in numeric order. Each
/// is looked for from where the one before it was, by doubling steps and then halving them:
/// a node has far fewer candidates than guesses wherever it matters, and a search of the
/// whole list for each shows in the optimal search's profile.
pub fn candidates_among(guesses: &[Code], candidates: &[Code]) -> Vec<Code> {
    if let (Some(first), Some(last)) = (guesses.first(), guesses.last()) {
        // Deep nodes mostly try every code: a run of consecutive codes holds exactly the
        // candidates between its ends.
        if (last.0 - first.0) as usize + 1 == guesses.len() {
            return candidates
                .iter()
                .copied()
                .filter(|candidate| (first.0..=last.0).contains(&candidate.0))
                .collect();
        }
    }
    let mut rest = guesses;
    let mut among = Vec::with_capacity(candidates.len().min(guesses.len()));
    for &candidate in candidates {
        let mut step = 1;
        while step < rest.len() && rest[step] < candidate {
            step *= 2;
        }
        match rest[..rest.len().min(step + 1)].binary_search(&candidate) {
            Ok(at) => {
                among.push(candidate);
                rest = &rest[at + 1..];
            }
            Err(at) => rest = &rest[at..],
        }
    }
    among
}

/// The guesses of each symmetry's orbit list (named by where it is held) left by each set of
/// absent colours: deep nodes meet the same few again and again, and filtering a list costs a
/// pass over it.
#[derive(Default)]
struct SharedLists {
    lists: HashMap<(usize, ColourSet), Arc<[Code]>>,
    codes: usize,
}

/// The colours of every code, as bit sets, to find the absent colours of a set quickly.
pub struct GuessPool {
    codes: Vec<Code>,
    colour_sets: Vec<ColourSet>,
    repetition: bool,
    all_colours: ColourSet,
    /// Every code that names absent colours smallest first, per set of absent colours,
    /// made when first needed.
    by_absent: Vec<OnceLock<Vec<Code>>>,
    orbits: OrbitLists,
    shared: Mutex<SharedLists>,
}

impl GuessPool {
    /// The pool of `book`'s game, its lists made as they are first needed.
    pub fn new(book: &Codebook) -> GuessPool {
        let colour_sets = book
            .codes()
            .map(|code| book.colours_of(code).iter().fold(0, |set, &c| set | 1 << c))
            .collect();
        GuessPool {
            codes: book.codes().collect(),
            colour_sets,
            repetition: book.game().repetition(),
            all_colours: ColourSet::MAX >> (ColourSet::BITS as usize - book.game().colours()),
            by_absent: match book.game().colours() {
                colours if colours <= MOST_COLOURS_LISTED => {
                    (0..1usize << colours).map(|_| OnceLock::new()).collect()
                }
                _ => Vec::new(),
            },
            orbits: OrbitLists::new(),
            shared: Mutex::default(),
        }
    }

    /// Every code, in numeric order.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// The guesses to try at `set`: every code, or only the candidates if `consistent_only`,
    /// reduced by `symmetry` and by absent colours.
    pub fn for_set<'p>(
        &'p self,
        book: &Codebook,
        set: &'p [Code],
        symmetry: &'p Symmetry,
        consistent_only: bool,
    ) -> Guesses<'p> {
        let pool = if consistent_only { set } else { &self.codes };
        let absent = self.absent_colours(set);
        let filter = |guesses: &[Code]| self.naming_absent_first_among(book, guesses, absent);
        if absent == 0 {
            return symmetry
                .representatives(book, pool, !consistent_only, &self.orbits)
                .into();
        }
        if consistent_only {
            return Guesses::Made(filter(&symmetry.representatives(
                book,
                pool,
                false,
                &self.orbits,
            )));
        }
        match symmetry.orbit_leaders(book, &self.orbits) {
            None => self.naming_absent_first(book, set),
            Some(leaders) => self.shared(leaders, absent, filter),
        }
    }

    /// Every code but those that differ from a smaller one only in colours no code of `set`
    /// has: such codes split `set` alike, so these are all the guesses a search for the least
    /// guess that splits it some way needs to look at.
    pub fn naming_absent_first(&self, book: &Codebook, set: &[Code]) -> Guesses<'_> {
        let absent = self.absent_colours(set);
        if absent == 0 {
            return Guesses::Kept(&self.codes);
        }
        let filter = || self.naming_absent_first_among(book, &self.codes, absent);
        match self.by_absent.get(absent as usize) {
            Some(listed) => Guesses::Kept(listed.get_or_init(filter)),
            None => Guesses::Made(filter()),
        }
    }

    /// The colours no code of `set` has.
    pub fn absent_colours(&self, set: &[Code]) -> ColourSet {
        let present = set
            .iter()
            .fold(0, |colours, code| colours | self.colour_sets[code.index()]);
        self.all_colours & !present
    }

    /// The `guesses` that name the colours `absent` smallest first.
    fn naming_absent_first_among(
        &self,
        book: &Codebook,
        guesses: &[Code],
        absent: ColourSet,
    ) -> Vec<Code> {
        // Room for every guess at once: a filtered list grown as it goes is copied several
        // times over.
        let mut kept = Vec::with_capacity(guesses.len());
        kept.extend(
            guesses
                .iter()
                .copied()
                .filter(|&guess| self.names_absent_first(book, guess, absent)),
        );
        kept
    }

    /// The orbit leaders `leaders` left by the absent colours `absent`, filtered by `filter`
    /// the first time, and kept while there is room.
    fn shared(
        &self,
        leaders: &Arc<[Code]>,
        absent: ColourSet,
        filter: impl FnOnce(&[Code]) -> Vec<Code>,
    ) -> Guesses<'_> {
        let key = (Arc::as_ptr(leaders).cast::<Code>() as usize, absent);
        let lock = || {
            self.shared
                .lock()
                .expect("no thread panics holding the lists")
        };
        if let Some(list) = lock().lists.get(&key) {
            return Guesses::Shared(Arc::clone(list));
        }
        // Filtered outside the lock, so that other threads need not wait.
        let list = filter(leaders);
        let mut shared = lock();
        if shared.codes + list.len() > MOST_CODES_SHARED {
            return Guesses::Made(list);
        }
        shared.codes += list.len();
        let list = shared.lists.entry(key).or_insert_with(|| list.into());
        Guesses::Shared(Arc::clone(list))
    }

    /// The candidates among [`GuessPool::for_set`]'s guesses for `set` with `symmetry`: those
    /// that lead their orbit, since absent colours rule out no candidate (it has none).
    pub fn candidates_for(&self, book: &Codebook, set: &[Code], symmetry: &Symmetry) -> Vec<Code> {
        symmetry.leaders_among(book, set, &self.orbits)
    }

    /// Whether `guess` is the least of the guesses that differ from it only in absent colours:
    /// with repetition all its absent pegs have the smallest absent colour; without, its
    /// absent colours are the smallest ones, in order of position.
    fn names_absent_first(&self, book: &Codebook, guess: Code, absent: ColourSet) -> bool {
        let used = self.colour_sets[guess.index()] & absent;
        if used == 0 {
            return true;
        }
        let smallest = absent & absent.wrapping_neg();
        if self.repetition {
            return used == smallest;
        }
        let mut expected = absent;
        book.colours_of(guess).iter().all(|&colour| {
            let bit: ColourSet = 1 << colour;
            if absent & bit == 0 {
                return true;
            }
            let next = expected & expected.wrapping_neg();
            expected &= !next;
            bit == next
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The candidates found among the guesses are those a plain look at each finds.
        #[test]
        fn candidates_among_guesses_are_the_common_codes(
            guesses in prop::collection::btree_set(0u32..2000, 0..400),
            run in prop::option::of((0u32..2000, 0u32..500)),
            candidates in prop::collection::btree_set(0u32..2000, 0..400),
        ) {
            // Runs of consecutive codes take a shortcut of their own.
            let guesses: Vec<Code> = match run {
                Some((first, len)) => (first..first + len).map(Code).collect(),
                None => guesses.into_iter().map(Code).collect(),
            };
            let candidates: Vec<Code> = candidates.into_iter().map(Code).collect();
            let plain: Vec<Code> = candidates
                .iter()
                .copied()
                .filter(|candidate| guesses.contains(candidate))
                .collect();
            prop_assert_eq!(candidates_among(&guesses, &candidates), plain);
        }
    }
}
