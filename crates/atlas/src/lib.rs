//! The atlas: for a range of games (pegs, colours, and the variants with and without repeated
//! colours or white pegs), every strategy's total and worst case, the expected-case optimum,
//! the least worst case and the static number, each with the time it took or the reason it is
//! missing. This crate names the games ([`grid`]), computes one figure of one game
//! ([`compute`]), and keeps the results as a versioned JSON file ([`AtlasFile`]) with a CSV
//! and a Markdown rendering. Running the computations under a time budget, in parallel, is the
//! command line's job: it runs each as a process of its own that it can stop.

#![warn(missing_docs)]

mod file;
mod grid;
mod measure;
mod render;

pub use file::{AtlasError, AtlasFile, Entry, Outcome, FORMAT_NAME, FORMAT_VERSION};
pub use grid::{grid, GameKey, Variant};
pub use measure::{compute, Figures, Measure, Reached, Unreported};
pub use render::{csv, markdown_table};
