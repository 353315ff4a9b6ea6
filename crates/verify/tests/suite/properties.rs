//! Random mutations of a real tree: whatever is changed, the verifier does not panic, and a
//! changed candidate count is always reported at the node that was changed.

use mastermind_tree::{FileNode, TreeFile};
use mastermind_verify::ProblemKind;
use proptest::prelude::*;

use crate::common::{small, verify};

/// The child positions leading to every node of `root`, in preorder.
fn all_paths(root: &FileNode) -> Vec<Vec<usize>> {
    fn walk(node: &FileNode, indices: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(indices.clone());
        for (index, (_, child)) in node.children.iter().enumerate() {
            indices.push(index);
            walk(child, indices, out);
            indices.pop();
        }
    }
    let mut out = Vec::new();
    walk(root, &mut Vec::new(), &mut out);
    out
}

fn node_at<'a>(root: &'a mut FileNode, indices: &[usize]) -> &'a mut FileNode {
    indices
        .iter()
        .fold(root, |node, &index| &mut node.children[index].1)
}

/// How the verifier prints the path to the node reached by `indices`.
fn printed_path(root: &FileNode, indices: &[usize]) -> String {
    let mut node = root;
    let mut steps = Vec::new();
    for &index in indices {
        let (key, child) = &node.children[index];
        steps.push(format!("{} → {key}", node.guess));
        node = child;
    }
    if steps.is_empty() {
        "the root".to_owned()
    } else {
        steps.join(" → ")
    }
}

/// Replies and guesses worth trying: real ones, impossible ones, and junk.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("0B0W".to_owned()),
        Just("1B1W".to_owned()),
        Just("2B1W".to_owned()),
        Just("3B0W".to_owned()),
        Just("111".to_owned()),
        Just("444".to_owned()),
        "[0-9BW]{0,5}",
        any::<String>(),
    ]
}

#[derive(Clone, Debug)]
enum Mutation {
    Candidates(u64),
    Guess(String),
    RenameChild(usize, String),
    RemoveChild(usize),
    DuplicateChild(usize),
    GraftChild(String, usize),
    DropChildren,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<u64>().prop_map(Mutation::Candidates),
        word().prop_map(Mutation::Guess),
        (any::<usize>(), word()).prop_map(|(i, w)| Mutation::RenameChild(i, w)),
        any::<usize>().prop_map(Mutation::RemoveChild),
        any::<usize>().prop_map(Mutation::DuplicateChild),
        (word(), any::<usize>()).prop_map(|(w, i)| Mutation::GraftChild(w, i)),
        Just(Mutation::DropChildren),
    ]
}

/// Applies `mutation` to the node of `file` at `indices`; grafts come from `donor`'s nodes.
fn apply(file: &mut TreeFile, indices: &[usize], mutation: &Mutation, donor: &FileNode) {
    let donors = all_paths(donor);
    let graft = |index: usize| {
        let mut donor = donor.clone();
        node_at(&mut donor, &donors[index % donors.len()]).clone()
    };
    let node = node_at(&mut file.tree, indices);
    let children = node.children.len();
    match mutation {
        Mutation::Candidates(count) => node.candidates = *count,
        Mutation::Guess(guess) => node.guess = guess.clone(),
        Mutation::RenameChild(i, key) if children > 0 => {
            node.children[i % children].0 = key.clone()
        }
        Mutation::RemoveChild(i) if children > 0 => {
            node.children.remove(i % children);
        }
        Mutation::DuplicateChild(i) if children > 0 => {
            let copy = node.children[i % children].clone();
            node.children.push(copy);
        }
        Mutation::GraftChild(key, i) => node.children.push((key.clone(), graft(*i))),
        Mutation::DropChildren => node.children.clear(),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutations_never_panic(node in any::<usize>(), mutations in prop::collection::vec(mutation(), 1..4)) {
        let pristine = small();
        let mut file = pristine.clone();
        for mutation in &mutations {
            let current = all_paths(&file.tree);
            let indices = current[node % current.len()].clone();
            apply(&mut file, &indices, mutation, &pristine.tree);
        }
        let report = verify(&file);
        // Rendering must not panic either, and a report with problems hands back no tree.
        let text = report.to_string();
        prop_assert!(!text.is_empty());
        prop_assert_eq!(report.is_valid(), report.tree.is_some());
    }

    #[test]
    fn a_changed_candidate_count_is_always_caught(node in any::<usize>(), count in any::<u64>()) {
        let mut file = small();
        let paths = all_paths(&file.tree);
        let indices = &paths[node % paths.len()];
        let actual = node_at(&mut file.tree, indices).candidates;
        prop_assume!(count != actual);
        node_at(&mut file.tree, indices).candidates = count;
        let report = verify(&file);
        prop_assert_eq!(report.problems.len(), 1);
        let problem = &report.problems[0];
        prop_assert_eq!(problem.path.to_string(), printed_path(&file.tree, indices));
        prop_assert_eq!(&problem.kind, &ProblemKind::WrongCandidateCount { claimed: count, actual });
    }
}

#[test]
fn absurd_json_is_verified_without_panicking() {
    let mut file = small();
    file.tree.candidates = u64::MAX;
    file.tree.children.clear();
    let text = file.to_json();
    assert!(text.contains("18446744073709551615"));
    let report = verify(&TreeFile::from_json(&text).unwrap());
    assert!(matches!(
        report.problems[0].kind,
        ProblemKind::WrongCandidateCount {
            claimed: u64::MAX,
            actual: 64
        }
    ));
    assert!(report.problems[1..]
        .iter()
        .all(|problem| matches!(problem.kind, ProblemKind::MissingReply { .. })));
    assert_eq!(report.unsolved(), 64 - report.statistics.codes());
}
