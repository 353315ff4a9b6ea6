//! `mastermind generate`: builds a strategy tree and writes it as a JSON tree file; with
//! `--resume DIR`, a resumable run of the optimal search ([`resume`]) or the interval its
//! pieces prove ([`bounds`]).

pub mod args;
pub mod bounds;
pub mod resume;

use std::time::Instant;

use anyhow::bail;
use mastermind::files::gzip::plain_as_named;
use mastermind::memory::fit_build;
use mastermind::strategy::forecast::forecast;
use mastermind::strategy::{Situation, StrategyKind};
use mastermind::tree::TreeFile;

use crate::build_named::{build_certified_strategy, build_strategy};
use crate::commands::certify::say_proven;
use crate::commands::Outcome;
use crate::output::{write_output, write_together, Files};
use crate::progress::BuildProgress;
use args::GenerateArgs;

pub fn run(args: &GenerateArgs, quiet: bool) -> anyhow::Result<Outcome> {
    if args.certificate.is_some() {
        check_certificate_flags(args)?;
    }
    let mut files = Files::new()
        .writes("-o", args.output.as_deref())
        .writes_if("--certificate", args.certificate.as_deref());
    if let Some(directory) = &args.resume {
        files = files.reads_directory("--resume", directory);
    }
    if let Some(upper) = &args.upper {
        files = files.reads("--upper", upper);
    }
    files.check()?;
    if let (Some(shard), None) = (args.shard, &args.resume) {
        return crate::commands::shard::generate(args, shard, quiet);
    }
    let game = args.game.game()?;
    let search = args.strategy == StrategyKind::Optimal;
    if args.table_memory.is_some() && !search {
        bail!("--table-memory applies to --strategy optimal");
    }
    fit_build(game, search.then(|| args.table_bytes()))?;
    if let Some(directory) = &args.resume {
        if args.strategy != StrategyKind::Optimal {
            bail!("--resume applies to --strategy optimal");
        }
        return match args.bounds {
            true => bounds::run(args, directory, quiet),
            false => resume::run(args, directory, quiet),
        };
    }
    if let Some(note) = forecast(args.strategy, &game).filter(|_| !quiet) {
        eprintln!("note: {note}");
    }
    let started = Instant::now();
    let scorer = args.strategy.scorer(game);
    let progress = BuildProgress::new(game.code_count() as u64, quiet);
    let (built, proof) = match &args.certificate {
        Some(_) => match build_certified_strategy(&args.options, &scorer, &progress) {
            Ok(Some((built, proof))) => (Ok(built), Some(proof)),
            Ok(None) => {
                progress.finish();
                return Ok(Outcome::Invalid);
            }
            Err(error) => (Err(error), None),
        },
        None => (
            build_strategy(
                args.strategy,
                &args.options,
                &scorer,
                &Situation::start(&scorer),
                &progress,
            ),
            None,
        ),
    };
    progress.finish();
    let built = built?;
    let file = TreeFile::new(scorer.codebook(), built.info.clone(), &built.root);
    let json = file.to_json();
    if args.certificate.is_none() {
        write_output(args.output.as_deref(), json.as_bytes())?;
    }
    if !quiet {
        eprintln!(
            "{} {}: {}, built in {:.2?}{}",
            file.strategy.name,
            game.describe(),
            file.claims,
            started.elapsed(),
            built.search.map_or(String::new(), |search| format!(
                ", {} search nodes, {} of {} table look-ups hit",
                search.nodes, search.table_hits, search.table_lookups
            ))
        );
    }
    if let (Some(certificate), Some(proof)) = (&args.certificate, proof) {
        // Neither is written unless both are: a tree without its proof, or beside an old
        // certificate, would be a pair that does not match.
        write_together(&mut [
            (args.output.as_deref(), &mut json.as_bytes()),
            (
                Some(certificate),
                &mut plain_as_named(Some(certificate), proof.bytes.as_slice()),
            ),
        ])?;
        say_proven(&proof, quiet);
    }
    Ok(Outcome::Success)
}

/// `--certificate` proves what the optimal search finds, over every opening.
fn check_certificate_flags(args: &GenerateArgs) -> anyhow::Result<()> {
    if args.strategy != StrategyKind::Optimal {
        bail!("--certificate applies to --strategy optimal: no other strategy claims an optimum");
    }
    if args.options.opening.is_some() {
        bail!(
            "--certificate proves the least total over every opening, so it does not apply \
             with --opening"
        );
    }
    Ok(())
}
