//! The command line: subcommands, the game flags they share, and their help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mastermind_core::{FeedbackKind, Game};

/// Build, verify and print exhaustive strategy trees for Mastermind and its variants.
#[derive(Debug, Parser)]
#[command(name = "mastermind", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Worker threads for building (default: one per core). Output is the same for any value.
    #[arg(short = 'j', long = "threads", global = true, value_name = "THREADS",
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// No progress bar or summary on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build a strategy tree and write it as JSON.
    Generate(GenerateArgs),
    /// Replay every code through a tree file and check what it claims.
    Verify(VerifyArgs),
    /// Print a tree file in the notation of the papers.
    Print(PrintArgs),
    /// Write a shell completion script to stdout.
    Completions(CompletionsArgs),
}

/// The game: pegs, colours, repetition and feedback.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// Pegs in a code.
    #[arg(long, default_value_t = 4, value_name = "P")]
    pub pegs: u32,

    /// Colours (symbols 1–9 up to nine colours, else 0–9 then A–Z).
    #[arg(long, visible_alias = "colors", default_value_t = 6, value_name = "C")]
    pub colours: u32,

    /// Codes may not repeat a colour (Bulls and Cows: --pegs 4 --colours 10 --no-repeat).
    #[arg(long)]
    pub no_repeat: bool,

    /// Only black pegs are reported (white pegs are not).
    #[arg(long)]
    pub black_only: bool,
}

impl GameArgs {
    pub fn game(&self) -> anyhow::Result<Game> {
        let feedback =
            if self.black_only { FeedbackKind::BlackOnly } else { FeedbackKind::BlackWhite };
        Ok(Game::new(self.pegs, self.colours, !self.no_repeat, feedback)?)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StrategyName {
    /// Knuth's 1976 minimax: smallest largest class, then a candidate, then numeric order.
    Knuth,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The strategy to build.
    #[arg(long, value_enum, default_value_t = StrategyName::Knuth)]
    pub strategy: StrategyName,

    #[command(flatten)]
    pub game: GameArgs,

    /// Write the JSON tree to FILE (atomically) instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The tree file to check (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Also fail if any code needs more than N guesses.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NotationName {
    /// Knuth's 1976 notation: 15 slots for 4 pegs, `n(g)`, `n(gx)`.
    Knuth,
    /// Irving's notation as used by Koyama and Lai: 14 slots, `*` on non-candidate guesses.
    Irving,
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The tree file to print (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The notation to print in.
    #[arg(long, value_enum, default_value_t = NotationName::Knuth)]
    pub notation: NotationName,

    /// Name the first guess's large replies A, B, C, … and write them out after `where`,
    /// as Figure 1 of Knuth's paper does.
    #[arg(long)]
    pub sections: bool,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
