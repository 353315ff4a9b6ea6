//! Writing results: to stdout (no `-o`, or `-o -`), or to a file by way of a temporary file in
//! the same directory that is renamed into place, so an interrupted run never leaves a
//! half-written file. Outputs are checked before any work starts, so a long search does not
//! end in a path it cannot write.

use std::fs::{self, Metadata};
use std::io::{self, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use anyhow::{bail, Context};

/// The temporary files being written, removed by the signal handler if the run is
/// interrupted. Renames happen with the lock held, so the handler either removes the temporary
/// files before the renames or finds the finished files already in place, never anything
/// between.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// How many links deep a path is followed before giving up, as the kernel does.
const MAX_LINKS: usize = 40;

/// Removes the temporary files being written, if any, and exits with `status`. Holding the
/// lock until the process ends keeps a rename from following the removal.
pub fn discard_pending_and_exit(status: i32) -> ! {
    let pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    for path in pending.iter() {
        let _ = fs::remove_file(path);
    }
    std::process::exit(status)
}

/// Writes `text` to stdout. A reader that stops early (`| head`, `| true`) closes the pipe;
/// that ends the output quietly rather than as an error, and the rest of it is dropped.
pub fn write_stdout(text: &[u8]) -> anyhow::Result<()> {
    copy_to_stdout(&mut &*text)
}

/// [`write_stdout`] for what `source` reads.
fn copy_to_stdout(source: &mut dyn Read) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match io::copy(source, &mut stdout).and_then(|_| stdout.flush()) {
        Err(error) if error.kind() != ErrorKind::BrokenPipe => {
            Err(error).context("cannot write to stdout")
        }
        _ => Ok(()),
    }
}

/// `println!` through [`write_stdout`], so that a closed pipe never panics.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}
pub(crate) use outln;

/// Whether `path` names standard output.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Where an output goes once its links are followed, and what is there now.
enum Target {
    Stdout,
    /// `/dev/stderr` and its aliases: the process's own standard error.
    Stderr,
    /// A device, pipe or socket (`-o /dev/null`, a FIFO), written in place: renaming a file
    /// over it would replace the device itself.
    InPlace(PathBuf),
    /// A regular file to create or replace, with the metadata of the one it replaces.
    File(PathBuf, Option<Metadata>),
}

/// Follows links from `path` to the file they name, which need not exist yet: a dangling link
/// is followed too, so the file it points to is created and the link kept.
fn follow_links(path: &Path) -> anyhow::Result<PathBuf> {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&path)
                    .with_context(|| format!("cannot read the link {}", path.display()))?;
                // A relative target is relative to the link's own directory.
                path = match path.parent() {
                    Some(parent) => parent.join(target),
                    None => target,
                };
            }
            _ => return Ok(path),
        }
    }
    bail!("cannot follow {}: too many levels of links", path.display())
}

/// The descriptor of this process that `path` names (`/dev/stdout`, `/dev/fd/1`,
/// `/proc/self/fd/1`, `/proc/<this process>/fd/1`), if it names one.
fn own_descriptor(path: &Path) -> Option<u32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let own = format!("/proc/{}/fd/", std::process::id());
    [
        "/dev/fd/",
        "/proc/self/fd/",
        "/proc/thread-self/fd/",
        own.as_str(),
    ]
    .iter()
    .find_map(|prefix| text.strip_prefix(prefix)?.parse().ok())
}

fn target(path: &Path) -> anyhow::Result<Target> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    // Standard output or error named as a path is written through the handle the process
    // has: following the link would open the file behind it anew (writing over what was
    // written before, or replacing it) or fail for a pipe.
    let mut hop = path.to_owned();
    for _ in 0..MAX_LINKS {
        match own_descriptor(&hop) {
            Some(1) => return Ok(Target::Stdout),
            Some(2) => return Ok(Target::Stderr),
            Some(_) => return Ok(Target::InPlace(hop)),
            None => {}
        }
        match fs::read_link(&hop) {
            Ok(next) => hop = directory_of(&hop).join(next),
            Err(_) => break,
        }
    }
    let resolved = follow_links(path)?;
    match fs::metadata(&resolved) {
        Ok(metadata) if metadata.is_dir() => {
            bail!(
                "cannot write {}: it is a directory; name a file in it",
                path.display()
            )
        }
        Ok(metadata) if !metadata.is_file() => Ok(Target::InPlace(resolved)),
        Ok(metadata) => Ok(Target::File(resolved, Some(metadata))),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(Target::File(resolved, None)),
        Err(error) => Err(error).with_context(|| format!("cannot write {}", path.display())),
    }
}

/// The directory a file is written in.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Refuses a tree and its certificate named as one file (links followed), or both as
/// standard output: the one would replace, or run into, the other.
pub fn check_outputs(tree: Option<&Path>, certificate: &Path) -> anyhow::Result<()> {
    let stdout = |path: Option<&Path>| path.is_none_or(|path| path == Path::new("-"));
    let same = match (stdout(tree), stdout(Some(certificate))) {
        (true, true) => true,
        (false, false) => tree.and_then(resolved) == resolved(certificate),
        _ => false,
    };
    if same {
        bail!(
            "the tree (-o {}) and --certificate {} name the same file: the one would replace \
             the other; give each a file of its own",
            tree.map_or("-".into(), |path| path.display().to_string()),
            certificate.display()
        );
    }
    Ok(())
}

/// Where `path` leads once every link is followed, in its folder's canonical form.
fn resolved(path: &Path) -> Option<PathBuf> {
    let file = follow_links(path).ok()?;
    let folder = fs::canonicalize(directory_of(&file)).ok()?;
    Some(folder.join(file.file_name()?))
}

/// Checks that `path` can be written as [`write_output`] will write it, before the work that
/// makes its contents: the directory exists and takes a new file, and a file it replaces is
/// writable. Nothing is left behind.
pub fn check_output(path: Option<&Path>) -> anyhow::Result<()> {
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
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
    write_output_from(path, &mut &*bytes)
}

/// [`write_output`] for what `source` reads, which may be more than memory holds.
pub fn write_output_from(path: Option<&Path>, source: &mut dyn Read) -> anyhow::Result<()> {
    let Some(path) = path else {
        return copy_to_stdout(source);
    };
    match target(path)? {
        Target::Stdout => copy_to_stdout(source),
        Target::Stderr => io::copy(source, &mut std::io::stderr().lock())
            .map(drop)
            .context("cannot write to stderr"),
        Target::InPlace(device) => fs::OpenOptions::new()
            .write(true)
            .open(&device)
            .and_then(|mut target| io::copy(source, &mut target))
            .map(drop)
            .with_context(|| format!("cannot write {}", path.display())),
        Target::File(file, existing) => {
            refuse_read_only(path, existing.as_ref())?;
            replace_file(path, &file, existing.as_ref(), source)
        }
    }
}

/// A file without a name, removed when dropped, for a large output made before it is
/// written with [`write_output_from`]: on the disk of the file `path` names (so there is
/// room where the output goes), or in the temporary directory for stdout or a device.
pub fn scratch_for(path: Option<&Path>) -> anyhow::Result<fs::File> {
    let directory = match path.map(target).transpose()? {
        Some(Target::File(file, _)) => directory_of(&file).to_owned(),
        _ => std::env::temp_dir(),
    };
    tempfile::tempfile_in(&directory)
        .with_context(|| format!("cannot make a scratch file in {}", directory.display()))
}

/// A file whose owner took away its write permission is not replaced behind their back.
fn refuse_read_only(path: &Path, existing: Option<&Metadata>) -> anyhow::Result<()> {
    if existing.is_some_and(|metadata| metadata.permissions().readonly()) {
        bail!(
            "cannot replace {}: it is read-only; make it writable (chmod u+w) or remove it first",
            path.display()
        );
    }
    Ok(())
}

/// A new temporary file beside `file`, with the usual mode for a new file (after umask).
/// `asked` is the path as the user gave it, for messages.
fn temporary_beside(asked: &Path, file: &Path) -> anyhow::Result<tempfile::NamedTempFile> {
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
        anyhow::anyhow!("cannot write {}: {why}", asked.display())
    })
}

/// Writes what `source` reads to a temporary file beside `file`, with the permissions of the
/// file it replaces, syncs it, and renames it over `file`.
fn replace_file(
    asked: &Path,
    file: &Path,
    existing: Option<&Metadata>,
    source: &mut dyn Read,
) -> anyhow::Result<()> {
    let staged = stage(asked, file, existing, source)?;
    pause_before_rename();
    rename_into_place(vec![staged])
}

/// Outputs that belong together, such as a tree and its certificate: every file among them is
/// first written and synced beside where it goes, and only once all are is each renamed into
/// place, so that a failure while writing (a full disk, a signal) leaves every one of them as
/// it was. Standard output and devices, which cannot wait, are written in between.
pub fn write_outputs_together(
    outputs: &mut [(Option<&Path>, &mut dyn Read)],
) -> anyhow::Result<()> {
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

/// A file written and synced beside its destination, not yet renamed into place.
struct Staged {
    asked: PathBuf,
    file: PathBuf,
    temporary: tempfile::NamedTempFile,
}

/// Writes what `source` reads to a temporary file beside `file` (with the permissions of the
/// file it replaces) and syncs it; the signal handler removes it until it is renamed.
fn stage(
    asked: &Path,
    file: &Path,
    existing: Option<&Metadata>,
    source: &mut dyn Read,
) -> anyhow::Result<Staged> {
    let mut temporary = temporary_beside(asked, file)?;
    let path = temporary.path().to_owned();
    PENDING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(path.clone());
    let written = io::copy(source, &mut temporary)
        .and_then(|_| match existing {
            Some(metadata) => fs::set_permissions(temporary.path(), metadata.permissions()),
            None => Ok(()),
        })
        .and_then(|()| temporary.as_file().sync_all())
        .with_context(|| format!("cannot write {}", asked.display()));
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
fn discard(staged: Vec<Staged>, error: anyhow::Error) -> anyhow::Error {
    let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    for file in staged {
        pending.retain(|path| path != file.temporary.path());
    }
    error
}

/// Renames every staged file into place, with the lock held.
fn rename_into_place(staged: Vec<Staged>) -> anyhow::Result<()> {
    let mut pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    let mut outcome = Ok(());
    for Staged {
        asked,
        file,
        temporary,
    } in staged
    {
        pending.retain(|path| path != temporary.path());
        let persisted = temporary
            .persist(&file)
            .map(drop)
            .map_err(|error| anyhow::Error::new(error.error))
            .with_context(|| format!("cannot write {}", asked.display()));
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
