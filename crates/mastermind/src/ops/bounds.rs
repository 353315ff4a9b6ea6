//! What a resumable run's directory proves of the optimum at any stop: the lower bound, its
//! certificate checked piece by piece (each piece's proof once, where a directory of checked
//! proofs remembers them), and the best tree known, verified by replaying every code. The two
//! meet once every piece is in.

use std::fs::File;
use std::io::{self, BufWriter, Seek};
use std::path::Path;

use thiserror::Error;

use crate::certificate::{packed, Bound};
use crate::runs::checked_proofs::CheckedProofs;
use crate::runs::resume::{ResumableRun, ResumeError};
use crate::strategy::OptimalOptions;
use crate::tree::{Node, StrategyInfo, TreeFile};
use crate::verify::{verify_file, VerifyOptions};
use crate::{GameError, Scorer};

/// The name the best tree known is written under: a strategy of its own, which claims no
/// optimum.
pub const BEST_KNOWN: &str = "best-known";

/// The interval a run's directory proves, with what carries each end.
#[derive(Debug)]
pub struct ProvenBounds {
    /// Every strategy for the whole game needs at least this many guesses in all, as the
    /// checker proves from the pieces' proofs.
    pub least: u64,
    /// The lower bound's certificate, gzip-compressed, in the scratch file given, at its start.
    pub certificate: File,
    /// Its facts.
    pub facts: u64,
    /// The pieces whose proofs it carries.
    pub proven_pieces: usize,
    /// Of those, the proofs checked now, and those remembered as checked before.
    pub checked: usize,
    /// See `checked`.
    pub recalled: usize,
    /// The best tree known (named [`BEST_KNOWN`], claiming no optimum), verified.
    pub best: TreeFile,
    /// Its total.
    pub total: u64,
    /// The pieces in the directory, and the plan's.
    pub pieces_in: usize,
    /// The plan's pieces.
    pub pieces: usize,
}

/// Why the interval could not be given.
#[derive(Debug, Error)]
pub enum BoundsError {
    /// The run's directory cannot be read as the run's, or a proof in it does not hold.
    #[error(transparent)]
    Run(#[from] ResumeError),
    /// The scratch file cannot be written or read back.
    #[error("cannot write the lower bound's certificate to a scratch file: {0}")]
    Scratch(#[from] io::Error),
    /// The checker proves another bound than the certificate written states.
    #[error(
        "the checker proves {proven}, the certificate written states {written}: this is a bug"
    )]
    Differ {
        /// What the checker proves.
        proven: u64,
        /// What the certificate's last fact states.
        written: u32,
    },
    /// No strategy meets the run's cap.
    #[error("no strategy meets the run's cap")]
    Infeasible,
    /// No heuristic tree meets the run's cap, and no tree was given to start from.
    #[error("no heuristic tree meets the run's cap: give a tree to start from")]
    NoUpper,
    /// The best tree known does not verify.
    #[error("the best tree known does not verify: this is a bug, please report it")]
    BestFails,
    /// The tree's game cannot be read back.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The interval the pieces in `directory` prove for the optimal search with `options` (see
/// [`optimal_search`](super::optimal_search)): the lower bound checked as
/// [`ResumableRun::check_lower_bound`] checks it (each piece's proof, or what `remembered`
/// holds of it, then the facts about the start) and its whole certificate written to
/// `scratch`, for `verify --certificate`; and the best tree known from `upper` (a tree of
/// the whole game) or the heuristics, with the exact pieces in place.
pub fn bounds(
    scorer: &Scorer,
    options: &OptimalOptions,
    strategy: &StrategyInfo,
    directory: &Path,
    upper: Option<&Node>,
    remembered: Option<&CheckedProofs>,
    mut scratch: File,
) -> Result<ProvenBounds, BoundsError> {
    let run = ResumableRun::new(scorer, options, strategy, directory)?;
    let pieces = run.shards().len();
    let pieces_in = run.shards().iter().filter(|&&id| run.is_in(id)).count();

    let checked = run.check_lower_bound(remembered)?;
    let least = match checked.bound {
        Bound::AtLeast(least) => u64::from(least),
        Bound::Infeasible => return Err(BoundsError::Infeasible),
    };
    let lower = {
        let mut out = BufWriter::new(&mut scratch);
        let mut packing = packed(&mut out);
        let lower = run.certify_lower_bound(&mut packing)?;
        packing.finish()?;
        drop(out);
        lower
    };
    if least != u64::from(lower.bound) {
        return Err(BoundsError::Differ {
            proven: least,
            written: lower.bound,
        });
    }
    scratch.rewind()?;

    let (root, total) = run.best_known(upper)?.ok_or(BoundsError::NoUpper)?;
    let info = StrategyInfo {
        name: BEST_KNOWN.to_owned(),
        parameters: Default::default(),
    };
    let best = TreeFile::new(scorer.codebook(), info, &root);
    let report = verify_file(&best, &VerifyOptions::default())?;
    if !report.is_valid() || report.statistics.total() != total {
        return Err(BoundsError::BestFails);
    }
    Ok(ProvenBounds {
        least,
        certificate: scratch,
        facts: lower.facts,
        proven_pieces: lower.pieces,
        checked: checked.checked,
        recalled: checked.recalled,
        best,
        total,
        pieces_in,
        pieces,
    })
}
