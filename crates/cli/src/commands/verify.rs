//! `mastermind verify`: replays every code through a tree file (JSON, or either notation of
//! the papers) and reports what holds, as text or (`--json`) as data with every problem at its
//! path.

use std::path::Path;

use anyhow::Context;
use mastermind::read::{CertificateInput, ReadTree};
use mastermind::verify::{Optimality, VerifyOptions};

use crate::args::VerifyArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::tree_input::load_and_verify;
use mastermind::files::open_input;

pub fn run(args: &VerifyArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let stdin = |path: &std::path::Path| path == std::path::Path::new("-");
    if stdin(&args.file) && args.certificate.as_deref().is_some_and(stdin) {
        anyhow::bail!(
            "the tree and --certificate cannot both be read from standard input (`-`): give \
             one of them as a file"
        );
    }
    let options = VerifyOptions {
        max_guesses: args.max_guesses,
    };
    let mut loaded = load_and_verify(&args.file, args.format, &args.input, &options)?;
    loaded.report.optimality =
        optimality(&loaded, args.certificate.as_deref(), args.reference, quiet)?;
    let text = if args.json {
        serde_json::to_string_pretty(&loaded.report.document())? + "\n"
    } else {
        loaded.report.to_string()
    };
    write_stdout(text.as_bytes())?;
    Ok(if loaded.report.is_valid() {
        Outcome::Success
    } else {
        Outcome::Invalid
    })
}

/// What is known of the tree's optimality (see [`ReadTree::optimality`]), with a bar while a
/// certificate is checked.
fn optimality(
    read: &ReadTree,
    certificate: Option<&Path>,
    reference: bool,
    quiet: bool,
) -> anyhow::Result<Option<Optimality>> {
    let Some(path) = certificate.filter(|_| read.report.tree.is_some()) else {
        return Ok(read.claimed_optimality());
    };
    let input = open_input(path)?;
    // A large certificate takes minutes to hours to check: a bar shows how far, by the bytes
    // of the file read (a pipe's length is unknown, so it gets none).
    let length = std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|metadata| metadata.len());
    let progress = BuildProgress::reading(
        length.unwrap_or(0),
        "the certificate",
        quiet || length.is_none(),
    );
    let judged = read.optimality(CertificateInput {
        name: Some(path.display().to_string()),
        input: progress.read(input),
        reference,
    });
    progress.finish();
    judged.with_context(|| format!("cannot read {}", path.display()))
}
