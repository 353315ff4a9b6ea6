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

use crate::commands::Outcome as Exit;
use crate::output::{write_output, Files};

use std::path::PathBuf;

use clap::Args;

use crate::args::spans::{parse_colour_span, parse_peg_span, Span};

#[derive(Debug, Args)]
pub struct AtlasArgs {
    /// The numbers of pegs: `A..B` or a single number.
    #[arg(long, value_name = "A..B", default_value = "2..8", value_parser = parse_peg_span)]
    pub pegs: Span,

    /// The numbers of colours: `A..B` or a single number.
    #[arg(long, visible_alias = "colors", value_name = "A..B", default_value = "2..10", value_parser = parse_colour_span)]
    pub colours: Span,

    /// The variants, comma-separated: repeat (Mastermind), no-repeat (Bulls and Cows for
    /// 4 × 10), black-only.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "repeat,no-repeat,black-only", value_parser = parse_variant)]
    pub variants: Vec<mastermind::atlas::Variant>,

    /// The measures, comma-separated (default: every one): knuth, expected-size, entropy,
    /// most-parts, first-consistent, optimal, least-worst, proven-optimal, proven-least-worst
    /// (each optimum again, with its certificate written and checked by the independent
    /// checker), static.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_measure)]
    pub measures: Option<Vec<mastermind::atlas::Measure>>,

    /// Leave out the games with more codes than this (5040 keeps Bulls and Cows).
    #[arg(long, value_name = "N", default_value_t = 5040)]
    pub max_codes: usize,

    /// Seconds each computation may take before it is stopped and recorded as unfinished.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_budget)]
    pub budget: f64,

    /// Reuse the outcomes in these atlas files (shards' parts, an earlier run); the output
    /// file, when it exists, is always reused.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub reuse: Vec<PathBuf>,

    /// Compute only shard K of N (K from 0) of the games, e.g. --shard $SLURM_ARRAY_TASK_ID/8;
    /// `--reuse` the parts to put them together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,

    /// Link each figure to a tree file in DIR with the same game, strategy and figures
    /// (verified first), by its path from the atlas file. A tree of the plain optimal
    /// search there settles its game's optimum, and `DIR/static/PxC.json` its static
    /// number, where the atlas's own search runs out of time.
    #[arg(long, value_name = "DIR")]
    pub trees: Option<PathBuf>,

    /// Also write the atlas as CSV to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the atlas to FILE (atomically, after each game) instead of stdout at the end.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AtlasEntryArgs {
    #[arg(long)]
    pub pegs: u32,
    #[arg(long)]
    pub colours: u32,
    #[arg(long, value_parser = parse_variant)]
    pub variant: mastermind::atlas::Variant,
    #[arg(long, value_parser = parse_measure)]
    pub measure: mastermind::atlas::Measure,
}

fn parse_variant(text: &str) -> Result<mastermind::atlas::Variant, String> {
    mastermind::atlas::Variant::from_name(text.trim()).ok_or_else(|| {
        format!("`{text}` is not a variant; expected repeat, no-repeat or black-only")
    })
}

fn parse_measure(text: &str) -> Result<mastermind::atlas::Measure, String> {
    use mastermind::atlas::Measure;
    Measure::from_name(text.trim()).ok_or_else(|| {
        let names: Vec<&str> = Measure::ALL.iter().map(|m| m.name()).collect();
        format!(
            "`{text}` is not a measure; expected one of {}",
            names.join(", ")
        )
    })
}

/// Budgets the atlas takes: from a millisecond (a timer cannot stop a process sooner, and
/// smaller numbers print as long decimals) to about a year (longer ones do not fit a timer).
const BUDGET_SECONDS: std::ops::RangeInclusive<f64> = 0.001..=31_536_000.0;

fn parse_budget(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if BUDGET_SECONDS.contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds from {} to {} (a year)",
            BUDGET_SECONDS.start(),
            BUDGET_SECONDS.end()
        )),
    }
}

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
    let measures = args.measures.as_deref().unwrap_or(&Measure::ALL);
    let job = AtlasJob::new(games, measures, args.budget, files)?;
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

#[cfg(test)]
mod budget_tests {
    use super::parse_budget;

    #[test]
    fn budgets_a_timer_cannot_hold_are_refused() {
        assert_eq!(parse_budget("60"), Ok(60.0));
        assert_eq!(parse_budget("0.5"), Ok(0.5));
        for text in ["1e20", "inf", "NaN", "0", "-1", "1e-300", "x", "31536001"] {
            let refused = parse_budget(text).unwrap_err();
            assert!(refused.contains("a year"), "{text}: {refused}");
        }
        // What the atlas makes of the largest budget taken must not panic.
        let _ = std::time::Duration::from_secs_f64(parse_budget("31536000").unwrap());
    }
}
