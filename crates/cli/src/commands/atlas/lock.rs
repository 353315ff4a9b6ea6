//! One atlas run per output file: a run holds a lock beside its `-o` file while it runs, so
//! that a second run on the same file is refused at once instead of each rewriting the file
//! from its own results and losing the other's.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// The lock a run holds on its output; released, and its file removed, when dropped.
pub struct OutputLock {
    path: PathBuf,
    _file: File,
}

impl OutputLock {
    /// Takes the lock of `output` (in `output.lock` beside it), or says which file another
    /// run holds.
    pub fn take(output: &Path) -> anyhow::Result<OutputLock> {
        let mut name = output.file_name().unwrap_or_default().to_owned();
        name.push(".lock");
        let path = output.with_file_name(name);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot create the lock {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(OutputLock { path, _file: file }),
            Err(TryLockError::WouldBlock) => bail!(
                "another atlas run is writing {} (it holds {}); let it finish, or give this \
                 run another -o and put the two together with --reuse",
                output.display(),
                path.display()
            ),
            Err(TryLockError::Error(error)) => {
                Err(error).with_context(|| format!("cannot lock {}", path.display()))
            }
        }
    }
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        // Removed while still held, so that no other run can take a lock on the old file.
        let _ = std::fs::remove_file(&self.path);
    }
}
