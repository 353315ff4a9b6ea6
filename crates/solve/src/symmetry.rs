//! Koyama–Lai symmetry reduction, shared by the searches (the strategy builders here and the
//! static search). A transformation permutes the positions and the colours of
//! every code; it keeps replies unchanged, so one that maps every guess played so far to itself
//! maps the candidate set to itself, and guesses in one orbit of those transformations cost the
//! same. Only the least code of each orbit is tried. Colours never played yet are
//! interchangeable, which is what makes the root of 4×6 offer only 1111, 1112, 1122, 1123 and
//! 1234.

use std::borrow::Cow;
use std::sync::OnceLock;

use mastermind_core::{Code, Codebook, MAX_COLOURS, MAX_PEGS};

/// Games with more pegs than this only use colour symmetry: enumerating every position
/// permutation would cost more than it saves.
const MOST_PEGS_PERMUTED: usize = 7;

/// No colour assigned yet, in a colour map.
const UNMAPPED: u8 = u8::MAX;

/// The transformations that fix every guess of the history.
#[derive(Clone, Debug)]
pub enum Symmetry {
    /// Only the identity: every code is its own orbit.
    Trivial,
    Group {
        /// One entry per position permutation that some colour permutation completes.
        transforms: Vec<Transform>,
        /// Bit `c` is set when colour `c` occurs in some guess of the history.
        played: u64,
        /// The least code of each orbit, in numeric order, found when first needed: every node
        /// below the same guesses shares them, and often none needs them.
        representatives: OnceLock<Vec<Code>>,
    },
}

/// A position permutation with the colour map it forces on the played colours; unplayed colours
/// may be permuted freely among themselves. Opaque outside this module.
#[derive(Clone, Debug)]
pub struct Transform {
    /// Position `j` of the image takes the peg at `source[j]`.
    source: [u8; MAX_PEGS as usize],
    /// The image of each played colour.
    colour: [u8; MAX_COLOURS as usize],
}

impl Symmetry {
    /// Every transformation: nothing has been played yet.
    pub fn full(book: &Codebook) -> Symmetry {
        Symmetry::permuting_up_to(book, MOST_PEGS_PERMUTED)
    }

    /// Every transformation, with position permutations only when the game has at most
    /// `most_pegs` pegs: for searches whose nodes are costlier than enumerating them.
    pub fn permuting_up_to(book: &Codebook, most_pegs: usize) -> Symmetry {
        let pegs = book.game().pegs();
        let mut transforms = Vec::new();
        let identity: Vec<u8> = (0..pegs as u8).collect();
        if pegs <= most_pegs {
            permutations(&mut identity.clone(), 0, &mut |order| {
                transforms.push(Transform::new(order))
            });
        } else {
            transforms.push(Transform::new(&identity));
        }
        Symmetry::group(book, transforms, 0)
    }

    /// The transformations that also fix `guess`.
    pub fn after(&self, book: &Codebook, guess: Code) -> Symmetry {
        let Symmetry::Group {
            transforms, played, ..
        } = self
        else {
            return Symmetry::Trivial;
        };
        let pegs = book.colours_of(guess);
        let transforms = transforms.iter().filter_map(|t| t.fixing(pegs)).collect();
        let played = pegs.iter().fold(*played, |mask, &c| mask | 1 << c);
        Symmetry::group(book, transforms, played)
    }

    fn group(book: &Codebook, transforms: Vec<Transform>, played: u64) -> Symmetry {
        let unplayed = book.game().colours() - played.count_ones() as usize;
        if transforms.len() == 1 && unplayed <= 1 {
            return Symmetry::Trivial;
        }
        Symmetry::Group {
            transforms,
            played,
            representatives: OnceLock::new(),
        }
    }

    /// The least code of each orbit among `pool`: all codes (`whole`) or a candidate set,
    /// which the transformations map to itself; in numeric order.
    pub fn representatives<'p>(
        &'p self,
        book: &Codebook,
        pool: &'p [Code],
        whole: bool,
        colour_only: &'p ColourOnlyOrbits,
    ) -> Cow<'p, [Code]> {
        let Symmetry::Group {
            transforms,
            played,
            representatives,
        } = self
        else {
            return Cow::Borrowed(pool);
        };
        let find = || {
            let unplayed: Vec<u8> = (0..book.game().colours() as u8)
                .filter(|&c| played & (1 << c) == 0)
                .collect();
            book.codes()
                .filter(|&code| {
                    let pegs = book.colours_of(code);
                    transforms
                        .iter()
                        .all(|t| !t.lowers(pegs, *played, &unplayed))
                })
                .collect()
        };
        let shared = match colour_only.lists.get(*played as usize) {
            Some(list) if transforms.len() == 1 => list,
            _ => representatives,
        };
        let representatives = shared.get_or_init(find);
        if whole {
            Cow::Borrowed(representatives)
        } else {
            Cow::Owned(
                pool.iter()
                    .copied()
                    .filter(|code| representatives.binary_search(code).is_ok())
                    .collect(),
            )
        }
    }
}

/// Games with more colours than this keep no [`ColourOnlyOrbits`].
const MOST_COLOURS_SHARED: usize = 12;

/// The representatives of groups that only rename unplayed colours, per set of played colours.
/// Deep in the tree most groups are like that, and many nodes share each one.
pub struct ColourOnlyOrbits {
    lists: Vec<OnceLock<Vec<Code>>>,
}

impl ColourOnlyOrbits {
    pub fn new(book: &Codebook) -> ColourOnlyOrbits {
        let colours = book.game().colours();
        let lists = if colours <= MOST_COLOURS_SHARED {
            (0..1usize << colours).map(|_| OnceLock::new()).collect()
        } else {
            Vec::new()
        };
        ColourOnlyOrbits { lists }
    }
}

impl Transform {
    fn new(source: &[u8]) -> Transform {
        let mut t = Transform {
            source: [0; MAX_PEGS as usize],
            colour: [UNMAPPED; MAX_COLOURS as usize],
        };
        t.source[..source.len()].copy_from_slice(source);
        t
    }

    /// This transformation extended to fix `pegs` as well, if some extension does: colours new
    /// to the history must map to colours new to the history, one to one.
    fn fixing(&self, pegs: &[u8]) -> Option<Transform> {
        let mut next = self.clone();
        let mut taken = [false; MAX_COLOURS as usize];
        for &image in next.colour.iter().filter(|&&c| c != UNMAPPED) {
            taken[usize::from(image)] = true;
        }
        for (j, &target) in pegs.iter().enumerate() {
            let from = usize::from(pegs[usize::from(next.source[j])]);
            match next.colour[from] {
                UNMAPPED if !taken[usize::from(target)] => {
                    next.colour[from] = target;
                    taken[usize::from(target)] = true;
                }
                image if image == target => {}
                _ => return None,
            }
        }
        Some(next)
    }

    /// Whether some image of `pegs` under this position permutation, its played-colour map and
    /// any permutation of the unplayed colours is a smaller code. The smallest such image names
    /// unplayed colours in order of first appearance, smallest first.
    fn lowers(&self, pegs: &[u8], played: u64, unplayed: &[u8]) -> bool {
        // Unplayed colours met so far and their new names, in order of first appearance.
        let mut met = [UNMAPPED; MAX_PEGS as usize];
        let mut names = 0;
        for (j, &original) in pegs.iter().enumerate() {
            let from = pegs[usize::from(self.source[j])];
            let image = if played & (1 << from) != 0 {
                self.colour[usize::from(from)]
            } else {
                let known = met[..names].iter().position(|&c| c == from);
                let name = known.unwrap_or_else(|| {
                    met[names] = from;
                    names += 1;
                    names - 1
                });
                unplayed[name]
            };
            if image != original {
                return image < original;
            }
        }
        false
    }
}

/// Calls `visit` with every permutation of `items[start..]` (after the fixed prefix).
pub fn permutations<T>(items: &mut [T], start: usize, visit: &mut impl FnMut(&[T])) {
    if start == items.len() {
        visit(items);
        return;
    }
    for i in start..items.len() {
        items.swap(start, i);
        permutations(items, start + 1, visit);
        items.swap(start, i);
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;

    fn representatives(book: &Codebook, history: &[&str]) -> Vec<String> {
        let symmetry = history
            .iter()
            .fold(Symmetry::full(book), |symmetry, guess| {
                symmetry.after(book, book.parse(guess).unwrap())
            });
        let codes: Vec<Code> = book.codes().collect();
        symmetry
            .representatives(book, &codes, true, &ColourOnlyOrbits::new(book))
            .iter()
            .map(|&code| book.format(code))
            .collect()
    }

    #[test]
    fn classic_root_offers_five_openings() {
        let book = Codebook::new(Game::classic());
        assert_eq!(
            representatives(&book, &[]),
            ["1111", "1112", "1122", "1123", "1234"]
        );
    }

    #[test]
    fn bulls_and_cows_root_offers_one_opening() {
        let book = Codebook::new(Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap());
        assert_eq!(representatives(&book, &[]), ["0123"]);
    }

    #[test]
    fn after_1123_only_the_fixing_transformations_remain() {
        let book = Codebook::new(Game::classic());
        let after = representatives(&book, &["1123"]);
        // Swapping the first two pegs fixes 1123, so 2113 stands for 1213; colours 4, 5 and 6
        // are still interchangeable, so 1145 stands for 1146 and 1156.
        assert!(after.contains(&"1213".to_owned()) && !after.contains(&"2113".to_owned()));
        assert!(after.contains(&"1145".to_owned()) && !after.contains(&"1146".to_owned()));
        assert!(after.len() < 1296 / 4);
    }
}
