//! Strategies side by side: the operation behind `mastermind compare` and Python's `compare`.
//! Each strategy is built for one game (one that draws at random once per seed), its tree is
//! verified, and its figures are gathered into a [`Row`]; with [`openings_row`], a strategy is
//! built from every first guess that differs up to symmetry ([`openings`]), as the papers
//! compare openings. The documents `compare --json` prints are [`ComparisonDocument`] and
//! [`OpeningsDocument`]; the tables it prints for a person are [`comparison_table`] and
//! [`openings_table`], and its CSV [`comparison_csv`] and [`openings_csv`].
//!
//! ```
//! use mastermind::compare::{strategy_row, Compared};
//! use mastermind::strategy::{NoProgress, StrategyKind, StrategyOptions};
//! use mastermind::{Game, Scorer};
//!
//! let scorer = Scorer::new(Game::classic());
//! let options = StrategyOptions::default();
//! let Compared::Row(row) = strategy_row(StrategyKind::Knuth, &options, 1, &scorer, &NoProgress)?
//! else {
//!     panic!("Knuth's tree verifies");
//! };
//! assert_eq!(row.statistics.total(), 5801);
//! # Ok::<(), mastermind::compare::CompareError>(())
//! ```

mod document;
mod spreadsheet;
mod text;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use mastermind_core::{Code, GameError, Scorer};
use mastermind_search::{build, StrategyError};
use mastermind_strategy::symmetry::{OrbitLists, Symmetry};
use mastermind_strategy::{Progress, StrategyKind, StrategyOptions};
use mastermind_tree::{Statistics, StrategyInfo, TreeFile};
use mastermind_verify::{verify_file, Report, VerifyOptions};
use serde_json::Value;

pub use document::{ComparisonDocument, OpeningsDocument, COMPARISON_FORMAT, OPENINGS_FORMAT};
pub use spreadsheet::{comparison_csv, openings_csv};
#[cfg(feature = "page")]
pub use text::comparison_chart;
pub use text::{comparison_table, label, openings_table, row_label};

/// The strategies compared when none are named: the four one-step classics and the optimum.
pub const DEFAULT_STRATEGIES: [&str; 5] =
    ["knuth", "expected-size", "entropy", "most-parts", "optimal"];

/// One strategy's verified figures. A strategy that draws at random is built once per seed,
/// and its statistics add up every tree's codes.
#[derive(Clone, Debug)]
pub struct Row {
    /// The strategy's name, as its tree file records it.
    pub name: String,
    /// Its parameters, as its tree file records them (a sampled strategy's without the seed).
    pub parameters: BTreeMap<String, Value>,
    /// The verified figures (of every sample's tree together, for a sampled strategy).
    pub statistics: Statistics,
    /// How long the builds took.
    pub build_time: Duration,
    /// The spread over the samples, for a strategy that draws at random.
    pub samples: Option<Samples>,
    /// The file a tree was read from, for a row of one's own tree; `None` for one built.
    pub tree: Option<String>,
}

/// The spread of a random strategy over the trees of consecutive seeds.
#[derive(Clone, Debug)]
pub struct Samples {
    /// The seed of the first tree; the others follow it.
    pub first_seed: u64,
    /// Each tree's total number of guesses.
    pub totals: Vec<u64>,
    /// Each tree's worst case.
    pub worst_cases: Vec<usize>,
}

impl Samples {
    /// How many trees were built.
    pub fn count(&self) -> usize {
        self.totals.len()
    }

    /// The mean of the totals.
    pub fn mean_total(&self) -> f64 {
        self.totals.iter().sum::<u64>() as f64 / self.count() as f64
    }

    /// The sample standard deviation of the totals (0 for one tree).
    pub fn standard_deviation(&self) -> f64 {
        let mean = self.mean_total();
        let squares: f64 = self.totals.iter().map(|&t| (t as f64 - mean).powi(2)).sum();
        (squares / (self.count().max(2) - 1) as f64).sqrt()
    }

    /// The worst case of the worst tree.
    pub fn worst_case(&self) -> usize {
        self.worst_cases.iter().copied().max().unwrap_or(0)
    }

    /// How many trees reach the worst case.
    pub fn trees_at_worst(&self) -> usize {
        let worst = self.worst_case();
        self.worst_cases.iter().filter(|&&w| w == worst).count()
    }

    /// The seed of the last tree.
    pub fn last_seed(&self) -> u64 {
        self.first_seed + self.count() as u64 - 1
    }
}

/// What comparing one strategy came to.
#[derive(Debug)]
pub enum Compared<T> {
    /// Its figures.
    Row(T),
    /// A tree it built failed verification (a defect of the builder): the strategy's name and
    /// the report.
    Unverified {
        /// The strategy whose tree failed.
        strategy: String,
        /// What the verifier found.
        report: Box<Report>,
    },
}

/// Why a strategy could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// It could not be built with these options in this game.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// Its tree is of a game that cannot be verified.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// An option given for a whole comparison that no strategy in it takes: refused rather than
/// ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnusedOption {
    /// A cap or an objective, without the optimal search.
    Search,
    /// A tie-break other than the default, without a one-step strategy.
    TieBreak,
    /// A seed, without random-consistent.
    Seed,
}

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

/// The option of `options` that none of `strategies` takes, if any.
pub fn unused_option(
    strategies: &[StrategyKind],
    options: &StrategyOptions,
) -> Option<UnusedOption> {
    let any = |takes: fn(&StrategyKind) -> bool| strategies.iter().any(takes);
    let defaults = StrategyOptions::default();
    if (options.max_guesses.is_some() || options.minimize != defaults.minimize) && !any(is_optimal)
    {
        Some(UnusedOption::Search)
    } else if options.tie_break != defaults.tie_break && !any(is_one_step) {
        Some(UnusedOption::TieBreak)
    } else if options.seed.is_some() && !strategies.contains(&StrategyKind::RandomConsistent) {
        Some(UnusedOption::Seed)
    } else {
        None
    }
}

/// The options given for a whole comparison that apply to `strategy`: a cap or an objective
/// to the optimal search, a tie-break to the one-step strategies (an opening applies to
/// every strategy; the seed is set per sample).
pub fn applicable(strategy: StrategyKind, all: &StrategyOptions) -> StrategyOptions {
    let defaults = StrategyOptions::default();
    let mut options = all.clone();
    if !is_optimal(&strategy) {
        options.max_guesses = defaults.max_guesses;
        options.minimize = defaults.minimize;
    }
    if !is_one_step(&strategy) {
        options.tie_break = defaults.tie_break;
    }
    options
}

/// Builds `strategy` with the options of `options` that apply to it ([`applicable`]) and
/// verifies its tree; random-consistent is built `samples` times, from the given seed (or 0)
/// on. `progress` hears of every build.
pub fn strategy_row(
    strategy: StrategyKind,
    options: &StrategyOptions,
    samples: u32,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> Result<Compared<Row>, CompareError> {
    let random = strategy == StrategyKind::RandomConsistent;
    let first_seed = options.seed.unwrap_or(0);
    let seeds = if random {
        first_seed..first_seed + u64::from(samples)
    } else {
        0..1
    };
    let started = Instant::now();
    let mut trees = Vec::new();
    for seed in seeds {
        let mut options = applicable(strategy, options);
        options.seed = random.then_some(seed);
        match verified(strategy, &options, scorer, progress)? {
            Compared::Row(tree) => trees.push(tree),
            Compared::Unverified { strategy, report } => {
                return Ok(Compared::Unverified { strategy, report })
            }
        }
    }
    let build_time = started.elapsed();
    let Some((mut info, _)) = trees.first().cloned() else {
        panic!("a comparison builds at least one tree");
    };
    let mut statistics = Statistics::from_counts(Vec::new());
    for (_, tree) in &trees {
        for (guesses, &count) in tree.solved_by_guess.iter().enumerate() {
            statistics.record_many(guesses + 1, count);
        }
    }
    let samples = random.then(|| {
        // The row stands for every seed, so it names none.
        info.parameters.remove("seed");
        Samples {
            first_seed,
            totals: trees.iter().map(|(_, tree)| tree.total()).collect(),
            worst_cases: trees.iter().map(|(_, tree)| tree.worst_case()).collect(),
        }
    });
    Ok(Compared::Row(Row {
        name: info.name,
        parameters: info.parameters,
        statistics,
        build_time,
        samples,
        tree: None,
    }))
}

/// The first guesses of the scorer's game that differ up to its symmetry, in numeric order
/// (five for 4×6: 1111, 1112, 1122, 1123, 1234).
pub fn openings(scorer: &Scorer) -> Vec<Code> {
    let book = scorer.codebook();
    let codes = scorer.all_codes();
    Symmetry::full(book)
        .representatives(book, &codes, true, &OrbitLists::new())
        .into_owned()
}

/// One strategy's verified figures from each of a list of openings.
#[derive(Clone, Debug)]
pub struct OpeningsRow {
    /// The strategy, without the opening (which each figure's place says).
    pub strategy: StrategyInfo,
    /// Its figures after each opening, in the list's order.
    pub by_opening: Vec<Statistics>,
}

impl OpeningsRow {
    /// The strategy as the tables name it, with its non-default parameters ([`label`]).
    pub fn name(&self) -> String {
        label(&self.strategy.name, &self.strategy.parameters)
    }

    /// The place of the opening of least total; ties go to the first.
    pub fn best(&self) -> usize {
        (0..self.by_opening.len())
            .min_by_key(|&at| (self.by_opening[at].total(), at))
            .expect("at least one opening")
    }
}

/// Builds `strategy` from each of `openings` (with the options of `options` that apply to
/// it) and verifies each tree.
pub fn openings_row(
    strategy: StrategyKind,
    options: &StrategyOptions,
    openings: &[Code],
    scorer: &Scorer,
    progress: &dyn Progress,
) -> Result<Compared<OpeningsRow>, CompareError> {
    let mut by_opening = Vec::new();
    let mut named = StrategyInfo::named(strategy.file_name());
    for &opening in openings {
        let mut options = applicable(strategy, options);
        options.opening = Some(opening);
        match verified(strategy, &options, scorer, progress)? {
            Compared::Row((info, statistics)) => {
                named = info;
                by_opening.push(statistics);
            }
            Compared::Unverified { strategy, report } => {
                return Ok(Compared::Unverified { strategy, report })
            }
        }
    }
    named.parameters.remove("opening");
    Ok(Compared::Row(OpeningsRow {
        strategy: named,
        by_opening,
    }))
}

/// Builds one tree and verifies it: its strategy record and figures.
fn verified(
    strategy: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> Result<Compared<(StrategyInfo, Statistics)>, CompareError> {
    let built = build(strategy, options, scorer, progress)?;
    let file = TreeFile::new(scorer.codebook(), built.info, &built.root);
    let report = verify_file(&file, &VerifyOptions::default())?;
    if !report.is_valid() {
        return Ok(Compared::Unverified {
            strategy: file.strategy.name,
            report: Box::new(report),
        });
    }
    Ok(Compared::Row((file.strategy, report.statistics)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Game;
    use mastermind_strategy::{NoProgress, Objective, TieBreak};

    #[test]
    fn an_option_no_strategy_takes_is_named() {
        let one_step = [StrategyKind::Knuth];
        let capped = StrategyOptions {
            max_guesses: Some(5),
            ..StrategyOptions::default()
        };
        assert_eq!(
            unused_option(&one_step, &capped),
            Some(UnusedOption::Search)
        );
        let both = [StrategyKind::Knuth, StrategyKind::Optimal];
        assert_eq!(unused_option(&both, &capped), None);
        let ties = StrategyOptions {
            tie_break: TieBreak::LowestCode,
            ..StrategyOptions::default()
        };
        assert_eq!(
            unused_option(&[StrategyKind::Optimal], &ties),
            Some(UnusedOption::TieBreak)
        );
        let seeded = StrategyOptions {
            seed: Some(3),
            ..StrategyOptions::default()
        };
        assert_eq!(unused_option(&both, &seeded), Some(UnusedOption::Seed));
    }

    #[test]
    fn each_strategy_gets_only_the_options_it_takes() {
        let all = StrategyOptions {
            max_guesses: Some(5),
            minimize: Objective::Total,
            tie_break: TieBreak::LowestCode,
            ..StrategyOptions::default()
        };
        let knuth = applicable(StrategyKind::Knuth, &all);
        assert_eq!(
            (knuth.max_guesses, knuth.tie_break),
            (None, TieBreak::LowestCode)
        );
        let optimal = applicable(StrategyKind::Optimal, &all);
        assert_eq!(
            (optimal.max_guesses, optimal.tie_break),
            (Some(5), TieBreak::PreferCandidate)
        );
    }

    /// The papers' figures, from the real builds: Knuth's 5801 and the optimum's 5625, with
    /// 1123 the optimum's best opening among the five of 4×6.
    #[test]
    fn rows_hold_the_verified_figures() {
        let scorer = Scorer::new(Game::classic());
        let options = StrategyOptions::default();
        let total = |kind| match strategy_row(kind, &options, 1, &scorer, &NoProgress) {
            Ok(Compared::Row(row)) => row.statistics.total(),
            other => panic!("{other:?}"),
        };
        assert_eq!(total(StrategyKind::Knuth), 5801);
        assert_eq!(total(StrategyKind::Optimal), 5625);
        let openings = openings(&scorer);
        assert_eq!(openings.len(), 5);
        let Ok(Compared::Row(row)) = openings_row(
            StrategyKind::Optimal,
            &options,
            &openings,
            &scorer,
            &NoProgress,
        ) else {
            panic!("the optimum from each opening verifies");
        };
        assert_eq!(scorer.codebook().format(openings[row.best()]), "1123");
        assert!(!row.strategy.parameters.contains_key("opening"));
    }

    #[test]
    fn a_random_strategy_is_sampled_over_consecutive_seeds() {
        let scorer =
            Scorer::new(Game::new(3, 4, true, mastermind_core::FeedbackKind::BlackWhite).unwrap());
        let options = StrategyOptions {
            seed: Some(7),
            ..StrategyOptions::default()
        };
        let Ok(Compared::Row(row)) = strategy_row(
            StrategyKind::RandomConsistent,
            &options,
            4,
            &scorer,
            &NoProgress,
        ) else {
            panic!("random trees verify");
        };
        let samples = row.samples.expect("samples");
        assert_eq!((samples.first_seed, samples.last_seed()), (7, 10));
        assert_eq!(row.statistics.total(), samples.totals.iter().sum::<u64>());
        assert!(!row.parameters.contains_key("seed"));
    }
}
