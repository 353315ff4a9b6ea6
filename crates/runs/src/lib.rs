//! Searches too big for one machine, cut into shards: shard `K` of `N` solves a fixed share of
//! the independent pieces of a search and writes them as a part file that names the plan it
//! belongs to; each search's `merge` checks that the parts are one complete plan, each shard
//! once and unchanged, assembles the result and verifies it. The result is the same as the
//! single process writes, whatever `N`.
//!
//! - [`ShardId`]: `K/N` as the command line gives it;
//! - [`deal`]: which pieces each shard solves;
//! - [`part`]: the part file and its checks;
//! - [`optimal`]: the expected-case optimum in shards;
//! - [`merge()`]: the parts of any search merged, the search told from their header;
//! - [`certificates`]: its certificates of optimality, shard by shard and merged;
//! - [`checked_proofs`]: piece proofs checked once, remembered by their contents;
//! - [`notes`]: what a piece of a resumable run has proven so far;
//! - [`partial_proofs`]: a piece's proof while it is written, kept through a stop;
//! - [`resume`]: the resumable run itself, its pieces solved one by one into a directory;
//! - [`static_search`]: static Mastermind's least set in shards.

pub mod certificates;
pub mod checked_proofs;
mod deal;
mod error;
mod id;
mod merge;
pub mod notes;
pub mod optimal;
pub mod part;
pub mod partial_proofs;
pub mod resume;
pub mod static_search;

pub use deal::deal;
pub use error::MergeError;
pub use id::{ShardId, ShardIdError};
pub use merge::{merge, search_of, Merged};
