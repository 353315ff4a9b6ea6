//! What `compare --json` prints: the comparison of strategies, and (`--openings`) their
//! figures by first guess, in the layouts that `trees/mastermind-comparison.schema.json` and
//! `mastermind-openings.schema.json` describe. Fields are in the order the documents have
//! always had (by name).

use std::collections::BTreeMap;

use mastermind_core::{Code, Codebook};
use mastermind_tree::{AverageDocument, GameDocument};
use serde::Serialize;
use serde_json::Value;

use super::{OpeningsRow, Row};

/// The version of both documents' layout; a change that breaks a reader raises it.
const VERSION: u32 = 1;

/// The `format` of a [`ComparisonDocument`].
pub const COMPARISON_FORMAT: &str = "mastermind-comparison";

/// The `format` of an [`OpeningsDocument`].
pub const OPENINGS_FORMAT: &str = "mastermind-openings";

/// Strategies side by side.
#[derive(Serialize)]
pub struct ComparisonDocument {
    format: &'static str,
    game: GameDocument,
    strategies: Vec<StrategyDocument>,
    version: u32,
}

/// One strategy's figures (or a tree's, read with `--tree`).
#[derive(Serialize)]
struct StrategyDocument {
    average: AverageDocument,
    build_seconds: f64,
    name: String,
    parameters: BTreeMap<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<SamplesDocument>,
    solved_by_guess: Vec<u64>,
    /// Left out for a strategy measured over samples.
    #[serde(skip_serializing_if = "Option::is_none")]
    total_guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<String>,
    worst_case: usize,
}

/// A strategy built once per seed.
#[derive(Serialize)]
struct SamplesDocument {
    greatest_total: Option<u64>,
    least_total: Option<u64>,
    mean_total_guesses: f64,
    seeds: [u64; 2],
    standard_deviation: f64,
    trees: usize,
    trees_at_worst_case: usize,
}

impl ComparisonDocument {
    /// The comparison of `rows` in `book`'s game.
    pub fn new(book: &Codebook, rows: &[Row]) -> ComparisonDocument {
        let strategy = |row: &Row| StrategyDocument {
            average: AverageDocument::of(&row.statistics.average()),
            build_seconds: row.build_time.as_secs_f64(),
            name: row.name.clone(),
            parameters: row.parameters.clone(),
            samples: row.samples.as_ref().map(|samples| SamplesDocument {
                greatest_total: samples.totals.iter().max().copied(),
                least_total: samples.totals.iter().min().copied(),
                mean_total_guesses: samples.mean_total(),
                seeds: [samples.first_seed, samples.last_seed()],
                standard_deviation: samples.standard_deviation(),
                trees: samples.count(),
                trees_at_worst_case: samples.trees_at_worst(),
            }),
            solved_by_guess: row.statistics.solved_by_guess.clone(),
            total_guesses: row.samples.is_none().then(|| row.statistics.total()),
            tree: row.tree.clone(),
            worst_case: row.statistics.worst_case(),
        };
        ComparisonDocument {
            format: COMPARISON_FORMAT,
            game: GameDocument::of(book.game()),
            strategies: rows.iter().map(strategy).collect(),
            version: VERSION,
        }
    }
}

/// Each strategy's figures by first guess.
#[derive(Serialize)]
pub struct OpeningsDocument {
    format: &'static str,
    game: GameDocument,
    openings: Vec<String>,
    strategies: Vec<ByOpeningsDocument>,
    version: u32,
}

/// One strategy by first guess.
#[derive(Serialize)]
struct ByOpeningsDocument {
    best_opening: String,
    by_opening: Vec<OpeningDocument>,
    name: String,
}

/// One strategy after one first guess.
#[derive(Serialize)]
struct OpeningDocument {
    average: AverageDocument,
    best: bool,
    opening: String,
    total_guesses: u64,
    worst_case: usize,
}

impl OpeningsDocument {
    /// The figures of each strategy's `rows` after each of `openings`, in `book`'s game.
    pub fn new(book: &Codebook, openings: &[Code], rows: &[OpeningsRow]) -> OpeningsDocument {
        let by_opening = |row: &OpeningsRow| {
            let best = row.best();
            ByOpeningsDocument {
                best_opening: book.format(openings[best]),
                by_opening: openings
                    .iter()
                    .zip(&row.by_opening)
                    .enumerate()
                    .map(|(at, (&opening, statistics))| OpeningDocument {
                        average: AverageDocument::of(&statistics.average()),
                        best: at == best,
                        opening: book.format(opening),
                        total_guesses: statistics.total(),
                        worst_case: statistics.worst_case(),
                    })
                    .collect(),
                name: row.name(),
            }
        };
        OpeningsDocument {
            format: OPENINGS_FORMAT,
            game: GameDocument::of(book.game()),
            openings: openings.iter().map(|&code| book.format(code)).collect(),
            strategies: rows.iter().map(by_opening).collect(),
            version: VERSION,
        }
    }
}
