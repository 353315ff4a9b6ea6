//! The report as a document: what `mastermind verify --json` prints, in the layout that
//! `trees/mastermind-verification.schema.json` describes. Fields are in the order the
//! document has always had (by name).

use mastermind_tree::AverageDocument;
use serde::Serialize;

use crate::{Optimality, Report};

/// The document's `format`.
pub const VERIFICATION_FORMAT: &str = "mastermind-verification";
/// The document's `version`.
pub const VERIFICATION_VERSION: u32 = 1;

/// A report as data: whether the tree holds, every problem (not only the first fifty the
/// text lists) with its path and place, the hints and notes, and the true figures of the
/// codes solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerificationDocument {
    /// The average number of guesses over the codes solved.
    pub average: AverageDocument,
    /// How many codes were replayed.
    pub codes: u64,
    /// How many of them the tree solves.
    pub codes_solved: u64,
    /// [`VERIFICATION_FORMAT`].
    pub format: &'static str,
    /// The report's hints, then its notes.
    pub notes: Vec<String>,
    /// `proven` or `unproven`, for a tree that claims an optimum or was checked against a
    /// certificate; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimality: Option<&'static str>,
    /// Why the certificate does not prove the tree optimal, when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimality_problem: Option<String>,
    /// Every problem, in tree order.
    pub problems: Vec<ProblemDocument>,
    /// `solved_by_guess[i]` codes need exactly `i + 1` guesses.
    pub solved_by_guess: Vec<u64>,
    /// The guesses over every code solved.
    pub total_guesses: u64,
    /// Whether the tree and its claims hold (and, with a certificate, are proven).
    pub valid: bool,
    /// [`VERIFICATION_VERSION`].
    pub version: u32,
    /// The most guesses a code solved needs.
    pub worst_case: usize,
}

/// One problem: where it is and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemDocument {
    /// The path as people read it.
    pub at: String,
    /// The column in the text, for trees read from text.
    pub column: Option<usize>,
    /// The line in the text, for trees read from text.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// The path as guesses and replies from the root.
    pub path: Vec<(String, String)>,
}

impl Report {
    /// The report as the document `verify --json` prints.
    pub fn document(&self) -> VerificationDocument {
        let statistics = &self.statistics;
        let average = statistics.average();
        VerificationDocument {
            average: AverageDocument::of(&average),
            codes: self.codes,
            codes_solved: statistics.codes(),
            format: VERIFICATION_FORMAT,
            notes: self.hints.iter().chain(&self.notes).cloned().collect(),
            optimality: self.optimality.as_ref().map(Optimality::word),
            optimality_problem: match &self.optimality {
                Some(Optimality::NotProven { reason }) => Some(reason.clone()),
                _ => None,
            },
            problems: self
                .problems
                .iter()
                .map(|problem| ProblemDocument {
                    at: problem.path.to_string(),
                    column: problem.location.map(|(_, column)| column),
                    line: problem.location.map(|(line, _)| line),
                    message: problem.kind.to_string(),
                    path: problem.path.steps().to_vec(),
                })
                .collect(),
            solved_by_guess: statistics.solved_by_guess.clone(),
            total_guesses: statistics.total(),
            valid: self.is_valid(),
            version: VERIFICATION_VERSION,
            worst_case: statistics.worst_case(),
        }
    }
}
