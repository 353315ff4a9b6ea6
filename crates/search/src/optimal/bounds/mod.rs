//! What a node may still spend and the least it can cost: the budget of guesses left under a
//! cap, and the least conceivable totals the search prunes with.
//!
//! - [`budget`]: how many guesses a node may still use;
//! - [`least_totals`]: least conceivable totals of sets by size, used to prune.

pub(in crate::optimal) mod budget;
pub(in crate::optimal) mod least_totals;
