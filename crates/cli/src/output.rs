//! Writing results: to stdout, or to a file by way of a temporary file in the same directory
//! that is renamed into place, so an interrupted run never leaves a half-written file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;

/// The temporary file being written, removed by the Ctrl-C handler if the run is interrupted.
static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Removes a pending temporary file on Ctrl-C before exiting, since an interrupted process
/// runs no destructors.
pub fn remove_partial_output_on_interrupt() {
    // Failing to install the handler only loses the clean-up, never the output itself.
    let _ = ctrlc::set_handler(|| {
        if let Some(path) = PENDING.lock().ok().and_then(|mut pending| pending.take()) {
            let _ = std::fs::remove_file(path);
        }
        std::process::exit(130);
    });
}

/// Writes `text` to stdout. A reader that stops early (`| head`) closes the pipe; that ends
/// the output quietly rather than as an error.
pub fn write_stdout(text: &[u8]) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(error).context("cannot write to stdout")
        }
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` atomically, or to stdout when there is no path.
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
    let Some(path) = path else {
        return write_stdout(bytes);
    };
    match std::fs::metadata(path) {
        // A device, pipe or socket (`-o /dev/null`, a FIFO) is written in place: renaming a
        // file over it would replace the device itself.
        Ok(metadata) if !metadata.is_file() => std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut target| target.write_all(bytes))
            .with_context(|| format!("cannot write {}", path.display())),
        // A link is followed, so that the file it points to is replaced, not the link.
        Ok(_) => {
            let target = std::fs::canonicalize(path)
                .with_context(|| format!("cannot resolve {}", path.display()))?;
            replace_file(&target, bytes)
        }
        Err(_) => replace_file(path, bytes),
    }
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
fn replace_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mastermind-").suffix(".tmp");
    // Temporary files are private by default; the result should get the usual mode (after
    // umask), like any file the user writes.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temporary = builder
        .tempfile_in(directory)
        .with_context(|| format!("cannot create a temporary file in {}", directory.display()))?;
    set_pending(Some(temporary.path().to_owned()));
    let written = temporary
        .write_all(bytes)
        .and_then(|()| temporary.as_file().sync_all())
        .with_context(|| format!("cannot write {}", temporary.path().display()));
    let persisted = written.and_then(|()| {
        temporary
            .persist(path)
            .map(drop)
            .map_err(|error| anyhow::Error::new(error.error))
            .with_context(|| format!("cannot write {}", path.display()))
    });
    set_pending(None);
    persisted
}

fn set_pending(path: Option<PathBuf>) {
    if let Ok(mut pending) = PENDING.lock() {
        *pending = path;
    }
}
