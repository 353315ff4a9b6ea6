//! Knuth's minimax tree for 4×6 reproduces the figures of the 1976 paper.

use mastermind_core::{Game, Scorer};
use mastermind_strategy::{knuth, NoProgress};
use mastermind_tree::Statistics;

#[test]
fn classic_tree_matches_the_paper() {
    let scorer = Scorer::new(Game::classic());
    let root = knuth(&scorer, &NoProgress);
    assert_eq!(scorer.codebook().format(root.guess), "1122");
    let stats = Statistics::of_tree(&root);
    assert_eq!(stats.solved_by_guess, vec![1, 6, 62, 533, 694]);
    assert_eq!(stats.total(), 5801);
    assert_eq!(stats.worst_case(), 5);
}
