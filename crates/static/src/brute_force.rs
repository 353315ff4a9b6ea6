//! The search checked against a plain brute force on small games: every subset of codes of
//! each size, in every order-free combination, with no symmetry and no pruning, until one tells
//! every code apart.

use mastermind_core::{Code, FeedbackKind, Game, Scorer};

use crate::search::most_unused_colours;
use crate::{check, find_set, least_set, NoProgress};

/// Whether some set of `size` codes gives every code a different reply vector.
fn some_set_works(scorer: &Scorer, size: usize) -> bool {
    let codes: Vec<Code> = scorer.codebook().codes().collect();
    some_set_tells_apart(scorer, &codes, size)
}

/// Whether some set of `size` codes gives every code of `targets` a different reply vector.
fn some_set_tells_apart(scorer: &Scorer, targets: &[Code], size: usize) -> bool {
    let guesses: Vec<Code> = scorer.codebook().codes().collect();
    let slots = scorer.game().feedback_slots() as u64;
    let keys = vec![0u64; targets.len()];
    let mut seen = Vec::new();
    let sets = Sets {
        scorer,
        guesses: &guesses,
        targets,
        slots,
    };
    sets.any_from(0, size, &keys, &mut seen)
}

/// Every set of guesses, against the codes to tell apart.
struct Sets<'a> {
    scorer: &'a Scorer,
    guesses: &'a [Code],
    targets: &'a [Code],
    slots: u64,
}

impl Sets<'_> {
    /// Whether adding `left` more guesses from `from` on to the set whose reply vectors are
    /// `keys` tells every target apart.
    fn any_from(&self, from: usize, left: usize, keys: &[u64], seen: &mut Vec<u64>) -> bool {
        if left == 0 {
            seen.clear();
            seen.extend_from_slice(keys);
            seen.sort_unstable();
            return seen.windows(2).all(|pair| pair[0] != pair[1]);
        }
        (from..self.guesses.len()).any(|index| {
            let guess = self.guesses[index];
            let next: Vec<u64> = self
                .targets
                .iter()
                .zip(keys)
                .map(|(&code, &key)| {
                    key * self.slots + self.scorer.feedback(guess, code).index() as u64
                })
                .collect();
            self.any_from(index + 1, left - 1, &next, seen)
        })
    }
}

#[test]
fn the_search_agrees_with_every_subset_on_small_games() {
    for pegs in 2..=3 {
        for colours in 2..=4 {
            for (repetition, feedback) in [
                (true, FeedbackKind::BlackWhite),
                (true, FeedbackKind::BlackOnly),
                (false, FeedbackKind::BlackWhite),
            ] {
                let Ok(game) = Game::new(pegs, colours, repetition, feedback) else {
                    continue;
                };
                let scorer = Scorer::new(game);
                let least = (0..).find(|&size| some_set_works(&scorer, size)).unwrap();
                let found = least_set(&scorer, &NoProgress);
                assert_eq!(found.guesses.len(), least, "{}", game.describe());
                assert!(check(&scorer, &found.guesses).determines());
                for size in 1..least {
                    assert_eq!(
                        find_set(&scorer, size, &NoProgress).found,
                        None,
                        "{} {size}",
                        game.describe()
                    );
                }
                let at_least = find_set(&scorer, least, &NoProgress).found.expect("a set");
                assert!(
                    check(&scorer, &at_least).determines(),
                    "{}",
                    game.describe()
                );
            }
        }
    }
}

/// The bound on unused colours, against every set of guesses over the unused colours and a
/// blank: each entry's number of colours can be told apart by that many guesses, one more
/// cannot.
#[test]
fn the_unused_colour_bound_agrees_with_every_blank_set() {
    for (pegs, colours, feedback, size) in [
        (3, 8, FeedbackKind::BlackWhite, 5),
        (2, 8, FeedbackKind::BlackWhite, 6),
        (2, 9, FeedbackKind::BlackOnly, 7),
    ] {
        let game = Game::new(pegs, colours, true, feedback).unwrap();
        let most = most_unused_colours(&Scorer::new(game), size);
        assert_eq!(most.len(), size - 1, "{}", game.describe());
        let mut bounded = 0;
        for (left, &unused) in most.iter().enumerate().skip(1) {
            if unused == game.colours() {
                continue;
            }
            bounded += 1;
            let tells_apart = |unused: u32| {
                let blanked = Game::new(pegs, unused + 1, true, feedback).unwrap();
                let scorer = Scorer::new(blanked);
                let book = scorer.codebook();
                let targets: Vec<Code> = book
                    .codes()
                    .filter(|&code| !book.colours_of(code).contains(&(unused as u8)))
                    .collect();
                some_set_tells_apart(&scorer, &targets, left)
            };
            let description = format!("{} with {left} left", game.describe());
            assert!(tells_apart(unused as u32), "{description}");
            assert!(!tells_apart(unused as u32 + 1), "{description}");
        }
        assert!(bounded >= 2, "{}", game.describe());
    }
}
