//! Progress of the search as a user can read it: the top-level subproblems (the reply classes
//! of the first guesses worth trying) settled so far out of all, and the best total found.

use std::sync::atomic::{AtomicU64, Ordering};

use mastermind_strategy::Progress;

/// No strategy found yet.
const NONE_YET: u64 = u64::MAX;

/// Counts top-level subproblems as threads settle them and forwards the counts.
pub(in crate::optimal) struct Report<'p> {
    progress: &'p dyn Progress,
    settled: AtomicU64,
    total: AtomicU64,
    best: AtomicU64,
}

impl<'p> Report<'p> {
    pub(in crate::optimal) fn new(progress: &'p dyn Progress) -> Report<'p> {
        Report {
            progress,
            settled: AtomicU64::new(0),
            total: AtomicU64::new(0),
            best: AtomicU64::new(NONE_YET),
        }
    }

    /// The root offers `total` subproblems in all.
    pub(in crate::optimal) fn begin(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.send(0);
    }

    /// `count` more subproblems are solved, or need no solving.
    pub(in crate::optimal) fn settle(&self, count: u64) {
        let settled = self.settled.fetch_add(count, Ordering::Relaxed) + count;
        self.send(settled);
    }

    /// A whole strategy with this total exists.
    pub(in crate::optimal) fn found(&self, total: u32) {
        self.best.fetch_min(u64::from(total), Ordering::Relaxed);
        self.send(self.settled.load(Ordering::Relaxed));
    }

    /// The search is over: every subproblem is settled and the best total is final. Sent last,
    /// so that a late report from another thread cannot leave the count short.
    pub(in crate::optimal) fn finish(&self, total: u32) {
        self.found(total);
        let all = self.total.load(Ordering::Relaxed);
        self.settled.store(all, Ordering::Relaxed);
        self.send(all);
    }

    /// The search has ranked `nodes` nodes so far.
    pub(in crate::optimal) fn nodes(&self, nodes: u64) {
        self.progress.search_nodes(nodes);
    }

    fn send(&self, settled: u64) {
        let total = self.total.load(Ordering::Relaxed);
        let best = self.best.load(Ordering::Relaxed);
        self.progress.subproblems_settled(
            settled.min(total),
            total,
            (best != NONE_YET).then_some(best),
        );
    }
}
