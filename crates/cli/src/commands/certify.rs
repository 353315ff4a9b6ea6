//! `mastermind certify`: proves what an optimal tree file claims and writes the certificate
//! that `verify --certificate` checks.

use anyhow::bail;
use mastermind::ops::{certify, Proof};
use mastermind::strategy::CertifyTreeError;
use mastermind::Scorer;

use crate::args::tree_input::NotationInputArgs;
use crate::commands::Outcome;
use crate::output::{write_output_from, Files};
use crate::tree_input::{load_valid_tree, ValidTree};
use mastermind::files::gzip::plain_as_named;
use mastermind::memory::fit_build;

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// The optimal tree whose claim to prove (JSON; `-` for stdin).
    #[arg(value_name = "TREE")]
    pub file: PathBuf,

    /// Write the certificate to FILE (atomically) instead of stdout; `-` is stdout. A FILE
    /// whose name ends in `.gz` is written gzip-compressed.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Memory for the search's table of settled candidate sets, in MiB (as for `generate`).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..))]
    pub table_memory: Option<u32>,
}

pub fn run(args: &CertifyArgs, quiet: bool) -> anyhow::Result<Outcome> {
    Files::new()
        .reads("the tree read", &args.file)
        .writes("-o", args.output.as_deref())
        .check()?;
    // Read as `verify` reads it, with no game flags: JSON files name their game.
    let input = NotationInputArgs::default();
    let Some(tree) = load_valid_tree(&args.file, None, &input, "certified")? else {
        return Ok(Outcome::Invalid);
    };
    let table = args
        .table_memory
        .map_or_else(mastermind::memory::default_table_bytes, |mib| {
            (mib as usize) << 20
        });
    let Some(proof) = certificate_of(&tree, Some(table))? else {
        return Ok(Outcome::Invalid);
    };
    let path = args.output.as_deref();
    write_output_from(path, &mut plain_as_named(path, proof.bytes.as_slice()))?;
    say_proven(&proof, quiet);
    Ok(Outcome::Success)
}

/// The certificate of a verified optimal tree. `None` when the search's answers do not
/// support the tree's claim (said on stderr): the tree is then not optimal, or the search is
/// wrong.
pub fn certificate_of(tree: &ValidTree, table: Option<usize>) -> anyhow::Result<Option<Proof>> {
    let Some(strategy) = &tree.strategy else {
        bail!(
            "the tree names no strategy (only JSON tree files do); certificates prove trees of \
             `generate --strategy optimal`"
        );
    };
    let game = *tree.book.game();
    fit_build(game, table)?;
    match certify(&Scorer::new(game), strategy, &tree.history, &tree.root) {
        Ok(proof) => Ok(Some(proof)),
        Err(error @ CertifyTreeError::Certify(_)) => {
            eprintln!("error: {error}");
            Ok(None)
        }
        Err(error) => bail!(error),
    }
}

/// Says on stderr what the proof took, unless `quiet`: once the certificate is written, so
/// that nothing is said to be proven that then fails to be written.
pub fn say_proven(proof: &Proof, quiet: bool) {
    if !quiet {
        eprintln!("certificate: {proof}");
    }
}
