//! The atlas: for a range of games (pegs, colours, and the variants with and without repeated
//! colours or white pegs), every strategy's total and worst case, the expected-case optimum,
//! the least worst case, each optimum again with its certificate checked, and the static
//! number, each with the time it took or the reason it is missing. This crate names the games ([`grid`]), computes one figure of one game
//! ([`compute`]), and keeps the results as a versioned JSON file ([`AtlasFile`]) with a CSV
//! and a Markdown rendering. [`AtlasRun`] runs the computations a range of games still needs, a
//! few at a time, reusing what earlier atlases settled and linking figures to tree files
//! ([`Links`]); how one computation runs is a [`Runner`]'s: [`ChildProcess`] runs each as a
//! process of its own that it stops when its budget runs out (as the command line does),
//! [`InProcess`] runs them here.

#![warn(missing_docs)]

mod child;
mod file;
mod grid;
mod links;
mod measure;
mod proof;
mod reached;
mod render;
mod run;
mod static_results;

pub use child::{compute_as_child, ChildProcess};
pub use file::{AtlasError, AtlasFile, Entry, Outcome, FORMAT_NAME, FORMAT_VERSION};
pub use grid::{grid, shard_of, GameKey, Variant};
pub use links::Links;
pub use measure::{compute, Figures, Measure};
pub use reached::{Reached, Unreported};
pub use render::{csv, markdown_table};
pub use run::{AtlasRun, AtlasWatcher, InProcess, Known, Runner, Unwatched};
