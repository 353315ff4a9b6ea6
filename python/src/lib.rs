//! The `mastermind` Python module: the library's builders, verifier, readers and writers, with
//! trees as Python objects that turn into the same JSON as the command's files, and strategies
//! whose score is a Python callable evaluated by the Rust builder.

mod errors;
mod game;
mod interrupt;
mod read;
mod runs;
mod score;
mod tree;

use mastermind::compare::{strategy_row, Compared};
use mastermind::strategy::{
    self, NoProgress, Objective, Situation, StrategyKind, StrategyOptions, TieBreak,
};
use mastermind::Scorer;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::game::game_of;
use crate::score::PythonScore;
use crate::tree::{Report, Tree};

/// The reply to `guess` when the secret is `secret`, such as `"1B2W"` (`"2B"` in a black-only
/// game): black pegs for right colours in the right places, white for right colours elsewhere.
///
/// >>> mastermind.score("1122", "1234")
/// '1B1W'
/// >>> mastermind.score("0123", "3210", pegs=4, colours=10, repetition=False)
/// '0B4W'
#[pyfunction(name = "score")]
#[pyo3(signature = (guess, secret, *, pegs = 4, colours = 6, repetition = true, black_only = false))]
fn score_reply(
    guess: &str,
    secret: &str,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
) -> PyResult<String> {
    let game = game_of(pegs, colours, repetition, black_only)?;
    let book = mastermind::Codebook::new(game);
    let code = |what: &str, text: &str| {
        book.parse(text)
            .map_err(|error| value_error(format!("{what}: {error}")))
    };
    let (guess, secret) = (code("guess", guess)?, code("secret", secret)?);
    Ok(game.feedback_name(book.score(guess, secret)))
}

/// Builds a whole strategy tree.
///
/// `strategy` names a built-in strategy (`knuth`, `expected-size`, `entropy`, `most-parts`,
/// `optimal`, `first-consistent`, `random-consistent`); or give `score`, a callable
/// `score(sizes, is_candidate) -> float` that scores a guess by the class sizes it leaves
/// (a dict from reply, such as `"1B2W"`, to size), lower is better, and `name` for the file
/// (not a built-in strategy's name, which the file would then wrongly claim). A strategy and a
/// score together are refused: the score is the strategy.
///
/// >>> mastermind.generate("knuth").total
/// 5801
/// >>> mastermind.generate(score=lambda sizes, is_candidate: max(sizes.values())).total
/// 5801
/// >>> mastermind.generate("optimal", pegs=3, colours=5).average
/// 3.608
#[pyfunction]
#[pyo3(signature = (
    strategy = None, *, pegs = 4, colours = 6, repetition = true, black_only = false,
    tie_break = "prefer-candidate", consistent_only = false, max_guesses = None,
    minimize = "total", seed = None, opening = None, score = None, name = None
))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    strategy: Option<&str>,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
    tie_break: &str,
    consistent_only: bool,
    max_guesses: Option<u16>,
    minimize: &str,
    seed: Option<u64>,
    opening: Option<&str>,
    score: Option<Py<PyAny>>,
    name: Option<String>,
) -> PyResult<Tree> {
    if let (Some(strategy), Some(_)) = (strategy, &score) {
        return Err(value_error(format!(
            "give a strategy (`{strategy}`) or a score, not both: a score is a strategy of its own"
        )));
    }
    if let Some(name) = &name {
        if score.is_none() {
            return Err(value_error(
                "name applies to a score of your own".to_owned(),
            ));
        }
        if StrategyKind::from_file_name(name).is_some() {
            return Err(value_error(format!(
                "`{name}` is a built-in strategy's name; a tree of your own score must not \
                 claim it"
            )));
        }
    }
    let strategy = strategy.unwrap_or("knuth");
    let game = game_of(pegs, colours, repetition, black_only)?;
    // The scorer's table is built on the thread pool: without the GIL (see `Tree::to_json`).
    let scorer = py.detach(|| match strategy {
        "optimal" if score.is_none() => Scorer::new(game),
        _ => Scorer::for_one_pass(game),
    });
    let options = StrategyOptions {
        consistent_only,
        tie_break: match tie_break {
            "prefer-candidate" => TieBreak::PreferCandidate,
            "lowest-code" => TieBreak::LowestCode,
            other => {
                return Err(value_error(format!(
                    "tie_break is `prefer-candidate` or `lowest-code`, not `{other}`"
                )))
            }
        },
        max_guesses,
        minimize: match minimize {
            "total" => Objective::Total,
            "worst" => Objective::Worst,
            other => {
                return Err(value_error(format!(
                    "minimize is `total` or `worst`, not `{other}`"
                )))
            }
        },
        seed,
        opening: opening
            .map(|text| scorer.codebook().parse(text))
            .transpose()
            .map_err(|error| value_error(format!("opening: {error}")))?,
    };
    let built = match score {
        Some(callable) => {
            let rule = PythonScore::new(callable, name.unwrap_or_else(|| "python".into()));
            let start = Situation::start(&scorer);
            let built = score::watching_signals(py, &rule, || {
                strategy::build_scored(&rule, &options, &scorer, &start, &NoProgress)
            })?;
            rule.raise_first_error()?;
            built
        }
        None => {
            let kind = strategy_kind(strategy)?;
            if name.is_some() {
                return Err(value_error(
                    "name goes with score, not with a built-in strategy",
                ));
            }
            interrupt::interruptible(py, |progress| {
                strategy::build(kind, &options, &scorer, progress)
            })?
        }
    }
    .map_err(|error| value_error(error.to_string()))?;
    Ok(Tree::new(game, built.info, built.root))
}

/// Builds each strategy for one game, verifies its tree, and returns a row per strategy: its
/// name, the total number of guesses, the average, the worst case and how many codes need
/// each number. The
/// `trees` (your own strategies, as `Tree`s of the same game) follow as rows of their own,
/// marked `"tree": True`.
///
/// >>> [row["total"] for row in mastermind.compare(["knuth", "optimal"])]
/// [5801, 5625]
/// >>> mine = mastermind.generate(score=lambda sizes, candidate: max(sizes.values()))
/// >>> [(row["strategy"], row["total"]) for row in mastermind.compare(["knuth"], trees=[mine])]
/// [('knuth', 5801), ('python', 5801)]
#[pyfunction]
#[pyo3(signature = (
    strategies = mastermind::compare::DEFAULT_STRATEGIES.map(str::to_owned).to_vec(),
    *, pegs = 4, colours = 6, repetition = true, black_only = false, trees = Vec::new()
))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    strategies: Vec<String>,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
    trees: Vec<PyRef<'_, Tree>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let game = game::game_of(pegs, colours, repetition, black_only)?;
    for tree in &trees {
        if tree.game_value() != game {
            return Err(value_error(format!(
                "a tree of {} cannot be compared in {}: give its game's pegs, colours, \
                 repetition and black_only",
                tree.game_value().describe(),
                game.describe()
            )));
        }
    }
    let scorer = py.detach(|| Scorer::new(game));
    let options = StrategyOptions::default();
    let mut rows = Vec::new();
    for name in &strategies {
        let kind = strategy_kind(name)?;
        let compared = interrupt::interruptible(py, |progress| {
            strategy_row(kind, &options, 1, &scorer, progress)
        })?;
        match compared.map_err(|error| value_error(error.to_string()))? {
            Compared::Row(row) => rows.push(tree::summary(py, &row.name, &row.statistics)?),
            Compared::Unverified { strategy, report } => {
                return Err(PyRuntimeError::new_err(format!(
                    "the {strategy} tree does not verify:\n{report}"
                )))
            }
        }
    }
    for tree in &trees {
        let row = tree.summary(py)?;
        row.bind(py)
            .cast::<pyo3::types::PyDict>()?
            .set_item("tree", true)?;
        rows.push(row);
    }
    Ok(rows)
}

/// The built-in strategy named `name`.
fn strategy_kind(name: &str) -> PyResult<StrategyKind> {
    StrategyKind::from_file_name(name).ok_or_else(|| {
        value_error(format!(
            "no strategy named `{name}`; the strategies are {}",
            StrategyKind::ALL.map(StrategyKind::file_name).join(", ")
        ))
    })
}

/// Exhaustive strategy trees for Mastermind and its variants.
#[pymodule]
#[pyo3(name = "mastermind")]
fn python_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(generate, module)?)?;
    module.add_function(wrap_pyfunction!(score_reply, module)?)?;
    module.add_function(wrap_pyfunction!(compare, module)?)?;
    module.add_function(wrap_pyfunction!(read::read, module)?)?;
    module.add_function(wrap_pyfunction!(read::verify, module)?)?;
    module.add_function(wrap_pyfunction!(runs::resume, module)?)?;
    module.add_function(wrap_pyfunction!(runs::certify, module)?)?;
    module.add_function(wrap_pyfunction!(runs::static_check, module)?)?;
    module.add_function(wrap_pyfunction!(runs::static_search, module)?)?;
    module.add_function(wrap_pyfunction!(runs::atlas_entry, module)?)?;
    module.add_function(wrap_pyfunction!(runs::atlas, module)?)?;
    module.add_function(wrap_pyfunction!(runs::page, module)?)?;
    module.add_class::<Tree>()?;
    module.add_class::<Report>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
