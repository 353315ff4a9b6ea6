//! Renamed facts: a set that is another set with its pegs and colours renamed costs exactly
//! what that set costs, so a fact about it may rest on an earlier fact about the renamed set
//! instead of on its guesses' classes.

use mastermind_core::{Code, Codebook, MAX_PEGS};

/// A renaming of pegs and colours: peg `j` of a renamed code holds the colour at peg
/// `pegs[j]` of the code, renamed, and colour `c` is renamed `colours[c]`.
///
/// Renaming both codes alike keeps the reply between any two codes: black pegs count the
/// positions that match and white pegs the colours the codes share, and neither changes when
/// the positions are permuted and the colours renamed one for one in both. It maps codes to
/// codes (a code without a repeated colour keeps none). So every strategy for a set becomes,
/// guess by guess, a strategy for its image with the same number of guesses for every code,
/// within the same budget, and its guesses are the image's codes where they were the set's:
/// the two sets cost the same, under any play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renaming {
    /// Where each peg of a renamed code takes its colour from: a permutation of the pegs.
    pub pegs: Vec<u8>,
    /// What each colour is renamed: a permutation of the colours.
    pub colours: Vec<u8>,
}

impl Renaming {
    /// Why this is not a renaming of `book`'s game, if it is not: each list must name every
    /// peg, and every colour, exactly once.
    pub fn misfit(&self, book: &Codebook) -> Option<String> {
        let game = book.game();
        let is_permutation = |items: &[u8], count: usize| {
            let mut seen = vec![false; count];
            items.len() == count
                && items.iter().all(|&item| {
                    let fresh = seen.get(usize::from(item)) == Some(&false);
                    if fresh {
                        seen[usize::from(item)] = true;
                    }
                    fresh
                })
        };
        if !is_permutation(&self.pegs, game.pegs()) {
            return Some(format!(
                "its renaming of pegs {:?} is not a permutation of the {} pegs",
                self.pegs,
                game.pegs()
            ));
        }
        if !is_permutation(&self.colours, game.colours()) {
            return Some(format!(
                "its renaming of colours {:?} is not a permutation of the {} colours",
                self.colours,
                game.colours()
            ));
        }
        None
    }

    /// The image of `set` under the renaming, in code order. The renaming must fit the game
    /// ([`Renaming::misfit`]).
    pub fn image(&self, book: &Codebook, set: &[Code]) -> Vec<Code> {
        let mut renamed = [0u8; MAX_PEGS as usize];
        let mut image: Vec<Code> = set
            .iter()
            .map(|&code| {
                let colours = book.colours_of(code);
                for (to, &from) in renamed.iter_mut().zip(&self.pegs) {
                    *to = self.colours[usize::from(colours[usize::from(from)])];
                }
                book.index_of(&renamed[..self.pegs.len()])
                    .expect("a renaming maps codes to codes")
            })
            .collect();
        image.sort_unstable();
        image
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;

    fn renaming(pegs: &[u8], colours: &[u8]) -> Renaming {
        Renaming {
            pegs: pegs.to_vec(),
            colours: colours.to_vec(),
        }
    }

    /// A renaming keeps every reply, in every kind of game, so its image of a code is a code.
    #[test]
    fn a_renaming_keeps_every_reply() {
        for (repetition, feedback) in [
            (true, FeedbackKind::BlackWhite),
            (false, FeedbackKind::BlackWhite),
            (true, FeedbackKind::BlackOnly),
        ] {
            let scorer = Scorer::new(Game::new(3, 4, repetition, feedback).unwrap());
            let book = scorer.codebook();
            let rename = renaming(&[2, 0, 1], &[3, 1, 0, 2]);
            assert_eq!(rename.misfit(book), None);
            let codes: Vec<Code> = book.codes().collect();
            for &a in &codes {
                for &b in &codes {
                    let (x, y) = (rename.image(book, &[a])[0], rename.image(book, &[b])[0]);
                    assert_eq!(scorer.feedback(a, b), scorer.feedback(x, y));
                }
            }
            assert_eq!(
                rename.image(book, &codes),
                codes,
                "a permutation of the codes"
            );
        }
    }

    #[test]
    fn only_permutations_fit() {
        let book = Codebook::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
        assert!(renaming(&[0, 0, 1], &[0, 1, 2, 3])
            .misfit(&book)
            .unwrap()
            .contains("pegs"));
        assert!(renaming(&[0, 1], &[0, 1, 2, 3]).misfit(&book).is_some());
        assert!(renaming(&[0, 1, 3], &[0, 1, 2, 3]).misfit(&book).is_some());
        assert!(renaming(&[0, 1, 2], &[0, 1, 2, 2])
            .misfit(&book)
            .unwrap()
            .contains("colours"));
        assert!(renaming(&[0, 1, 2], &[0, 1, 2, 4]).misfit(&book).is_some());
        assert!(renaming(&[0, 1, 2], &[0, 1, 2]).misfit(&book).is_some());
    }
}
