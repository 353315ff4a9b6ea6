//! Trees and verification reports as Python objects. A tree holds the verified model; its
//! JSON is exactly the command's tree file.

use mastermind::explain;
use mastermind::formats::{self, Format};
use mastermind::notation::{self, Layout, Notation};
use mastermind::play::trace;
use mastermind::strategy::Situation;
use mastermind::tree::{Node, Statistics, StrategyInfo, TreeFile};
use mastermind::verify::{Optimality, Report as VerifyReport};
use mastermind::{Code, Codebook, Feedback, Game, Scorer};
use pyo3::prelude::*;

use crate::errors::value_error;

/// A complete strategy tree for one game.
#[pyclass(frozen, module = "mastermind")]
pub struct Tree {
    game: Game,
    info: StrategyInfo,
    root: Node,
    statistics: Statistics,
}

impl Tree {
    pub fn new(game: Game, info: StrategyInfo, root: Node) -> Tree {
        let statistics = Statistics::of_tree(&root);
        Tree {
            game,
            info,
            root,
            statistics,
        }
    }

    fn scorer(&self) -> Scorer {
        Scorer::for_one_pass(self.game)
    }

    pub fn file(&self) -> TreeFile {
        TreeFile::new(self.scorer().codebook(), self.info.clone(), &self.root)
    }

    /// The tree's root.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The name of the strategy the tree plays.
    pub fn strategy_name(&self) -> &str {
        &self.info.name
    }

    /// The game the tree plays.
    pub fn game_value(&self) -> Game {
        self.game
    }

    /// The figures `compare` lists for the tree.
    pub fn summary(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        summary(py, &self.info.name, &self.statistics)
    }
}

/// The figures `compare` lists for a strategy's tree: its name, total, average, worst case
/// and how many codes need each number of guesses.
pub fn summary(py: Python<'_>, strategy: &str, statistics: &Statistics) -> PyResult<Py<PyAny>> {
    let row = serde_json::json!({
        "strategy": strategy,
        "total": statistics.total(),
        "average": statistics.total() as f64 / statistics.codes() as f64,
        "worst_case": statistics.worst_case(),
        "solved_by_guess": statistics.solved_by_guess,
    });
    json_to_python(py, &row.to_string())
}

#[pymethods]
impl Tree {
    /// The name of the strategy that built the tree.
    #[getter]
    fn strategy(&self) -> &str {
        &self.info.name
    }

    /// The strategy's parameters, as the file records them.
    #[getter]
    fn parameters(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let parameters = serde_json::to_string(&self.info.parameters).expect("JSON values");
        json_to_python(py, &parameters)
    }

    /// The game, as `(pegs, colours, repetition, black_only)`.
    #[getter]
    fn game(&self) -> (usize, usize, bool, bool) {
        let black_only = self.game.feedback_kind() == mastermind::FeedbackKind::BlackOnly;
        (
            self.game.pegs(),
            self.game.colours(),
            self.game.repetition(),
            black_only,
        )
    }

    /// How many codes the tree solves: every code of its game.
    #[getter]
    fn codes(&self) -> u64 {
        self.statistics.codes()
    }

    /// The number of guesses over every code.
    #[getter]
    fn total(&self) -> u64 {
        self.statistics.total()
    }

    /// The average number of guesses.
    #[getter]
    fn average(&self) -> f64 {
        self.statistics.total() as f64 / self.statistics.codes() as f64
    }

    /// The most guesses any code needs.
    #[getter]
    fn worst_case(&self) -> usize {
        self.statistics.worst_case()
    }

    /// How many codes need exactly 1, 2, … guesses.
    #[getter]
    fn solved_by_guess(&self) -> Vec<u64> {
        self.statistics.solved_by_guess.clone()
    }

    /// The tree file's JSON, byte for byte what `mastermind generate` writes.
    fn to_json(&self, py: Python<'_>) -> String {
        // Every call into the library lets go of the GIL: the scorer of a large game is built
        // on the thread pool, whose workers may be waiting for the GIL in another call's
        // score.
        py.detach(|| self.file().to_json())
    }

    /// The tree file as Python dicts and lists.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_python(py, &self.to_json(py))
    }

    /// The tree in `notation`: `json`, `knuth`, `irving` (with `layout` `flat` or
    /// `sections`), `yaml` or `punch-card`.
    #[pyo3(signature = (notation = "json", layout = "flat"))]
    fn write(&self, py: Python<'_>, notation: &str, layout: &str) -> PyResult<String> {
        py.detach(|| self.written(notation, layout))
    }

    /// The guess the tree plays after `history`, a list of `(guess, reply)` pairs such as
    /// `[("1122", "1B0W")]`; `None` once the reply was all black.
    #[pyo3(signature = (history = Vec::new()))]
    fn next(&self, py: Python<'_>, history: Vec<(String, String)>) -> PyResult<Option<String>> {
        py.detach(|| self.next_after(&history))
    }

    /// Why the tree plays its guess after `history` (as `mastermind next --explain` says it):
    /// a dict of `guess`, `classes` (each reply and the codes it leaves), `score` (what the
    /// strategy ranks guesses by) and `alternatives` (the best few, each with `guess`,
    /// `score` and `candidate`; `None` where the strategy has no score to rank by or the
    /// position has too many guesses to search each). `None` once the reply was all black.
    ///
    /// >>> why = mastermind.generate("knuth").explain()
    /// >>> why["guess"], why["classes"]["0B0W"], why["alternatives"][0]
    /// ('1122', 256, {'candidate': True, 'guess': '1122', 'score': 256.0})
    #[pyo3(signature = (history = Vec::new()))]
    fn explain(
        &self,
        py: Python<'_>,
        history: Vec<(String, String)>,
    ) -> PyResult<Option<Py<PyAny>>> {
        match py.detach(|| self.explained(&history))? {
            Some(json) => Ok(Some(json_to_python(py, &json)?)),
            None => Ok(None),
        }
    }

    /// The game the tree plays against `secret`: a `(guess, reply)` pair per turn.
    fn trace(&self, py: Python<'_>, secret: &str) -> PyResult<Vec<(String, String)>> {
        py.detach(|| self.traced(secret))
    }

    fn __repr__(&self) -> String {
        format!(
            "<mastermind.Tree {} for {}: {} guesses over {} codes, worst case {}>",
            self.info.name,
            self.game.describe(),
            self.statistics.total(),
            self.statistics.codes(),
            self.statistics.worst_case()
        )
    }
}

/// A position in a tree: the history that leads to it, read, and its node.
type Position<'t> = (Vec<(Code, Feedback)>, &'t Node);

/// The work behind [`Tree`]'s methods, run without the GIL.
impl Tree {
    fn written(&self, notation: &str, layout: &str) -> PyResult<String> {
        let layout = match layout {
            "flat" => Layout::Flat,
            "sections" => Layout::Sections,
            other => {
                return Err(value_error(format!(
                    "layout is `flat` or `sections`, not `{other}`"
                )))
            }
        };
        let scorer = self.scorer();
        let book = scorer.codebook();
        let other = |format| {
            formats::write(book, &self.root, format).map_err(|e| value_error(e.to_string()))
        };
        match notation {
            "json" => Ok(self.file().to_json()),
            "knuth" => Ok(notation::print(book, &self.root, Notation::Knuth, layout)),
            "irving" => Ok(notation::print(book, &self.root, Notation::Irving, layout)),
            "yaml" => other(Format::Yaml),
            "punch-card" => other(Format::PunchCard),
            other => Err(value_error(format!(
                "no notation `{other}`: json, knuth, irving, yaml or punch-card"
            ))),
        }
    }

    fn next_after(&self, history: &[(String, String)]) -> PyResult<Option<String>> {
        let book = Codebook::new(self.game);
        Ok(self
            .position(&book, history)?
            .map(|(_, node)| book.format(node.guess)))
    }

    /// The node `history` leads to, with the history read; `None` once the reply was all
    /// black.
    fn position<'t>(
        &'t self,
        book: &Codebook,
        history: &[(String, String)],
    ) -> PyResult<Option<Position<'t>>> {
        let mut node = &self.root;
        let mut read = Vec::new();
        for (turn, (guess, reply)) in history.iter().enumerate() {
            let played = book
                .parse(guess)
                .map_err(|e| value_error(format!("guess {}: {e}", turn + 1)))?;
            if played != node.guess {
                return Err(value_error(format!(
                    "guess {} is {guess}, but the tree plays {}",
                    turn + 1,
                    book.format(node.guess)
                )));
            }
            let reply = self
                .game
                .parse_feedback(reply)
                .map_err(|e| value_error(format!("reply {}: {e}", turn + 1)))?;
            if reply == self.game.all_black() {
                return Ok(None);
            }
            node = node.child(reply).ok_or_else(|| {
                value_error(format!(
                    "no code gives {} to guess {}",
                    self.game.feedback_name(reply),
                    turn + 1
                ))
            })?;
            read.push((played, reply));
        }
        Ok(Some((read, node)))
    }

    fn explained(&self, history: &[(String, String)]) -> PyResult<Option<String>> {
        let scorer = Scorer::new(self.game);
        let Some((read, node)) = self.position(scorer.codebook(), history)? else {
            return Ok(None);
        };
        let situation = Situation::after(&scorer, &read)
            .map_err(|_| value_error("no code gives every reply of the history"))?;
        let strategy = explain::ranked_strategy(&self.info);
        let explanation = explain::explain(
            &scorer,
            &read,
            &situation,
            node.guess,
            strategy.as_ref().map(|(kind, options)| (*kind, options)),
            explain::ExactDepth::SmallPositions,
        );
        let mut json = serde_json::to_value(explanation.document(&scorer))
            .map_err(|error| value_error(error.to_string()))?;
        json["guess"] = scorer.codebook().format(node.guess).into();
        Ok(Some(json.to_string()))
    }

    fn traced(&self, secret: &str) -> PyResult<Vec<(String, String)>> {
        let scorer = self.scorer();
        let book = scorer.codebook();
        let secret = book.parse(secret).map_err(|e| value_error(e.to_string()))?;
        let turns = trace(&scorer, &self.root, secret).map_err(|e| value_error(e.to_string()))?;
        Ok(turns
            .iter()
            .map(|turn| (book.format(turn.guess), self.game.feedback_name(turn.reply)))
            .collect())
    }
}

/// What the verifier found: whether the tree solves every code and every claim holds, each
/// problem with where it is, and the tree itself when it is valid.
#[pyclass(frozen, module = "mastermind")]
pub struct Report {
    /// Whether there is no problem.
    #[pyo3(get)]
    valid: bool,
    /// Each problem, with its place in the tree (and in the text, for notations).
    #[pyo3(get)]
    problems: Vec<String>,
    /// Remarks that are not problems, such as a published figure the tree disagrees with.
    #[pyo3(get)]
    notes: Vec<String>,
    /// How many codes were replayed.
    #[pyo3(get)]
    codes: u64,
    /// How many of them the tree solves.
    #[pyo3(get)]
    solved: u64,
    /// The guesses the solved codes take, in all.
    #[pyo3(get)]
    total: u64,
    /// The most guesses a solved code takes.
    #[pyo3(get)]
    worst_case: usize,
    /// The verified tree, or `None` when there is a problem.
    #[pyo3(get)]
    tree: Option<Py<Tree>>,
    /// `"proven"` when a certificate proves the tree optimal, `"unproven"` for a tree that
    /// claims an optimum without one (or whose certificate does not prove it), else `None`.
    #[pyo3(get)]
    optimality: Option<String>,
    /// Why the certificate given does not prove the tree optimal, if it does not.
    #[pyo3(get)]
    optimality_problem: Option<String>,
    /// The report as `mastermind verify --json` prints it.
    document: String,
}

impl Report {
    /// The report on a tree of `game`; `section` says when the tree starts after a history, so
    /// that it is no [`Tree`] (a whole game's).
    pub fn new(
        py: Python<'_>,
        game: Game,
        info: StrategyInfo,
        report: VerifyReport,
        section: Option<String>,
    ) -> PyResult<Report> {
        let document = serde_json::to_string_pretty(&report.document())
            .expect("a report always serialises")
            + "\n";
        let valid = report.is_valid();
        let optimality = report.optimality.as_ref().map(|o| o.word().to_owned());
        let optimality_problem = match &report.optimality {
            Some(Optimality::NotProven { reason }) => Some(reason.clone()),
            _ => None,
        };
        let mut notes = report.hints;
        notes.extend(report.notes);
        let tree = match section {
            Some(after) => {
                notes.push(format!(
                    "a section of a tree, after {after}: verified, but no Tree, which is a whole game's"
                ));
                None
            }
            None => report
                .tree
                .map(|root| Py::new(py, Tree::new(game, info, root)))
                .transpose()?,
        };
        Ok(Report {
            valid,
            optimality,
            optimality_problem,
            problems: report.problems.iter().map(ToString::to_string).collect(),
            notes,
            codes: report.codes,
            solved: report.statistics.codes(),
            total: report.statistics.total(),
            worst_case: report.statistics.worst_case(),
            tree,
            document,
        })
    }
}

impl Report {
    pub fn tree(&self) -> Option<&Py<Tree>> {
        self.tree.as_ref()
    }

    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

#[pymethods]
impl Report {
    fn __bool__(&self) -> bool {
        self.valid
    }

    /// The report as `mastermind verify --json` prints it, byte for byte.
    fn to_json(&self) -> String {
        self.document.clone()
    }

    /// The report as `mastermind verify --json` prints it, as Python objects.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_python(py, &self.document)
    }

    fn __repr__(&self) -> String {
        match self.problems.len() {
            0 if self.valid => format!(
                "<mastermind.Report valid: {} guesses over {} codes>",
                self.total, self.codes
            ),
            // Every code is solved, but what a certificate was to prove is not.
            0 => {
                format!(
                "<mastermind.Report invalid: {} guesses over {} codes, optimality not proven: {}>",
                self.total,
                self.codes,
                self.optimality_problem.as_deref().unwrap_or("no reason given")
            )
            }
            count => format!(
                "<mastermind.Report {count} problem(s), first: {}>",
                self.problems[0]
            ),
        }
    }
}

/// `text`, a JSON document, as Python objects.
pub fn json_to_python(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
