//! Loading a tree file named on the command line and verifying it, for the commands that
//! need a verified tree (`verify` reports on it, `print` refuses to print a broken one).

use std::path::Path;

use anyhow::Context;
use mastermind_core::Codebook;
use mastermind_tree::TreeFile;
use mastermind_verify::{verify_file, Report, VerifyOptions};

use crate::input::read_input;

/// A tree file as read and verified.
pub struct LoadedTree {
    pub book: Codebook,
    pub report: Report,
}

/// Reads `path` (or stdin for `-`) and verifies it. Unreadable input is an error (exit 2);
/// a readable tree that fails verification comes back with the problems in its report.
pub fn load_and_verify(path: &Path, options: &VerifyOptions) -> anyhow::Result<LoadedTree> {
    let text = read_input(path)?;
    let file = TreeFile::from_json(&text).with_context(|| format!("cannot read {}", path.display()))?;
    let report = verify_file(&file, options)?;
    let book = Codebook::new(file.game()?);
    Ok(LoadedTree { book, report })
}
