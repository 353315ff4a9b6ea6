//! Reading and verifying trees from text in every format the tool reads: its JSON tree file,
//! Knuth's and Irving's notations, and the YAML and punch-card formats of other tools.

use mastermind::formats::Format;
use mastermind::play::write_history;
use mastermind::read::{
    read_tree, CertificateInput, GameWords, ReadError, ReadOptions, TreeFormat,
};
use mastermind::tree::StrategyInfo;
use mastermind::verify::VerifyOptions;
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::tree::{Report, Tree};

/// Verifies a tree given as text: every code replayed, every claim checked.
///
/// `format` is `json`, `knuth`, `irving`, `yaml` or `punch-card`, or `None` to tell from the
/// text. The JSON file names its game; the notations are read in the game the keyword
/// arguments name (4 × 6 by default), and another tool's file takes its pegs from the file and
/// the rest from them. `strategy` names the strategy the text is said to be,
/// for the figures the literature quotes.
///
/// `certificate`, the bytes of a certificate (`mastermind certify`), is checked against the
/// tree: `report.optimality` is then `"proven"`, or `"unproven"` with the reason in
/// `report.optimality_problem` (and `report.valid` false). Without one, a tree of the optimal
/// strategy is `"unproven"` and other trees have `None`.
///
/// >>> report = mastermind.verify(mastermind.generate("knuth").write("knuth"))
/// >>> report.valid, report.total, report.optimality
/// (True, 5801, None)
#[pyfunction]
#[pyo3(signature = (
    text, *, format = None, pegs = None, colours = None, repetition = None, black_only = None,
    max_guesses = None, strategy = None, certificate = None
))]
#[allow(clippy::too_many_arguments)]
pub fn verify(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    pegs: Option<u32>,
    colours: Option<u32>,
    repetition: Option<bool>,
    black_only: Option<bool>,
    max_guesses: Option<usize>,
    strategy: Option<String>,
    certificate: Option<Vec<u8>>,
) -> PyResult<Report> {
    let certificate = certificate.as_deref();
    let words = GameWords {
        pegs,
        colours,
        repetition,
        black_only,
    };
    let format = match format {
        None => None,
        Some("json") => Some(TreeFormat::Json),
        Some("knuth") => Some(TreeFormat::Knuth),
        Some("irving") => Some(TreeFormat::Irving),
        Some("yaml") => Some(TreeFormat::Foreign(Format::Yaml)),
        Some("punch-card") => Some(TreeFormat::Foreign(Format::PunchCard)),
        Some(other) => {
            return Err(value_error(format!(
                "no format `{other}`: json, knuth, irving, yaml or punch-card"
            )))
        }
    };
    let options = ReadOptions {
        format,
        game: words,
        verify: VerifyOptions { max_guesses },
        strategy_name: strategy.clone(),
        ..ReadOptions::default()
    };
    // A text that does not read as a tree is reported, every error at its place.
    let mut read = match py.detach(|| read_tree(text, &options)) {
        Ok(read) => read,
        Err(ReadError::Notation(_, read) | ReadError::ForeignTree(_, _, read)) => *read,
        Err(error) => return Err(value_error(error.to_string())),
    };
    let game = *read.book.game();
    let info = read
        .strategy
        .take()
        .unwrap_or_else(|| StrategyInfo::named(strategy.as_deref().unwrap_or("published")));
    read.strategy = Some(info.clone());
    let certificate = certificate.map(|input| CertificateInput {
        name: None,
        input,
        reference: false,
    });
    // Bytes in memory are always read.
    let optimality = match certificate {
        Some(certificate) => py
            .detach(|| read.optimality(certificate))
            .map_err(|error| value_error(error.to_string()))?,
        None => read.claimed_optimality(),
    };
    let mut report = read.report;
    report.optimality = optimality;
    let section = (!read.history.is_empty()).then(|| write_history(&read.book, &read.history));
    Report::new(py, game, info, report, section)
}

/// Reads a tree from text as [`verify`] does, and returns it if it is valid; otherwise raises
/// `ValueError` listing its problems.
///
/// >>> mastermind.read("3(1x)", pegs=1, colours=3)
/// <mastermind.Tree published for 1×3: 6 guesses over 3 codes, worst case 3>
#[pyfunction]
#[pyo3(signature = (
    text, *, format = None, pegs = None, colours = None, repetition = None, black_only = None,
    strategy = None
))]
#[allow(clippy::too_many_arguments)]
pub fn read(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    pegs: Option<u32>,
    colours: Option<u32>,
    repetition: Option<bool>,
    black_only: Option<bool>,
    strategy: Option<String>,
) -> PyResult<Py<Tree>> {
    let report = verify(
        py, text, format, pegs, colours, repetition, black_only, None, strategy, None,
    )?;
    match report.tree() {
        Some(tree) => Ok(tree.clone_ref(py)),
        // Valid, but a section: the last note says so.
        None if report.problems().is_empty() => Err(value_error(
            report.notes().last().cloned().unwrap_or_default(),
        )),
        None => Err(value_error(format!(
            "the tree does not verify:\n  {}",
            report.problems().join("\n  ")
        ))),
    }
}
