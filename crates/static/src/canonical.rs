//! Whether a set of guesses is the least of its orbit: of all the sets that permuting positions
//! and renaming colours makes of it, compared in increasing order of their codes, none comes
//! before it. The least set of every orbit has least prefixes too (a smaller image of a prefix
//! would make a smaller image of the set), so the search may drop any partial set that is not
//! least without losing an orbit.
//!
//! For each order of the set's codes and each position permutation, naming colours in order of
//! first appearance gives that order's least image; the least of those is the orbit's least.

use mastermind_core::{Code, Codebook};
use mastermind_solve::symmetry::permutations;

/// Games with more pegs than this are compared under colour renaming only (any subgroup keeps
/// the test sound; more permutations only drop more sets).
const MOST_PEGS_PERMUTED: usize = 5;

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
        let mut sequence: Vec<usize> = (0..set.len()).collect();
        let mut least = true;
        let mut image = Vec::with_capacity(set.len());
        let mut pegs = vec![0u8; book.game().pegs()];
        permutations(&mut sequence, 0, &mut |sequence| {
            for positions in self.orders.iter().take_while(|_| least) {
                let mut names = [u8::MAX; 64];
                let mut next = 0u8;
                image.clear();
                for &index in sequence {
                    let colours = book.colours_of(set[index]);
                    for (peg, &source) in pegs.iter_mut().zip(positions) {
                        let colour = usize::from(colours[usize::from(source)]);
                        if names[colour] == u8::MAX {
                            names[colour] = next;
                            next += 1;
                        }
                        *peg = names[colour];
                    }
                    image.push(book.index_of(&pegs).expect("renaming keeps a code a code"));
                }
                image.sort_unstable();
                if image.as_slice() < set {
                    least = false;
                    return;
                }
            }
        });
        least
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

    #[test]
    fn the_test_agrees_with_every_permutation_on_small_games() {
        for game in [
            Game::new(3, 3, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(2, 4, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(3, 4, false, FeedbackKind::BlackWhite).unwrap(),
        ] {
            let book = Codebook::new(game);
            let canonical = Canonical::new(&book);
            let codes: Vec<Code> = book.codes().collect();
            let mut kept = 0;
            for (i, &a) in codes.iter().enumerate() {
                for (j, &b) in codes.iter().enumerate().skip(i + 1) {
                    for &c in &codes[j + 1..] {
                        for set in [vec![a, b], vec![a, b, c]] {
                            let expected = least_by_every_permutation(&book, &set);
                            assert_eq!(canonical.is_least(&book, &set), expected, "{set:?}");
                            kept += usize::from(expected);
                        }
                    }
                }
            }
            assert!(kept > 0);
        }
    }
}
