//! What an optimal search is asked for and what it answers: its options, its result and the
//! work it did, and the answer when no strategy meets the cap.

use std::fmt;

use mastermind_tree::Node;

/// What the optimal search minimises, and over which guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimalOptions {
    /// No code may need more guesses than this.
    pub max_guesses: Option<usize>,
    /// Only guesses that may be the secret (candidates) are played.
    pub consistent_only: bool,
}

/// An optimal strategy and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalResult {
    /// The tree found.
    pub tree: Node,
    /// The least total number of guesses over all codes.
    pub total: u64,
    /// What the search did to find it.
    pub statistics: SearchStatistics,
}

/// The work an optimal search did. These figures depend on thread scheduling; the tree and
/// total do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStatistics {
    /// Nodes whose guesses were ranked and tried.
    pub nodes: u64,
    /// Candidate sets remembered in the transposition table at the end.
    pub table_entries: usize,
    /// How often the search looked a set up in the transposition table.
    pub table_lookups: u64,
    /// How many of those look-ups found the set there.
    pub table_hits: u64,
}

impl SearchStatistics {
    /// The work of two searches together, such as those below each reply to a fixed opening.
    pub fn plus(self, other: SearchStatistics) -> SearchStatistics {
        SearchStatistics {
            nodes: self.nodes + other.nodes,
            table_entries: self.table_entries + other.table_entries,
            table_lookups: self.table_lookups + other.table_lookups,
            table_hits: self.table_hits + other.table_hits,
        }
    }
}

/// No strategy meets the cap on the worst case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoStrategy {
    /// The cap on guesses that no strategy meets.
    pub max_guesses: usize,
}

impl fmt::Display for NoStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no strategy solves every code within {} guesses",
            self.max_guesses
        )
    }
}

impl std::error::Error for NoStrategy {}
