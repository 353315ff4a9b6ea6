//! Strategy builders: each takes a [`Scorer`](mastermind_core::Scorer) and returns the whole
//! strategy tree as a [`Node`](mastermind_tree::Node). Builders run on rayon and are
//! deterministic: every parallel choice is a minimum over a total order.

mod one_step;
mod optimal;
mod progress;
mod symmetry;
mod worst_case;

pub use one_step::{knuth, one_step, Heuristic, OneStepOptions, TieBreak};
pub use optimal::{optimal, NoStrategy, OptimalOptions, OptimalResult, SearchStatistics};
pub use progress::{NoProgress, Progress};
pub use worst_case::least_worst_case;
