//! A command's inputs and outputs, kept apart before any work starts: no output may be one of
//! the files it reads (through links and hard links alike), another of its outputs (standard
//! output named twice, in any of its names), or a file inside a directory it reads and writes
//! (a resumable run's). Each output is also checked as [`check_output`] checks one.

use std::fs;
use std::path::{Path, PathBuf};

use crate::replace::check_output;
use crate::target::{directory_of, follow_links, target, Target};
use crate::FileError;

/// What a command reads and writes, each file with the words that name it in a message
/// (`-o`, `--certificate`, `the tree read`).
#[derive(Debug, Default)]
pub struct Files<'p> {
    reads: Vec<(String, &'p Path)>,
    directories: Vec<(String, &'p Path)>,
    writes: Vec<(String, Option<&'p Path>)>,
}

impl<'p> Files<'p> {
    /// No files yet.
    pub fn new() -> Files<'p> {
        Files::default()
    }

    /// A file the command reads (`-`: standard input, which no output can be).
    pub fn reads(mut self, what: impl Into<String>, path: &'p Path) -> Files<'p> {
        self.reads.push((what.into(), path));
        self
    }

    /// A directory the command reads and writes, inside which no output may be named.
    pub fn reads_directory(mut self, what: impl Into<String>, path: &'p Path) -> Files<'p> {
        self.directories.push((what.into(), path));
        self
    }

    /// An output: `None` or `-` for standard output.
    pub fn writes(mut self, what: impl Into<String>, path: Option<&'p Path>) -> Files<'p> {
        self.writes.push((what.into(), path));
        self
    }

    /// An output that may be absent (a flag not given).
    pub fn writes_if(self, what: impl Into<String>, path: Option<&'p Path>) -> Files<'p> {
        match path {
            Some(path) => self.writes(what, Some(path)),
            None => self,
        }
    }

    /// Refuses an output that could not be written, or that is an input, another output, or
    /// inside a directory read: writing it would replace what is read, run into the other
    /// output, or change the run under way.
    pub fn check(&self) -> Result<(), FileError> {
        let mut seen: Vec<(&str, Option<&Path>, Place)> = Vec::new();
        for (what, path) in &self.writes {
            check_output(*path)?;
            let place = Place::of_output(*path)?;
            for (read, input) in &self.reads {
                if place.is(&Place::of_input(input)) {
                    return Err(FileError::new(format!(
                        "{} is also {read} ({}): writing it would replace what is read; give \
                         the output a file of its own",
                        named(what, *path),
                        input.display()
                    )));
                }
            }
            for (directory_what, directory) in &self.directories {
                if place.is_inside(directory) {
                    return Err(FileError::new(format!(
                        "{} is inside {directory_what} {}, which the run reads and writes: \
                         write it outside that directory",
                        named(what, *path),
                        directory.display()
                    )));
                }
            }
            if let Some((other, other_path, _)) = seen.iter().find(|(_, _, seen)| place.is(seen)) {
                return Err(FileError::new(format!(
                    "{} and {} name the same {}: the one would replace, or run into, the \
                     other; give each a file of its own",
                    named(other, *other_path),
                    named(what, *path),
                    match place.identity {
                        Identity::Stdout => "output, standard output",
                        _ => "file",
                    }
                )));
            }
            seen.push((what, *path, place));
        }
        Ok(())
    }
}

/// `-o out.json`, or `-o -` for standard output.
fn named(what: &str, path: Option<&Path>) -> String {
    format!(
        "{what} {}",
        path.map_or("-".into(), |path| path.display().to_string())
    )
}

/// Where a file named on a command line is, as far as two names may be one file.
#[derive(Debug)]
struct Place {
    identity: Identity,
    /// A regular file's path, every link followed and its folder in canonical form.
    path: Option<PathBuf>,
}

#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// This process's standard output, however named.
    Stdout,
    /// Standard input, standard error, a device or a pipe: never replaced, so never in the
    /// way of another file.
    Stream,
    /// A file that exists: its device and inode, shared by every link to it.
    #[cfg(unix)]
    Inode(u64, u64),
    /// A file to be created (or, without inodes, any file): its canonical path.
    Path(PathBuf),
}

impl Place {
    const STDOUT: Place = Place {
        identity: Identity::Stdout,
        path: None,
    };
    const STREAM: Place = Place {
        identity: Identity::Stream,
        path: None,
    };

    fn of_output(path: Option<&Path>) -> Result<Place, FileError> {
        let Some(path) = path else {
            return Ok(Place::STDOUT);
        };
        Ok(match target(path)? {
            Target::Stdout => Place::STDOUT,
            Target::Stderr | Target::InPlace(_) => Place::STREAM,
            Target::File(file, existing) => Place::of_file(&file, existing.as_ref()),
        })
    }

    fn of_input(path: &Path) -> Place {
        if path.as_os_str() == "-" {
            return Place::STREAM;
        }
        let file = follow_links(path).unwrap_or(path.to_owned());
        match fs::metadata(&file) {
            Ok(metadata) if !metadata.is_file() => Place::STREAM,
            Ok(metadata) => Place::of_file(&file, Some(&metadata)),
            Err(_) => Place::of_file(&file, None),
        }
    }

    fn of_file(file: &Path, existing: Option<&fs::Metadata>) -> Place {
        let path = canonical(file);
        #[cfg(unix)]
        if let Some(metadata) = existing {
            use std::os::unix::fs::MetadataExt;
            return Place {
                identity: Identity::Inode(metadata.dev(), metadata.ino()),
                path: Some(path),
            };
        }
        let _ = existing;
        Place {
            identity: Identity::Path(path.clone()),
            path: Some(path),
        }
    }

    /// Whether two places are one file that writing one of them would replace or run into.
    fn is(&self, other: &Place) -> bool {
        self.identity != Identity::Stream && self.identity == other.identity
    }

    /// Whether this place is a file inside `directory`, at any depth.
    fn is_inside(&self, directory: &Path) -> bool {
        match (&self.path, fs::canonicalize(directory)) {
            (Some(path), Ok(directory)) => path.starts_with(directory),
            _ => false,
        }
    }
}

/// `file` with its folder in canonical form (the file itself need not exist).
fn canonical(file: &Path) -> PathBuf {
    let folder = fs::canonicalize(directory_of(file)).unwrap_or(directory_of(file).to_owned());
    match file.file_name() {
        Some(name) => folder.join(name),
        None => folder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(files: Files<'_>) -> String {
        files.check().expect_err("refused").to_string()
    }

    #[cfg(unix)]
    #[test]
    fn an_output_that_is_an_input_is_refused_through_links_and_hard_links() {
        let directory = tempfile::tempdir().unwrap();
        let tree = directory.path().join("tree.json");
        fs::write(&tree, "{}").unwrap();
        let link = directory.path().join("link.json");
        std::os::unix::fs::symlink("tree.json", &link).unwrap();
        let hard = directory.path().join("hard.json");
        fs::hard_link(&tree, &hard).unwrap();
        for output in [&tree, &link, &hard] {
            let message = refused(
                Files::new()
                    .reads("the tree read", &tree)
                    .writes("-o", Some(output)),
            );
            assert!(message.contains("is also the tree read"), "{message}");
        }
        let other = directory.path().join("other.json");
        let apart = Files::new()
            .reads("the tree read", &tree)
            .writes("-o", Some(&other));
        apart.check().expect("another file");
    }

    #[test]
    fn two_outputs_in_one_file_or_both_on_standard_output_are_refused() {
        let directory = tempfile::tempdir().unwrap();
        let file = directory.path().join("out.json");
        let message = refused(
            Files::new()
                .writes("-o", Some(&file))
                .writes("--certificate", Some(&file)),
        );
        assert!(message.contains("name the same file"), "{message}");
        for stdout in ["-", "/dev/stdout", "/dev/fd/1"] {
            let message = refused(
                Files::new()
                    .writes("-o", None)
                    .writes("--certificate", Some(Path::new(stdout))),
            );
            assert!(message.contains("standard output"), "{message}");
        }
        // A device is written in place: both outputs may go there.
        let null = Path::new("/dev/null");
        if null.exists() {
            Files::new()
                .writes("-o", Some(null))
                .writes("--certificate", Some(null))
                .check()
                .expect("a device twice");
        }
    }

    #[test]
    fn an_output_inside_a_directory_read_is_refused_whether_it_exists_or_not() {
        let directory = tempfile::tempdir().unwrap();
        let run = directory.path().join("run");
        fs::create_dir(&run).unwrap();
        let piece = run.join("piece-0000-of-15.json");
        fs::write(&piece, "{}").unwrap();
        for output in [piece.clone(), run.join("new.json")] {
            let message = refused(
                Files::new()
                    .reads_directory("--resume", &run)
                    .writes("-o", Some(&output)),
            );
            assert!(message.contains("is inside --resume"), "{message}");
        }
        Files::new()
            .reads_directory("--resume", &run)
            .writes("-o", Some(&directory.path().join("tree.json")))
            .check()
            .expect("outside the run");
    }

    #[test]
    fn standard_input_is_no_output() {
        Files::new()
            .reads("the tree read", Path::new("-"))
            .writes("-o", None)
            .check()
            .expect("stdin and stdout");
    }
}
