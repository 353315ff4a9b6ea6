//! The Python exceptions the module raises for what a caller passed.

use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

/// A `ValueError` saying `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
