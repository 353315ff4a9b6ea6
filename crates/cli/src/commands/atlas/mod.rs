//! `mastermind atlas`: computes the atlas (see the `mastermind-atlas` crate) for a range of
//! games, each measure as a child process under a time budget ([`job`]), several at a time,
//! reusing what earlier runs and shards settled, and linking figures to committed trees
//! ([`links`]).

mod entry;
mod job;
mod links;
mod lock;
mod static_results;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context;
use mastermind_atlas::{grid, AtlasFile, Entry, GameKey, Measure, Outcome};

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
        Some(path) if path.as_os_str() != "-" && !is_device(path) => {
            Some(lock::OutputLock::take(path)?)
        }
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
    // The output file's entries outside this run's games stay in it, and so do the outcomes
    // of the measures this run leaves out.
    let (kept, ours): (Vec<Entry>, Vec<Entry>) = existing
        .map(|file| file.entries)
        .unwrap_or_default()
        .into_iter()
        .partition(|entry| !games.contains(&entry.game));
    let mut slots: Vec<BTreeMap<String, Outcome>> = games
        .iter()
        .map(|&game| {
            ours.iter()
                .find(|entry| entry.game == game)
                .map(|entry| entry.results.clone())
                .unwrap_or_default()
        })
        .collect();
    let mut work = Vec::new();
    let mut reused_count = 0;
    for (index, &game) in games.iter().enumerate() {
        for &measure in &args.measures {
            let committed = (measure == Measure::Static)
                .then_some(args.trees.as_deref())
                .flatten()
                .and_then(|directory| static_results::settled(directory, game));
            // A finished figure stands; a committed static result settles one that ran out.
            let reused = match known.get(game, measure).filter(|o| o.settles(args.budget)) {
                Some(finished @ Outcome::Finished { .. }) => Some(finished.clone()),
                other => committed.or_else(|| other.cloned()),
            };
            match reused {
                Some(outcome) => {
                    slots[index].insert(measure.name().to_owned(), outcome);
                    reused_count += 1;
                }
                None => work.push((index, measure)),
            }
        }
    }
    if !quiet {
        eprintln!(
            "atlas: {} games, {} computations to run (budget {} s each, {} at a time), {reused_count} reused",
            games.len(),
            work.len(),
            args.budget,
            workers(threads),
        );
    }
    let links = match &args.trees {
        Some(directory) => links::Links::find(directory, args.output.as_deref())?,
        None => links::Links::default(),
    };
    let program = std::env::current_exe().context("cannot find the mastermind binary to run")?;
    let left: Vec<AtomicUsize> = slots
        .iter()
        .enumerate()
        .map(|(index, _)| AtomicUsize::new(work.iter().filter(|(i, _)| *i == index).count()))
        .collect();
    let to_file = args
        .output
        .as_deref()
        .is_some_and(|path| path.as_os_str() != "-");
    let state = Mutex::new(slots);
    let next = AtomicUsize::new(0);
    let written = Mutex::new(Ok(()));
    let write = |slots: &[BTreeMap<String, Outcome>]| -> anyhow::Result<()> {
        let file = assemble(&games, slots, &kept, &links);
        write_output(args.output.as_deref(), file.to_json().as_bytes())?;
        if let Some(path) = &args.csv {
            write_output(Some(path), mastermind_atlas::csv(&file)?.as_bytes())?;
        }
        Ok(())
    };
    std::thread::scope(|scope| {
        for _ in 0..workers(threads) {
            scope.spawn(|| {
                while let Some(&(index, measure)) = work.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let game = games[index];
                    let outcome = job::run(&program, game, measure, args.budget);
                    if !quiet {
                        eprintln!("{game} {}: {}", measure.name(), describe(&outcome));
                    }
                    let mut slots = state.lock().unwrap_or_else(|e| e.into_inner());
                    slots[index].insert(measure.name().to_owned(), outcome);
                    // A finished game is saved at once when the atlas goes to a file, so an
                    // interrupted run loses only the games under way.
                    if left[index].fetch_sub(1, Ordering::SeqCst) == 1 && to_file {
                        let mut result = written.lock().unwrap_or_else(|e| e.into_inner());
                        if result.is_ok() {
                            *result = write(&slots);
                        }
                    }
                }
            });
        }
    });
    written.into_inner().unwrap_or_else(|e| e.into_inner())?;
    write(&state.into_inner().unwrap_or_else(|e| e.into_inner()))?;
    Ok(Exit::Success)
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

/// The atlas of `games` with the outcomes so far, the entries kept from the output file, and
/// the trees linked (when asked for), in the atlas's order: variant, then pegs, then colours.
fn assemble(
    games: &[GameKey],
    slots: &[BTreeMap<String, Outcome>],
    kept: &[Entry],
    links: &links::Links,
) -> AtlasFile {
    let mut entries: Vec<Entry> = games
        .iter()
        .zip(slots)
        .filter(|(_, results)| !results.is_empty())
        .map(|(&game, results)| Entry {
            game,
            codes: game.game().map_or(0, |g| g.code_count() as u64),
            results: results.clone(),
        })
        .chain(kept.iter().cloned())
        .collect();
    entries.sort_by_key(|entry| (entry.game.variant, entry.game.pegs, entry.game.colours));
    if links.is_active() {
        for entry in &mut entries {
            for (name, outcome) in &mut entry.results {
                let figures = outcome.figures();
                if let (Some(measure), Outcome::Finished { tree, .. }) =
                    (Measure::from_name(name), outcome)
                {
                    *tree = figures.and_then(|f| links.tree_for(entry.game, measure, f));
                }
            }
        }
    }
    AtlasFile::new(entries)
}

/// The outcomes read from earlier atlases: for each game and measure, the one that settles
/// the most (finished or failed, else the unfinished one with the largest budget).
#[derive(Default)]
struct Known(BTreeMap<(GameKey, String), Outcome>);

impl Known {
    fn add(&mut self, file: &AtlasFile) {
        for entry in &file.entries {
            for (name, outcome) in &entry.results {
                let key = (entry.game, name.clone());
                let better = match self.0.get(&key) {
                    None => true,
                    Some(Outcome::Unfinished { seconds, .. }) => outcome.settles(*seconds + 1e-9),
                    Some(_) => false,
                };
                if better {
                    self.0.insert(key, outcome.clone());
                }
            }
        }
    }

    fn get(&self, game: GameKey, measure: Measure) -> Option<&Outcome> {
        self.0.get(&(game, measure.name().to_owned()))
    }
}

fn read_atlas(path: &Path) -> anyhow::Result<AtlasFile> {
    let text = crate::input::read_input(path)?;
    AtlasFile::from_json(&text).with_context(|| format!("{}", path.display()))
}

/// An outcome in a line, for the log on stderr.
fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Finished { seconds, .. } => {
            let figures = outcome.figures().unwrap_or_default();
            let mut parts = Vec::new();
            if let Some(total) = figures.total {
                parts.push(format!("total {total}"));
            }
            if let Some(worst) = figures.worst_case {
                parts.push(format!("worst case {worst}"));
            }
            if let Some(least) = figures.least {
                parts.push(format!("{least} static guesses"));
            }
            format!("{} ({seconds:.2} s)", parts.join(", "))
        }
        Outcome::Unfinished { seconds, reached } => {
            format!("unfinished after {seconds} s: {reached}")
        }
        Outcome::Failed { reason } => format!("cannot be done: {reason}"),
    }
}
