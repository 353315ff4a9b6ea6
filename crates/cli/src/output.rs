//! The command's outputs, written through the library's [`mastermind::files`]: standard output
//! (no `-o`, or `-o -`), devices in place, and files replaced whole or not at all. Outputs are
//! checked before any work starts, so a long search does not end in a path it cannot write.

pub use mastermind::files::{
    scratch_for, write_output, write_output_from, write_stdout, write_together, Files,
};

/// Removes the temporary files being written, if any, and exits with `status`. Holding the
/// files' lock until the process ends keeps a rename from following the removal.
pub fn discard_pending_and_exit(status: i32) -> ! {
    let _held = mastermind::files::discard_pending();
    std::process::exit(status)
}

/// `println!` through [`write_stdout`], so that a closed pipe never panics.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}
pub(crate) use outln;
