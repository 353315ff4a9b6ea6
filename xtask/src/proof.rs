//! Whether a certificate proves a tree optimal, as `verify --certificate` judges it: the last
//! step of every certificate task.

use anyhow::bail;
use mastermind::certificate::check;
use mastermind::verify::{judge, Optimality};
use mastermind::Scorer;

/// Whether `certificate` checks and proves `tree` optimal: the number of facts checked.
pub fn proves(
    certificate: impl std::io::Read,
    scorer: &Scorer,
    strategy: &mastermind::tree::StrategyInfo,
    tree: &mastermind::tree::Node,
) -> anyhow::Result<u64> {
    let proven = check(certificate)?;
    match judge(scorer.codebook(), Some(strategy), &[], tree, &proven) {
        Optimality::Proven { facts } => Ok(facts),
        other => bail!("{other}"),
    }
}
