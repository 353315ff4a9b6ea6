//! The strategy flags `generate`, `compare` and the commands that play share: the strategy by
//! name, its options, and where the guesses come from.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use mastermind::strategy::StrategyKind;

use crate::args::game::GameArgs;
use crate::args::tree_input::TreeFormat;

/// Where the guesses come from: a strategy the tool builds, or a tree file it follows.
#[derive(Debug, Args)]
pub struct StrategySourceArgs {
    /// The strategy to play [default: knuth].
    #[arg(long, value_parser = strategy_parser(), conflicts_with = "tree")]
    pub strategy: Option<StrategyKind>,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Follow this tree file (any format `verify` reads) instead of a strategy.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,

    /// Read --tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "tree")]
    pub format: Option<TreeFormat>,

    /// The game (a JSON tree file names its own).
    #[command(flatten)]
    pub game: GameArgs,
}

impl StrategySourceArgs {
    pub fn strategy(&self) -> StrategyKind {
        self.strategy.unwrap_or(StrategyKind::Knuth)
    }
}

/// Reads a strategy by the name tree files give it; `--help` lists each with its summary.
pub fn strategy_parser() -> impl TypedValueParser<Value = StrategyKind> {
    let names = StrategyKind::ALL
        .map(|kind| clap::builder::PossibleValue::new(kind.file_name()).help(kind.summary()));
    PossibleValuesParser::new(names).map(|name| {
        StrategyKind::from_file_name(&name).expect("the parser takes only the strategies' names")
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TieBreakName {
    /// A candidate before a non-candidate, then the first in numeric order (Knuth's rule).
    PreferCandidate,
    /// The first in numeric order, candidate or not.
    LowestCode,
}

/// Options that shape a strategy, shared by `generate` and `compare`.
#[derive(Debug, Args, Clone)]
pub struct StrategyOptions {
    /// Guess only codes still consistent with every reply so far.
    #[arg(long)]
    pub consistent_only: bool,

    /// How the one-step strategies order guesses with equal scores.
    #[arg(long, value_enum, default_value_t = TieBreakName::PreferCandidate)]
    pub tie_break: TieBreakName,

    /// With `--strategy optimal`: no code may need more than N guesses.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_guesses: Option<u16>,

    /// With `--strategy optimal`: what to minimise. `worst` finds the fewest guesses that solve
    /// every code, then the least total under that cap.
    #[arg(long, value_enum, default_value_t = Objective::Total)]
    pub minimize: Objective,

    /// With `--strategy random-consistent`: the seed of its draws; the same seed gives the
    /// same tree. In `compare`, the first of the seeds sampled.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// The first guess of the game, for any strategy (the cut-the-knot applet opens with 1123);
    /// with `--strategy optimal`, the best strategy that opens with it.
    #[arg(long, value_name = "CODE")]
    pub opening: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Objective {
    /// The least total (average) number of guesses.
    Total,
    /// The least worst case, then the least total under it.
    Worst,
}
