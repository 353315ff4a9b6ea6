//! `cargo xtask man`: the manual page, written by the release binary's `mastermind man` (which
//! renders the clap definitions with clap_mangen) to `target/man/man1/mastermind.1`, ready for
//! `MANPATH` or copying into a man directory.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// Writes the page and returns its path.
pub fn write(root: &Path) -> anyhow::Result<PathBuf> {
    let binary = crate::release_binary(root)?;
    let output = Command::new(&binary)
        .arg("man")
        .output()
        .context("cannot run mastermind man")?;
    if !output.status.success() {
        bail!(
            "mastermind man failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let directory = root.join("target/man/man1");
    std::fs::create_dir_all(&directory)
        .with_context(|| format!("cannot create {}", directory.display()))?;
    let page = directory.join("mastermind.1");
    std::fs::write(&page, &output.stdout)
        .with_context(|| format!("cannot write {}", page.display()))?;
    Ok(page)
}
