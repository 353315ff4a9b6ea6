//! The end-to-end suite: one test binary, one module per area, driving the built `mastermind`
//! binary as a user would.

mod figure1;
mod generate;
mod print;
mod support;
mod verify;
