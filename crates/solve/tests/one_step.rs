//! One-step heuristics on 4×6 land where the literature puts them (with Knuth's tie-break),
//! and consistent-only play guesses nothing but candidates.

use mastermind_core::{Game, Scorer};
use mastermind_solve::{one_step, Heuristic, NoProgress, OneStepOptions, TieBreak};
use mastermind_tree::{Node, Statistics};

fn build(heuristic: Heuristic, tie_break: TieBreak, consistent_only: bool) -> Node {
    let scorer = Scorer::new(Game::classic());
    one_step(
        &scorer,
        &OneStepOptions {
            heuristic,
            tie_break,
            consistent_only,
        },
        &NoProgress,
    )
}

fn total(heuristic: Heuristic) -> u64 {
    Statistics::of_tree(&build(heuristic, TieBreak::PreferCandidate, false)).total()
}

#[test]
fn expected_size_matches_irving() {
    assert_eq!(total(Heuristic::ExpectedSize), 5696);
}

#[test]
fn entropy_lands_in_the_published_range() {
    let entropy = total(Heuristic::Entropy);
    assert!((5719..=5723).contains(&entropy), "entropy total {entropy}");
}

#[test]
fn most_parts_matches_kooi() {
    assert_eq!(total(Heuristic::MostParts), 5668);
}

#[test]
fn minimax_with_knuths_tie_break_is_knuths_tree() {
    let scorer = Scorer::new(Game::classic());
    let options = OneStepOptions::new(Heuristic::Minimax);
    assert_eq!(
        one_step(&scorer, &options, &NoProgress),
        mastermind_solve::knuth(&scorer, &NoProgress)
    );
}

#[test]
fn the_lowest_code_tie_break_changes_the_tree() {
    let knuth = build(Heuristic::Minimax, TieBreak::PreferCandidate, false);
    let lowest = build(Heuristic::Minimax, TieBreak::LowestCode, false);
    assert_ne!(Statistics::of_tree(&knuth), Statistics::of_tree(&lowest));
}

fn every_guess_is_a_candidate(node: &Node) -> bool {
    node.guess_is_candidate()
        && node
            .children
            .iter()
            .all(|(_, child)| every_guess_is_a_candidate(child))
}

#[test]
fn consistent_only_play_guesses_candidates() {
    for heuristic in [
        Heuristic::Minimax,
        Heuristic::ExpectedSize,
        Heuristic::Entropy,
        Heuristic::MostParts,
    ] {
        let tree = build(heuristic, TieBreak::PreferCandidate, true);
        assert!(every_guess_is_a_candidate(&tree), "{heuristic:?}");
        assert_eq!(Statistics::of_tree(&tree).codes(), 1296);
    }
}
