//! A piece's proof while it is written, kept in a file beside the piece
//! (`piece-K-of-N.cert.partial`, gzip-compressed, flushed every 1024 facts) so that a run
//! stopped part-way through a long proof keeps what it had proven: the next start copies those
//! facts into its own proof, cites them, and goes on from there instead of from nothing. Once
//! whole, the proof takes the name of the piece's certificate.
//!
//! The facts taken back in are checked first, as far as they are whole (a stop may cut the
//! file anywhere): a fact that does not hold, or names what the game lacks, is refused with
//! the file's name, before anything of it is copied into a piece's certificate. A file that
//! is not a proof at all (no header) is not taken in. The file is
//! locked while a run writes it, and a run that finds it locked leaves the piece to that run.
//! A new proof is written under a hidden name until the facts it takes in are all there, so
//! a stop never loses the stopped proof; the next start removes what such a stop left.

use std::fs::TryLockError;
use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Seek};
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use mastermind_certificate::{
    packed, CertificateError, CertificateWriter, Fact, FactReader, Header,
};
use tempfile::TempPath;

use crate::ShardId;

/// Facts between flushes of a proof under way: the large pieces of 5×7 write a few facts a
/// second, so the writer's usual 131 072 would leave hours of proving unsaved, while a flush
/// costs the compressor a few bytes.
const FACTS_PER_FLUSH: u64 = 1 << 10;

/// Where the proof of shard `id`'s piece in `directory` is kept while it is written.
pub fn partial_path(directory: &Path, id: ShardId) -> PathBuf {
    directory.join(format!(
        "piece-{:04}-of-{}.cert.partial",
        id.index, id.count
    ))
}

/// A piece's proof being written, under its partial name.
pub(crate) struct ProofUnderWay {
    pub(crate) writer: CertificateWriter<GzEncoder<File>>,
    path: PathBuf,
    /// How many facts it took over from a stopped proof.
    pub(crate) taken_in: u64,
}

/// Why a proof cannot be started where a stopped one may lie.
#[derive(Debug)]
pub(crate) enum StartError {
    /// The file could not be read or written (the action, and why).
    Io(&'static str, io::Error),
    /// The stopped proof does not check, or is about another game or play.
    Refused(String),
}

/// Starts the proof kept at `path` (a [`partial_path`]) for certificates of `header`, with
/// the facts of a stopped proof there copied in first; also returns those facts, read again,
/// for the prover to cite. `None` when another run is writing that proof.
pub(crate) fn start(
    path: &Path,
    header: &Header,
) -> Result<Option<(ProofUnderWay, Facts)>, StartError> {
    let io = |action| move |error| StartError::Io(action, error);
    let (to_copy, to_cite) = match open_stopped(path).map_err(io("read"))? {
        Stopped::Busy => return Ok(None),
        Stopped::None => (None, None),
        Stopped::Files(to_copy, to_cite) => {
            check_stopped(&to_copy, header)?;
            (Some(to_copy), Some(to_cite))
        }
    };
    write_start(path, header, to_copy, to_cite).map_err(io("write"))
}

/// [`start`] once the stopped proof `to_copy` (read again as `to_cite`), if any, has checked.
fn write_start(
    path: &Path,
    header: &Header,
    to_copy: Option<File>,
    to_cite: Option<File>,
) -> io::Result<Option<(ProofUnderWay, Facts)>> {
    let directory = path.parent().unwrap_or(Path::new("."));
    let prefix = temporary_prefix(path);
    remove_abandoned(directory, &prefix)?;
    let (file, temporary) = locked_temporary(directory, &prefix)?;
    let mut writer = CertificateWriter::new(packed(file), header)?.flushing_every(FACTS_PER_FLUSH);
    let replaces_stopped = to_copy.is_some();
    let mut taken_in = 0;
    for fact in facts_of(to_copy, path, header)? {
        writer.fact(&fact)?;
        taken_in += 1;
    }
    // The stopped proof is replaced only once every fact of it is in the new file. Where
    // there was none, another run that started this proof meanwhile keeps it: two runs
    // writing under one name would each take the other's file for its own.
    writer.flush()?;
    if replaces_stopped {
        temporary.persist(path).map_err(|error| error.error)?;
    } else {
        match temporary.persist_noclobber(path) {
            Ok(()) => {}
            Err(error) if error.error.kind() == ErrorKind::AlreadyExists => return Ok(None),
            Err(error) => return Err(error.error),
        }
    }
    let cited = Box::new(facts_of(to_cite, path, header)?.take(taken_in as usize));
    let proof = ProofUnderWay {
        writer,
        path: path.to_path_buf(),
        taken_in,
    };
    Ok(Some((proof, cited)))
}

/// Checks the whole facts of the stopped proof `file`, which must be about `header`'s game
/// and play, and reads it again from its start: one about another game, or with a fact that
/// does not hold, is refused.
fn check_stopped(mut file: &File, header: &Header) -> Result<(), StartError> {
    let checked = mastermind_certificate::check_partial(*header, io::BufReader::new(file));
    file.seek(io::SeekFrom::Start(0))
        .map_err(|error| StartError::Io("read", error))?;
    match checked {
        // Not a proof at all (cut before its header, or its compressed stream damaged
        // there): nothing to take in.
        Ok(_)
        | Err(
            CertificateError::Format(_)
            | CertificateError::Truncated { .. }
            | CertificateError::Damaged(_),
        ) => Ok(()),
        // A compressed stream damaged before its header: nothing to take in either.
        Err(CertificateError::Io(error))
            if matches!(
                error.kind(),
                ErrorKind::UnexpectedEof | ErrorKind::InvalidData | ErrorKind::InvalidInput
            ) =>
        {
            Ok(())
        }
        Err(CertificateError::Io(error)) => Err(StartError::Io("read", error)),
        Err(error) => Err(StartError::Refused(error.to_string())),
    }
}

/// A new hidden file named with `prefix` in `directory`, locked. Another run's
/// [`remove_abandoned`] may remove a file in the moment between its making and its locking,
/// so a file no longer at its name is replaced by another.
fn locked_temporary(directory: &Path, prefix: &str) -> io::Result<(File, TempPath)> {
    loop {
        let (file, temporary) = tempfile::Builder::new()
            .prefix(prefix)
            .tempfile_in(directory)?
            .into_parts();
        match file.try_lock() {
            Ok(()) if is_at(&file, &temporary)? => return Ok((file, temporary)),
            // Another run is looking at it, to remove it or not: make another.
            Ok(()) | Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(error)) => return Err(error),
        }
    }
}

/// Whether `path` names the very file `file` is open on (not one put there since, or none).
fn is_at(file: &File, path: &Path) -> io::Result<bool> {
    let named = match std::fs::symlink_metadata(path) {
        Ok(named) => named,
        Err(error) if error.kind() == ErrorKind::NotFound => return Ok(false),
        Err(error) => return Err(error),
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let open = file.metadata()?;
        Ok(open.dev() == named.dev() && open.ino() == named.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, named);
        Ok(true)
    }
}

/// The start of the names of the files a new proof for `path` is written in before it takes
/// that name: hidden, and naming the piece.
fn temporary_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned());
    format!(".{}.", name.unwrap_or_default())
}

/// Removes the files a stop left while a new proof took the facts of a stopped one in, before
/// it took its name: those named with `prefix` that no run holds.
fn remove_abandoned(directory: &Path, prefix: &str) -> io::Result<()> {
    for entry in std::fs::read_dir(directory)? {
        let entry = entry?;
        if !entry.file_name().to_string_lossy().starts_with(prefix) || !entry.file_type()?.is_file()
        {
            continue;
        }
        // Another run's file may take its name, or be given up, at any moment.
        let file = match File::open(entry.path()) {
            Ok(file) => file,
            Err(error) if error.kind() == ErrorKind::NotFound => continue,
            Err(error) => return Err(error),
        };
        match file.try_lock() {
            Ok(()) => match std::fs::remove_file(entry.path()) {
                Err(error) if error.kind() != ErrorKind::NotFound => return Err(error),
                _ => {}
            },
            Err(TryLockError::WouldBlock) => {}
            Err(TryLockError::Error(error)) => return Err(error),
        }
    }
    Ok(())
}

/// Facts read one at a time.
pub(crate) type Facts = Box<dyn Iterator<Item = Fact>>;

impl ProofUnderWay {
    /// Gives the proof up and removes its file: another run has finished the piece's proof
    /// while this one was starting.
    pub(crate) fn abandon(self) -> io::Result<()> {
        std::fs::remove_file(&self.path)
    }

    /// Closes the proof and gives it the name `certificate`; returns its size in bytes.
    pub(crate) fn finish(self, certificate: &Path) -> io::Result<u64> {
        let file = self.writer.finish()?.finish()?;
        file.sync_all()?;
        let bytes = file.metadata()?.len();
        std::fs::rename(&self.path, certificate)?;
        Ok(bytes)
    }
}

/// What is at a proof's partial name.
enum Stopped {
    None,
    /// Another run is writing it.
    Busy,
    /// A stopped proof: two handles on it, one to copy it and one to cite it.
    Files(File, File),
}

/// Opens the stopped proof at `path`, never through a symbolic link, and only a regular file.
fn open_stopped(path: &Path) -> io::Result<Stopped> {
    let open = || {
        let mut options = OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        options.open(path)
    };
    let to_copy = match open() {
        Ok(file) => file,
        Err(error) if error.kind() == ErrorKind::NotFound => return Ok(Stopped::None),
        Err(error) => return Err(error),
    };
    if !to_copy.metadata()?.is_file() {
        return Err(io::Error::new(
            ErrorKind::InvalidInput,
            "not a regular file; a run keeps its proofs in regular files only: remove it",
        ));
    }
    // Held alone, and still at its name once held: two runs that both took one stopped proof
    // in would each put their own in its place, and a proof that another run has replaced or
    // finished since it was opened is that run's.
    match to_copy.try_lock() {
        Ok(()) if is_at(&to_copy, path)? => Ok(Stopped::Files(to_copy, open()?)),
        Ok(()) | Err(TryLockError::WouldBlock) => Ok(Stopped::Busy),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// The whole facts at the start of `file`, the stopped proof at `path`, if any: none if it is
/// cut short before its header; an error if it proves something of another game or play.
fn facts_of(file: Option<File>, path: &Path, header: &Header) -> io::Result<Facts> {
    let Some(Ok(mut reader)) = file.map(FactReader::new) else {
        return Ok(Box::new(std::iter::empty()));
    };
    if reader.header() != *header {
        return Err(io::Error::new(
            ErrorKind::InvalidData,
            format!(
                "{} is a proof for another game or play than this run's: remove it",
                path.display()
            ),
        ));
    }
    // A stop leaves the last fact, or the compressed stream, cut short: the facts end there.
    Ok(Box::new(std::iter::from_fn(move || {
        reader.next_fact().ok().flatten()
    })))
}
