//! `mastermind static`: static Mastermind, where every guess is made at once. `verify` checks a
//! set, `search` finds the least one with its proof, `table` runs the search over a range of
//! games.

mod search;
mod table;
mod verify;

use std::time::Instant;

use mastermind::static_mastermind::{least_set, LeastSet};
use mastermind::Scorer;

use crate::commands::Outcome;
use crate::progress::BuildProgress;

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::args::game::GameArgs;
use crate::args::spans::{parse_colour_span, parse_peg_span, Span};

#[derive(Debug, Subcommand)]
pub enum StaticCommand {
    #[command(verbatim_doc_comment)]
    /// Whether the replies to these guesses, made all at once, determine every code.
    ///
    /// Exit status: 0 when they do; 1 when some codes share their replies (the groups are
    /// listed); 2 for usage errors.
    ///
    /// Examples:
    ///   mastermind static verify 1221 2354 3311 4524 5656 6643     (Greenwell's six for 4×6)
    ///   mastermind static verify 13 23 --pegs 2 --colours 3
    ///   mastermind static verify --file trees/static/4x6.json
    Verify(StaticVerifyArgs),
    #[command(verbatim_doc_comment)]
    /// The least number of static guesses, a set that size, and a proof that one fewer fails.
    ///
    /// The proof is an exhaustive search over sets of one guess fewer, up to position and
    /// colour symmetry (or, for small sizes, counting the reply vectors).
    ///
    /// With --shard K/N it walks only its share of every size and writes a part; `mastermind
    /// merge` puts the parts together into the same file, without the time.
    ///
    /// Examples:
    ///   mastermind static search --pegs 3 --colours 7
    ///   mastermind static search -o 4x6.json                       (4×6: 6, under a minute)
    ///   mastermind static search --pegs 3 --colours 9 --shard 0/8 -o part-0.json
    Search(StaticSearchArgs),
    #[command(verbatim_doc_comment)]
    /// The least number of static guesses over a range of games, laid out as the cut-the-knot
    /// table: colours down, pegs across, each entry with its search time.
    ///
    /// Examples:
    ///   mastermind static table --colours 2..4 --pegs 2..4
    ///   mastermind static table --colours 2..8 --pegs 2..8 --max-codes 2187
    Table(StaticTableArgs),
}

#[derive(Debug, Args)]
pub struct StaticVerifyArgs {
    /// The guesses, in the game's symbols (such as 1122).
    #[arg(value_name = "GUESS")]
    pub guesses: Vec<String>,

    /// Check the set in this static result file instead (the file names its game).
    #[arg(long, value_name = "FILE", conflicts_with = "guesses")]
    pub file: Option<PathBuf>,

    /// How many groups of codes that share their replies to list.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub groups: usize,

    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Debug, Args)]
pub struct StaticSearchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Write the result as a JSON file (atomically) as well; with --shard, the part (else it
    /// goes to stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Walk only shard K of N (K from 0) of the search and write it as a part for
    /// `mastermind merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,
}

#[derive(Debug, Args)]
pub struct StaticTableArgs {
    /// The numbers of colours, one row each: `A..B` or a single number.
    #[arg(long, visible_alias = "colors", value_name = "A..B", default_value = "2..10", value_parser = parse_colour_span)]
    pub colours: Span,

    /// The numbers of pegs, one column each: `A..B` or a single number.
    #[arg(long, value_name = "A..B", default_value = "2..8", value_parser = parse_peg_span)]
    pub pegs: Span,

    /// Leave out (as `·`) the games with more codes than this. The default keeps the whole
    /// table to seconds; the page's table needs 2187 (4×6 takes under a minute, 3 pegs with 9
    /// colours about ten, 3 pegs with 10 colours 44 to 73 minutes on 2 cores).
    #[arg(long, value_name = "N", default_value_t = 700)]
    pub max_codes: usize,

    /// Codes may not repeat a colour.
    #[arg(long)]
    pub no_repeat: bool,

    /// Only black pegs are reported.
    #[arg(long)]
    pub black_only: bool,

    /// Also write each entry's result file into this directory, named like `4x6.json` (pegs ×
    /// colours).
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
}

pub fn run(command: &StaticCommand, quiet: bool) -> anyhow::Result<Outcome> {
    match command {
        StaticCommand::Verify(args) => verify::run(args),
        StaticCommand::Search(args) => search::run(args, quiet),
        StaticCommand::Table(args) => table::run(args, quiet),
    }
}

/// The least set of `scorer`'s game, with a progress bar, and the seconds it took.
fn timed_search(scorer: &Scorer, quiet: bool) -> (LeastSet, f64) {
    let started = Instant::now();
    let progress = BuildProgress::new(0, quiet);
    let least = least_set(scorer, &progress);
    progress.finish();
    (least, started.elapsed().as_secs_f64())
}
