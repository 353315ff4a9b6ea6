//! The proof of an optimum figure: the optimal search's prover writes the certificate of the
//! tree just built, the independent checker (`mastermind-certificate`) checks it, and the
//! figure counts as proven only if what the checked facts prove is the tree's claim, as
//! `mastermind verify --certificate` judges it.

use mastermind_core::Scorer;
use mastermind_search::certify_tree;
use mastermind_tree::TreeFile;
use mastermind_verify::{judge, Optimality, Report};

use crate::reached::Reached;

/// Proves the claim of `file`, a whole game's optimal tree that verifies as `report` says,
/// telling `reached` what it is doing. Returns how many facts the checked certificate took, or
/// why the claim stands unproven.
pub(crate) fn prove(
    scorer: &Scorer,
    file: &TreeFile,
    report: &Report,
    reached: &dyn Reached,
) -> Result<u64, String> {
    let statistics = &report.statistics;
    reached.stage(format!(
        "the tree needs {} guesses in all; writing its certificate",
        statistics.total()
    ));
    // The certificates of the atlas's games (up to 10 000 codes) fit in memory.
    let mut certificate = Vec::new();
    let written = certify_tree(
        scorer,
        &file.strategy,
        &[],
        statistics.total(),
        statistics.worst_case(),
        &mut certificate,
    )
    .map_err(|error| format!("the certificate cannot be written: {error}"))?;
    reached.stage(format!(
        "the tree needs {} guesses in all; checking its certificate of {written} facts",
        statistics.total()
    ));
    let proven = mastermind_certificate::check(certificate.as_slice())
        .map_err(|error| format!("the certificate does not check: {error}"))?;
    let Some(tree) = report.tree.as_ref() else {
        return Err("the tree does not verify".into());
    };
    match judge(scorer.codebook(), Some(&file.strategy), &[], tree, &proven) {
        Optimality::Proven { facts } => Ok(facts),
        other => Err(format!("the optimum is {other}")),
    }
}
