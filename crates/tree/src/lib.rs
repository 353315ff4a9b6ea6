//! Strategy trees: the in-memory model built by the solvers ([`Node`]), the self-describing
//! JSON file ([`TreeFile`]) with its claims, statistics ([`Statistics`]), and the notations of
//! the papers (printing in [`notation`]), and the guesses and replies before a section of a
//! tree as people type them ([`history`]).

#![warn(missing_docs)]

mod document;
mod file;
pub mod history;
mod labels;
mod model;
pub mod notation;
mod statistics;

pub use document::{
    check_format, read_document, strip_position, AverageDocument, DocumentError, GameDocument,
    MOST_NESTING,
};
pub use file::{
    Claims, FileError, FileGame, FileNode, FileStep, StrategyInfo, TreeFile, FORMAT_NAME,
    FORMAT_VERSION,
};
pub use history::{parse_history, parse_reply, write_history, HistoryError, ReplyError};
pub use labels::OptimumLabels;
pub use model::{Node, DEPTH_LIMIT};
pub use notation::{Layout, Notation};
pub use statistics::{Average, Statistics};
