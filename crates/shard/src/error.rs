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
}

impl MergeError {
    /// Whether a part's contents failed the checks (exit status 1), rather than the set of
    /// files or the reading of them being wrong (2).
    pub fn fails_verification(&self) -> bool {
        matches!(
            self,
            MergeError::Tampered { .. } | MergeError::Invalid { .. }
        )
    }
}

fn missing_list(missing: &[u32], count: u32) -> String {
    let names: Vec<String> = missing
        .iter()
        .map(|index| format!("{index}/{count}"))
        .collect();
    match names.as_slice() {
        [one] => format!("shard {one} is"),
        _ => format!("shards {} are", names.join(", ")),
    }
}

fn run_list(missing: &[u32], count: u32) -> String {
    let flags: Vec<String> = missing
        .iter()
        .map(|index| format!("--shard {index}/{count}"))
        .collect();
    flags.join(", ")
}
