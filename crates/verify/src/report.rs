//! What the verifier hands back: the problems found, the true statistics of the codes the tree
//! solves, informational notes, and the verified tree itself when there is no problem; plus the
//! plain-text rendering the command line prints.

use std::fmt;

use mastermind_tree::{Node, Statistics};

use crate::{Optimality, Problem};

/// How many problems the text rendering lists before summing up the rest.
pub const LISTED_PROBLEMS: usize = 50;

/// What the verifier checks beyond the tree's own correctness.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyOptions {
    /// Fail when any code needs more guesses than this.
    pub max_guesses: Option<usize>,
}

/// The outcome of a verification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Every problem found, in tree order (claims last).
    pub problems: Vec<Problem>,
    /// What to try first when there are problems, said before them: one hint can explain
    /// every problem (a section of a tree read without the history before it).
    pub hints: Vec<String>,
    /// Remarks that are not problems, such as a figure from the literature the tree disagrees
    /// with.
    pub notes: Vec<String>,
    /// The cost of every code the tree solves (all of them when the tree is valid).
    pub statistics: Statistics,
    /// How many codes were replayed: every code of the game, or those consistent with the
    /// history given.
    pub codes: u64,
    /// The verified tree, with the guesses the shorthand leaves out filled in; `None` when there
    /// is any problem.
    pub tree: Option<Node>,
    /// Whether the tree is proven optimal, for a tree whose strategy claims an optimum or that
    /// was checked against a certificate; `None` otherwise. Set by the caller that has the
    /// strategy and the certificate (see [`judge`](crate::judge)).
    pub optimality: Option<Optimality>,
}

impl Report {
    /// Whether the tree and its claims are free of problems.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty() && !matches!(self.optimality, Some(Optimality::NotProven { .. }))
    }

    /// How many replayed codes the tree never solves (0 when valid).
    pub fn unsolved(&self) -> u64 {
        self.codes.saturating_sub(self.statistics.codes())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for hint in &self.hints {
            writeln!(f, "hint: {hint}")?;
        }
        match self.problems.len() {
            0 if !self.is_valid() => writeln!(
                f,
                "invalid: every code is solved, but optimality is not proven"
            )?,
            0 => writeln!(f, "valid: every code is solved and every claim is true")?,
            1 => writeln!(f, "1 problem:")?,
            count => writeln!(f, "{count} problems:")?,
        }
        for problem in self.problems.iter().take(LISTED_PROBLEMS) {
            writeln!(f, "  {problem}")?;
        }
        if let Some(more) = self.problems.len().checked_sub(LISTED_PROBLEMS) {
            if more > 0 {
                writeln!(f, "  … and {more} more")?;
            }
        }
        let statistics = &self.statistics;
        if self.unsolved() > 0 {
            writeln!(
                f,
                "codes solved: {} of {} (the figures below count only those)",
                statistics.codes(),
                self.codes
            )?;
        } else {
            writeln!(f, "codes: {}", self.codes)?;
        }
        if statistics.codes() > 0 {
            let guesses: Vec<String> = (1..=statistics.solved_by_guess.len())
                .map(|guesses| guesses.to_string())
                .collect();
            let counts: Vec<String> = statistics
                .solved_by_guess
                .iter()
                .map(|count| count.to_string())
                .collect();
            writeln!(f, "total guesses: {}", statistics.total())?;
            writeln!(f, "average: {}", statistics.average())?;
            match statistics.worst_case() {
                1 => writeln!(f, "worst case: 1 guess")?,
                worst => writeln!(f, "worst case: {worst} guesses")?,
            }
            writeln!(
                f,
                "solved with {} guesses: {}",
                guesses.join(", "),
                counts.join(", ")
            )?;
        }
        if let Some(optimality) = &self.optimality {
            writeln!(f, "optimality: {optimality}")?;
        }
        for note in &self.notes {
            writeln!(f, "note: {note}")?;
        }
        Ok(())
    }
}
