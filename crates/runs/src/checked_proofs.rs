//! Piece proofs the checker has accepted, remembered by their contents in a directory the
//! user names (`generate --bounds --checked-proofs DIR`), so that a run's proven interval can
//! be refreshed at every stop by checking only the proofs that came in since: a large piece's
//! proof takes minutes to check, and the whole run's hours.
//!
//! What is remembered of a proof is what the lower bound cites of it: the bounds the checker
//! proved for the first guess's classes. The certificate `--bounds` writes holds every proof's
//! facts all the same, for `verify --certificate` to check in full. A proof is remembered under
//! the SHA-256 of its bytes and the checker's version, in a small file of the certificate
//! format, written whole or not at all; one that cannot be read back as the run's is taken as
//! absent, and the proof is checked again.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use mastermind_certificate::{
    check_with, read_facts, CertificateError, CertificateWriter, Fact, FactReader, Header,
    FORMAT_VERSION,
};
use mastermind_core::Scorer;
use mastermind_files::{write_atomically, FileError};
use sha2::{Digest, Sha256};

/// A directory of proofs checked before.
#[derive(Debug)]
pub struct CheckedProofs {
    directory: PathBuf,
}

/// Whether a proof's facts were checked now or recalled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The checker went through the proof now.
    Now,
    /// It had been checked before, and is remembered.
    Before,
}

/// Why a proof's facts cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum CheckedError {
    /// The proof cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    /// The proof does not check, or is about another game or play.
    #[error(transparent)]
    Refused(#[from] CertificateError),
    /// The proof's facts cannot be written down.
    #[error("cannot remember a checked proof in {}: {source}", path.display())]
    Remember { path: PathBuf, source: io::Error },
    /// The file of its facts cannot be written.
    #[error(transparent)]
    Write(#[from] FileError),
}

impl CheckedProofs {
    /// The proofs remembered in `directory`, made if it is not there.
    pub fn new(directory: &Path) -> io::Result<CheckedProofs> {
        std::fs::create_dir_all(directory)?;
        Ok(CheckedProofs {
            directory: directory.to_owned(),
        })
    }

    /// Where the facts of the proof whose contents have `digest` are remembered.
    fn entry(&self, digest: &str) -> PathBuf {
        self.directory.join(format!("{digest}.facts"))
    }

    /// The facts remembered of the proof whose contents have `digest`, if it was checked
    /// before as one about `header`'s game and play.
    fn recall(&self, header: Header, digest: &str) -> Option<Vec<Fact>> {
        let file = std::fs::File::open(self.entry(digest)).ok()?;
        let (theirs, facts) = read_facts(io::BufReader::new(file)).ok()?;
        (theirs == header).then_some(facts)
    }

    fn remember(&self, header: Header, digest: &str, facts: &[Fact]) -> Result<(), CheckedError> {
        let path = self.entry(digest);
        let failed = |source| CheckedError::Remember {
            path: path.clone(),
            source,
        };
        let mut writer = CertificateWriter::new(Vec::new(), &header).map_err(failed)?;
        for fact in facts {
            writer.fact(fact).map_err(failed)?;
        }
        let bytes = writer.finish().map_err(failed)?;
        Ok(write_atomically(&path, &bytes)?)
    }
}

/// The SHA-256 of the checker's version and of the file at `path`, in hexadecimal: read as
/// a stream, since a large piece's proof need not fit in memory.
fn digest(path: &Path) -> io::Result<String> {
    let mut hash = Sha256::new();
    hash.update(
        format!(
            "mastermind checker {} format {FORMAT_VERSION}\n",
            env!("CARGO_PKG_VERSION")
        )
        .as_bytes(),
    );
    io::copy(&mut File::open(path)?, &mut hash)?;
    Ok(hash
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect())
}

/// The bounds that the proof at `path` (a certificate, which must be about `header`'s game
/// and play) states for the first guess's classes, one fact each: recalled from `remembered`
/// if it holds them, else once the checker (with `scorer`, of `header`'s game) has accepted
/// the proof, and then remembered there.
pub fn first_step_facts(
    scorer: &Scorer,
    header: Header,
    path: &Path,
    remembered: Option<&CheckedProofs>,
) -> Result<(Vec<Fact>, Checked), CheckedError> {
    let read = |source| CheckedError::Read {
        path: path.to_owned(),
        source,
    };
    let digest = match remembered {
        Some(_) => Some(digest(path).map_err(read)?),
        None => None,
    };
    if let Some((remembered, digest)) = remembered.zip(digest.as_deref()) {
        if let Some(facts) = remembered.recall(header, digest) {
            return Ok((facts, Checked::Before));
        }
    }
    let open = || File::open(path).map(BufReader::new).map_err(read);
    let theirs = FactReader::new(open()?)?.header();
    if let Some(misfit) = theirs.misfit(&header) {
        return Err(CertificateError::Misfit(misfit).into());
    }
    check_with(scorer, open()?)?;
    // What the proof states of each class of the first guess, the most where it states
    // several: the checker has proven every one.
    let mut facts: Vec<Fact> = Vec::new();
    let mut reader = FactReader::new(open()?)?;
    while let Some(fact) = reader.next_fact()? {
        if fact.path.len() != 1 {
            continue;
        }
        let stated = Fact {
            renaming: None,
            ..fact
        };
        match facts
            .iter_mut()
            .find(|f| (&f.path, f.budget) == (&stated.path, stated.budget))
        {
            Some(known) => known.bound = known.bound.max(stated.bound),
            None => facts.push(stated),
        }
    }
    if let Some((remembered, digest)) = remembered.zip(digest.as_deref()) {
        remembered.remember(header, digest, &facts)?;
    }
    Ok((facts, Checked::Now))
}
