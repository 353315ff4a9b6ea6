//! Where a path leads: standard output or error however it is named, a device or pipe to
//! write in place, or a regular file to create or replace.

use std::fs::{self, Metadata};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::FileError;

/// How many links deep a path is followed before giving up, as the kernel does.
const MAX_LINKS: usize = 40;

/// Where an output goes once its links are followed, and what is there now.
pub(crate) enum Target {
    Stdout,
    /// `/dev/stderr` and its aliases: the process's own standard error.
    Stderr,
    /// A device, pipe or socket (`-o /dev/null`, a FIFO), written in place: renaming a file
    /// over it would replace the device itself.
    InPlace(PathBuf),
    /// A regular file to create or replace, with the metadata of the one it replaces.
    File(PathBuf, Option<Metadata>),
}

/// Whether `path` names standard output.
pub(crate) fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Follows links from `path` to the file they name, which need not exist yet: a dangling link
/// is followed too, so the file it points to is created and the link kept.
pub(crate) fn follow_links(path: &Path) -> Result<PathBuf, FileError> {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&path).map_err(|error| {
                    FileError::io(format!("cannot read the link {}", path.display()), error)
                })?;
                // A relative target is relative to the link's own directory.
                path = match path.parent() {
                    Some(parent) => parent.join(target),
                    None => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(FileError::new(format!(
        "cannot follow {}: too many levels of links",
        path.display()
    )))
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

/// Where `path` leads, and what is there now.
pub(crate) fn target(path: &Path) -> Result<Target, FileError> {
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
        Ok(metadata) if metadata.is_dir() => Err(FileError::new(format!(
            "cannot write {}: it is a directory; name a file in it",
            path.display()
        ))),
        Ok(metadata) if !metadata.is_file() => Ok(Target::InPlace(resolved)),
        Ok(metadata) => Ok(Target::File(resolved, Some(metadata))),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(Target::File(resolved, None)),
        Err(error) => Err(FileError::io(
            format!("cannot write {}", path.display()),
            error,
        )),
    }
}

/// The directory a file is written in.
pub(crate) fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_output_is_named_in_several_ways() {
        for name in ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            assert!(
                matches!(target(Path::new(name)), Ok(Target::Stdout)),
                "{name}"
            );
        }
        assert!(matches!(
            target(Path::new("/dev/stderr")),
            Ok(Target::Stderr)
        ));
    }

    #[test]
    fn a_directory_is_refused_and_a_new_file_is_a_file() {
        let directory = tempfile::tempdir().unwrap();
        let refused = target(directory.path()).err().unwrap().to_string();
        assert!(refused.contains("it is a directory"), "{refused}");
        let new = directory.path().join("new.json");
        assert!(matches!(target(&new), Ok(Target::File(_, None))));
    }
}
