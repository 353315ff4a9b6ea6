//! The optimal search as a run that survives a stop: pieces solved one by one into a
//! directory (see [`ResumableRun`]), the tree once all are in.

use std::path::Path;

use crate::runs::resume::{Finished, Request, ResumableRun, ResumeError, ResumeWatcher};
use crate::runs::ShardId;
use crate::strategy::OptimalOptions;
use crate::tree::StrategyInfo;
use crate::Scorer;

/// What a resumable run is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct ResumeRequest<'a> {
    /// Where its pieces are kept (made if missing).
    pub directory: &'a Path,
    /// One piece alone (one task of a job array), or every piece not in yet.
    pub only: Option<OnePiece>,
    /// Prove each piece beside it, and the whole once every piece is in.
    pub certify: bool,
}

/// One piece of the plan, by its index.
#[derive(Clone, Copy, Debug)]
pub struct OnePiece {
    /// Its index, below the plan's count of pieces.
    pub index: u32,
    /// The plan's count of pieces as the caller gave it (`K/N`), checked; `None` takes the
    /// plan's.
    pub of: Option<u32>,
}

/// How a resumable run ended.
#[derive(Debug)]
pub struct Resumed {
    /// The plan's count of pieces.
    pub pieces: u32,
    /// The tree, or what is still missing, or a piece that cannot be proven.
    pub finished: Finished,
    /// For a run of one piece that ended without the tree, why, in words.
    pub why_waiting: Option<String>,
}

/// Runs the optimal search with `options` (see [`optimal_search`](super::optimal_search)) in
/// pieces kept in the request's directory: the pieces there are not solved again. The watcher
/// hears the run's start, its progress and what it says, and writes its files.
pub fn resume(
    scorer: &Scorer,
    options: &OptimalOptions,
    strategy: &StrategyInfo,
    request: &ResumeRequest<'_>,
    watcher: &dyn ResumeWatcher,
) -> Result<Resumed, ResumeError> {
    let run = ResumableRun::new(scorer, options, strategy, request.directory)?;
    let pieces = u32::try_from(run.shards().len()).expect("a plan has far fewer pieces than 2³²");
    let only = request.only.map(|piece| ShardId {
        index: piece.index,
        count: piece.of.unwrap_or(pieces),
    });
    let finished = run.run(
        Request {
            only,
            certify: request.certify,
            ..Request::default()
        },
        watcher,
    )?;
    let why_waiting = match (&finished, only) {
        (
            Finished::Waiting {
                missing, unproven, ..
            },
            Some(only),
        ) => Some(run.why_waiting(only, *missing, *unproven)),
        _ => None,
    };
    Ok(Resumed {
        pieces,
        finished,
        why_waiting,
    })
}
