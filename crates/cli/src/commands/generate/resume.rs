//! `generate --strategy optimal --resume DIR`: the resumable run of the optimal search (see
//! [`mastermind::runs::resume`]) with a progress bar, its messages on stderr, and the tree and
//! certificate written where the flags say.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mastermind::files::gzip::packed_as_named;
use mastermind::runs::resume::{
    Finished, MergedCertificate, Request, ResumableRun, ResumeError, ResumeEvent, ResumeWatcher,
};
use mastermind::runs::ShardId;
use mastermind::strategy::Progress;
use mastermind::tree::TreeFile;
use mastermind::Scorer;

use crate::args::strategy_flags::optimal_search;
use crate::commands::generate::args::GenerateArgs;
use crate::commands::{refused_merge, Outcome};
use crate::output::{write_output, write_together};
use crate::progress::BuildProgress;
use mastermind::play::plural;

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
        said_waiting: AtomicBool::new(false),
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
            missing, unproven, ..
        }) => {
            if let (false, Some(only)) = (quiet, args.shard) {
                eprintln!("{}", run.why_waiting(only, missing, unproven));
            }
            return Ok(Outcome::Success);
        }
        Ok(Finished::Unproven(unproven)) => {
            eprintln!("error: {unproven}");
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
            file.claims,
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
    /// Whether it has said that the run waits for pieces other runs hold.
    said_waiting: AtomicBool,
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

    fn waiting(&self, held: &[ShardId]) {
        if !self.quiet && !self.said_waiting.swap(true, Ordering::Relaxed) {
            let held: Vec<String> = held.iter().map(ToString::to_string).collect();
            self.progress.println(&format!(
                "waiting for the pieces other runs on this directory hold ({}); this run writes \
                 the tree too once they are in",
                held.join(", ")
            ));
        }
    }
}
