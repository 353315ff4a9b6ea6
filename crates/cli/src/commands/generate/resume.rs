//! `generate --strategy optimal --resume DIR`: the resumable run of the optimal search
//! ([`mastermind::ops::resume`]) with a progress bar, its messages on stderr, and the tree and
//! certificate written where the flags say.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mastermind::files::gzip::packed_as_named;
use mastermind::ops::{resume, OnePiece, ResumeRequest};
use mastermind::play::plural;
use mastermind::runs::resume::{
    Finished, MergedCertificate, ResumeError, ResumeEvent, ResumeWatcher, RunStart,
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

pub fn run(args: &GenerateArgs, directory: &Path, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    let started = Instant::now();
    let scorer = Scorer::new(game);
    let watcher = Watcher {
        progress: BuildProgress::new(0, quiet),
        quiet,
        game: game.describe(),
        directory,
        said_waiting: AtomicBool::new(false),
    };
    let request = ResumeRequest {
        directory,
        only: args.shard.map(|shard| OnePiece {
            index: shard.index,
            of: Some(shard.count),
        }),
        certify: args.certificate.is_some(),
    };
    let resumed = resume(&scorer, &options, &strategy, &request, &watcher);
    watcher.progress.finish();
    let resumed = match resumed {
        Ok(resumed) => resumed,
        Err(ResumeError::Merge(error)) => return refused_merge(error),
        Err(error) => return Err(error.into()),
    };
    if let (false, Some(why)) = (quiet, &resumed.why_waiting) {
        eprintln!("{why}");
    }
    let (file, mut certificate, solved_here) = match resumed.finished {
        Finished::Tree {
            file,
            certificate,
            solved_here,
        } => (file, certificate, solved_here),
        Finished::Waiting { .. } => return Ok(Outcome::Success),
        Finished::Unproven(unproven) => {
            eprintln!("error: {unproven}");
            return Ok(Outcome::Invalid);
        }
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
struct Watcher<'d> {
    progress: BuildProgress,
    quiet: bool,
    /// The game, in words.
    game: String,
    directory: &'d Path,
    /// Whether it has said that the run waits for pieces other runs hold.
    said_waiting: AtomicBool,
}

impl ResumeWatcher for Watcher<'_> {
    fn started(&self, start: &RunStart) {
        self.progress.codes_in(start.codes, start.codes_in);
        if !self.quiet {
            self.progress.println(&format!(
                "optimal {}: {} of the plan's {} pieces already in {}",
                self.game,
                start.pieces_in,
                start.pieces,
                self.directory.display()
            ));
        }
    }

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
