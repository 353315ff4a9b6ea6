//! What the command does beyond building and verifying one tree, for Python: the optimal
//! search as a resumable run in a directory, certificates of optimality, static Mastermind,
//! one figure of the atlas, and the page.

use std::io::Read;
use std::path::PathBuf;

use mastermind::atlas::{
    compute, grid, AtlasRun, GameKey, InProcess, Known, Links, Measure, Variant,
};
use mastermind::ops::{self, OnePiece, ResumeRequest};
use mastermind::runs::resume::{Finished, ResumeError, ResumeWatcher};
use mastermind::runs::ShardId;
use mastermind::static_mastermind;
use mastermind::strategy::StrategyOptions;
use mastermind::{Codebook, Scorer};
use pyo3::exceptions::{PyBlockingIOError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::errors::value_error;
use crate::game::game_of;
use crate::interrupt::{interruptible, Stoppable};
use crate::read::read;
use crate::tree::{json_to_python, Tree};

/// Runs the optimal search in pieces kept in `directory`, as `mastermind generate --strategy
/// optimal --resume DIR` does (the same directory works for both): pieces already there are
/// not solved again, so a run stopped and started again goes on where it was. `piece`, an
/// index below the plan's count of pieces, solves that piece alone (one task of a job array).
/// With `certificate`, each piece's proof is kept beside it (while it is written, as
/// `.cert.partial`, from which a call after a stop goes on) and the finished run's
/// certificate is returned.
///
/// Several calls may share one `directory` (threads, processes, machines on a shared disk):
/// each solves pieces no other holds, and a call without `piece` then waits for the pieces the
/// others hold (taking over any whose holder went away) and returns the tree too, so every
/// such call returns it. A call for one `piece` returns once that piece is in, with `tree`
/// `None` unless its piece was the last.
///
/// Returns a dict: `tree` (the optimal `Tree` once every piece is in, else `None`), `pieces`
/// (the plan's count), `missing` (pieces not in yet), `unproven` (with `certificate`, pieces
/// in without a certificate yet: a call for one `piece` proves that piece's only),
/// `solved` (pieces solved by this call) and `certificate` (its bytes, gzip-compressed as
/// merged certificates are, or `None`).
///
/// >>> import tempfile
/// >>> run = mastermind.resume(tempfile.mkdtemp(), pegs=3, colours=4)
/// >>> run["tree"].total, run["missing"]
/// (206, 0)
#[pyfunction]
#[pyo3(signature = (
    directory, *, pegs = 4, colours = 6, repetition = true, black_only = false,
    consistent_only = false, max_guesses = None, piece = None, certificate = false
))]
#[allow(clippy::too_many_arguments)]
pub fn resume(
    py: Python<'_>,
    directory: PathBuf,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
    consistent_only: bool,
    max_guesses: Option<u16>,
    piece: Option<u32>,
    certificate: bool,
) -> PyResult<Py<PyDict>> {
    let game = game_of(pegs, colours, repetition, black_only)?;
    let options = StrategyOptions {
        consistent_only,
        max_guesses,
        ..StrategyOptions::default()
    };
    let (search, info) = ops::optimal_search(&options, &Codebook::new(game));
    let resumed = interruptible(py, |progress| {
        let request = ResumeRequest {
            directory: &directory,
            only: piece.map(|index| OnePiece { index, of: None }),
            certify: certificate,
        };
        ops::resume(
            &Scorer::new(game),
            &search,
            &info,
            &request,
            &Stopping(progress),
        )
    })?
    .map_err(resume_error)?;
    let result = PyDict::new(py);
    result.set_item("pieces", resumed.pieces)?;
    match resumed.finished {
        Finished::Tree {
            file,
            certificate,
            solved_here,
        } => {
            let tree = read(
                py,
                &file.to_json(),
                Some("json"),
                None,
                None,
                None,
                None,
                None,
            )?;
            result.set_item("tree", tree)?;
            result.set_item("missing", 0)?;
            result.set_item("unproven", 0)?;
            result.set_item("solved", solved_here)?;
            match certificate {
                Some(mut proof) => {
                    let mut bytes = Vec::new();
                    proof
                        .file
                        .read_to_end(&mut bytes)
                        .map_err(|error| PyOSError::new_err(error.to_string()))?;
                    result.set_item("certificate", PyBytes::new(py, &bytes))?
                }
                None => result.set_item("certificate", py.None())?,
            }
        }
        Finished::Waiting {
            missing,
            unproven,
            solved_here,
            ..
        } => {
            result.set_item("tree", py.None())?;
            result.set_item("missing", missing)?;
            result.set_item("unproven", unproven)?;
            result.set_item("solved", solved_here)?;
            result.set_item("certificate", py.None())?;
        }
        Finished::Unproven(unproven) => return Err(value_error(unproven.to_string())),
    }
    Ok(result.unbind())
}

/// A resumable run that stops at the next progress report once Ctrl-C asked it to (the piece
/// under way keeps the notes it had written; a piece is written only once solved).
struct Stopping<'p>(&'p Stoppable);

impl ResumeWatcher for Stopping<'_> {
    fn codes_settled(&self, _codes: u64) {
        self.0.check();
    }

    fn search_nodes(&self, _nodes: u64) {
        self.0.check();
    }

    fn waiting(&self, _held: &[ShardId]) {
        self.0.check();
    }
}

/// A resumable run's error as the Python exception that fits it.
fn resume_error(error: ResumeError) -> PyErr {
    match error {
        ResumeError::Locked { .. } => PyBlockingIOError::new_err(error.to_string()),
        ResumeError::Io { .. } | ResumeError::Write(_) | ResumeError::NotRegular(_) => {
            PyOSError::new_err(error.to_string())
        }
        other => value_error(other.to_string()),
    }
}

/// The certificate that `tree`, built by the optimal search (capped or not), is optimal: the
/// bytes `verify(..., certificate=...)` and `mastermind verify --certificate` check. Proving
/// runs the search again.
#[pyfunction]
pub fn certify(py: Python<'_>, tree: PyRef<'_, Tree>) -> PyResult<Py<PyBytes>> {
    crate::interrupt::refuse_inside_score()?;
    let game = tree.game_value();
    let info = tree.file().strategy;
    let root = tree.root();
    let proof = py
        .detach(|| ops::certify(&Scorer::new(game), &info, &[], root))
        .map_err(|error| value_error(error.to_string()))?;
    Ok(PyBytes::new(py, &proof.bytes).unbind())
}

/// Whether the `guesses`, all made before any reply, tell every code apart (static
/// Mastermind). Returns a dict: `determines` (bool) and `groups`, the codes they leave
/// together (largest first).
///
/// >>> mastermind.static_check(["11", "12", "13"], pegs=2, colours=3)["determines"]
/// True
#[pyfunction]
#[pyo3(signature = (guesses, *, pegs = 4, colours = 6, repetition = true, black_only = false))]
pub fn static_check(
    py: Python<'_>,
    guesses: Vec<String>,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
) -> PyResult<Py<PyDict>> {
    let game = game_of(pegs, colours, repetition, black_only)?;
    let scorer = Scorer::new(game);
    let book = scorer.codebook();
    let codes = guesses
        .iter()
        .enumerate()
        .map(|(index, text)| {
            book.parse(text)
                .map_err(|error| value_error(format!("guess {}: {error}", index + 1)))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let check = py.detach(|| static_mastermind::check(&scorer, &codes));
    let result = PyDict::new(py);
    result.set_item("determines", check.determines())?;
    let groups: Vec<Vec<String>> = check
        .groups
        .iter()
        .map(|group| group.iter().map(|&code| book.format(code)).collect())
        .collect();
    result.set_item("groups", groups)?;
    Ok(result.unbind())
}

/// The least set of guesses made all at once that tells every code apart (static
/// Mastermind), as `mastermind static search` finds it, with why no smaller set works.
/// Returns a dict: `size`, `guesses` and `proof` (`"counting"`: too few reply vectors for
/// one fewer; `"exhaustive"`: every set of one fewer was searched).
///
/// >>> mastermind.static_search(pegs=2, colours=3)
/// {'size': 2, 'guesses': ['12', '13'], 'proof': 'counting'}
#[pyfunction]
#[pyo3(signature = (*, pegs = 4, colours = 6, repetition = true, black_only = false))]
pub fn static_search(
    py: Python<'_>,
    pegs: u32,
    colours: u32,
    repetition: bool,
    black_only: bool,
) -> PyResult<Py<PyDict>> {
    crate::interrupt::refuse_inside_score()?;
    let game = game_of(pegs, colours, repetition, black_only)?;
    let scorer = Scorer::new(game);
    let least = interruptible(py, |progress| {
        static_mastermind::least_set(&scorer, progress)
    })?;
    let result = PyDict::new(py);
    result.set_item("size", least.guesses.len())?;
    let guesses: Vec<String> = least
        .guesses
        .iter()
        .map(|&code| scorer.codebook().format(code))
        .collect();
    result.set_item("guesses", guesses)?;
    let proof = match least.proof {
        static_mastermind::Proof::Counting { .. } => "counting",
        static_mastermind::Proof::Exhaustive(_) => "exhaustive",
    };
    result.set_item("proof", proof)?;
    Ok(result.unbind())
}

/// One figure of the atlas, computed as `mastermind atlas` computes it: `measure` is one of
/// `knuth`, `expected-size`, `entropy`, `most-parts`, `first-consistent`, `optimal`,
/// `least-worst`, `proven-optimal`, `proven-least-worst` and `static`; `variant` is `repeat`,
/// `no-repeat` or `black-only`. Returns a dict with `total` and `worst_case` (of the measure's
/// tree; for a proven optimum also `facts`, those of its checked certificate) or `least` (the
/// static number).
///
/// >>> mastermind.atlas_entry("optimal", pegs=3, colours=5)
/// {'total': 451, 'worst_case': 5}
#[pyfunction]
#[pyo3(signature = (measure, *, pegs = 4, colours = 6, variant = "repeat"))]
pub fn atlas_entry(
    py: Python<'_>,
    measure: &str,
    pegs: u32,
    colours: u32,
    variant: &str,
) -> PyResult<Py<PyDict>> {
    crate::interrupt::refuse_inside_score()?;
    let measure = measure_named(measure)?;
    let variant = variant_named(variant)?;
    let game = GameKey {
        pegs,
        colours,
        variant,
    };
    let figures =
        interruptible(py, |progress| compute(measure, game, progress))?.map_err(value_error)?;
    let result = PyDict::new(py);
    if let Some(total) = figures.total {
        result.set_item("total", total)?;
    }
    if let Some(worst) = figures.worst_case {
        result.set_item("worst_case", worst)?;
    }
    if let Some(least) = figures.least {
        result.set_item("least", least)?;
    }
    if let Some(facts) = figures.facts {
        result.set_item("facts", facts)?;
    }
    Ok(result.unbind())
}

/// The atlas of the games of `pegs` × `colours` (lists of counts) in `variants` with at most
/// `max_codes` codes, with the figures of `measures` (default: every measure), computed in
/// this process and returned as the atlas file's dict (`mastermind atlas -o FILE` writes the
/// same figures; there each computation is a process of its own under a time budget, here each
/// runs to its end). `workers` computations run at a time.
///
/// >>> atlas = mastermind.atlas(pegs=[2], colours=[3, 4], measures=["knuth", "optimal"])
/// >>> [(e["colours"], e["results"]["optimal"]["total"]) for e in atlas["entries"]]
/// [(3, 21), (4, 45)]
#[pyfunction]
#[pyo3(signature = (
    *, pegs, colours, variants = vec!["repeat".to_owned()], measures = None,
    max_codes = 10_000, workers = 1
))]
pub fn atlas(
    py: Python<'_>,
    pegs: Vec<u32>,
    colours: Vec<u32>,
    variants: Vec<String>,
    measures: Option<Vec<String>>,
    max_codes: usize,
    workers: usize,
) -> PyResult<Py<PyAny>> {
    crate::interrupt::refuse_inside_score()?;
    let variants = variants
        .iter()
        .map(|name| variant_named(name))
        .collect::<PyResult<Vec<_>>>()?;
    let measures = match measures {
        Some(names) => names
            .iter()
            .map(|name| measure_named(name))
            .collect::<PyResult<Vec<_>>>()?,
        None => Measure::ALL.to_vec(),
    };
    let games = grid(pegs, colours, &variants, max_codes);
    let file = interruptible(py, |progress| {
        let run = AtlasRun::new(
            games,
            &measures,
            f64::INFINITY,
            None,
            &Known::default(),
            None,
        );
        run.run(
            &InProcess(progress),
            workers,
            &Links::default(),
            &mastermind::atlas::Unwatched,
        )
    })?
    .map_err(|error| PyOSError::new_err(error.to_string()))?;
    json_to_python(py, &file.to_json())
}

/// The measure named `name`.
fn measure_named(name: &str) -> PyResult<Measure> {
    Measure::from_name(name).ok_or_else(|| {
        value_error(format!(
            "no measure named `{name}`; the measures are {}",
            Measure::ALL.map(Measure::name).join(", ")
        ))
    })
}

/// The variant named `name`.
fn variant_named(name: &str) -> PyResult<Variant> {
    Variant::from_name(name).ok_or_else(|| {
        value_error(format!(
            "no variant named `{name}`; the variants are {}",
            Variant::ALL.map(Variant::name).join(", ")
        ))
    })
}

/// The page of `tree`: one self-contained HTML file to explore the tree, have it break your
/// code or play against it, see its statistics and why it plays each guess, as `mastermind
/// html` writes it.
#[pyfunction]
#[pyo3(signature = (tree, *, title = None))]
pub fn page(py: Python<'_>, tree: PyRef<'_, Tree>, title: Option<String>) -> String {
    let game = tree.game_value();
    let root = tree.root();
    let info = tree.file().strategy;
    py.detach(|| {
        let book = Codebook::new(game);
        mastermind::page::tree_page(&book, root, Some(&info), title.as_deref(), None)
    })
}
