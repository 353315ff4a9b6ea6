//! The search checked against a plain brute force on small games: every subset of codes of
//! each size, in every order-free combination, with no symmetry and no pruning, until one tells
//! every code apart.

use mastermind_core::{Code, FeedbackKind, Game, Scorer};

use crate::{check, find_set, least_set, NoProgress};

/// Whether some set of `size` codes gives every code a different reply vector.
fn some_set_works(scorer: &Scorer, size: usize) -> bool {
    let codes: Vec<Code> = scorer.codebook().codes().collect();
    let slots = scorer.game().feedback_slots() as u64;
    let keys = vec![0u64; codes.len()];
    let mut seen = Vec::new();
    combinations(scorer, &codes, 0, size, &keys, slots, &mut seen)
}

fn combinations(
    scorer: &Scorer,
    codes: &[Code],
    from: usize,
    left: usize,
    keys: &[u64],
    slots: u64,
    seen: &mut Vec<u64>,
) -> bool {
    if left == 0 {
        seen.clear();
        seen.extend_from_slice(keys);
        seen.sort_unstable();
        return seen.windows(2).all(|pair| pair[0] != pair[1]);
    }
    (from..codes.len()).any(|index| {
        let guess = codes[index];
        let next: Vec<u64> = codes
            .iter()
            .zip(keys)
            .map(|(&code, &key)| key * slots + scorer.feedback(guess, code).index() as u64)
            .collect();
        combinations(scorer, codes, index + 1, left - 1, &next, slots, seen)
    })
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
