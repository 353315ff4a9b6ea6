//! `mastermind verify`: replays every code through a tree file (JSON, or either notation of
//! the papers) and reports what holds, as text or (`--json`) as data with every problem at its
//! path.

use std::path::Path;

use mastermind::certificate::Bounds;
use mastermind::tree::Node;
use mastermind::verify::{claims_optimum, judge, Optimality, VerifyOptions};

use crate::args::VerifyArgs;
use crate::commands::Outcome;
use crate::input::open_input;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::tree_input::{load_and_verify, LoadedTree};

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

/// What is known of the tree's optimality: checked against the certificate if one is given,
/// unchecked for a tree that claims an optimum, else nothing.
fn optimality(
    loaded: &LoadedTree,
    certificate: Option<&Path>,
    reference: bool,
    quiet: bool,
) -> anyhow::Result<Option<Optimality>> {
    let Some(tree) = loaded.report.tree.as_ref() else {
        return Ok(None);
    };
    let Some(path) = certificate else {
        return Ok(claims_optimum(loaded.strategy.as_ref()).then_some(Optimality::Unchecked));
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
    let read = progress.read(input);
    let checked = match reference {
        false => {
            mastermind::certificate::check(read).map(|proven| judge_with(loaded, tree, &proven))
        }
        true => mastermind::certificate::check_reference(read)
            .map(|proven| judge_with(loaded, tree, &proven)),
    };
    progress.finish();
    Ok(Some(match checked {
        Ok(optimality) => optimality,
        Err(mastermind::certificate::CertificateError::Io(error)) => {
            return Err(anyhow::Error::new(error).context(format!("cannot read {}", path.display())))
        }
        Err(error) => Optimality::NotProven {
            reason: format!("{}: {error}", path.display()),
        },
    }))
}

/// What `proven` says of the loaded tree `tree`.
fn judge_with(loaded: &LoadedTree, tree: &Node, proven: &impl Bounds) -> Optimality {
    judge(
        &loaded.book,
        loaded.strategy.as_ref(),
        &loaded.history,
        tree,
        proven,
    )
}
