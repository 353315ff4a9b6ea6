//! Maintenance tasks for the repository, run as `cargo xtask TASK`: regenerating and checking
//! the committed trees, certificates, static results and atlas under `trees/`, the whole-process benchmark table,
//! and the cluster recipe run on a real one-node Slurm.

pub mod atlas;
pub mod bench;
pub mod certificates;
pub mod cluster;
pub mod fuzz;
pub mod kernels;
pub mod man;
pub mod page_bench;
pub mod piece_certificates;
pub mod proof;
pub mod proof_bench;
pub mod scope;
pub mod static_sets;
pub mod trees;
pub mod vector_bench;
pub mod web;

use std::path::PathBuf;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .expect("xtask lives inside the workspace")
        .to_owned()
}

/// Builds the release `mastermind` binary and returns its path.
pub fn release_binary(root: &std::path::Path) -> anyhow::Result<PathBuf> {
    use anyhow::Context;
    let status = std::process::Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--bin", "mastermind"])
        .current_dir(root)
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        anyhow::bail!("cargo build --release failed");
    }
    Ok(root.join("target/release/mastermind"))
}
