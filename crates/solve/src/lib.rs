//! Strategy builders: each takes a [`Scorer`](mastermind_core::Scorer) and returns the whole
//! strategy tree as a [`Node`](mastermind_tree::Node). Builders run on rayon and are
//! deterministic: every parallel choice is a minimum over a total order.

mod knuth;
mod optimal;
mod progress;

pub use knuth::knuth;
pub use optimal::{optimal, NoStrategy, OptimalOptions, OptimalResult, SearchStatistics};
pub use progress::{NoProgress, Progress};
