//! Strategy builders: each takes a [`Scorer`](mastermind_core::Scorer) and returns the whole
//! strategy tree as a [`Node`](mastermind_tree::Node). Builders run on rayon and are
//! deterministic: every parallel choice is a minimum over a total order. [`explain`] says why
//! a strategy plays its guess at a position, and [`reasons`] does so at every position of a
//! tree, for the page.

#![warn(missing_docs)]

mod by_name;
mod certificate;
mod consistent;
pub mod explain;
pub mod forecast;
mod guesses;
mod one_step;
mod optimal;
mod progress;
pub mod reasons;
mod score;
mod situation;
pub mod symmetry;
mod worst_case;

pub use certificate::{
    build_certified, certify_tree, write_certificate, BuildCertifiedError, CertifyTreeError,
};
pub use consistent::{first_consistent, random_consistent};
pub use one_step::{knuth, one_step, one_step_from, one_step_with, OneStepOptions, TieBreak};
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
        tightened_limits, AssembleError, GuessTried, ImpossibleNote, Note, Notebook, Piece,
        PieceError, PieceResult, Plan, SetFact, NOTE_AFTER,
    };
}
pub use by_name::{
    build, build_from, build_scored, check_options, optimal_options, strategy_info, BuiltStrategy,
    Misfit, Objective, StrategyError, StrategyKind, StrategyOptions,
};
pub use progress::{NoProgress, Progress};
pub use score::{ClassSizes, GuessScore, Heuristic};
pub use situation::{Contradiction, OtherGame, Situation};
pub use worst_case::{least_worst_case, least_worst_case_from};
