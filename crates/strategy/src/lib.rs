//! The one-step strategy builders and what every builder shares: each builder takes a
//! [`Scorer`](mastermind_core::Scorer) and returns the whole strategy tree as a
//! [`Node`](mastermind_tree::Node). Here are Knuth's minimax, the classic heuristics, the
//! consistent strategies and scores of your own; the names and options of every strategy; the
//! situation a build starts from; the symmetries and the guesses worth trying at a position;
//! and the forecast of what a build costs. The exact searches build on these in
//! `mastermind-search`. Builders run on rayon and are deterministic: every parallel choice is
//! a minimum over a total order.

#![warn(missing_docs)]

mod by_name;
mod consistent;
pub mod forecast;
pub mod guesses;
mod one_step;
mod progress;
mod score;
mod situation;
pub mod symmetry;

pub use by_name::{check_options, strategy_info, Misfit, Objective, StrategyKind, StrategyOptions};
pub use consistent::{first_consistent, random_consistent};
pub use one_step::{knuth, one_step, one_step_from, one_step_with, OneStepOptions, TieBreak};
pub use progress::{NoProgress, Progress};
pub use score::{ClassSizes, GuessScore, Heuristic};
pub use situation::{Contradiction, OtherGame, Situation};
