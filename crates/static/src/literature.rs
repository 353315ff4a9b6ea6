//! Figures from the literature the search must reproduce: the quick entries of the
//! cut-the-knot page's table of least static sets, and, for black pegs only, the metric
//! dimension of Hamming graphs (a static set of a black-only game is a resolving set of the
//! graph whose vertices are the codes, adjacent when they differ in one peg).

use mastermind_core::{FeedbackKind, Game, Scorer};

use crate::{least_set, NoProgress};

fn least(pegs: u32, colours: u32, feedback: FeedbackKind) -> usize {
    let game = Game::new(pegs, colours, true, feedback).unwrap();
    least_set(&Scorer::new(game), &NoProgress).guesses.len()
}

#[test]
fn the_quick_entries_of_the_seeds_table() {
    // (colours, pegs, least), from the page's final table; the long searches (4×6, 3 pegs
    // with 8 colours, 7 pegs with 3 colours) are benchmark rows instead.
    let table = [
        (2, 2, 2),
        (2, 3, 2),
        (2, 4, 3),
        (2, 5, 3),
        (2, 6, 4),
        (2, 7, 5),
        (2, 8, 5),
        (3, 2, 2),
        (3, 3, 3),
        (3, 4, 3),
        (3, 5, 4),
        (3, 6, 4),
        (4, 2, 3),
        (4, 3, 3),
        (4, 4, 4),
        (5, 2, 4),
        (5, 3, 4),
        (5, 4, 5),
        (6, 2, 4),
        (6, 3, 5),
        (7, 2, 5),
        (7, 3, 6),
        (8, 2, 6),
        (9, 2, 6),
        (10, 2, 7),
    ];
    for (colours, pegs, expected) in table {
        assert_eq!(
            least(pegs, colours, FeedbackKind::BlackWhite),
            expected,
            "{colours} colours, {pegs} pegs"
        );
    }
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
