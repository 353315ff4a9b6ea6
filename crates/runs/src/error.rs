//! Why parts cannot be merged. Some say the set of files is wrong (a usage error: run the
//! missing shard, drop the stray file); others that a part's contents fail the checks.

use std::path::PathBuf;

use thiserror::Error;

#[derive(Debug, Error)]
pub enum MergeError {
    #[error("no parts to merge")]
    NoParts,
    #[error("cannot read {}: {message}", path.display())]
    Read { path: PathBuf, message: String },
    #[error("{} is not a shard part: {message}", path.display())]
    Format { path: PathBuf, message: String },
    #[error("{} belongs to another run than {}: {difference}; merge the parts of one run only", path.display(), first.display())]
    OtherRun {
        path: PathBuf,
        first: PathBuf,
        difference: String,
    },
    #[error("{} missing: run {} and merge again", missing_list(.missing, *.count), run_list(.missing, *.count))]
    Missing { missing: Vec<u32>, count: u32 },
    #[error("shard {index}/{count} is given twice: {} and {}", first.display(), second.display())]
    Duplicate {
        index: u32,
        count: u32,
        first: PathBuf,
        second: PathBuf,
    },
    #[error("{} was changed after it was written: its checksum does not match its contents", path.display())]
    Tampered { path: PathBuf },
    #[error("{} does not hold what its plan deals to shard {index}: {message}", path.display())]
    Invalid {
        path: PathBuf,
        index: u32,
        message: String,
    },
    #[error("{0}")]
    Plan(String),
    #[error("{} is not a certificate of this run: {message}", path.display())]
    Certificate { path: PathBuf, message: String },
    #[error("{0}")]
    Unproven(String),
}

impl MergeError {
    /// Whether a part's contents failed the checks (exit status 1), rather than the set of
    /// files or the reading of them being wrong (2).
    pub fn fails_verification(&self) -> bool {
        matches!(
            self,
            MergeError::Tampered { .. } | MergeError::Invalid { .. } | MergeError::Unproven(_)
        )
    }
}

/// How many missing shards a message names before it says how many more there are.
const NAMED: usize = 10;

/// `items`, the first [`NAMED`] of them joined by `, `, then how many more.
fn capped(items: impl Iterator<Item = String>, total: usize) -> String {
    let named: Vec<String> = items.take(NAMED).collect();
    match total.checked_sub(NAMED) {
        Some(more) if more > 0 => format!("{} and {more} more", named.join(", ")),
        _ => named.join(", "),
    }
}

fn missing_list(missing: &[u32], count: u32) -> String {
    let names = missing.iter().map(|index| format!("{index}/{count}"));
    match missing {
        [_] => format!("shard {} is", capped(names, 1)),
        _ => format!("shards {} are", capped(names, missing.len())),
    }
}

fn run_list(missing: &[u32], count: u32) -> String {
    let flags = missing
        .iter()
        .map(|index| format!("--shard {index}/{count}"));
    capped(flags, missing.len())
}
