//! The exact searches and what needs them: the optimal strategy (the least total, under a cap
//! or not) and the least worst case, their pieces for runs that stop and go on, the prover of
//! their certificates of optimality; building any strategy by name, the exact ones included;
//! and why a strategy plays its guess, which for the optimum asks the search. The one-step
//! builders, the names and options of the strategies and the situation a build starts from
//! are `mastermind-strategy`'s.

#![warn(missing_docs)]

mod build;
mod certificate;
pub mod explain;
mod optimal;
pub mod reasons;
mod worst_case;

pub use build::{build, build_from, build_scored, optimal_options, BuiltStrategy, StrategyError};
pub use certificate::{
    build_certified, certify_tree, write_certificate, BuildCertifiedError, CertifyTreeError,
};
pub use optimal::{
    certify_from, hold_reply_rows_up_to, optimal, optimal_from, reply_rows_bytes,
    set_transposition_table, CertifyError, NoStrategy, OptimalFromError, OptimalOptions,
    OptimalResult, SearchStatistics, ALWAYS_TABULATED, DEFAULT_TABLE_BYTES, MOST_CODES_TABULATED,
};
/// The optimal search cut into pieces that can run apart (`generate --shard`, `merge`).
pub mod pieces {
    pub use crate::optimal::{
        assemble, best_known, certify_lower_bound, certify_plan, heuristic_completion,
        heuristic_piece_tree, heuristic_strategy, plan, solve_piece_noted, solve_pieces,
        tightened_limits, AssembleError, GuessTried, ImpossibleNote, Learnt, Note, Notebook, Piece,
        PieceError, PieceResult, Plan, SetFact, NOTE_AFTER,
    };
}
pub use worst_case::{least_worst_case, least_worst_case_from};
