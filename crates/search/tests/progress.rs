//! What builders report while they work.

use std::sync::Mutex;

use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_search::{optimal, OptimalOptions};
use mastermind_strategy::{
    one_step, one_step_from, Heuristic, OneStepOptions, Progress, Situation,
};

/// On a large game the first guess alone takes long, so the builder tells how far its scoring
/// has gone, once per guess tried at the root, ending at all of them.
#[test]
fn the_root_guesses_are_counted_as_they_are_scored() {
    let scorer = Scorer::for_one_pass(Game::new(6, 5, true, FeedbackKind::BlackWhite).unwrap());
    let recorded = Recorded::default();
    let tree = one_step(&scorer, &OneStepOptions::new(Heuristic::Minimax), &recorded);
    assert_eq!(tree.candidates, 15625);
    recorded.assert_counted_once_each();
}

/// A build from a situation starts where some guesses are not candidates: those are scored
/// after the candidates, and each guess is still counted once.
#[test]
fn a_root_with_other_guesses_than_candidates_counts_each_guess_once() {
    let scorer = Scorer::for_one_pass(Game::new(6, 5, true, FeedbackKind::BlackWhite).unwrap());
    let book = scorer.codebook();
    let opening = book.parse("112233").unwrap();
    let reply = scorer.game().feedback(1, 1);
    let situation = Situation::after(&scorer, &[(opening, reply)]).unwrap();
    let recorded = Recorded::default();
    let options = OneStepOptions::new(Heuristic::Minimax);
    let tree = one_step_from(&scorer, &options, &situation, &recorded);
    assert_eq!(tree.candidates as usize, situation.candidates().len());
    recorded.assert_counted_once_each();
}

/// The root's progress reports, as (guesses scored, guesses in all).
#[derive(Default)]
struct Recorded(Mutex<Vec<(u64, u64)>>);

impl Progress for Recorded {
    fn codes_settled(&self, _codes: u64) {}
    fn root_guesses_scored(&self, scored: u64, total: u64) {
        self.0.lock().unwrap().push((scored, total));
    }
}

impl Recorded {
    /// Every count from one to the total was told once, and nothing else.
    fn assert_counted_once_each(self) {
        let mut calls = self.0.into_inner().unwrap();
        calls.sort_unstable();
        let total = calls[0].1;
        assert!(total > 1);
        assert_eq!(calls, (1..=total).map(|n| (n, total)).collect::<Vec<_>>());
    }
}

/// An exhaustive search tells how many nodes it has searched while its first subproblems are
/// still open: every one of the first few thousand, then every few thousand.
#[test]
fn the_optimal_search_counts_its_nodes_as_it_goes() {
    #[derive(Default)]
    struct Nodes(Mutex<Vec<u64>>);
    impl Progress for Nodes {
        fn codes_settled(&self, _codes: u64) {}
        fn search_nodes(&self, nodes: u64) {
            self.0.lock().unwrap().push(nodes);
        }
    }
    let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let nodes = Nodes::default();
    let result = optimal(&scorer, &OptimalOptions::default(), &nodes).unwrap();
    let mut told = nodes.0.into_inner().unwrap();
    told.sort_unstable();
    assert_eq!(told[0], 1);
    let searched = result.statistics.nodes;
    assert!(*told.last().unwrap() <= searched);
    let early = (1..=searched.min(4095)).collect::<Vec<_>>();
    assert_eq!(&told[..early.len()], early.as_slice());
}

/// The least-worst-case search tells each cap it tries, one more each time, from the least
/// that counting allows up to the least worst case it finds.
#[test]
fn the_least_worst_case_search_tells_each_cap_it_tries() {
    #[derive(Default)]
    struct Caps(Mutex<Vec<usize>>);
    impl Progress for Caps {
        fn codes_settled(&self, _codes: u64) {}
        fn cap_tried(&self, cap: usize) {
            self.0.lock().unwrap().push(cap);
        }
    }
    // Black pegs only, 4 × 4: with 4 replies besides all-black, 4 guesses tell apart at most
    // 1 + 4 + 16 + 64 = 85 of the 256 codes, so counting starts at 5; the least worst case
    // is 6, so both are tried.
    let scorer = Scorer::new(Game::new(4, 4, true, FeedbackKind::BlackOnly).unwrap());
    let caps = Caps::default();
    let result = mastermind_search::least_worst_case(&scorer, false, &caps);
    let worst = mastermind_tree::Statistics::of_tree(&result.tree).worst_case();
    assert_eq!(worst, 6);
    assert_eq!(caps.0.into_inner().unwrap(), [5, 6]);
}
