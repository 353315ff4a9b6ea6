//! `generate --shard K/N`, `static search --shard K/N` and `merge`: the exact searches cut into
//! shards that run anywhere, and the parts put back together (see the `mastermind-runs`
//! crate).

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::bail;
use mastermind::ops::solve_shard;
use mastermind::runs::certificates::{self, PartProofs};
use mastermind::runs::{merge as merge_parts, optimal, search_of, static_search, Merged, ShardId};
use mastermind::Scorer;

use crate::args::strategy_flags::optimal_search;
use crate::commands::generate::args::GenerateArgs;
use crate::commands::{refused_merge, Outcome};
use crate::output::{scratch_for, write_output, write_output_from, write_together, Files};
use crate::progress::BuildProgress;
use mastermind::files::gzip::{packed_as_named, plain_as_named};
use mastermind::files::{open_input, read_input};
use mastermind::memory::fit_build;
use mastermind::strategy::StrategyKind;

use clap::Args;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The parts the shards wrote, every shard of one run once, in any order.
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,

    /// Write the merged file to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the certificate that the merged optimal tree is optimal to FILE
    /// (atomically), for `verify --certificate`: the facts of the parts' certificates given
    /// with --part-certificate, the proofs of the pieces none of them proves (the search runs
    /// again for those), and the proof of the choice of the first guess. A FILE whose name
    /// ends in `.gz` is written gzip-compressed.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,

    /// A certificate that `generate --shard K/N --certificate FILE` wrote beside its part, to
    /// copy into --certificate's (repeat the flag, or give several files after it).
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "certificate")]
    pub part_certificate: Vec<PathBuf>,
}

/// Solves one shard of the optimal search and writes its part.
pub fn generate(args: &GenerateArgs, shard: ShardId, quiet: bool) -> anyhow::Result<Outcome> {
    if args.strategy != StrategyKind::Optimal {
        bail!("--shard applies to --strategy optimal");
    }
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    fit_build(game, Some(args.table_bytes()))?;
    let scorer = Scorer::new(game);
    let progress = BuildProgress::new(game.code_count() as u64, quiet);
    let solved = solve_shard(&scorer, &options, &strategy, shard, &progress);
    progress.finish();
    let solved = solved?;
    let run = &solved.run;
    write_output(args.output.as_deref(), run.part.to_json().as_bytes())?;
    if !quiet {
        eprintln!(
            "optimal {} shard {shard}: {} of the plan's {} pieces ({} codes) solved in {:.2?}",
            game.describe(),
            run.pieces,
            run.part.plan.pieces,
            run.codes,
            solved.took
        );
    }
    if let Some(path) = &args.certificate {
        let proof = match solved.prove() {
            Ok(proof) => proof,
            Err(error) => {
                eprintln!("error: {error}");
                return Ok(Outcome::Invalid);
            }
        };
        write_output_from(
            Some(path),
            &mut plain_as_named(Some(path), proof.bytes.as_slice()),
        )?;
        if !quiet {
            eprintln!("certificate of shard {shard}: {proof}");
        }
    }
    Ok(Outcome::Success)
}

/// Walks one shard of the static search and writes its part.
pub fn static_search(
    scorer: &Scorer,
    shard: ShardId,
    output: Option<&Path>,
    quiet: bool,
) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let progress = BuildProgress::new(0, quiet);
    let run = static_search::run_shard(scorer, shard, &progress);
    progress.finish();
    write_output(output, run.part.to_json().as_bytes())?;
    if !quiet {
        eprintln!(
            "static search {} shard {shard}: {} of the plan's {} subproblems walked in {:.2?}",
            scorer.game().describe(),
            run.subproblems,
            run.part.plan.pieces,
            started.elapsed()
        );
    }
    Ok(Outcome::Success)
}

/// Merges the parts of one run and writes the result.
pub fn merge(args: &MergeArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let reads = args.parts.iter().map(|part| ("a part read", part));
    let certificates = args
        .part_certificate
        .iter()
        .map(|certificate| ("a --part-certificate read", certificate));
    reads
        .chain(certificates)
        .fold(Files::new(), |files, (what, path)| files.reads(what, path))
        .writes("-o", args.output.as_deref())
        .writes_if("--certificate", args.certificate.as_deref())
        .check()?;
    let files = args
        .parts
        .iter()
        .map(|path| Ok((path.clone(), read_input(path)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let search = match search_of(&files) {
        Ok(search) => search,
        Err(error) => return refused_merge(error),
    };
    let merged = match (&args.certificate, search) {
        (Some(certificate), optimal::SEARCH) => {
            return merge_certified(args, &files, certificate, quiet)
        }
        (Some(_), _) => bail!(
            "--certificate applies to the parts of an optimal search; static searches have none"
        ),
        (None, _) => merge_parts(&files),
    };
    let file = match merged {
        Ok(Merged::Tree(file)) => file,
        Ok(Merged::Static(file)) => {
            write_output(args.output.as_deref(), file.to_json().as_bytes())?;
            if !quiet {
                eprintln!(
                    "merged {} parts: least number of static guesses for {}: {} ({})",
                    files.len(),
                    file.game.game()?.describe(),
                    file.guesses.len(),
                    file.guesses.join(" ")
                );
            }
            return Ok(Outcome::Success);
        }
        Err(error) => return refused_merge(error),
    };
    write_output(args.output.as_deref(), file.to_json().as_bytes())?;
    if !quiet {
        eprintln!(
            "merged {} parts: {} {}: {}",
            files.len(),
            file.strategy.name,
            file.game()?.describe(),
            file.claims
        );
    }
    Ok(Outcome::Success)
}

/// Merges the parts of an optimal search with their certificate (see
/// [`certificates::certify_merge_into`]) and writes both.
fn merge_certified(
    args: &MergeArgs,
    files: &[(PathBuf, String)],
    certificate: &Path,
    quiet: bool,
) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let certificates = args
        .part_certificate
        .iter()
        .map(|path| Ok((path.clone(), open_input(path)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // The parts' facts are copied through a scratch file, not memory: there may be billions.
    let scratch = scratch_for(Some(certificate))?;
    let (file, mut merged) =
        match certificates::certify_merge_into(files, certificates, PartProofs::Checked, scratch) {
            Ok(merged) => merged,
            Err(error) => return refused_merge(error),
        };
    let (json, facts) = (file.to_json(), merged.facts);
    let mut packed = packed_as_named(certificate, &mut merged.file);
    write_together(&mut [
        (args.output.as_deref(), &mut json.as_bytes()),
        (Some(certificate), &mut packed),
    ])?;
    let bytes = packed.bytes;
    if !quiet {
        eprintln!(
            "merged {} parts: {} {}: {}; certificate: {facts} facts, {bytes} bytes, in {:.2?}",
            files.len(),
            file.strategy.name,
            file.game()?.describe(),
            file.claims,
            started.elapsed()
        );
    }
    Ok(Outcome::Success)
}
