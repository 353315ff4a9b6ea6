//! Figures from the literature the search must reproduce, for black pegs only: the metric
//! dimension of Hamming graphs (a static set of a black-only game is a resolving set of the
//! graph whose vertices are the codes, adjacent when they differ in one peg). The cut-the-knot
//! table is checked from the command line, in the end-to-end tests.

use mastermind_core::{FeedbackKind, Game, Scorer};

use crate::{least_set, NoProgress};

fn least(pegs: u32, colours: u32, feedback: FeedbackKind) -> usize {
    let game = Game::new(pegs, colours, true, feedback).unwrap();
    least_set(&Scorer::new(game), &NoProgress).guesses.len()
}

#[test]
fn black_pegs_only_give_the_metric_dimension_of_hamming_graphs() {
    // Cáceres et al. (2007): K_q × K_q has metric dimension ⌊2(2q − 1)/3⌋; Jäger and Drewes
    // (2020): K_q × K_q × K_q has ⌊3q/2⌋.
    for q in 2..=7 {
        assert_eq!(
            least(2, q, FeedbackKind::BlackOnly),
            (2 * (2 * q as usize - 1)) / 3,
            "H(2, {q})"
        );
    }
    for q in 2..=4 {
        assert_eq!(
            least(3, q, FeedbackKind::BlackOnly),
            3 * q as usize / 2,
            "H(3, {q})"
        );
    }
}
