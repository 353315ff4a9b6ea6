//! The atlas: every game's figures, one measure at a time ([`compute`]) or a range of games
//! at once ([`AtlasRun`]), and with files, a run over an atlas file as `mastermind atlas`
//! makes one ([`AtlasJob`]).

pub use mastermind_atlas::{
    compute, compute_as_child, csv, grid, markdown_table, shard_of, AtlasError, AtlasFile,
    AtlasRun, AtlasWatcher, ChildProcess, Entry, Figures, GameKey, InProcess, Known, Links,
    Measure, Outcome, Reached, Runner, Unreported, Unwatched, Variant, FORMAT_NAME,
};

#[cfg(feature = "files")]
mod job;
#[cfg(feature = "files")]
pub use job::{AtlasJob, JobError, JobFiles};
