//! Ctrl-C during the built-in searches, which call no Python: the search runs on a thread of
//! its own while Python's main thread looks for signals (Python runs handlers only there), and
//! a handler that raises (KeyboardInterrupt) stops the search at its next progress report,
//! which the searches send every few thousand nodes. The search is stopped by unwinding out of
//! it with a payload of our own (no panic message: `resume_unwind` skips the panic hook); all
//! it had built is dropped with it, and the exception raised is the handler's.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use mastermind::atlas::Reached;
use mastermind::static_mastermind::SearchProgress;
use mastermind::strategy::Progress;
use pyo3::prelude::*;

thread_local! {
    /// Whether this thread is running a score function of a build right now.
    static IN_SCORE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `call`, a call of a build's score function, marked as such on this thread.
pub fn in_score<T>(call: impl FnOnce() -> T) -> T {
    IN_SCORE.with(|in_score| in_score.set(true));
    let result = call();
    IN_SCORE.with(|in_score| in_score.set(false));
    result
}

/// Raises at once where a score function starts a build: the build that calls the score
/// holds the threads the new one would wait for, so it would never end (nor stop at Ctrl-C).
pub fn refuse_inside_score() -> PyResult<()> {
    if IN_SCORE.with(Cell::get) {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "a build cannot start inside a score function (it would wait forever for the \
             threads of the build that calls the score): build it before or after",
        ));
    }
    Ok(())
}

/// How often the waiting thread looks for a signal.
pub const SIGNALS_EVERY: Duration = Duration::from_millis(20);

/// What a stopped search unwinds with.
struct Interrupted;

/// Progress that stops its search once asked to.
#[derive(Default)]
pub struct Stoppable {
    stop: AtomicBool,
}

impl Stoppable {
    /// Unwinds out of the search if it was asked to stop.
    pub fn check(&self) {
        if self.stop.load(Ordering::Relaxed) {
            panic::resume_unwind(Box::new(Interrupted));
        }
    }
}

impl SearchProgress for Stoppable {
    fn size_started(&self, _size: usize, _subproblems: u64) {
        self.check();
    }

    fn subproblem_settled(&self) {
        self.check();
    }

    fn at_work(&self) {
        self.check();
    }
}

impl Reached for Stoppable {
    fn reached(&self, _progress: String) {
        self.check();
    }

    fn at_work(&self) {
        self.check();
    }
}

impl Progress for Stoppable {
    fn codes_settled(&self, _codes: u64) {
        self.check();
    }

    fn subproblems_settled(&self, _settled: u64, _total: u64, _best_total: Option<u64>) {
        self.check();
    }

    fn root_guesses_scored(&self, _scored: u64, _total: u64) {
        self.check();
    }

    fn search_nodes(&self, _nodes: u64) {
        self.check();
    }
}

/// Runs `search`, which reports to the progress it is given, on a thread of its own while this
/// one looks for signals; a signal whose handler raises stops the search and is raised.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(&Stoppable) -> T + Send,
) -> PyResult<T> {
    refuse_inside_score()?;
    let progress = Stoppable::default();
    let mut raised = None;
    let outcome = std::thread::scope(|scope| {
        let running = scope.spawn(|| panic::catch_unwind(AssertUnwindSafe(|| search(&progress))));
        while !running.is_finished() {
            py.detach(|| std::thread::sleep(SIGNALS_EVERY));
            if raised.is_none() {
                if let Err(error) = py.check_signals() {
                    raised = Some(error);
                    progress.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        running.join()
    });
    let finished = match outcome {
        Ok(finished) => finished,
        Err(panic) => panic::resume_unwind(panic),
    };
    match (finished, raised) {
        (_, Some(error)) => Err(error),
        (Ok(value), None) => Ok(value),
        (Err(payload), None) => panic::resume_unwind(payload),
    }
}
