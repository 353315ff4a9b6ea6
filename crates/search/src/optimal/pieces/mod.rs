//! The optimal search cut into independent pieces, for running on many machines: each piece
//! is one class of one opening (the codes that give one reply to one first guess worth
//! trying), solved on its own, and the pieces' totals then pick the first guess exactly as the
//! whole search does.
//!
//! The whole search prunes openings against the best total found so far; pieces solved
//! apart cannot see each other's totals. Instead the plan takes an upper bound from the
//! one-step heuristics' trees (a strategy that exists, so the optimum is no larger): openings
//! whose bound exceeds it are left out, and each piece is solved against the limit that the
//! bound leaves once its siblings' least totals are counted. A piece that reaches its limit
//! proves its opening worse than the bound, so every opening that could be optimal has all
//! its pieces exact, and the choice, tie-breaks included, is the whole search's.

//!
//! - [`plan`](mod@plan): the openings worth trying, their classes as pieces, and each piece's limit;
//! - [`solve`](mod@solve): pieces solved side by side, or one at a time from an earlier start's notes;
//! - [`assemble`](mod@assemble): the tree of the optimum from the pieces' results;
//! - [`best_known`](mod@best_known): the best strategy known while the pieces come in.

mod assemble;
mod best_known;
mod plan;
mod solve;
#[cfg(test)]
mod tests;

pub use assemble::{assemble, AssembleError};
pub use best_known::best_known;
pub use plan::{
    heuristic_completion, heuristic_piece_tree, heuristic_strategy, plan, tightened_limits, Piece,
    PieceResult, Plan,
};
pub use solve::{solve_piece_noted, solve_pieces, Learnt, PieceError};
