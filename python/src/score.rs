//! A strategy whose score is a Python callable: the Rust builder calls it for every guess it
//! scores, holding the interpreter lock only for the call, and keeps the first exception it
//! raises to raise once the build is over. A Ctrl-C (or any signal whose handler raises)
//! during the build ends it as promptly: see [`watching_signals`].

use std::sync::Mutex;

use mastermind::strategy::{ClassSizes, GuessScore};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::interrupt::SIGNALS_EVERY;

pub struct PythonScore {
    callable: Py<PyAny>,
    name: String,
    error: Mutex<Option<PyErr>>,
}

impl PythonScore {
    pub fn new(callable: Py<PyAny>, name: String) -> PythonScore {
        PythonScore {
            callable,
            name,
            error: Mutex::new(None),
        }
    }

    /// Ends the build as if the callable had raised `error`: every score from now on is
    /// returned at once, without calling Python.
    fn stop(&self, error: PyErr) {
        self.error
            .lock()
            .expect("no call panics holding it")
            .get_or_insert(error);
    }

    /// The first exception the callable raised (or the first score that was not a number).
    pub fn raise_first_error(&self) -> PyResult<()> {
        match self.error.lock().expect("no call panics holding it").take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    fn call(&self, py: Python<'_>, sizes: &ClassSizes<'_>) -> PyResult<f64> {
        let classes = PyDict::new(py);
        for (reply, size) in sizes.classes() {
            classes.set_item(sizes.game().feedback_name(reply), size)?;
        }
        let score = self.callable.call1(py, (classes, sizes.is_candidate()))?;
        score.extract::<f64>(py)
    }
}

impl GuessScore for PythonScore {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
        let mut error = self.error.lock().expect("no call panics holding it");
        if error.is_some() {
            // The build is lost already; finish it quickly.
            return f64::INFINITY;
        }
        drop(error);
        match Python::attach(|py| self.call(py, sizes)) {
            Ok(score) if !score.is_nan() => score,
            outcome => {
                error = self.error.lock().expect("no call panics holding it");
                error.get_or_insert_with(|| match outcome {
                    Err(raised) => raised,
                    Ok(_) => crate::value_error("the score function returned NaN"),
                });
                f64::INFINITY
            }
        }
    }
}

/// Runs `build` (which scores with `rule`) on a thread of its own while this one, Python's
/// main thread, looks for signals: Python runs signal handlers only there, and the builder's
/// threads call the score without it. A handler that raises (Ctrl-C's KeyboardInterrupt)
/// stops `rule`, so the build ends at its next score and the exception is the one raised.
pub fn watching_signals<T: Send>(
    py: Python<'_>,
    rule: &PythonScore,
    build: impl FnOnce() -> T + Send,
) -> T {
    std::thread::scope(|scope| {
        let running = scope.spawn(build);
        while !running.is_finished() {
            py.detach(|| std::thread::sleep(SIGNALS_EVERY));
            if let Err(raised) = py.check_signals() {
                rule.stop(raised);
            }
        }
        match running.join() {
            Ok(built) => built,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
