//! One shard of the optimal search, solved and then proven: the part `generate --shard K/N`
//! writes, and the certificate beside it that a merge copies.

use std::time::{Duration, Instant};

use crate::runs::optimal::{PlannedRun, ShardRun};
use crate::runs::ShardId;
use crate::strategy::{CertifyError, NoStrategy, OptimalOptions, Progress};
use crate::tree::StrategyInfo;
use crate::Scorer;

use super::Proof;

/// A shard solved: its part, and the plan it was solved in, which its proof needs.
pub struct SolvedShard<'a> {
    planned: PlannedRun<'a>,
    /// The part, and what it holds.
    pub run: ShardRun,
    /// How long the plan and the search took.
    pub took: Duration,
}

/// Solves shard `shard` of the optimal search with `options` (see
/// [`optimal_search`](super::optimal_search)).
pub fn solve_shard<'a>(
    scorer: &'a Scorer,
    options: &'a OptimalOptions,
    strategy: &StrategyInfo,
    shard: ShardId,
    progress: &dyn Progress,
) -> Result<SolvedShard<'a>, NoStrategy> {
    let started = Instant::now();
    let planned = PlannedRun::new(scorer, options, strategy)?;
    let run = planned.run_shard(shard, progress)?;
    Ok(SolvedShard {
        planned,
        run,
        took: started.elapsed(),
    })
}

impl SolvedShard<'_> {
    /// Proves the pieces the shard solved: the certificate `merge --part-certificate` copies.
    pub fn prove(&self) -> Result<Proof, CertifyError> {
        Proof::timed(|out| {
            self.planned
                .certify_pieces(&self.run.proven, out)
                .map(|facts| ((), facts))
        })
        .map(|((), proof)| proof)
    }
}
