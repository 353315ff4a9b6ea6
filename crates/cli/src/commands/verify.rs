//! `mastermind verify`: replays every code through a tree file (JSON, or either notation of
//! the papers) and reports what holds, as text or (`--json`) as data with every problem at its
//! path.

use std::path::Path;

use anyhow::Context;
use mastermind::read::{CertificateInput, ReadTree};
use mastermind::verify::{Optimality, VerifyOptions};

use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::tree_input::load_and_verify;
use mastermind::files::open_input;

use std::path::PathBuf;

use clap::Args;

use crate::args::tree_input::{NotationInputArgs, TreeFormat};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The tree file to check (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Check that this certificate (written by `mastermind certify` or `generate
    /// --certificate`) proves the tree optimal: the report says `optimality: proven`, or
    /// why not (exit 1).
    #[arg(long, value_name = "CERTIFICATE")]
    pub certificate: Option<PathBuf>,

    /// Check the certificate with the reference checker: a plain, sequential second checker
    /// of 600 lines, written to be read rather than to be fast. It holds the whole certificate
    /// and every set it proves in memory: meant for small games' certificates.
    #[arg(long, requires = "certificate")]
    pub reference: bool,

    /// Also fail if any code needs more than N guesses.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<usize>,

    /// Print the report as JSON: whether the tree holds, every problem with its path, line
    /// and column, the notes and the true figures.
    #[arg(long)]
    pub json: bool,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,
}

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
