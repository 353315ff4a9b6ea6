//! The certificate of a result: the facts, set by set, that let the independent checker
//! (`mastermind-certificate`) confirm that no strategy does better.
//!
//! - [`prover`]: the facts that prove a result, written as the checker reads them;
//! - [`tasks`]: the proof's sets handed out to every thread;
//! - [`size_filter`]: guesses ruled out by class sizes alone, before the proof counts them;
//! - [`one_step_bounds`]: the checker's one-step bounds, as the prover works them out;
//! - [`renamed_facts`]: facts the prover has written, found again for a renamed set;
//! - [`piece_certificates`]: those facts for runs cut into pieces.

pub(in crate::optimal) mod one_step_bounds;
pub(in crate::optimal) mod piece_certificates;
pub(in crate::optimal) mod prover;
pub(in crate::optimal) mod renamed_facts;
pub(in crate::optimal) mod size_filter;
pub(in crate::optimal) mod tasks;
