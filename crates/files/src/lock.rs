//! A lock held beside an output while a run writes it (`FILE.lock`), so that a second run on
//! the same file is refused at once instead of each rewriting it and losing the other's work.
//! Its file is removed when the run ends, by a signal too: it is listed with the temporary
//! files that [`discard_pending`](crate::discard_pending) removes.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use crate::replace::pending;
use crate::FileError;

/// The lock a run holds on its output; released, and its file removed, when dropped.
#[derive(Debug)]
pub struct OutputLock {
    path: PathBuf,
    _file: File,
}

impl OutputLock {
    /// The lock file of `output`: `output.lock` beside it.
    pub fn path_for(output: &Path) -> PathBuf {
        let mut name = output.file_name().unwrap_or_default().to_owned();
        name.push(".lock");
        output.with_file_name(name)
    }

    /// Takes the lock of `output`, or `None` when another process holds it.
    pub fn try_take(output: &Path) -> Result<Option<OutputLock>, FileError> {
        let path = OutputLock::path_for(output);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|error| {
                FileError::io(format!("cannot create the lock {}", path.display()), error)
            })?;
        match file.try_lock() {
            Ok(()) => {
                pending().push(path.clone());
                Ok(Some(OutputLock { path, _file: file }))
            }
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(error)) => Err(FileError::io(
                format!("cannot lock {}", path.display()),
                error,
            )),
        }
    }
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        // Removed while still held, so that no other run can take a lock on the old file.
        let mut pending = pending();
        pending.retain(|path| *path != self.path);
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_taker_is_refused_until_the_first_lets_go() {
        let directory = tempfile::tempdir().unwrap();
        let output = directory.path().join("atlas.json");
        let first = OutputLock::try_take(&output).unwrap().expect("free");
        assert!(OutputLock::try_take(&output).unwrap().is_none());
        drop(first);
        assert!(
            !OutputLock::path_for(&output).exists(),
            "its file is removed"
        );
        assert!(OutputLock::try_take(&output).unwrap().is_some());
    }
}
