//! Builders asked to go on from a situation inside their own tree build exactly the subtree
//! they build there, so `next` and a whole tree never disagree.

use mastermind_core::{Code, Feedback, FeedbackKind, Game, Scorer};
use mastermind_search::{
    least_worst_case, least_worst_case_from, optimal, optimal_from, OptimalOptions,
};
use mastermind_strategy::{
    first_consistent, one_step, one_step_from, random_consistent, Heuristic, NoProgress,
    OneStepOptions, Situation,
};
use mastermind_tree::{Node, Statistics};

/// Every node down to `depth` with the history that leads to it.
fn nodes_to_depth(node: &Node, depth: usize) -> Vec<(Vec<(Code, Feedback)>, Node)> {
    let mut out = vec![(Vec::new(), node.clone())];
    if depth > 0 {
        for (reply, child) in &node.children {
            for (mut history, below) in nodes_to_depth(child, depth - 1) {
                history.insert(0, (node.guess, *reply));
                out.push((history, below));
            }
        }
    }
    out
}

fn check(scorer: &Scorer, whole: &Node, depth: usize, from: impl Fn(&Situation) -> Node) {
    for (history, subtree) in nodes_to_depth(whole, depth) {
        let situation = Situation::after(scorer, &history).expect("a tree's path fits");
        assert_eq!(from(&situation), subtree, "after {history:?}");
    }
}

#[test]
fn one_step_builders_continue_their_own_trees() {
    let scorer = Scorer::new(Game::classic());
    for heuristic in [Heuristic::Minimax, Heuristic::Entropy] {
        let options = OneStepOptions::new(heuristic);
        let whole = one_step(&scorer, &options, &NoProgress);
        check(&scorer, &whole, 2, |situation| {
            one_step_from(&scorer, &options, situation, &NoProgress)
        });
    }
}

#[test]
fn the_optimal_search_continues_its_own_trees() {
    for (game, max_guesses) in [
        (Game::classic(), None),
        (Game::classic(), Some(5)),
        (
            Game::new(3, 4, true, FeedbackKind::BlackOnly).unwrap(),
            None,
        ),
    ] {
        let scorer = Scorer::new(game);
        let options = OptimalOptions {
            max_guesses,
            consistent_only: false,
        };
        let whole = optimal(&scorer, &options, &NoProgress).unwrap().tree;
        check(&scorer, &whole, 1, |situation| {
            optimal_from(&scorer, &options, situation, &NoProgress)
                .unwrap()
                .tree
        });
    }
}

#[test]
fn the_least_worst_case_continues_with_the_cap_of_the_whole_game() {
    let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
    let whole = least_worst_case(&scorer, false, &NoProgress).tree;
    let cap = whole.height();
    for (history, subtree) in nodes_to_depth(&whole, 1).into_iter().skip(1) {
        let situation = Situation::after(&scorer, &history).unwrap();
        let below = least_worst_case_from(&scorer, false, &situation, &NoProgress)
            .unwrap()
            .tree;
        // From inside, the subtree may need fewer guesses than the whole game's cap allows.
        assert!(history.len() + below.height() <= cap);
        assert!(Statistics::of_tree(&below).total() <= Statistics::of_tree(&subtree).total());
    }
}

#[test]
fn the_consistent_builders_continue_their_own_trees() {
    let scorer = Scorer::new(Game::new(4, 5, false, FeedbackKind::BlackWhite).unwrap());
    let start = Situation::start(&scorer);
    let first = first_consistent(&scorer, &start, None, &NoProgress);
    check(&scorer, &first, 2, |situation| {
        first_consistent(&scorer, situation, None, &NoProgress)
    });
    let random = random_consistent(&scorer, &start, 11, None, &NoProgress);
    check(&scorer, &random, 2, |situation| {
        random_consistent(&scorer, situation, 11, None, &NoProgress)
    });
}

#[test]
fn a_contradiction_names_the_first_reply_no_code_fits() {
    let scorer = Scorer::new(Game::classic());
    let book = scorer.codebook();
    let game = scorer.game();
    let code = |text| book.parse(text).unwrap();
    // 1122 with no peg right rules out colours 1 and 2; 1111 then cannot get a black peg.
    let history = [
        (code("1122"), game.feedback(0, 0)),
        (code("3456"), game.feedback(1, 1)),
        (code("1111"), game.feedback(1, 0)),
        (code("2222"), game.feedback(0, 0)),
    ];
    assert_eq!(
        Situation::after(&scorer, &history),
        Err(mastermind_strategy::Contradiction { step: 2 })
    );
    let fits_both = |c: Code| {
        history[..2]
            .iter()
            .all(|&(guess, reply)| scorer.feedback(guess, c) == reply)
    };
    let expected: Vec<Code> = scorer
        .all_codes()
        .into_iter()
        .filter(|&c| fits_both(c))
        .collect();
    let situation = Situation::after(&scorer, &history[..2]).unwrap();
    assert_eq!(situation.candidates(), expected.as_slice());
    assert_eq!(situation.played(), [code("1122"), code("3456")]);
}
