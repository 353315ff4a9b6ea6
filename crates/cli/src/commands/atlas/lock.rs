//! One atlas run per output file: a run holds the library's lock beside its `-o` file while it
//! runs, so that a second run on the same file is refused at once instead of each rewriting
//! the file from its own results and losing the other's.

use std::path::Path;

use anyhow::bail;
use mastermind::files::OutputLock;

/// Takes the lock of `output`, or says which file another run holds.
pub fn take(output: &Path) -> anyhow::Result<OutputLock> {
    match OutputLock::try_take(output)? {
        Some(lock) => Ok(lock),
        None => bail!(
            "another atlas run is writing {} (it holds {}); let it finish, or give this run \
             another -o and put the two together with --reuse",
            output.display(),
            OutputLock::path_for(output).display()
        ),
    }
}
