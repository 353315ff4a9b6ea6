//! Whether a set of guesses is the least of its orbit: of all the sets that permuting positions
//! and renaming colours makes of it, compared in increasing order of their codes, none comes
//! before it. The least set of every orbit has least prefixes too (a smaller image of a prefix
//! would make a smaller image of the set), so the search may drop any partial set that is not
//! least without losing an orbit.
//!
//! For each position permutation the least image is built one code at a time: the next code
//! of the image, in increasing order, is the least that some code not yet placed can become
//! with the colours named so far kept and its new colours given the next names. If that is
//! below the set's code at the same place, a smaller image exists; if above, none does down
//! this branch; only a tie (rare past the first code or two) goes on, once per code that
//! reaches it.

use mastermind_core::{Code, Codebook, MAX_COLOURS};
use mastermind_strategy::symmetry::permutations;

/// Games with more pegs than this are compared under colour renaming only (any subgroup keeps
/// the test sound; more permutations only drop more sets).
const MOST_PEGS_PERMUTED: usize = 5;

/// A colour without a name yet.
const UNNAMED: u8 = u8::MAX;

/// The position permutations the test tries.
pub(crate) struct Canonical {
    orders: Vec<Vec<u8>>,
}

impl Canonical {
    pub(crate) fn new(book: &Codebook) -> Canonical {
        let pegs = book.game().pegs();
        let mut orders = Vec::new();
        let mut identity: Vec<u8> = (0..pegs as u8).collect();
        if pegs <= MOST_PEGS_PERMUTED {
            permutations(&mut identity, 0, &mut |order| orders.push(order.to_vec()));
        } else {
            orders.push(identity);
        }
        Canonical { orders }
    }

    /// Whether `set` (in increasing order) is the least of its orbit.
    pub(crate) fn is_least(&self, book: &Codebook, set: &[Code]) -> bool {
        let pegs = book.game().pegs();
        let target: Vec<u8> = set
            .iter()
            .flat_map(|&code| book.colours_of(code))
            .copied()
            .collect();
        let mut moved = vec![0u8; target.len()];
        self.orders.iter().all(|positions| {
            for (moved, code) in moved.chunks_exact_mut(pegs).zip(target.chunks_exact(pegs)) {
                for (peg, &source) in moved.iter_mut().zip(positions) {
                    *peg = code[usize::from(source)];
                }
            }
            let mut image = Image {
                pegs,
                codes: &moved,
                target: &target,
                names: [UNNAMED; MAX_COLOURS as usize],
                next: 0,
                placed: vec![false; set.len()],
            };
            !image.smaller_from(0)
        })
    }
}

/// The least images of one position permutation of a set, built code by code.
struct Image<'a> {
    pegs: usize,
    /// The set's codes with their positions permuted, `pegs` colours each.
    codes: &'a [u8],
    /// The set itself, as colours, in increasing order.
    target: &'a [u8],
    /// The name given to each colour so far.
    names: [u8; MAX_COLOURS as usize],
    next: u8,
    placed: Vec<bool>,
}

impl Image<'_> {
    /// Whether some renaming that keeps the names given so far makes an image whose codes from
    /// place `place` on come before the set's.
    fn smaller_from(&mut self, place: usize) -> bool {
        if place == self.placed.len() {
            return false;
        }
        let wanted = &self.target[place * self.pegs..][..self.pegs];
        let mut least: Option<[u8; 16]> = None;
        let mut reaching = Vec::new();
        for code in 0..self.placed.len() {
            if self.placed[code] {
                continue;
            }
            let named = self.least_naming(code);
            match least.map(|least| named.cmp(&least)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => reaching.push(code),
                _ => {
                    least = Some(named);
                    reaching.clear();
                    reaching.push(code);
                }
            }
        }
        let least = least.expect("a code is left to place");
        match least[..self.pegs].cmp(wanted) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => reaching.into_iter().any(|code| {
                let (names, next) = (self.names, self.next);
                self.name_colours_of(code);
                self.placed[code] = true;
                let smaller = self.smaller_from(place + 1);
                self.placed[code] = false;
                (self.names, self.next) = (names, next);
                smaller
            }),
        }
    }

    /// Code `code` with the names given so far and its other colours named next, in order.
    fn least_naming(&self, code: usize) -> [u8; 16] {
        let mut names = self.names;
        let mut next = self.next;
        let mut named = [0u8; 16];
        for (slot, &colour) in named
            .iter_mut()
            .zip(&self.codes[code * self.pegs..][..self.pegs])
        {
            let name = &mut names[usize::from(colour)];
            if *name == UNNAMED {
                *name = next;
                next += 1;
            }
            *slot = *name;
        }
        named
    }

    /// Gives code `code`'s unnamed colours the next names, in order.
    fn name_colours_of(&mut self, code: usize) {
        for &colour in &self.codes[code * self.pegs..][..self.pegs] {
            let name = &mut self.names[usize::from(colour)];
            if *name == UNNAMED {
                *name = self.next;
                self.next += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;

    /// Whether `set` is the least of its orbit, by applying every permutation of positions and
    /// colours.
    fn least_by_every_permutation(book: &Codebook, set: &[Code]) -> bool {
        let game = book.game();
        let mut positions: Vec<u8> = (0..game.pegs() as u8).collect();
        let mut colours: Vec<u8> = (0..game.colours() as u8).collect();
        let mut least = true;
        permutations(&mut positions, 0, &mut |positions| {
            permutations(&mut colours, 0, &mut |colours| {
                let mut image: Vec<Code> = set
                    .iter()
                    .map(|&code| {
                        let pegs = book.colours_of(code);
                        let moved: Vec<u8> = positions
                            .iter()
                            .map(|&p| colours[usize::from(pegs[usize::from(p)])])
                            .collect();
                        book.index_of(&moved).unwrap()
                    })
                    .collect();
                image.sort_unstable();
                least &= image.as_slice() >= set;
            });
        });
        least
    }

    /// Checks the test against every permutation on each set of `size` codes of `game`.
    fn every_set_agrees(game: Game, size: usize) {
        fn sets(codes: &[Code], size: usize, set: &mut Vec<Code>, each: &mut dyn FnMut(&[Code])) {
            if set.len() == size {
                each(set);
                return;
            }
            for (index, &code) in codes.iter().enumerate() {
                set.push(code);
                sets(&codes[index + 1..], size, set, each);
                set.pop();
            }
        }
        let book = Codebook::new(game);
        let canonical = Canonical::new(&book);
        let codes: Vec<Code> = book.codes().collect();
        let mut kept = 0;
        sets(&codes, size, &mut Vec::new(), &mut |set| {
            let expected = least_by_every_permutation(&book, set);
            assert_eq!(canonical.is_least(&book, set), expected, "{set:?}");
            kept += usize::from(expected);
        });
        assert!(kept > 0);
    }

    #[test]
    fn the_test_agrees_with_every_permutation_on_small_games() {
        for game in [
            Game::new(3, 3, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(2, 4, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(3, 4, false, FeedbackKind::BlackWhite).unwrap(),
        ] {
            every_set_agrees(game, 2);
            every_set_agrees(game, 3);
        }
        // Longer sets make ties past the first code, which the test follows down.
        for game in [
            Game::new(3, 3, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(2, 5, true, FeedbackKind::BlackWhite).unwrap(),
        ] {
            every_set_agrees(game, 4);
        }
    }
}
