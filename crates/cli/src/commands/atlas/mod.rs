//! `mastermind atlas`: computes the atlas for a range of games with the atlas crate's
//! [`AtlasRun`] (which reuses what earlier runs and shards settled and links figures to
//! committed trees), each measure as a child process under a time budget ([`ChildProcess`]), several
//! at a time, saving the file as each game is done.

mod entry;
mod lock;

use std::path::Path;

use anyhow::Context;
use mastermind::atlas::{
    grid, AtlasFile, AtlasRun, AtlasWatcher, ChildProcess, GameKey, Known, Links, Measure, Outcome,
};

use crate::args::{AtlasArgs, AtlasEntryArgs};
use crate::commands::Outcome as Exit;
use crate::output::{check_output, write_output};

pub fn entry(args: &AtlasEntryArgs) -> anyhow::Result<Exit> {
    entry::run(args)
}

pub fn run(args: &AtlasArgs, threads: Option<u16>, quiet: bool) -> anyhow::Result<Exit> {
    check_output(args.output.as_deref())?;
    check_output(args.csv.as_deref())?;
    if let (Some(output), Some(csv)) = (&args.output, &args.csv) {
        if output == csv && output.as_os_str() != "-" {
            anyhow::bail!(
                "-o and --csv both name {}: the CSV would replace the atlas; give two files",
                output.display()
            );
        }
    }
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
        games = games
            .into_iter()
            .enumerate()
            .filter(|(index, _)| *index as u32 % shard.count == shard.index)
            .map(|(_, game)| game)
            .collect();
    }
    // Held to the end: the output is read, then rewritten after each game.
    let _lock = match &args.output {
        Some(path) if path.as_os_str() != "-" && !is_device(path) => Some(lock::take(path)?),
        _ => None,
    };
    let existing = match &args.output {
        Some(path) if path.as_os_str() != "-" && path.is_file() => Some(read_atlas(path)?),
        _ => None,
    };
    let mut known = Known::default();
    for path in &args.reuse {
        known.add(&read_atlas(path)?);
    }
    if let Some(file) = &existing {
        known.add(file);
    }
    let run = AtlasRun::new(
        games,
        &args.measures,
        args.budget,
        existing,
        &known,
        args.trees.as_deref(),
    );
    if !quiet {
        eprintln!(
            "atlas: {} games, {} computations to run (budget {} s each, {} at a time), {} reused",
            run.games().len(),
            run.to_run(),
            args.budget,
            workers(threads),
            run.reused()
        );
    }
    let links = match &args.trees {
        Some(directory) => Links::find(directory, args.output.as_deref())?,
        None => Links::default(),
    };
    let program = std::env::current_exe().context("cannot find the mastermind binary to run")?;
    let watcher = Watcher { args, quiet };
    let atlas = run.run(&ChildProcess(program), workers(threads), &links, &watcher)?;
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

/// Whether `path` names a device or other special file (such as `/dev/null`), beside which no
/// lock is made.
fn is_device(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file() && !metadata.is_dir())
}

/// The computations run at once: -j, else one per core.
fn workers(threads: Option<u16>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}

fn read_atlas(path: &Path) -> anyhow::Result<AtlasFile> {
    let text = mastermind::files::read_input(path)?;
    AtlasFile::from_json(&text).with_context(|| format!("{}", path.display()))
}
