//! `cargo xtask man`: the manual pages, written by the release binary's `mastermind man --dir`
//! (which renders the clap definitions with clap_mangen: the main page and one per
//! subcommand) into `target/man/man1/`, ready for `MANPATH` or copying into a man directory.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// Writes the pages and returns their directory.
pub fn write(root: &Path) -> anyhow::Result<PathBuf> {
    let binary = crate::release_binary(root)?;
    let directory = root.join("target/man/man1");
    let output = Command::new(&binary)
        .args(["man", "--dir"])
        .arg(&directory)
        .output()
        .context("cannot run mastermind man")?;
    if !output.status.success() {
        bail!(
            "mastermind man failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(directory)
}
