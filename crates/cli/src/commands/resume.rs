//! `generate --strategy optimal --resume DIR`: the resumable run of the optimal search (see
//! [`mastermind::runs::resume`]) with a progress bar, its messages on stderr, and the tree and
//! certificate written where the flags say.

use std::path::Path;
use std::time::Instant;

use mastermind::files::gzip::packed_as_named;
use mastermind::runs::resume::{
    Finished, MergedCertificate, Request, ResumableRun, ResumeError, ResumeEvent, ResumeWatcher,
};
use mastermind::runs::ShardId;
use mastermind::strategy::Progress;
use mastermind::tree::TreeFile;
use mastermind::Scorer;

use crate::args::strategy::optimal_search;
use crate::args::GenerateArgs;
use crate::commands::{claims_summary, plural, refused_merge, Outcome};
use crate::output::{write_output, write_together};
use crate::progress::BuildProgress;

pub fn run(args: &GenerateArgs, directory: &Path, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    let started = Instant::now();
    let scorer = Scorer::new(game);
    let run = ResumableRun::new(&scorer, &options, &strategy, directory)?;
    let shards = run.shards();
    let count = shards.len();
    if !quiet {
        eprintln!(
            "optimal {}: {} of the plan's {count} pieces already in {}",
            game.describe(),
            shards.iter().filter(|&&id| run.is_in(id)).count(),
            directory.display()
        );
    }
    let watcher = Watcher {
        progress: BuildProgress::new(run.codes(), quiet),
        quiet,
    };
    watcher.progress.codes_settled(run.codes_in());
    let request = Request {
        only: args.shard,
        certify: args.certificate.is_some(),
        ..Request::default()
    };
    let finished = run.run(request, &watcher);
    watcher.progress.finish();
    let (file, mut certificate, solved_here) = match finished {
        Ok(Finished::Tree {
            file,
            certificate,
            solved_here,
        }) => (file, certificate, solved_here),
        Ok(Finished::Waiting {
            missing,
            unproven,
            held,
            ..
        }) => {
            if !quiet {
                say_waiting(&run, directory, args.shard, (missing, unproven), &held);
            }
            return Ok(Outcome::Success);
        }
        Ok(Finished::Unproven { id, path, reason }) => {
            eprintln!(
                "error: piece {id} ({}): {reason}; remove the piece to solve it again",
                path.display()
            );
            return Ok(Outcome::Invalid);
        }
        Err(ResumeError::Merge(error)) => return refused_merge(error),
        Err(error) => return Err(error.into()),
    };
    let json = file.to_json();
    let written = match (&args.certificate, &mut certificate) {
        (Some(path), Some(MergedCertificate { file, facts, .. })) => {
            // The tree and its certificate are replaced together, or neither is.
            let mut packed = packed_as_named(path, file);
            write_together(&mut [
                (args.output.as_deref(), &mut json.as_bytes()),
                (Some(path.as_path()), &mut packed),
            ])?;
            Some((path, *facts, packed.bytes))
        }
        _ => {
            write_output(args.output.as_deref(), json.as_bytes())?;
            None
        }
    };
    report_tree(&file, solved_here, started, quiet)?;
    if let (Some((path, facts, bytes)), false) = (written, quiet) {
        eprintln!(
            "certificate: {facts} facts, {bytes} bytes, in {}",
            path.display()
        );
    }
    Ok(Outcome::Success)
}

/// Says why a run that ended with pieces (or their certificates) missing wrote no tree.
fn say_waiting(
    run: &ResumableRun<'_>,
    directory: &Path,
    only: Option<ShardId>,
    (missing, unproven): (usize, usize),
    held: &[ShardId],
) {
    let count = run.shards().len();
    let game = run.planned().scorer().game();
    let listed = |ids: &[ShardId]| {
        ids.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if missing == 0 && only.is_none() {
        eprintln!(
            "optimal {}: every piece is in {}; another run is proving {} (their proofs under \
             way are locked), and whichever run ends last writes the tree and its certificate",
            game.describe(),
            directory.display(),
            listed(held)
        );
    } else if missing == 0 {
        // Every piece is in; a run for one piece proves no other piece's certificate.
        eprintln!(
            "optimal {}: piece {} is proven in {}; {unproven} of the plan's {count} pieces lack \
             a certificate: their own runs prove them, or a run without --shard proves them \
             all and writes the tree and its certificate",
            game.describe(),
            listed(&only.into_iter().collect::<Vec<_>>()),
            directory.display()
        );
    } else if held.is_empty() {
        // Only one piece was asked for: the tree waits for the others.
        let wanted: Vec<ShardId> = only.into_iter().collect();
        eprintln!(
            "optimal {}: piece {} is in {}; {missing} of the plan's {count} pieces are still to \
             solve before the tree can be written",
            game.describe(),
            listed(&wanted),
            directory.display()
        );
    } else {
        eprintln!(
            "optimal {}: {missing} of the plan's {count} pieces are not in {} yet; another run \
             is solving {} (their notes are locked), and whichever run ends last writes the tree",
            game.describe(),
            directory.display(),
            listed(held)
        );
    }
}

/// Says what the finished run wrote.
fn report_tree(
    file: &TreeFile,
    solved_here: usize,
    started: Instant,
    quiet: bool,
) -> anyhow::Result<()> {
    let game = file.game()?;
    if !quiet {
        eprintln!(
            "optimal {}: {}, {} solved now in {:.2?}",
            game.describe(),
            claims_summary(file),
            plural(solved_here, "piece", "pieces"),
            started.elapsed()
        );
    }
    Ok(())
}

/// The run's progress bar, its messages under the bar, and its files written as every output
/// is (atomically, and removed if the run is interrupted while writing).
struct Watcher {
    progress: BuildProgress,
    quiet: bool,
}

impl ResumeWatcher for Watcher {
    fn codes_settled(&self, codes: u64) {
        self.progress.codes_settled(codes);
    }

    fn event(&self, event: ResumeEvent<'_>) {
        if !self.quiet || event.is_warning() {
            self.progress.println(&event.to_string());
        }
    }
}
