//! Real trees to verify and mutate: Knuth's minimax trees built by the solver crate, wrapped
//! in tree files whose claims the solver's own statistics computed.

use std::sync::OnceLock;

use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_strategy::{knuth, NoProgress};
use mastermind_tree::{FileNode, Node, StrategyInfo, TreeFile};
use mastermind_verify::{verify_file, Problem, ProblemKind, Report, VerifyOptions};

/// Knuth's minimax tree for `game`, and a tree file holding it.
pub fn knuth_tree(game: Game) -> (Node, TreeFile) {
    let scorer = Scorer::new(game);
    let root = knuth(&scorer, &NoProgress);
    let file = TreeFile::new(scorer.codebook(), StrategyInfo::named("knuth"), &root);
    (root, file)
}

/// A tree file holding Knuth's minimax tree for `game`.
pub fn knuth_file(game: Game) -> TreeFile {
    knuth_tree(game).1
}

/// Knuth's 4×6 tree, built once for the whole suite.
pub fn classic() -> TreeFile {
    static FILE: OnceLock<TreeFile> = OnceLock::new();
    FILE.get_or_init(|| knuth_file(Game::classic())).clone()
}

/// Knuth's tree for 3 pegs and 4 colours: small enough to mutate thousands of times.
pub fn small() -> TreeFile {
    static FILE: OnceLock<TreeFile> = OnceLock::new();
    FILE.get_or_init(|| knuth_file(game(3, 4, true, FeedbackKind::BlackWhite)))
        .clone()
}

pub fn game(pegs: u32, colours: u32, repetition: bool, feedback: FeedbackKind) -> Game {
    Game::new(pegs, colours, repetition, feedback).unwrap()
}

pub fn verify(file: &TreeFile) -> Report {
    verify_file(file, &VerifyOptions::default()).unwrap()
}

/// The node reached from `root` by following the children with these keys.
pub fn node_mut<'a>(root: &'a mut FileNode, keys: &[&str]) -> &'a mut FileNode {
    keys.iter().fold(root, |node, key| {
        let index = node
            .children
            .iter()
            .position(|(reply, _)| reply == key)
            .unwrap_or_else(|| panic!("no child {key} under {}", node.guess));
        &mut node.children[index].1
    })
}

/// The only problem of a report that must have exactly one.
pub fn single_problem(report: &Report) -> &Problem {
    assert_eq!(report.problems.len(), 1, "{report}");
    assert!(!report.is_valid() && report.tree.is_none());
    &report.problems[0]
}

/// Asserts that `report` holds exactly one problem, at `path`, and returns its kind.
pub fn single_problem_at<'a>(report: &'a Report, path: &str) -> &'a ProblemKind {
    let problem = single_problem(report);
    assert_eq!(problem.path.to_string(), path, "{report}");
    &problem.kind
}
