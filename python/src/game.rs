//! The game a Python call names with its keyword arguments.

use mastermind::{FeedbackKind, Game};
use pyo3::PyResult;

use crate::errors::value_error;

/// The game of `pegs` × `colours`, with or without repeated colours, scored with black and
/// white pegs or black only.
pub fn game_of(pegs: u32, colours: u32, repetition: bool, black_only: bool) -> PyResult<Game> {
    let feedback = match black_only {
        true => FeedbackKind::BlackOnly,
        false => FeedbackKind::BlackWhite,
    };
    Game::new(pegs, colours, repetition, feedback).map_err(|error| value_error(error.to_string()))
}
