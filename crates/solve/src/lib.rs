//! Strategy builders: each takes a [`Scorer`](mastermind_core::Scorer) and returns the whole
//! strategy tree as a [`Node`](mastermind_tree::Node). Builders run on rayon and are
//! deterministic: every parallel choice is a minimum over a total order.

mod consistent;
mod guesses;
mod one_step;
mod optimal;
mod progress;
mod situation;
pub mod symmetry;
mod worst_case;

pub use consistent::{first_consistent, random_consistent};
pub use one_step::{knuth, one_step, one_step_from, Heuristic, OneStepOptions, TieBreak};
pub use optimal::{
    limit_transposition_table, optimal, optimal_from, NoStrategy, OptimalOptions, OptimalResult,
    SearchStatistics,
};
/// The optimal search cut into pieces that can run apart (`generate --shard`, `merge`).
pub mod pieces {
    pub use crate::optimal::{assemble, plan, solve_pieces, Piece, PieceResult, Plan};
}
pub use progress::{NoProgress, Progress};
pub use situation::{Contradiction, Situation};
pub use worst_case::{least_worst_case, least_worst_case_from};
