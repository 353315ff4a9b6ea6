//! Certificates of optimality for runs cut into shards: a shard (or one piece of a resumed
//! run) proves what its pieces came to, and the merge copies those facts into one certificate
//! and adds the facts that prove the choice of the first guess from them. Each part's
//! certificate is checked before any of its facts is copied or cited, so that one that does
//! not hold is refused by its name, not found later at a fact number of the merged file.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, Write};
use std::path::PathBuf;

use mastermind_certificate::{CertificateWriter, Fact, FactReader, Header};
use mastermind_search::pieces::{certify_plan, Learnt};
use mastermind_search::{CertifyError, OptimalOptions};
use mastermind_tree::TreeFile;

use crate::optimal::{merged, PlannedRun};
use crate::MergeError;

impl PlannedRun<'_> {
    /// The header of this run's certificates.
    pub fn certificate_header(&self) -> Header {
        header(self.scorer().game(), self.options())
    }

    /// Writes to `out` the certificate of the results of `pieces` (each piece's index in the
    /// plan and the bound its result proves, as [`crate::optimal::ShardRun::proven`] lists
    /// them). Returns how many facts it took.
    pub fn certify_pieces<W: Write + Send>(
        &self,
        pieces: &[(usize, u64)],
        out: W,
    ) -> Result<u64, CertifyError> {
        let mut writer = CertificateWriter::new(out, &self.certificate_header())?;
        self.certify_pieces_into(pieces, None, &mut std::iter::empty(), &mut writer)?;
        let facts = writer.facts();
        writer.finish()?;
        Ok(facts)
    }

    /// Writes into `writer` the facts that prove the results of `pieces`, as
    /// [`PlannedRun::certify_pieces`] does, after `cited`: facts already in it (those of a
    /// proof of the same pieces that was stopped), which the new ones may cite. `learnt` is
    /// what the search that solved them learnt, if this process solved them.
    pub fn certify_pieces_into<W: Write + Send>(
        &self,
        pieces: &[(usize, u64)],
        learnt: Option<Learnt>,
        cited: &mut dyn Iterator<Item = Fact>,
        writer: &mut CertificateWriter<W>,
    ) -> Result<(), CertifyError> {
        certify_plan(
            self.scorer(),
            self.options(),
            self.plan(),
            pieces,
            None,
            learnt,
            cited,
            writer,
        )
    }
}

/// Merges the parts (path and text) of one run as [`crate::optimal::merge`] does, and writes
/// to `out` the certificate that the merged tree is optimal: the facts of the parts'
/// certificates (path and contents, plain or gzip-compressed, in any order, for any of the
/// parts), the facts proving the pieces no certificate given proves, and those proving the
/// whole. Returns the tree file and how many facts the certificate holds.
///
/// The parts' facts are copied one at a time as they are read, so memory stays bounded
/// whatever their number: only those about the sets at most one guess from the start are
/// kept to be cited, since the new facts prove the choice of the first guess and cite
/// nothing deeper (a deeper fact that would have helped is proven again, which costs size,
/// never soundness). With [`PartProofs::Unchecked`] the parts' facts are copied without being
/// checked first. After each part it says so (a forget record), so that checking the
/// merged certificate takes the memory of its largest part, not of the whole. On an error,
/// `out` holds part of a certificate: write it to a temporary file.
pub fn certify_merge<R: Read, W: Write + Send>(
    files: &[(PathBuf, String)],
    certificates: Vec<(PathBuf, R)>,
    part_proofs: PartProofs,
    out: W,
) -> Result<(TreeFile, u64), MergeError> {
    let merged = merged(files)?;
    let run = &merged.run;
    let header = header(run.scorer.game(), &run.options);
    let mut writer = CertificateWriter::new(out, &header).map_err(io)?;
    let cited = copy_parts(header, certificates, part_proofs, &mut writer)?;
    let pieces: Vec<(usize, u64)> = merged
        .results
        .iter()
        .enumerate()
        .map(|(index, result)| (index, result.bound()))
        .collect();
    certify_plan(
        &run.scorer,
        &run.options,
        &run.plan,
        &pieces,
        Some(merged.total),
        None,
        &mut cited.into_iter(),
        &mut writer,
    )
    .map_err(|error| match error {
        CertifyError::Io(error) => io(error),
        contradiction => MergeError::Unproven(contradiction.to_string()),
    })?;
    let facts = writer.facts();
    writer.finish().map_err(io)?;
    Ok((merged.file, facts))
}

/// Copies into `writer` the facts of the certificates of parts of one run (path and
/// contents, plain or gzip-compressed), each checked first with [`PartProofs::Checked`], and
/// returns those about the sets at most one guess from the start, which the facts written
/// after may cite. After each part it says so (a forget record): no part cites another's
/// facts, so the checker may then drop that part's deeper ones.
pub(crate) fn copy_parts<R: Read, W: Write>(
    header: Header,
    certificates: Vec<(PathBuf, R)>,
    part_proofs: PartProofs,
    writer: &mut CertificateWriter<W>,
) -> Result<Vec<Fact>, MergeError> {
    let mut cited: Vec<Fact> = Vec::new();
    for (path, input) in certificates {
        let refused = |message: String| MergeError::Certificate {
            path: path.clone(),
            message,
        };
        let input: Box<dyn Read> = match part_proofs {
            PartProofs::Checked => {
                Box::new(checked_copy(header, input).map_err(|error| refused(error.to_string()))?)
            }
            PartProofs::Unchecked => Box::new(input),
        };
        let mut reader = FactReader::new(input).map_err(|error| refused(error.to_string()))?;
        let theirs = reader.header();
        if theirs != header {
            return Err(refused(format!(
                "it is about {}{}, the run about {}{}",
                theirs.game.describe(),
                consistent(&theirs),
                header.game.describe(),
                consistent(&header)
            )));
        }
        while let Some(fact) = reader
            .next_fact()
            .map_err(|error| refused(error.to_string()))?
        {
            writer.fact(&fact).map_err(io)?;
            if fact.path.len() <= 1 {
                cited.push(fact);
            }
        }
        writer.forget(1).map_err(io)?;
    }
    Ok(cited)
}

/// Whether a merge checks each part's certificate before it copies its facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PartProofs {
    /// Each part's certificate is checked first, so that one that does not hold is refused by
    /// its name, and no certificate is made of it.
    #[default]
    Checked,
    /// The facts are copied unchecked. The merged certificate is no less sound, since its
    /// checker checks every fact, but a part that does not hold is found only there, at a
    /// fact's number: for a caller that checks the whole right after, which then checks no
    /// part twice (a large optimum's parts take hours to check).
    Unchecked,
}

/// A copy of the certificate `input` reads, in a file without a name, once the checker has
/// accepted it as one about `header`'s game and play, read from its start.
fn checked_copy(
    header: Header,
    mut input: impl Read,
) -> Result<File, mastermind_certificate::CertificateError> {
    let mut copy = tempfile::tempfile()?;
    std::io::copy(&mut input, &mut copy)?;
    copy.rewind()?;
    mastermind_certificate::check_for(header, std::io::BufReader::new(&copy))?;
    copy.rewind()?;
    Ok(copy)
}

/// The certificate of a merged run, gzip-compressed, in a file without a name (removed when
/// it is dropped), read from its start: copy it where it belongs, unpacked if need be.
#[derive(Debug)]
pub struct MergedCertificate {
    pub file: File,
    /// Its size, compressed.
    pub bytes: u64,
    /// How many facts it holds.
    pub facts: u64,
}

/// [`certify_merge`] into `scratch`, a file without a name (one of gigabytes goes to disk,
/// not memory, and nothing is left behind if the run stops), gzip-compressed as it is
/// written (a third of the size or less), handed back read from its start.
pub fn certify_merge_into<R: Read>(
    files: &[(PathBuf, String)],
    certificates: Vec<(PathBuf, R)>,
    part_proofs: PartProofs,
    scratch: File,
) -> Result<(TreeFile, MergedCertificate), MergeError> {
    let mut out = BufWriter::new(scratch);
    let mut packing = mastermind_certificate::packed(&mut out);
    let (tree, facts) = certify_merge(files, certificates, part_proofs, &mut packing)?;
    packing.finish().map_err(io)?;
    let mut file = out.into_inner().map_err(|error| io(error.into_error()))?;
    let bytes = file.stream_position().map_err(io)?;
    file.rewind().map_err(io)?;
    Ok((tree, MergedCertificate { file, bytes, facts }))
}

fn header(game: &mastermind_core::Game, options: &OptimalOptions) -> Header {
    Header {
        game: *game,
        consistent_only: options.consistent_only,
    }
}

fn consistent(header: &Header) -> &'static str {
    if header.consistent_only {
        " with consistent guesses only"
    } else {
        ""
    }
}

fn io(error: std::io::Error) -> MergeError {
    MergeError::Plan(format!("the certificate could not be written: {error}"))
}
