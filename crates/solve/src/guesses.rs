//! Which guesses a node tries, for the one-step strategies and the optimal search alike.
//! Besides the symmetry reduction, colours that no candidate has ("absent" colours) score
//! nothing wherever they stand, so guesses that differ only in them split the set alike: only
//! the one naming absent colours smallest first is kept. Each kept guess is the least code of
//! those it stands for, so the best guess by any rule that breaks ties by the least code is
//! always kept.

use std::borrow::Cow;
use std::sync::OnceLock;

use mastermind_core::{Code, Codebook};

use crate::symmetry::{OrbitLists, Symmetry};

/// Games with more colours than this filter absent colours afresh at every node instead of
/// keeping one list of guesses per set of absent colours.
const MOST_COLOURS_LISTED: usize = 12;

/// The colours of every code, as bit sets, to find the absent colours of a set quickly.
pub(crate) struct GuessPool {
    codes: Vec<Code>,
    colour_sets: Vec<u64>,
    repetition: bool,
    all_colours: u64,
    /// Every code that names absent colours smallest first, per set of absent colours,
    /// made when first needed.
    by_absent: Vec<OnceLock<Vec<Code>>>,
    orbits: OrbitLists,
}

impl GuessPool {
    pub(crate) fn new(book: &Codebook) -> GuessPool {
        let colour_sets = book
            .codes()
            .map(|code| book.colours_of(code).iter().fold(0, |set, &c| set | 1 << c))
            .collect();
        GuessPool {
            codes: book.codes().collect(),
            colour_sets,
            repetition: book.game().repetition(),
            all_colours: (1u64 << book.game().colours()) - 1,
            by_absent: match book.game().colours() {
                colours if colours <= MOST_COLOURS_LISTED => {
                    (0..1usize << colours).map(|_| OnceLock::new()).collect()
                }
                _ => Vec::new(),
            },
            orbits: OrbitLists::new(),
        }
    }

    /// Every code, in numeric order.
    pub(crate) fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// The guesses to try at `set`: every code, or only the candidates if `consistent_only`,
    /// reduced by `symmetry` and by absent colours.
    pub(crate) fn for_set<'p>(
        &'p self,
        book: &Codebook,
        set: &'p [Code],
        symmetry: &'p Symmetry,
        consistent_only: bool,
    ) -> Cow<'p, [Code]> {
        let pool = if consistent_only { set } else { &self.codes };
        let present = set
            .iter()
            .fold(0, |colours, code| colours | self.colour_sets[code.index()]);
        let absent = self.all_colours & !present;
        let filter = |guesses: &[Code]| -> Vec<Code> {
            guesses
                .iter()
                .copied()
                .filter(|&guess| self.names_absent_first(book, guess, absent))
                .collect()
        };
        match (symmetry, self.by_absent.get(absent as usize)) {
            _ if absent == 0 => {
                symmetry.representatives(book, pool, !consistent_only, &self.orbits)
            }
            (Symmetry::Trivial, Some(listed)) if !consistent_only => {
                Cow::Borrowed(listed.get_or_init(|| filter(&self.codes)))
            }
            _ => Cow::Owned(filter(&symmetry.representatives(
                book,
                pool,
                !consistent_only,
                &self.orbits,
            ))),
        }
    }

    /// Whether `guess` is the least of the guesses that differ from it only in absent colours:
    /// with repetition all its absent pegs have the smallest absent colour; without, its
    /// absent colours are the smallest ones, in order of position.
    fn names_absent_first(&self, book: &Codebook, guess: Code, absent: u64) -> bool {
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
            let bit = 1u64 << colour;
            if absent & bit == 0 {
                return true;
            }
            let next = expected & expected.wrapping_neg();
            expected &= !next;
            bit == next
        })
    }
}
