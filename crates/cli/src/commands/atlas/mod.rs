//! `mastermind atlas`: computes the atlas for a range of games with the atlas crate's
//! [`AtlasRun`] (which reuses what earlier runs and shards settled and links figures to
//! committed trees), each measure as a child process under a time budget ([`ChildProcess`]), several
//! at a time, saving the file as each game is done.

mod entry;

use anyhow::Context;
use mastermind::atlas::{
    grid, shard_of, AtlasFile, AtlasJob, AtlasWatcher, ChildProcess, GameKey, JobFiles, Measure,
    Outcome,
};

use crate::args::{AtlasArgs, AtlasEntryArgs};
use crate::commands::Outcome as Exit;
use crate::output::{write_output, Files};

pub fn entry(args: &AtlasEntryArgs) -> anyhow::Result<Exit> {
    entry::run(args)
}

pub fn run(args: &AtlasArgs, threads: Option<u16>, quiet: bool) -> anyhow::Result<Exit> {
    // The output file is read back when it exists (an atlas goes on from it), which is
    // meant; the CSV and the atlas must be two files.
    Files::new()
        .writes("-o", args.output.as_deref())
        .writes_if("--csv", args.csv.as_deref())
        .check()?;
    let mut games = grid(
        args.pegs.values(),
        args.colours.values(),
        &args.variants,
        args.max_codes,
    );
    if games.is_empty() {
        anyhow::bail!(
            "no game of {} pegs and {} colours in the variants given has at most {} codes \
             (--max-codes); nothing to compute",
            args.pegs,
            args.colours,
            args.max_codes
        );
    }
    if let Some(shard) = args.shard {
        games = shard_of(games, shard.index, shard.count);
    }
    let files = JobFiles {
        output: args.output.as_deref(),
        reuse: &args.reuse,
        trees: args.trees.as_deref(),
    };
    let job = AtlasJob::new(games, &args.measures, args.budget, files)?;
    if !quiet {
        eprintln!(
            "atlas: {} games, {} computations to run (budget {} s each, {} at a time), {} reused",
            job.run.games().len(),
            job.run.to_run(),
            args.budget,
            workers(threads),
            job.run.reused()
        );
    }
    let program = std::env::current_exe().context("cannot find the mastermind binary to run")?;
    let watcher = Watcher { args, quiet };
    let atlas = job.run(&ChildProcess(program), workers(threads), &watcher)?;
    watcher.write(&atlas)?;
    Ok(Exit::Success)
}

/// Tells each outcome on stderr, and saves the atlas (and its CSV) as each game is done when
/// it goes to a file.
struct Watcher<'a> {
    args: &'a AtlasArgs,
    quiet: bool,
}

impl Watcher<'_> {
    fn write(&self, atlas: &AtlasFile) -> anyhow::Result<()> {
        write_output(self.args.output.as_deref(), atlas.to_json().as_bytes())?;
        if let Some(path) = &self.args.csv {
            write_output(Some(path), mastermind::atlas::csv(atlas)?.as_bytes())?;
        }
        Ok(())
    }
}

impl AtlasWatcher for Watcher<'_> {
    fn outcome(&self, game: GameKey, measure: Measure, outcome: &Outcome) {
        if !self.quiet {
            eprintln!("{game} {}: {}", measure.name(), outcome.describe());
        }
    }

    fn game_done(&self, atlas: &AtlasFile) -> std::io::Result<()> {
        let to_file = self
            .args
            .output
            .as_deref()
            .is_some_and(|path| path.as_os_str() != "-");
        match to_file {
            true => self
                .write(atlas)
                .map_err(|error| std::io::Error::other(format!("{error:#}"))),
            false => Ok(()),
        }
    }
}

/// The computations run at once: -j, else one per core.
fn workers(threads: Option<u16>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}
