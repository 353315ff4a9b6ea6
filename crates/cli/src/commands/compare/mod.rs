//! `mastermind compare`: builds several strategies for one game, verifies each tree, and
//! prints them side by side as a table with a bar of per-guess counts each, as JSON or as CSV; with
//! `--openings`, every strategy from every first guess (see [`openings`]).

mod document;
mod openings;
mod spreadsheet;
mod table;
mod trees;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::bail;
use mastermind::page::{bar_chart, Series};
use mastermind::tree::{Statistics, StrategyInfo, TreeFile};
use mastermind::verify::{verify_file, VerifyOptions};
use mastermind::Scorer;
use serde_json::Value;

use crate::args::{CompareArgs, Objective, StrategyOptions, TieBreakName};
use crate::commands::Outcome;
use crate::output::{check_output, write_output, write_stdout};
use crate::progress::BuildProgress;
use crate::strategy::build_strategy;
use document::ComparisonDocument;
use mastermind::strategy::StrategyKind;

/// One strategy's verified results. A strategy that draws at random is built once per seed,
/// and its statistics add up every tree's codes.
pub struct Row {
    pub name: String,
    pub parameters: BTreeMap<String, Value>,
    pub statistics: Statistics,
    pub build_time: Duration,
    pub samples: Option<Samples>,
    /// The file the row's tree was read from (`--tree`), or `None` for a strategy built here.
    pub tree: Option<String>,
}

impl Row {
    /// How the row is named in the table and the CSV: the strategy with its non-default
    /// parameters, and the file a tree was read from.
    pub fn label(&self) -> String {
        let label = table::label(&self.name, &self.parameters);
        match &self.tree {
            Some(path) => format!("{label} from {path}"),
            None => label,
        }
    }
}

/// The spread of a random strategy over the trees of consecutive seeds.
pub struct Samples {
    pub first_seed: u64,
    pub totals: Vec<u64>,
    pub worst_cases: Vec<usize>,
}

impl Samples {
    pub fn count(&self) -> usize {
        self.totals.len()
    }

    pub fn mean_total(&self) -> f64 {
        self.totals.iter().sum::<u64>() as f64 / self.count() as f64
    }

    /// The sample standard deviation of the totals (0 for one tree).
    pub fn standard_deviation(&self) -> f64 {
        let mean = self.mean_total();
        let squares: f64 = self.totals.iter().map(|&t| (t as f64 - mean).powi(2)).sum();
        (squares / (self.count().max(2) - 1) as f64).sqrt()
    }

    pub fn worst_case(&self) -> usize {
        self.worst_cases.iter().copied().max().unwrap_or(0)
    }

    /// How many trees reach the worst case.
    pub fn trees_at_worst(&self) -> usize {
        let worst = self.worst_case();
        self.worst_cases.iter().filter(|&&w| w == worst).count()
    }

    pub fn last_seed(&self) -> u64 {
        self.first_seed + self.count() as u64 - 1
    }
}

pub fn run(args: &CompareArgs, quiet: bool) -> anyhow::Result<Outcome> {
    check_output(args.svg.as_deref())?;
    check_options_apply(&args.strategies, &args.options)?;
    // A tree file that names its game sets the comparison's.
    let (game, tree_rows) = match trees::rows(args)? {
        trees::TreeRows::Rows(Some(game), rows) => (game, rows),
        trees::TreeRows::Rows(None, rows) => (args.game.game()?, rows),
        trees::TreeRows::Unverified => return Ok(Outcome::Invalid),
    };
    let scorer = Scorer::new(game);
    if args.openings {
        return openings::run(args, &scorer, quiet);
    }
    let mut rows = Vec::new();
    for &strategy in &args.strategies {
        let random = strategy == StrategyKind::RandomConsistent;
        let first_seed = args.options.seed.unwrap_or(0);
        let seeds = if random {
            first_seed..first_seed + u64::from(args.samples)
        } else {
            0..1
        };
        let progress = BuildProgress::new(
            game.code_count() as u64 * seeds.end.saturating_sub(seeds.start),
            quiet,
        );
        let started = Instant::now();
        let built = seeds
            .map(|seed| {
                let mut options = options_for(strategy, &args.options);
                options.seed = random.then_some(seed);
                build_and_verify(strategy, &options, &scorer, &progress)
            })
            .collect::<anyhow::Result<Option<Vec<_>>>>();
        let build_time = started.elapsed();
        progress.finish();
        let Some(trees) = built? else {
            return Ok(Outcome::Invalid);
        };
        let (mut strategy_info, _) = trees[0].clone();
        let mut statistics = Statistics::from_counts(Vec::new());
        for (_, tree) in &trees {
            for (guesses, &count) in tree.solved_by_guess.iter().enumerate() {
                statistics.record_many(guesses + 1, count);
            }
        }
        let samples = random.then(|| {
            // The row stands for every seed, so it names none.
            strategy_info.parameters.remove("seed");
            Samples {
                first_seed,
                totals: trees.iter().map(|(_, tree)| tree.total()).collect(),
                worst_cases: trees.iter().map(|(_, tree)| tree.worst_case()).collect(),
            }
        });
        rows.push(Row {
            name: strategy_info.name,
            parameters: strategy_info.parameters,
            statistics,
            build_time,
            samples,
            tree: None,
        });
    }
    rows.extend(tree_rows);
    if rows.is_empty() {
        bail!("no strategies to compare");
    }
    if let Some(path) = &args.svg {
        let series: Vec<Series<'_>> = rows
            .iter()
            .map(|row| Series {
                name: &row.name,
                solved_by_guess: &row.statistics.solved_by_guess,
            })
            .collect();
        write_output(Some(path), bar_chart(&series).as_bytes())?;
    }
    let text = if args.json {
        serde_json::to_string_pretty(&ComparisonDocument::new(scorer.codebook(), &rows))? + "\n"
    } else if args.csv {
        spreadsheet::comparison(&rows)?
    } else {
        table::render(&game, &rows)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

/// Which strategies each strategy-specific option applies to.
fn is_optimal(strategy: &StrategyKind) -> bool {
    *strategy == StrategyKind::Optimal
}

fn is_consistent(strategy: &StrategyKind) -> bool {
    matches!(
        strategy,
        StrategyKind::FirstConsistent | StrategyKind::RandomConsistent
    )
}

fn is_one_step(strategy: &StrategyKind) -> bool {
    !is_optimal(strategy) && !is_consistent(strategy)
}

/// The options given for the whole comparison that apply to `strategy`: a cap or an objective
/// to the optimal entries, a tie-break to the one-step ones (an opening applies to every
/// strategy; the seed is set per sample).
fn options_for(strategy: StrategyKind, all: &StrategyOptions) -> StrategyOptions {
    let mut options = all.clone();
    if !is_optimal(&strategy) {
        options.max_guesses = None;
        options.minimize = Objective::Total;
    }
    if !is_one_step(&strategy) {
        options.tie_break = TieBreakName::PreferCandidate;
    }
    options
}

/// Refuses an option that applies to none of the listed strategies, rather than ignoring it.
fn check_options_apply(
    strategies: &[StrategyKind],
    options: &StrategyOptions,
) -> anyhow::Result<()> {
    let any = |applies: fn(&StrategyKind) -> bool| strategies.iter().any(applies);
    if (options.max_guesses.is_some() || options.minimize != Objective::Total) && !any(is_optimal) {
        bail!("--max-guesses and --minimize apply to the optimal search, which the list of strategies leaves out");
    }
    if options.tie_break != TieBreakName::PreferCandidate && !any(is_one_step) {
        bail!("--tie-break applies to the one-step strategies, which the list of strategies leaves out");
    }
    if options.seed.is_some() && !strategies.contains(&StrategyKind::RandomConsistent) {
        bail!("--seed applies to random-consistent, which the list of strategies leaves out");
    }
    Ok(())
}

/// Builds one tree and verifies it; `None` when it fails verification (reported on stderr).
fn build_and_verify(
    strategy: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &BuildProgress,
) -> anyhow::Result<Option<(StrategyInfo, Statistics)>> {
    let built = build_strategy(strategy, options, scorer, progress)?;
    let file = TreeFile::new(scorer.codebook(), built.info, &built.root);
    let report = verify_file(&file, &VerifyOptions::default())?;
    if !report.is_valid() {
        eprint!("the {} tree does not verify:\n{report}", file.strategy.name);
        return Ok(None);
    }
    Ok(Some((file.strategy, report.statistics)))
}
