//! `mastermind compare`: the library's comparison ([`mastermind::compare`]) of the strategies
//! named, with the trees `--tree` names beside them, printed as a table with a bar of
//! per-guess counts each, as JSON or as CSV; with `--openings`, every strategy from every
//! first guess (see [`openings`]).

mod openings;
mod trees;

use anyhow::bail;
use mastermind::compare::{
    comparison_chart, comparison_csv, comparison_table, strategy_row, unused_option, CompareError,
    Compared, ComparisonDocument, UnusedOption,
};
use mastermind::Scorer;

use crate::args::strategy_flags::unchecked_options;
use crate::build_named::strategy_error;
use crate::commands::Outcome;
use crate::output::{write_output, write_stdout, Files};
use crate::progress::BuildProgress;

use std::path::PathBuf;

use clap::Args;
use mastermind::strategy::StrategyKind;

use crate::args::game::GameArgs;
use crate::args::strategy_options::{strategy_parser, StrategyOptions};

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The strategies to build, comma-separated.
    #[arg(
        long,
        value_parser = strategy_parser(),
        value_delimiter = ',',
        default_values = mastermind::compare::DEFAULT_STRATEGIES
    )]
    pub strategies: Vec<StrategyKind>,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Print the comparison as JSON instead of a table.
    #[arg(long)]
    pub json: bool,

    /// Print the comparison as CSV, for spreadsheets.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,

    /// Also write the codes each strategy solves at each guess as an SVG bar chart to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Build every strategy from each first guess that differs up to symmetry (five for 4×6)
    /// and mark each strategy's best.
    #[arg(long, conflicts_with_all = ["opening", "svg"])]
    pub openings: bool,

    /// Also compare the strategy in this tree file (repeat for several): it is verified as
    /// `verify` does and its row, named by its strategy and the file, sits beside the built-in
    /// ones. A JSON file sets the game (give game flags for the papers' notations).
    #[arg(long = "tree", value_name = "FILE", conflicts_with = "openings")]
    pub trees: Vec<PathBuf>,

    /// How many trees (seeds) `random-consistent` is built with; the table gives their mean
    /// total with its spread, and the worst case seen.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub samples: u32,
}

pub fn run(args: &CompareArgs, quiet: bool) -> anyhow::Result<Outcome> {
    args.trees
        .iter()
        .fold(Files::new(), |files, tree| {
            files.reads("a --tree read", tree)
        })
        .writes_if("--svg", args.svg.as_deref())
        .check()?;
    // A tree file that names its game sets the comparison's.
    let (game, tree_rows) = match trees::rows(args)? {
        trees::TreeRows::Rows(Some(game), rows) => (game, rows),
        trees::TreeRows::Rows(None, rows) => (args.game.game()?, rows),
        trees::TreeRows::Unverified => return Ok(Outcome::Invalid),
    };
    let scorer = Scorer::new(game);
    let options = unchecked_options(&args.options, scorer.codebook())?;
    if let Some(unused) = unused_option(&args.strategies, &options) {
        bail!(unused_message(unused));
    }
    if args.openings {
        return openings::run(args, &options, &scorer, quiet);
    }
    let mut rows = Vec::new();
    for &strategy in &args.strategies {
        let samples = match strategy {
            mastermind::strategy::StrategyKind::RandomConsistent => u64::from(args.samples),
            _ => 1,
        };
        let progress = BuildProgress::new(game.code_count() as u64 * samples, quiet);
        let compared = strategy_row(strategy, &options, args.samples, &scorer, &progress);
        progress.finish();
        match shown(compared, &scorer)? {
            Some(row) => rows.push(row),
            None => return Ok(Outcome::Invalid),
        }
    }
    rows.extend(tree_rows);
    if rows.is_empty() {
        bail!("no strategies to compare");
    }
    if let Some(path) = &args.svg {
        write_output(Some(path), comparison_chart(&rows).as_bytes())?;
    }
    let text = if args.json {
        serde_json::to_string_pretty(&ComparisonDocument::new(scorer.codebook(), &rows))? + "\n"
    } else if args.csv {
        comparison_csv(&rows)?
    } else {
        comparison_table(&game, &rows)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

/// A comparison's row, or `None` when its tree failed verification (said on stderr); errors
/// worded with the command's flags.
fn shown<T>(
    compared: Result<Compared<T>, CompareError>,
    scorer: &Scorer,
) -> anyhow::Result<Option<T>> {
    match compared {
        Ok(Compared::Row(row)) => Ok(Some(row)),
        Ok(Compared::Unverified { strategy, report }) => {
            eprint!("the {strategy} tree does not verify:\n{report}");
            Ok(None)
        }
        Err(CompareError::Strategy(error)) => Err(strategy_error(error, scorer)),
        Err(error) => Err(error.into()),
    }
}

/// What the command line says of an option that none of the strategies takes.
fn unused_message(unused: UnusedOption) -> &'static str {
    match unused {
        UnusedOption::Search => "--max-guesses and --minimize apply to the optimal search, which the list of strategies leaves out",
        UnusedOption::TieBreak => "--tie-break applies to the one-step strategies, which the list of strategies leaves out",
        UnusedOption::Seed => "--seed applies to random-consistent, which the list of strategies leaves out",
    }
}
