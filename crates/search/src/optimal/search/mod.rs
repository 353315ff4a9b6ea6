//! The branch and bound itself, in the style of Koyama and Lai (1993).
//!
//! - [`context`]: the state one search shares among its parts, each an `impl Search` of its
//!   own file;
//! - [`root`]: a search set up at a situation, and the whole search run from it;
//! - [`estimate`]: what is known of a set before searching it;
//! - [`colour_totals`]: the guesses whose colours alone cannot tell a small set apart;
//! - [`shared_bounds`]: sets that are renamings of each other share what the table knows;
//! - [`partition`]: a guess's classes, and their shape to skip guesses that split alike;
//! - [`ranking`]: guesses handed out by bound, counted only when reached;
//! - [`branch_and_bound`]: the search of one node, parallel near the root;
//! - [`side_by_side`]: the parallel loop near the root, a guess per worker at a time;
//! - [`guess`]: trying one guess at a node;
//! - [`tree`]: the tree of the optimum, rebuilt from the search's choices;
//! - [`notes`]: what a long search proves, handed out as it is proven;
//! - [`report`]: progress a user can read.

pub(in crate::optimal) mod branch_and_bound;
pub(in crate::optimal) mod colour_totals;
pub(in crate::optimal) mod context;
pub(in crate::optimal) mod estimate;
pub(in crate::optimal) mod guess;
pub(in crate::optimal) mod notes;
pub(in crate::optimal) mod partition;
pub(in crate::optimal) mod ranking;
pub(in crate::optimal) mod report;
pub(in crate::optimal) mod root;
pub(in crate::optimal) mod shared_bounds;
pub(in crate::optimal) mod side_by_side;
pub(in crate::optimal) mod tree;
