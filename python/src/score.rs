//! A strategy whose score is a Python callable: the Rust builder calls it for every guess it
//! scores, holding the interpreter lock only for the call, and keeps the first exception it
//! raises to raise once the build is over. A Ctrl-C (or any signal whose handler raises)
//! during the build ends it as promptly: see [`watching_signals`].

use std::cell::Cell;
use std::sync::Mutex;

use mastermind::strategy::{ClassSizes, GuessScore};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::interrupt::SIGNALS_EVERY;

pub struct PythonScore {
    callable: Py<PyAny>,
    name: String,
    error: Mutex<Option<PyErr>>,
    /// The Python thread ids of the builder's threads in a call to the score right now.
    calling: Mutex<Vec<u64>>,
    /// The threads told to raise (see [`PythonScore::interrupt_calls`]).
    interrupted: Mutex<Vec<u64>>,
}

/// Makes the Python thread `id` raise `exception` at its next instruction, or (`None`) clears
/// the one it was sent.
fn set_async_exception(
    py: Python<'_>,
    id: u64,
    exception: Option<Bound<'_, PyAny>>,
) -> PyResult<()> {
    let ctypes = py.import("ctypes")?;
    let thread = ctypes.call_method1("c_ulong", (id,))?;
    let exception = match exception {
        Some(exception) => ctypes.call_method1("py_object", (exception,))?,
        None => py.None().into_bound(py),
    };
    ctypes
        .getattr("pythonapi")?
        .getattr("PyThreadState_SetAsyncExc")?
        .call1((thread, exception))?;
    Ok(())
}

thread_local! {
    /// This thread's id as Python knows it (`threading.get_ident()`), once asked.
    static PYTHON_THREAD: Cell<Option<u64>> = const { Cell::new(None) };
}

/// This thread's id as Python knows it.
fn python_thread(py: Python<'_>) -> PyResult<u64> {
    if let Some(id) = PYTHON_THREAD.with(Cell::get) {
        return Ok(id);
    }
    let id: u64 = py
        .import("threading")?
        .call_method0("get_ident")?
        .extract()?;
    PYTHON_THREAD.with(|known| known.set(Some(id)));
    Ok(id)
}

impl PythonScore {
    pub fn new(callable: Py<PyAny>, name: String) -> PythonScore {
        PythonScore {
            callable,
            name,
            error: Mutex::new(None),
            calling: Mutex::new(Vec::new()),
            interrupted: Mutex::new(Vec::new()),
        }
    }

    /// Raises KeyboardInterrupt in every score running now, at its next Python instruction
    /// (CPython's `PyThreadState_SetAsyncExc`, through ctypes): a score that never returns (a
    /// loop) would otherwise hold the build forever.
    fn interrupt_calls(&self, py: Python<'_>) -> PyResult<()> {
        // Copied out first: no lock is held while Python runs, which may switch threads, and a
        // thread ending its call takes `calling` while it holds the interpreter.
        let calling = self
            .calling
            .lock()
            .expect("no call panics holding it")
            .clone();
        for id in calling {
            let exception = py.get_type::<PyKeyboardInterrupt>().into_any();
            set_async_exception(py, id, Some(exception))?;
            self.interrupted
                .lock()
                .expect("no call panics holding it")
                .push(id);
        }
        Ok(())
    }

    /// Withdraws the exceptions [`PythonScore::interrupt_calls`] sent that no call raised, so
    /// that no later Python code on those threads raises them.
    fn withdraw_interrupts(&self, py: Python<'_>) -> PyResult<()> {
        let interrupted: Vec<u64> = self
            .interrupted
            .lock()
            .expect("no call panics holding it")
            .drain(..)
            .collect();
        for id in interrupted {
            set_async_exception(py, id, None)?;
        }
        Ok(())
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
        let thread = python_thread(py)?;
        self.calling
            .lock()
            .expect("no call panics holding it")
            .push(thread);
        // A stop that came while this thread waited for the interpreter found it not calling
        // yet and interrupted nothing here; any stop from now on finds it, so look once more.
        if self.is_stopped() {
            self.leave(thread);
            return Ok(f64::INFINITY);
        }
        let score =
            crate::interrupt::in_score(|| self.callable.call1(py, (classes, sizes.is_candidate())));
        self.leave(thread);
        score?.extract::<f64>(py)
    }

    /// Whether the build was stopped (an exception raised, or a signal).
    fn is_stopped(&self) -> bool {
        self.error
            .lock()
            .expect("no call panics holding it")
            .is_some()
    }

    /// Takes `thread` off the threads calling the score.
    fn leave(&self, thread: u64) {
        let mut calling = self.calling.lock().expect("no call panics holding it");
        if let Some(at) = calling.iter().position(|&id| id == thread) {
            calling.swap_remove(at);
        }
    }
}

impl GuessScore for PythonScore {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
        if self.is_stopped() {
            // The build is lost already; finish it quickly.
            return f64::INFINITY;
        }
        match Python::attach(|py| self.call(py, sizes)) {
            Ok(score) if !score.is_nan() => score,
            outcome => {
                let mut error = self.error.lock().expect("no call panics holding it");
                error.get_or_insert_with(|| match outcome {
                    Err(raised) => raised,
                    Ok(_) => crate::errors::value_error("the score function returned NaN"),
                });
                f64::INFINITY
            }
        }
    }
}

/// Runs `build` (which scores with `rule`) on a thread of its own while this one, Python's
/// main thread, looks for signals: Python runs signal handlers only there, and the builder's
/// threads call the score without it. A handler that raises (Ctrl-C's KeyboardInterrupt)
/// stops `rule`, so the build ends at its next score and the exception is the one raised;
/// scores running at that moment are interrupted too.
pub fn watching_signals<T: Send>(
    py: Python<'_>,
    rule: &PythonScore,
    build: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    crate::interrupt::refuse_inside_score()?;
    Ok(std::thread::scope(|scope| {
        let running = scope.spawn(build);
        while !running.is_finished() {
            py.detach(|| std::thread::sleep(SIGNALS_EVERY));
            if let Err(raised) = py.check_signals() {
                rule.stop(raised);
                if let Err(error) = rule.interrupt_calls(py) {
                    rule.stop(error);
                }
            }
        }
        if let Err(error) = rule.withdraw_interrupts(py) {
            rule.stop(error);
        }
        match running.join() {
            Ok(built) => built,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }))
}
