//! The end-to-end suite: one test binary, one module per area, driving the built `mastermind`
//! binary as a user would.

#[cfg(unix)]
mod browser;
mod compare;
mod figure1;
mod formats;
mod generate;
mod html;
mod interactive;
mod notation;
mod print;
mod process;
mod published;
mod resume;
mod shard;
mod static_mastermind;
mod support;
mod trace;
mod verify;
