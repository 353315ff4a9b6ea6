//! The operations a user runs, one function per flow, each taking typed options and returning a
//! typed outcome, so that the command and the Python package only parse, print and write:
//!
//! | flow | operation |
//! |---|---|
//! | build a strategy's tree | [`strategy::build`](crate::strategy::build) |
//! | build the optimum with its certificate | [`generate_certified`] |
//! | prove a tree the optimal search built | [`certify`] |
//! | one shard of the optimal search, then its certificate | [`solve_shard`], [`SolvedShard::prove`] |
//! | the optimal search as a run that survives a stop | [`resume`] |
//! | the interval a stopped run proves the optimum to lie in | [`bounds`] |
//! | the parts of a run merged, with their certificate or without | [`runs::merge`](crate::runs::merge), [`runs::certificates::certify_merge_into`](crate::runs::certificates::certify_merge_into) |
//! | strategies side by side | [`compare::strategy_row`](crate::compare::strategy_row) |
//! | an atlas | [`atlas::AtlasJob`](crate::atlas::AtlasJob) |
//!
//! The optimal search's runs take their options as [`optimal_search`] gives them, so that a
//! shard, a resumed run and a run in one process of the same options write the same tree.
//!
//! ```
//! use mastermind::ops;
//! use mastermind::strategy::{NoProgress, StrategyOptions};
//! use mastermind::tree::Statistics;
//! use mastermind::{certificate, FeedbackKind, Game, Scorer};
//!
//! // Goddard's optimum for 3 pegs × 4 colours, proven as it is found.
//! let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite)?);
//! let (built, proof) = ops::generate_certified(&StrategyOptions::default(), &scorer, &NoProgress)?;
//! assert_eq!(Statistics::of_tree(&built.root).total(), 206);
//! assert_eq!(certificate::check(proof.bytes.as_slice())?.facts(), proof.facts);
//!
//! // The same tree proven again, as `mastermind certify` does.
//! let again = ops::certify(&scorer, &built.info, &[], &built.root)?;
//! assert!(again.facts > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "runs")]
mod bounds;
mod certify;
mod proof;
#[cfg(feature = "runs")]
mod resume;
#[cfg(feature = "runs")]
mod shard;

#[cfg(feature = "runs")]
pub use bounds::{bounds, BoundsError, ProvenBounds, BEST_KNOWN};
pub use certify::{certify, generate_certified, optimal_search};
pub use proof::Proof;
#[cfg(feature = "runs")]
pub use resume::{resume, OnePiece, ResumeRequest, Resumed};
#[cfg(feature = "runs")]
pub use shard::{solve_shard, SolvedShard};
