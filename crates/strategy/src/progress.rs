//! How builders report progress without depending on a terminal: the binary passes an
//! implementation that drives a progress bar, tests pass [`NoProgress`].

/// Receives progress reports from a builder, possibly from several threads at once.
pub trait Progress: Sync {
    /// `codes` more codes have their whole path settled in the tree.
    fn codes_settled(&self, codes: u64);

    /// An exhaustive search has settled `settled` of its `total` top-level subproblems;
    /// `best_total` is the least total of a whole strategy found so far, if any.
    fn subproblems_settled(&self, _settled: u64, _total: u64, _best_total: Option<u64>) {}

    /// A one-step builder has scored `scored` of the `total` guesses it tries at the root: on
    /// a large game the first guess alone takes long before any code is settled.
    fn root_guesses_scored(&self, _scored: u64, _total: u64) {}

    /// An exhaustive search has searched `nodes` nodes so far: its first subproblems can take
    /// minutes each, and this moves meanwhile. Sent every few thousand nodes.
    fn search_nodes(&self, _nodes: u64) {}

    /// The least-worst-case search now asks whether every code can be solved within `cap`
    /// guesses (the caps below it could not); the reports that follow are that search's.
    fn cap_tried(&self, _cap: usize) {}
}

/// Ignores every report.
pub struct NoProgress;

impl Progress for NoProgress {
    fn codes_settled(&self, _codes: u64) {}
}
