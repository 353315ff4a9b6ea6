//! An atlas run over files, as `mastermind atlas` makes one: the atlas its output holds
//! already and those given to reuse are read, the output is locked against a second run on
//! it, and the tree files are found to link figures to.

use std::path::{Path, PathBuf};

use mastermind_atlas::{
    AtlasError, AtlasFile, AtlasRun, AtlasWatcher, GameKey, Known, Links, Measure, Runner,
};
use mastermind_files::{read_input, FileError, OutputLock};
use thiserror::Error;

/// The files an atlas run reads and writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct JobFiles<'a> {
    /// The atlas written (`-` for standard output): a file already there is read, its other
    /// games kept and its outcomes reused.
    pub output: Option<&'a Path>,
    /// Earlier atlases whose outcomes settle computations.
    pub reuse: &'a [PathBuf],
    /// A directory of committed trees: their figures are linked, and settle static numbers.
    pub trees: Option<&'a Path>,
}

/// A run ready to go: its computations, the links to trees, and the lock of its output.
pub struct AtlasJob {
    /// The computations, with what earlier atlases settled.
    pub run: AtlasRun,
    /// The tree files the figures link to.
    pub links: Links,
    /// Held until the job has run: the output is read, then rewritten after each game.
    lock: Option<OutputLock>,
}

/// Why an atlas run cannot start.
#[derive(Debug, Error)]
pub enum JobError {
    /// Another run holds the output's lock.
    #[error(
        "another atlas run is writing {} (it holds {}); let it finish, or give this run \
         another -o and put the two together with --reuse",
        output.display(),
        OutputLock::path_for(output).display()
    )]
    Held {
        /// The output.
        output: PathBuf,
    },
    /// A file that cannot be read or locked.
    #[error(transparent)]
    File(#[from] FileError),
    /// A file that is no atlas.
    #[error("{}: {error}", path.display())]
    Atlas {
        /// The file.
        path: PathBuf,
        /// Why it is no atlas.
        error: AtlasError,
    },
    /// The trees' directory cannot be searched.
    #[error("cannot look for trees in {}: {error}", directory.display())]
    Trees {
        /// The directory.
        directory: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
}

impl AtlasJob {
    /// The run of `measures` for `games`, `budget` seconds each, over `files`.
    pub fn new(
        games: Vec<GameKey>,
        measures: &[Measure],
        budget: f64,
        files: JobFiles<'_>,
    ) -> Result<AtlasJob, JobError> {
        let file = files
            .output
            .filter(|path| path.as_os_str() != "-" && !is_device(path));
        let lock = match file {
            Some(output) => match OutputLock::try_take(output)? {
                Some(lock) => Some(lock),
                None => {
                    let output = output.to_owned();
                    return Err(JobError::Held { output });
                }
            },
            None => None,
        };
        let existing = match file.filter(|path| path.is_file()) {
            Some(path) => Some(read_atlas(path)?),
            None => None,
        };
        let mut known = Known::default();
        for path in files.reuse {
            known.add(&read_atlas(path)?);
        }
        if let Some(file) = &existing {
            known.add(file);
        }
        let run = AtlasRun::new(games, measures, budget, existing, &known, files.trees);
        let links = match files.trees {
            Some(directory) => Links::find(directory, files.output).map_err(|error| {
                let directory = directory.to_owned();
                JobError::Trees { directory, error }
            })?,
            None => Links::default(),
        };
        Ok(AtlasJob { run, links, lock })
    }
}

impl AtlasJob {
    /// Runs what is left, `workers` computations at a time, holding the output's lock to the
    /// end, and returns the atlas with its figures linked.
    pub fn run(
        self,
        runner: &dyn Runner,
        workers: usize,
        watcher: &dyn AtlasWatcher,
    ) -> std::io::Result<AtlasFile> {
        let atlas = self.run.run(runner, workers, &self.links, watcher);
        drop(self.lock);
        atlas
    }
}

/// Whether `path` names a device or other special file (such as `/dev/null`), beside which no
/// lock is made.
fn is_device(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file() && !metadata.is_dir())
}

fn read_atlas(path: &Path) -> Result<AtlasFile, JobError> {
    let text = read_input(path)?;
    AtlasFile::from_json(&text).map_err(|error| JobError::Atlas {
        path: path.to_owned(),
        error,
    })
}
