//! Strategy trees: the in-memory model built by the solvers ([`Node`]), the self-describing
//! JSON file ([`TreeFile`]) with its claims, statistics ([`Statistics`]), and the notations of
//! the papers (printing in [`notation`]).

#![warn(missing_docs)]

mod document;
mod file;
mod labels;
mod model;
pub mod notation;
mod statistics;

pub use document::{
    check_format, read_document, strip_position, AverageDocument, DocumentError, GameDocument,
};
pub use file::{
    Claims, FileError, FileGame, FileNode, FileStep, StrategyInfo, TreeFile, FORMAT_NAME,
    FORMAT_VERSION,
};
pub use labels::OptimumLabels;
pub use model::Node;
pub use notation::{Layout, Notation};
pub use statistics::{Average, Statistics};
