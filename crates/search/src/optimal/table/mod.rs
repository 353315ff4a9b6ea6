//! What the search remembers of the sets it has met.
//!
//! - [`transposition`]: exact totals and bounds of sets under a budget, shared by all threads;
//! - [`presence`]: which sets the transposition table may hold, told without its lock;
//! - [`canonical`]: the canonical form of a set, under which renamings of it share bounds.

pub(in crate::optimal) mod canonical;
pub(in crate::optimal) mod presence;
pub(in crate::optimal) mod transposition;
