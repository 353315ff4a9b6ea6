//! The command's outputs, written through the library's [`mastermind::files`]: standard output
//! (no `-o`, or `-o -`), devices in place, and files replaced whole or not at all. Outputs are
//! checked before any work starts, so a long search does not end in a path it cannot write.

pub use mastermind::files::{
    check_output, scratch_for, write_output, write_output_from, write_stdout, write_together,
};

use std::path::Path;

use anyhow::bail;

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

/// Refuses a tree and its certificate named as one file (links followed), or both as
/// standard output: the one would replace, or run into, the other.
pub fn check_outputs(tree: Option<&Path>, certificate: &Path) -> anyhow::Result<()> {
    if mastermind::files::same_file(tree, Some(certificate)) {
        bail!(
            "the tree (-o {}) and --certificate {} name the same file: the one would replace \
             the other; give each a file of its own",
            tree.map_or("-".into(), |path| path.display().to_string()),
            certificate.display()
        );
    }
    Ok(())
}
