//! Which guesses a fact's check covers. Every guess that may be played at a set must cost at
//! least the fact's bound; the checker checks a smaller list, in which every other guess has
//! one that costs the same, by two rules it applies itself:
//!
//! - **Symmetry**: one guess per orbit of the transformations that fix the path's guesses
//!   (see [`Stabilizer`](crate::Stabilizer)).
//! - **Absent colours**: a colour that no code of the set has scores neither a black nor a
//!   white against any of them, so a guess splits the set exactly as it does with its absent
//!   colours changed into other absent colours. Each guess is checked in the form that renames
//!   its absent colours, in order of first appearance, to the set's absent colours in
//!   increasing order (which keeps a code without repeated colours a code of that game).
//!
//! A guess `x` is then covered by the renamed form of its orbit's least code `r`: `x` costs
//! what `r` costs (symmetry), and `r` what its renamed form costs (absent colours).

use std::sync::Arc;

use mastermind_core::{Code, Codebook, ColourSet, MAX_COLOURS, MAX_PEGS};

use crate::{CommonColours, Known};

/// The guesses to check at `set` (which `symmetry`'s path leads to), in increasing order:
/// only the set's own codes when `own_only`, otherwise every code, each reduced by the two
/// rules above.
pub fn to_check(book: &Codebook, set: &[Code], symmetry: &Known, own_only: bool) -> Arc<[Code]> {
    if own_only {
        // The set's codes have no colour the set lacks.
        return symmetry.among(book, set).into();
    }
    let everywhere = symmetry.everywhere(book);
    let absent = absent_colours(book, set);
    if absent.len() < 2 {
        // Renaming one absent colour to itself changes nothing.
        return Arc::clone(everywhere);
    }
    let mask = absent
        .iter()
        .fold(0 as ColourSet, |mask, &colour| mask | 1 << colour);
    symmetry.renamed(mask, || {
        let mut renamed: Vec<Code> = everywhere
            .iter()
            .map(|&guess| rename_absent(book, guess, &absent))
            .collect();
        renamed.sort_unstable();
        renamed.dedup();
        renamed
    })
}

/// The guesses other than its own codes to split `set` by for its one-step bound below
/// `bound` (the list may hold some of its own codes too): those of [`to_check`] (with
/// `symmetry` the symmetry of its path), or where their colours tell ([`CommonColours`]),
/// the codes whose colours leave them a floor below `bound`, which needs no symmetry: every
/// guess left out costs at least `bound`, and every guess kept may be played, so the least
/// over them is the least over every guess below `bound`.
pub fn other_guesses(
    book: &Codebook,
    common: Option<&CommonColours>,
    symmetry: impl FnOnce() -> Arc<Known>,
    set: &[Code],
    bound: u32,
) -> Arc<[Code]> {
    match common.and_then(|common| common.sharing(set, bound)) {
        Some(sharing) => sharing.into(),
        None => to_check(book, set, &symmetry(), false),
    }
}

/// The colours no code of `set` has, in increasing order.
fn absent_colours(book: &Codebook, set: &[Code]) -> Vec<u8> {
    let colours = book.game().colours();
    let mut present = [false; MAX_COLOURS as usize];
    for &code in set {
        for &colour in book.colours_of(code) {
            present[usize::from(colour)] = true;
        }
    }
    (0..colours as u8)
        .filter(|&colour| !present[usize::from(colour)])
        .collect()
}

/// `guess` with its colours among `absent` renamed, in order of first appearance, to the
/// least of `absent`.
fn rename_absent(book: &Codebook, guess: Code, absent: &[u8]) -> Code {
    const UNSET: u8 = u8::MAX;
    let colours = book.colours_of(guess);
    let mut renamed = [UNSET; MAX_COLOURS as usize];
    let mut is_absent = [false; MAX_COLOURS as usize];
    for &colour in absent {
        is_absent[usize::from(colour)] = true;
    }
    let mut next = absent.iter();
    let mut image = [0u8; MAX_PEGS as usize];
    for (cell, &colour) in image.iter_mut().zip(colours) {
        *cell = match is_absent[usize::from(colour)] {
            false => colour,
            true => {
                let slot = &mut renamed[usize::from(colour)];
                if *slot == UNSET {
                    *slot = *next
                        .next()
                        .expect("a guess has no more distinct absent colours than are absent");
                }
                *slot
            }
        };
    }
    book.index_of(&image[..colours.len()])
        .expect("renaming absent colours one to one keeps a code of the game")
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;
    use crate::Symmetries;

    /// Every guess the rules skip splits the set exactly as one they check.
    fn covers_every_guess(game: Game, path: &[(&str, &str)]) {
        let scorer = Scorer::new(game);
        let book = scorer.codebook();
        let steps: Vec<(Code, _)> = path
            .iter()
            .map(|(guess, reply)| {
                let reply = game.parse_feedback(reply).expect("a reply of the game");
                (book.parse(guess).expect("a code of the game"), reply)
            })
            .collect();
        let set: Vec<Code> = book
            .codes()
            .filter(|&code| {
                steps
                    .iter()
                    .all(|&(guess, reply)| scorer.feedback(guess, code) == reply)
            })
            .collect();
        let guesses: Vec<Code> = steps.iter().map(|&(guess, _)| guess).collect();
        let known = Symmetries::new().of(book, &guesses);
        let checked = to_check(book, &set, &known, false);
        assert!(
            checked.len() < known.everywhere(book).len(),
            "the set lacks colours, so fewer guesses are checked"
        );
        let split = |guess: Code| -> Vec<Vec<Code>> {
            let mut classes = std::collections::BTreeMap::new();
            for &code in &set {
                classes
                    .entry(scorer.feedback(guess, code))
                    .or_insert_with(Vec::new)
                    .push(code);
            }
            let mut classes: Vec<Vec<Code>> = classes.into_values().collect();
            classes.sort();
            classes
        };
        let splits: std::collections::HashSet<_> = checked.iter().map(|&g| split(g)).collect();
        for guess in book.codes() {
            let least_of_orbit = known.stabilizer.is_representative(book.colours_of(guess));
            if least_of_orbit {
                assert!(
                    splits.contains(&split(guess)),
                    "{} splits the set as no checked guess does",
                    book.format(guess)
                );
            }
        }
    }

    #[test]
    fn absent_colours_with_repetition() {
        let game = Game::new(4, 8, true, FeedbackKind::BlackWhite).expect("a game");
        covers_every_guess(game, &[("1234", "0B0W")]);
        covers_every_guess(game, &[("1122", "0B0W"), ("3345", "1B0W")]);
    }

    #[test]
    fn absent_colours_without_repetition() {
        let game = Game::new(4, 10, false, FeedbackKind::BlackWhite).expect("a game");
        covers_every_guess(game, &[("0123", "0B0W")]);
    }

    #[test]
    fn absent_colours_with_black_pegs_only() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackOnly).expect("a game");
        covers_every_guess(game, &[("1111", "0B"), ("2222", "0B")]);
    }
}
