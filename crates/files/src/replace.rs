//! Writing an output whole or not at all: a regular file is written to a temporary file beside
//! it, synced, and renamed over it (keeping the permissions of the file it replaces), so that
//! an interrupted run never leaves a half-written file. The temporary files not yet renamed
//! are listed, for [`discard_pending`] to remove when a signal ends the process.

use std::fs::{self, Metadata};
use std::io::{self, ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::stdout::copy_to_stdout;
use crate::target::{directory_of, target, Target};
use crate::FileError;

/// The temporary files being written, and the locks held beside outputs
/// ([`OutputLock`](crate::OutputLock)), removed by [`discard_pending`] if the run is
/// interrupted. Renames happen with the lock held, so the handler either removes the temporary
/// files before the renames or finds the finished files already in place, never anything
/// between.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

pub(crate) fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes the temporary files being written, if any, and holds them off for good: the guard
/// it returns keeps every rename from happening, so hold it until the process ends (a signal
/// handler calls this and then exits).
pub fn discard_pending() -> MutexGuard<'static, Vec<PathBuf>> {
    let guard = pending();
    for path in guard.iter() {
        let _ = fs::remove_file(path);
    }
    guard
}

/// Checks that `path` can be written as [`write_output`] will write it, before the work that
/// makes its contents: the directory exists and takes a new file, and a file it replaces is
/// writable. Nothing is left behind. `None` is standard output.
pub fn check_output(path: Option<&Path>) -> Result<(), FileError> {
    let Some(path) = path else { return Ok(()) };
    match target(path)? {
        // Opening a pipe to try it would wait for its reader, and then hand it an end of
        // file: a device or pipe is only opened to write.
        Target::Stdout | Target::Stderr | Target::InPlace(_) => Ok(()),
        Target::File(file, existing) => {
            refuse_read_only(path, existing.as_ref())?;
            temporary_beside(path, &file).map(drop)
        }
    }
}

/// Writes `bytes` to stdout when there is no path or the path is `-`; to a device in place; or
/// else atomically to the file the path names, keeping the permissions of a file it replaces.
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> Result<(), FileError> {
    write_output_from(path, &mut &*bytes)
}

/// [`write_output`] to a file the library names (a piece of a run, a committed file).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_output(Some(path), bytes)
}

/// [`write_output`] for what `source` reads, which may be more than memory holds.
pub fn write_output_from(path: Option<&Path>, source: &mut dyn Read) -> Result<(), FileError> {
    let Some(path) = path else {
        return copy_to_stdout(source);
    };
    let cannot_write = |error| FileError::io(format!("cannot write {}", path.display()), error);
    match target(path)? {
        Target::Stdout => copy_to_stdout(source),
        Target::Stderr => io::copy(source, &mut io::stderr().lock())
            .map(drop)
            .map_err(|error| FileError::io("cannot write to stderr".to_owned(), error)),
        Target::InPlace(device) => fs::OpenOptions::new()
            .write(true)
            .open(&device)
            .and_then(|mut target| io::copy(source, &mut target))
            .map(drop)
            .map_err(cannot_write),
        Target::File(file, existing) => {
            refuse_read_only(path, existing.as_ref())?;
            let staged = stage(path, &file, existing.as_ref(), source)?;
            pause_before_rename();
            rename_into_place(vec![staged])
        }
    }
}

/// A file without a name, removed when dropped, for a large output made before it is
/// written with [`write_output_from`]: on the disk of the file `path` names (so there is
/// room where the output goes), or in the temporary directory for stdout or a device.
pub fn scratch_for(path: Option<&Path>) -> Result<fs::File, FileError> {
    let directory = match path.map(target).transpose()? {
        Some(Target::File(file, _)) => directory_of(&file).to_owned(),
        _ => std::env::temp_dir(),
    };
    tempfile::tempfile_in(&directory).map_err(|error| {
        FileError::io(
            format!("cannot make a scratch file in {}", directory.display()),
            error,
        )
    })
}

/// Outputs that belong together, such as a tree and its certificate: every file among them is
/// first written and synced beside where it goes, and only once all are is each renamed into
/// place, so that a failure while writing (a full disk, a signal) leaves every one of them as
/// it was. Standard output and devices, which cannot wait, are written in between.
pub fn write_together(outputs: &mut [(Option<&Path>, &mut dyn Read)]) -> Result<(), FileError> {
    let mut staged = Vec::new();
    let mut direct = Vec::new();
    for (path, source) in outputs.iter_mut() {
        let path = *path;
        match path.map(target).transpose() {
            Ok(Some(Target::File(file, existing))) => {
                let path = path.expect("a file target has a path");
                let staging = refuse_read_only(path, existing.as_ref())
                    .and_then(|()| stage(path, &file, existing.as_ref(), *source));
                match staging {
                    Ok(file) => staged.push(file),
                    Err(error) => return Err(discard(staged, error)),
                }
            }
            Ok(_) => direct.push((path, source)),
            Err(error) => return Err(discard(staged, error)),
        }
    }
    for (path, source) in direct {
        if let Err(error) = write_output_from(path, *source) {
            return Err(discard(staged, error));
        }
    }
    pause_before_rename();
    rename_into_place(staged)
}

/// A file whose owner took away its write permission is not replaced behind their back.
fn refuse_read_only(path: &Path, existing: Option<&Metadata>) -> Result<(), FileError> {
    if existing.is_some_and(|metadata| metadata.permissions().readonly()) {
        return Err(FileError::new(format!(
            "cannot replace {}: it is read-only; make it writable (chmod u+w) or remove it first",
            path.display()
        )));
    }
    Ok(())
}

/// A new temporary file beside `file`, with the usual mode for a new file (after umask).
/// `asked` is the path as the user gave it, for messages.
fn temporary_beside(asked: &Path, file: &Path) -> Result<tempfile::NamedTempFile, FileError> {
    let directory = directory_of(file);
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mastermind-").suffix(".tmp");
    // Temporary files are private by default; a new result should get the usual mode, like
    // any file the user writes.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(directory).map_err(|error| {
        let why = match error.kind() {
            ErrorKind::NotFound => format!("the directory {} does not exist", directory.display()),
            ErrorKind::PermissionDenied => format!(
                "the directory {} is not writable, and a file is written beside its \
                 destination and then renamed into place so that an interrupted run leaves \
                 nothing half-written; write it to a directory you can write to, or leave out \
                 -o and redirect standard output (> FILE)",
                directory.display()
            ),
            _ => format!("cannot create a file in {}: {error}", directory.display()),
        };
        FileError::new(format!("cannot write {}: {why}", asked.display()))
    })
}

/// A file written and synced beside its destination, not yet renamed into place.
struct Staged {
    asked: PathBuf,
    file: PathBuf,
    temporary: tempfile::NamedTempFile,
}

/// Writes what `source` reads to a temporary file beside `file` (with the permissions of the
/// file it replaces) and syncs it; [`discard_pending`] removes it until it is renamed.
fn stage(
    asked: &Path,
    file: &Path,
    existing: Option<&Metadata>,
    source: &mut dyn Read,
) -> Result<Staged, FileError> {
    let mut temporary = temporary_beside(asked, file)?;
    pending().push(temporary.path().to_owned());
    let written = io::copy(source, &mut temporary)
        .and_then(|_| match existing {
            Some(metadata) => fs::set_permissions(temporary.path(), metadata.permissions()),
            None => Ok(()),
        })
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|error| FileError::io(format!("cannot write {}", asked.display()), error));
    let staged = Staged {
        asked: asked.to_owned(),
        file: file.to_owned(),
        temporary,
    };
    match written {
        Ok(()) => Ok(staged),
        Err(error) => Err(discard(vec![staged], error)),
    }
}

/// Drops the staged files (removing them) and hands back `error`.
fn discard(staged: Vec<Staged>, error: FileError) -> FileError {
    let mut pending = pending();
    for file in staged {
        pending.retain(|path| path != file.temporary.path());
    }
    error
}

/// Renames every staged file into place, with the lock held.
fn rename_into_place(staged: Vec<Staged>) -> Result<(), FileError> {
    let mut pending = pending();
    let mut outcome = Ok(());
    for Staged {
        asked,
        file,
        temporary,
    } in staged
    {
        pending.retain(|path| path != temporary.path());
        let persisted = temporary.persist(&file).map(drop).map_err(|error| {
            FileError::io(format!("cannot write {}", asked.display()), error.error)
        });
        outcome = outcome.and(persisted);
    }
    outcome
}

/// A test hook, in debug builds only: waits the milliseconds named by
/// `MASTERMIND_TEST_PAUSE_BEFORE_RENAME_MS` with the output written and synced but not yet
/// renamed, so that the tests can signal a run at exactly that point.
#[cfg(debug_assertions)]
fn pause_before_rename() {
    let pause = std::env::var("MASTERMIND_TEST_PAUSE_BEFORE_RENAME_MS")
        .ok()
        .and_then(|text| text.parse().ok());
    if let Some(milliseconds) = pause {
        std::thread::sleep(std::time::Duration::from_millis(milliseconds));
    }
}

#[cfg(not(debug_assertions))]
fn pause_before_rename() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("tree.json");
        fs::write(&path, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_atomically(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        let left: Vec<_> = fs::read_dir(directory.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left beside it");
    }

    #[test]
    fn a_missing_directory_is_found_before_the_work() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("nowhere/tree.json");
        let error = check_output(Some(&path)).unwrap_err().to_string();
        assert!(error.contains("does not exist"), "{error}");
    }

    #[test]
    fn outputs_together_are_all_written_or_none() {
        let directory = tempfile::tempdir().unwrap();
        let tree = directory.path().join("tree.json");
        let refused = directory.path().join("missing/tree.cert");
        let error = write_together(&mut [
            (Some(tree.as_path()), &mut &b"tree"[..]),
            (Some(refused.as_path()), &mut &b"cert"[..]),
        ])
        .unwrap_err();
        assert!(error.to_string().contains("does not exist"), "{error}");
        assert!(
            !tree.exists(),
            "the first is not written without the second"
        );
        let left = pending()
            .iter()
            .any(|path| path.starts_with(directory.path()));
        assert!(!left, "nothing of it is left to discard");
    }
}
