//! Every file the library and its front ends write goes through here, so that the rules are
//! the same for a tree, a certificate, a piece of a run and a committed file, and every input
//! named on a command line is read here ([`read_input`], [`open_input`]):
//!
//! - `-` (and `/dev/stdout`, `/dev/fd/1`, ...) is standard output, and a closed pipe ends the
//!   output quietly ([`write_stdout`]);
//! - a device or pipe is written in place, never replaced;
//! - a regular file is written beside its destination, synced and renamed over it, keeping the
//!   permissions of the file it replaces ([`write_output`], [`write_together`]); until the
//!   rename, [`discard_pending`] removes it, which is what a signal handler calls;
//! - a lock beside an output keeps a second run off it ([`OutputLock`]);
//! - no output may be one of the command's inputs, another of its outputs, or inside a
//!   directory it reads ([`Files`]), which every command checks before it starts;
//! - a file whose name ends in `.gz` is written gzip-compressed ([`gzip`]).

mod apart;
mod error;
pub mod gzip;
mod input;
mod lock;
mod replace;
mod stdout;
mod target;

pub use apart::Files;
pub use error::FileError;
pub use input::{open_input, read_input, MAX_INPUT_BYTES};
pub use lock::OutputLock;
pub use replace::{
    check_output, discard_pending, scratch_for, write_atomically, write_output, write_output_from,
    write_together,
};
pub use stdout::write_stdout;
