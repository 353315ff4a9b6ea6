//! The library in the browser: every request the page makes (a game's facts, scoring a guess,
//! building a strategy's tree, verifying a pasted tree, printing it in the papers' notations,
//! why a strategy plays its guess) answered by the same code as the command, compiled to
//! WebAssembly. Requests and answers are JSON, so the page's script and this crate share no
//! memory layout; [`answer`] is the whole interface, and the `ffi` module carries it across
//! the WebAssembly boundary.

mod build;
mod explain;
#[cfg(target_arch = "wasm32")]
mod ffi;
mod game;
mod request;
mod verify;

pub use request::{answer, GameSpec, Request};
