//! Resumable runs of the optimal search (`generate --resume DIR`): the plan's pieces are solved
//! one after another, each written to a directory as soon as it is settled (atomically), and
//! pieces already there are not solved again; once all are in they are merged, checked and
//! verified as [`crate::optimal::merge`] does, into the same tree one uninterrupted run writes.
//! The pieces are the shards of a run with one shard per piece, so a resumed run on one
//! machine and a job array on many are one mechanism.
//!
//! A piece can take hours, so what its search proves is noted beside it as it goes (as
//! `.notes`, see [`crate::notes`]): a run stopped in the middle of a piece takes the notes back
//! in and goes on from there. The notes are removed once the piece is written. With
//! certificates asked for, each piece's proof is kept beside it (as `.cert`; while it is
//! written, as `.cert.partial`, see [`crate::partial_proofs`], from which a stopped run goes
//! on) and the finished run's certificate is made from them. A piece solved here is proven
//! at once, from what its search learnt; the others in without a proof, smallest first.
//!
//! Several processes may share one directory: a piece's notes are locked while it is solved,
//! so no piece is solved twice at once, and the pieces others write are taken in as they land.

mod bounds;
mod waiting;

pub use bounds::{CheckedLowerBound, LowerBound};

use std::io::{self, ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mastermind_core::Scorer;
use mastermind_search::pieces::{
    GuessTried, ImpossibleNote, Learnt, Note, PieceError, PieceResult,
};
use mastermind_search::{CertifyError, NoStrategy, OptimalOptions};
use mastermind_strategy::Progress;
use mastermind_tree::{StrategyInfo, TreeFile};
use thiserror::Error;

use crate::notes::{read_notes, NotesError, NotesWriter};
use crate::optimal::{self, PlannedRun, ShardRun};
use crate::partial_proofs::{self, partial_path, StartError};
use crate::{certificates, MergeError, ShardId};

/// The file of shard `id`'s piece in `directory`.
pub fn piece_path(directory: &Path, id: ShardId) -> PathBuf {
    directory.join(format!("piece-{:04}-of-{}.json", id.index, id.count))
}

/// The notes of the search of shard `id`'s piece in `directory`, while it runs.
pub fn notes_path(directory: &Path, id: ShardId) -> PathBuf {
    directory.join(format!("piece-{:04}-of-{}.notes", id.index, id.count))
}

/// The certificate of shard `id`'s piece in `directory`.
pub fn certificate_path(directory: &Path, id: ShardId) -> PathBuf {
    directory.join(format!("piece-{:04}-of-{}.cert", id.index, id.count))
}

/// Why a resumable run cannot go on. A piece whose result a certificate cannot prove is not
/// an error but a [`Finished::Unproven`].
#[derive(Debug, Error)]
pub enum ResumeError {
    /// A file or the directory cannot be read, written or removed.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    /// A piece or a piece's certificate is a FIFO, a device, a directory or a symbolic link.
    #[error(
        "{} is not a regular file (a FIFO, a device, a directory or a symbolic link); a run \
         keeps its pieces in regular files only: remove it",
        .0.display()
    )]
    NotRegular(PathBuf),
    /// One piece was asked for by a count of pieces that is not the plan's.
    #[error(
        "the one piece asked for must be one of the plan's: K/{count} with K from 0 to {}, \
         not {given}",
        count - 1
    )]
    OtherCount { given: ShardId, count: u32 },
    /// The run's directory was given as an empty path, which names none.
    #[error(
        "the directory of a resumable run must be named: an empty path names none (use `.` \
         for the current directory)"
    )]
    NoDirectory,
    /// The one piece asked for is being solved by another process.
    #[error(
        "piece {id}: another process is solving it (its notes, {}, are locked); let it \
         finish or stop it first",
        notes.display()
    )]
    Locked { id: ShardId, notes: PathBuf },
    /// A piece's notes cannot be read as notes of this run.
    #[error("cannot take back in {}: {source}", path.display())]
    Notes { path: PathBuf, source: NotesError },
    /// A piece's notes say what the search shows cannot hold.
    #[error(
        "{} line {line}: this note cannot hold: {reason}; remove the line (or the file, to \
         solve the piece from nothing)",
        path.display()
    )]
    ImpossibleNote {
        path: PathBuf,
        line: usize,
        reason: String,
    },
    /// A piece's stopped proof cannot be taken in: it does not check, or is about another
    /// game or play.
    #[error("{}: {message}; remove it to prove the piece from nothing", path.display())]
    StoppedProof { path: PathBuf, message: String },
    /// No strategy meets the run's cap.
    #[error(transparent)]
    NoStrategy(#[from] NoStrategy),
    /// A piece or a certificate cannot be written: the watcher's error, which names the file.
    #[error("{0}")]
    Write(io::Error),
    /// The pieces in the directory do not make the plan (see [`MergeError::fails_verification`]
    /// for those that fail verification).
    #[error(transparent)]
    Merge(#[from] MergeError),
}

impl ResumeError {
    pub(crate) fn io<'p>(
        action: &'static str,
        path: &'p Path,
    ) -> impl FnOnce(io::Error) -> ResumeError + 'p {
        move |source| ResumeError::Io {
            action,
            path: path.to_owned(),
            source,
        }
    }
}

/// What a run says as it goes, beside its progress.
#[derive(Debug)]
pub enum ResumeEvent<'e> {
    /// A piece's notes from an earlier start were taken back in.
    NotesTakenIn {
        id: ShardId,
        path: &'e Path,
        notes: usize,
        /// How far they had got, in words.
        how_far: String,
    },
    /// A piece is solved against a limit the pieces already in tightened.
    TighterLimit {
        id: ShardId,
        limit: u32,
        planned: u32,
    },
    /// The search contradicted a piece's notes: they were set aside and the piece solved from
    /// nothing.
    NotesSetAside { path: &'e Path },
    /// Notes could not all be written (the piece was solved; a stop would have lost more).
    NotesNotWritten { path: &'e Path, error: io::Error },
    /// The proof of a piece goes on from the facts of a proof stopped part-way, kept at
    /// `path` (see [`crate::partial_proofs`]).
    ProofTakenIn {
        id: ShardId,
        path: &'e Path,
        facts: u64,
    },
    /// A piece's certificate was written.
    PieceCertified {
        id: ShardId,
        facts: u64,
        bytes: u64,
        took: Duration,
    },
}

impl ResumeEvent<'_> {
    /// Whether the event is a warning, which a quiet run says too.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            ResumeEvent::NotesSetAside { .. } | ResumeEvent::NotesNotWritten { .. }
        )
    }
}

/// The event as a line for a person, `warning: …` for a warning.
impl std::fmt::Display for ResumeEvent<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeEvent::NotesTakenIn {
                id,
                path,
                notes,
                how_far,
            } => write!(
                f,
                "piece {} of {}: {notes} notes taken back in from {} ({how_far})",
                id.index,
                id.count,
                path.display()
            ),
            ResumeEvent::TighterLimit { id, limit, planned } => write!(
                f,
                "piece {} of {}: solved against {limit} guesses, not the plan's {planned}, \
                 from the pieces already in",
                id.index, id.count
            ),
            ResumeEvent::NotesSetAside { path } => write!(
                f,
                "warning: the search contradicted the notes in {} (a total no strategy \
                 reaches): they were set aside and the piece solved from nothing",
                path.display()
            ),
            ResumeEvent::NotesNotWritten { path, error } => write!(
                f,
                "warning: the notes could not all be written to {} ({error}): the piece was \
                 solved, but a stop would have lost more",
                path.display()
            ),
            ResumeEvent::ProofTakenIn { id, path, facts } => write!(
                f,
                "piece {id}: its proof goes on from the {facts} facts of a stopped proof in {}",
                path.display()
            ),
            ResumeEvent::PieceCertified {
                id,
                facts,
                bytes,
                took,
            } => write!(
                f,
                "piece {id}: certificate of {facts} facts, {bytes} bytes, proven in {took:.2?}"
            ),
        }
    }
}

/// Who watches a run: its progress and what it says, and how it writes its files.
pub trait ResumeWatcher: Sync {
    /// The run starts, with the pieces and codes already in.
    fn started(&self, _start: &RunStart) {}

    /// `codes` more codes are settled (of [`ResumableRun::codes`] in all).
    fn codes_settled(&self, _codes: u64) {}

    /// The search of a piece has searched `nodes` nodes so far (sent every few thousand).
    fn search_nodes(&self, _nodes: u64) {}

    /// The run says `event`.
    fn event(&self, _event: ResumeEvent<'_>) {}

    /// A run of the whole has solved what it could and waits for the pieces `held` by other
    /// runs; called every [`WAIT_POLL`] while it waits (a watcher that stops the run on
    /// request checks here too).
    fn waiting(&self, _held: &[ShardId]) {}

    /// Writes `bytes` to `path` whole or not at all, with an error that names the file; by
    /// default through a temporary file beside it that is renamed over it.
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        Ok(mastermind_files::write_atomically(path, bytes)?)
    }
}

/// A run at its start: what the plan holds and what is in already.
#[derive(Clone, Copy, Debug)]
pub struct RunStart {
    /// The plan's pieces.
    pub pieces: usize,
    /// Those already in the directory.
    pub pieces_in: usize,
    /// The codes of all pieces.
    pub codes: u64,
    /// The codes of the pieces already in.
    pub codes_in: u64,
}

/// Watches nothing: a run that says nothing and writes its files atomically.
pub struct Unwatched;

impl ResumeWatcher for Unwatched {}

/// How often a run of the whole that waits for pieces other runs hold looks for them.
pub const WAIT_POLL: Duration = Duration::from_secs(1);

/// What a run asks of the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Request {
    /// Solve only this piece (`K/N` with `N` the plan's count), as one task of a job array.
    pub only: Option<ShardId>,
    /// Prove the pieces solved (and, once all are in, the whole) with certificates.
    pub certify: bool,
    /// Whether the merge checks each piece's proof before it copies its facts.
    pub piece_proofs: PartProofs,
}

/// How a run ended.
#[derive(Debug)]
pub enum Finished {
    /// Every piece is in: the merged, verified tree, and its certificate when one was asked
    /// for.
    Tree {
        file: Box<TreeFile>,
        certificate: Option<MergedCertificate>,
        solved_here: usize,
    },
    /// A run of one piece ended with other pieces (or, with certificates asked for, their
    /// certificates) still missing: the tree is written by the run that brings the last in.
    Waiting {
        missing: usize,
        /// With certificates asked for, the pieces in that have none yet. A run for one piece
        /// proves its own only: each of the others is proven by its own run, or by a run of
        /// the whole, which then writes the tree.
        unproven: usize,
        /// The pieces another process holds: their notes, or their proofs under way, are
        /// locked.
        held: Vec<ShardId>,
        solved_here: usize,
    },
    /// A piece's result cannot be proven: it is not what it claims (notes that lied may have
    /// made it so), and the run's result is not proven.
    Unproven(UnprovenPiece),
}

/// A piece whose result its certificate cannot prove, said as every front end says it.
#[derive(Debug, Error)]
#[error("piece {id} ({}): {reason}; remove the piece to solve it again", path.display())]
pub struct UnprovenPiece {
    /// The piece.
    pub id: ShardId,
    /// Its file in the run's directory.
    pub path: PathBuf,
    /// Why the prover refused it.
    pub reason: CertifyError,
}

pub use crate::certificates::{MergedCertificate, PartProofs};

/// A resumable run of the optimal search, its plan worked out, over one directory.
pub struct ResumableRun<'a> {
    run: PlannedRun<'a>,
    directory: PathBuf,
    count: u32,
}

impl<'a> ResumableRun<'a> {
    /// Works out the plan of the search with `options` and makes `directory` (if missing) to
    /// keep its pieces. Refuses pieces there that are not regular files.
    pub fn new(
        scorer: &'a Scorer,
        options: &'a OptimalOptions,
        strategy: &StrategyInfo,
        directory: &Path,
    ) -> Result<ResumableRun<'a>, ResumeError> {
        if directory.as_os_str().is_empty() {
            return Err(ResumeError::NoDirectory);
        }
        std::fs::create_dir_all(directory).map_err(ResumeError::io("create", directory))?;
        let run = PlannedRun::new(scorer, options, strategy)?;
        let count = u32::try_from(run.pieces()).expect("a plan has far fewer pieces than 2³²");
        let resumable = ResumableRun {
            run,
            directory: directory.to_owned(),
            count,
        };
        resumable.refuse_special_files()?;
        Ok(resumable)
    }

    /// The plan's pieces, as the shards of a run with one shard per piece.
    pub fn shards(&self) -> Vec<ShardId> {
        (0..self.count)
            .map(|index| ShardId {
                index,
                count: self.count,
            })
            .collect()
    }

    /// Whether shard `id`'s piece is in the directory.
    pub fn is_in(&self, id: ShardId) -> bool {
        piece_path(&self.directory, id).is_file()
    }

    /// The codes of all pieces.
    pub fn codes(&self) -> u64 {
        self.shards().iter().map(|&id| self.run.codes_of(id)).sum()
    }

    /// The codes of the pieces already in.
    pub fn codes_in(&self) -> u64 {
        let shards = self.shards();
        shards
            .iter()
            .filter(|&&id| self.is_in(id))
            .map(|&id| self.run.codes_of(id))
            .sum()
    }

    /// The run with its plan.
    pub fn planned(&self) -> &PlannedRun<'a> {
        &self.run
    }

    /// Solves the pieces `request` asks for that are not in yet, and, once all are in, merges
    /// them into the tree.
    ///
    /// A run of the whole that has solved every piece it could while other runs on the same
    /// directory hold the rest waits for them (looking again every [`WAIT_POLL`], and taking
    /// over a piece whose run went away), so that every run of the whole ends with the tree
    /// (and its certificate, when asked for). A run of one piece (`only`) ends once its piece
    /// is in: the run that brings the last piece in writes the tree, and the others end
    /// [`Finished::Waiting`].
    pub fn run(
        &self,
        request: Request,
        watcher: &dyn ResumeWatcher,
    ) -> Result<Finished, ResumeError> {
        watcher.started(&RunStart {
            pieces: self.shards().len(),
            pieces_in: self.shards().iter().filter(|&&id| self.is_in(id)).count(),
            codes: self.codes(),
            codes_in: self.codes_in(),
        });
        let mut solved_before = 0;
        loop {
            let mut finished = self.run_once(request, watcher)?;
            match &mut finished {
                Finished::Waiting {
                    held, solved_here, ..
                } if request.only.is_none() && !held.is_empty() => {
                    solved_before += *solved_here;
                    watcher.waiting(held);
                    std::thread::sleep(WAIT_POLL);
                }
                Finished::Tree { solved_here, .. } | Finished::Waiting { solved_here, .. } => {
                    *solved_here += solved_before;
                    return Ok(finished);
                }
                Finished::Unproven(_) => return Ok(finished),
            }
        }
    }

    /// [`ResumableRun::run`] without the wait for pieces other runs hold.
    fn run_once(
        &self,
        request: Request,
        watcher: &dyn ResumeWatcher,
    ) -> Result<Finished, ResumeError> {
        let shards = self.shards();
        let wanted = match request.only {
            Some(only) if only.count != self.count || only.index >= only.count => {
                return Err(ResumeError::OtherCount {
                    given: only,
                    count: self.count,
                })
            }
            Some(only) => vec![only],
            None => shards.clone(),
        };
        let kept: Vec<ShardId> = shards
            .iter()
            .copied()
            .filter(|&id| self.is_in(id))
            .collect();
        for &id in &kept {
            remove_notes(&notes_path(&self.directory, id))?;
        }
        // What the pieces in say: each piece solved is judged against them. Another run on
        // the same directory may add pieces as this one goes, so they are looked for before
        // each.
        let mut known = self.results_in(&kept)?;
        let mut taken_in = kept;
        let mut held = Vec::new();
        let mut solved_here = 0;
        for &id in &wanted {
            let arrived: Vec<ShardId> = shards
                .iter()
                .copied()
                .filter(|&id| self.is_in(id) && !taken_in.contains(&id))
                .collect();
            if !arrived.is_empty() {
                take_in(&mut known, self.results_in(&arrived)?);
                watcher.codes_settled(arrived.iter().map(|&id| self.run.codes_of(id)).sum());
                taken_in.extend(arrived);
            }
            if self.is_in(id) {
                continue;
            }
            let (solved, learnt) = match self.solve_noted(id, &known, watcher)? {
                Some(solved) => solved,
                None if request.only.is_some() && !self.is_in(id) => {
                    return Err(ResumeError::Locked {
                        id,
                        notes: notes_path(&self.directory, id),
                    })
                }
                None => {
                    held.push(id);
                    continue;
                }
            };
            let path = piece_path(&self.directory, id);
            let text = solved.part.to_json();
            watcher
                .write(&path, text.as_bytes())
                .map_err(ResumeError::Write)?;
            remove_notes(&notes_path(&self.directory, id))?;
            take_in(&mut known, self.run.results_in(&[(path, text)])?);
            taken_in.push(id);
            solved_here += 1;
            if request.certify {
                // Proven at once, while what its search learnt is at hand: a proof started
                // afresh would search much of it again.
                if let Some(unproven) = self.prove_piece(id, learnt, &mut held, watcher)? {
                    return Ok(unproven);
                }
            }
        }
        if request.certify {
            let in_now: Vec<ShardId> = wanted
                .iter()
                .copied()
                .filter(|&id| self.is_in(id))
                .collect();
            if let Some(unproven) = self.prove_pieces(&in_now, &mut held, watcher)? {
                return Ok(unproven);
            }
        }
        let missing = shards.iter().filter(|&&id| !self.is_in(id)).count();
        let unproven = if request.certify {
            shards
                .iter()
                .filter(|&&id| self.is_in(id) && !certificate_path(&self.directory, id).is_file())
                .count()
        } else {
            0
        };
        // A run for one piece proves no other piece: the runs of a job array would all
        // prove the same ones at once.
        if missing > 0 || request.only.is_some() && unproven > 0 {
            held.retain(|&id| !self.is_in(id));
            return Ok(Finished::Waiting {
                missing,
                unproven,
                held,
                solved_here,
            });
        }
        let files = self.read_pieces(&shards)?;
        if !request.certify {
            return Ok(Finished::Tree {
                file: Box::new(optimal::merge(&files)?),
                certificate: None,
                solved_here,
            });
        }
        if let Some(unproven) = self.prove_pieces(&shards, &mut held, watcher)? {
            return Ok(unproven);
        }
        // The proofs other runs were writing when this one looked may be done by now: each run
        // puts its own in place before it looks at the others', so the last one to end finds
        // them all and writes the tree.
        held.retain(|&id| !certificate_path(&self.directory, id).is_file());
        if !held.is_empty() {
            // Proofs that other runs are writing: the last of them writes the tree.
            return Ok(Finished::Waiting {
                missing: 0,
                unproven: held.len(),
                held,
                solved_here,
            });
        }
        let proofs = self.open_proofs(&shards)?;
        // The merged certificate can run to gigabytes: it goes to disk, beside the pieces.
        let scratch = tempfile::tempfile_in(&self.directory)
            .map_err(ResumeError::io("write", &self.directory))?;
        let (file, certificate) =
            certificates::certify_merge_into(&files, proofs, request.piece_proofs, scratch)?;
        Ok(Finished::Tree {
            file: Box::new(file),
            certificate: Some(certificate),
            solved_here,
        })
    }

    /// Refuses a piece or a piece's certificate that is not a regular file: a FIFO would hang
    /// the run when it is written or read, and a symbolic link or a device would be written
    /// through. (Notes are checked as they are opened.)
    fn refuse_special_files(&self) -> Result<(), ResumeError> {
        for id in self.shards() {
            for path in [
                piece_path(&self.directory, id),
                certificate_path(&self.directory, id),
                partial_path(&self.directory, id),
            ] {
                match std::fs::symlink_metadata(&path) {
                    Ok(metadata) if !metadata.file_type().is_file() => {
                        return Err(ResumeError::NotRegular(path))
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// The proofs of the pieces of shards `ids`, opened, with their paths.
    fn open_proofs(&self, ids: &[ShardId]) -> Result<Vec<(PathBuf, std::fs::File)>, ResumeError> {
        ids.iter()
            .map(|&id| {
                let path = certificate_path(&self.directory, id);
                let file = std::fs::File::open(&path).map_err(ResumeError::io("read", &path))?;
                Ok((path, file))
            })
            .collect()
    }

    /// The texts of the pieces of shards `ids`, with their paths.
    fn read_pieces(&self, ids: &[ShardId]) -> Result<Vec<(PathBuf, String)>, ResumeError> {
        ids.iter()
            .map(|&id| {
                let path = piece_path(&self.directory, id);
                let text = read_text(&path)?;
                Ok((path, text))
            })
            .collect()
    }

    /// What the pieces of shards `ids` say of the plan's pieces.
    fn results_in(&self, ids: &[ShardId]) -> Result<Vec<Option<PieceResult>>, ResumeError> {
        Ok(self.run.results_in(&self.read_pieces(ids)?)?)
    }

    /// Proves what the pieces of shards `ids` came to, each into its certificate beside it,
    /// unless one is there already (a stopped run proves only the rest), going on from the
    /// facts of a proof a stop cut short, and leaving to another run (adding it to `held`)
    /// a piece whose proof that run is writing. The smallest pieces go first, so that a run
    /// stopped after hours has finished every piece that fitted in them.
    fn prove_pieces(
        &self,
        ids: &[ShardId],
        held: &mut Vec<ShardId>,
        watcher: &dyn ResumeWatcher,
    ) -> Result<Option<Finished>, ResumeError> {
        let mut smallest_first = ids.to_vec();
        smallest_first.sort_by_key(|&id| (self.run.codes_of(id), id.index));
        for id in smallest_first {
            if let Some(unproven) = self.prove_piece(id, None, held, watcher)? {
                return Ok(Some(unproven));
            }
        }
        Ok(None)
    }

    /// Proves piece `id` (if no certificate has it yet and no other run is proving it, else
    /// adds it to `held`), going on from a stopped proof's facts, with what the search that
    /// solved it `learnt` if this process solved it; a piece its certificate cannot prove
    /// ends the run [`Finished::Unproven`].
    fn prove_piece(
        &self,
        id: ShardId,
        learnt: Option<Learnt>,
        held: &mut Vec<ShardId>,
        watcher: &dyn ResumeWatcher,
    ) -> Result<Option<Finished>, ResumeError> {
        let path = certificate_path(&self.directory, id);
        if path.is_file() {
            return Ok(None);
        }
        let started = Instant::now();
        let proven: Vec<(usize, u64)> = self
            .results_in(&[id])?
            .iter()
            .enumerate()
            .filter_map(|(index, result)| Some((index, result.as_ref()?.bound())))
            .collect();
        // Written as it is made, compressed, so that a stop keeps what it has proven: a
        // large piece's proof runs to gigabytes and hours.
        let partial = partial_path(&self.directory, id);
        let header = self.run.certificate_header();
        let under_way = partial_proofs::start(&partial, &header).map_err(|error| match error {
            StartError::Io(action, source) => ResumeError::io(action, &partial)(source),
            StartError::Refused(message) => ResumeError::StoppedProof {
                path: partial.clone(),
                message,
            },
        })?;
        let Some((mut proof, mut cited)) = under_way else {
            // Another run is proving it.
            if !held.contains(&id) {
                held.push(id);
            }
            return Ok(None);
        };
        if path.is_file() {
            // Another run finished the proof between the look above and the start.
            drop(cited);
            proof
                .abandon()
                .map_err(ResumeError::io("write", &partial))?;
            return Ok(None);
        }
        if proof.taken_in > 0 {
            watcher.event(ResumeEvent::ProofTakenIn {
                id,
                path: &partial,
                facts: proof.taken_in,
            });
        }
        let proving = self
            .run
            .certify_pieces_into(&proven, learnt, &mut cited, &mut proof.writer);
        match proving {
            Ok(()) => {}
            Err(CertifyError::Io(error)) => return Err(ResumeError::io("write", &partial)(error)),
            Err(reason) => {
                return Ok(Some(Finished::Unproven(UnprovenPiece {
                    id,
                    path: piece_path(&self.directory, id),
                    reason,
                })))
            }
        }
        let facts = proof.writer.facts();
        let bytes = proof
            .finish(&path)
            .map_err(ResumeError::io("write", &path))?;
        watcher.event(ResumeEvent::PieceCertified {
            id,
            facts,
            bytes,
            took: started.elapsed(),
        });
        Ok(None)
    }

    /// Solves the piece of shard `id` against the limit that what is `known` of the other
    /// pieces leaves, taking back in the notes an earlier start left and noting what this
    /// start proves. `None` when another run holds the piece's notes, or has just written it.
    fn solve_noted(
        &self,
        id: ShardId,
        known: &[Option<PieceResult>],
        watcher: &dyn ResumeWatcher,
    ) -> Result<Option<(ShardRun, Option<Learnt>)>, ResumeError> {
        let progress = Settled(watcher);
        let Some(index) = self.run.piece_of(id) else {
            return Ok(Some((self.run.run_shard(id, &progress)?, None)));
        };
        let path = notes_path(&self.directory, id);
        let book = self.run.codebook();
        // The notes are locked before they are read, so that two runs never solve one piece.
        let notebook = match NotesWriter::open(&path, book, self.run.digest(), index) {
            Ok(notebook) => notebook,
            Err(error) if error.kind() == ErrorKind::WouldBlock => return Ok(None),
            Err(error) => return Err(ResumeError::io("write", &path)(error)),
        };
        if self.is_in(id) {
            // Another run wrote the piece between the look and the lock.
            drop(notebook);
            remove_notes(&path)?;
            return Ok(None);
        }
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            // Another run finished the piece and removed its notes between the lock and the
            // read: the piece is that run's, as when its notes are locked.
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(ResumeError::io("read", &path)(error)),
        };
        let recalled = read_notes(&text, book, self.run.digest(), index).map_err(|source| {
            ResumeError::Notes {
                path: path.clone(),
                source,
            }
        })?;
        if !recalled.notes.is_empty() {
            watcher.event(ResumeEvent::NotesTakenIn {
                id,
                path: &path,
                notes: recalled.notes.len(),
                how_far: how_far(&recalled.notes),
            });
        }
        let limit = self.run.limits_given(known)[index];
        let planned = self.run.plan().pieces[index].limit;
        if limit < planned {
            watcher.event(ResumeEvent::TighterLimit { id, limit, planned });
        }
        let solved = self
            .run
            .run_piece_noted(id, index, limit, &progress, &recalled.notes, &notebook)
            .map_err(|error| match error {
                PieceError::ImpossibleNote(ImpossibleNote { index, reason }) => {
                    ResumeError::ImpossibleNote {
                        path: path.clone(),
                        line: recalled.lines.get(index).copied().unwrap_or(0),
                        reason,
                    }
                }
                PieceError::NoStrategy(error) => error.into(),
            })?;
        if notebook.set_aside() {
            watcher.event(ResumeEvent::NotesSetAside { path: &path });
        }
        if let Some(error) = notebook.failure() {
            watcher.event(ResumeEvent::NotesNotWritten { path: &path, error });
        }
        Ok(Some(solved))
    }
}

/// Passes on what the pieces settle, as codes of all pieces: a piece's own count of
/// subproblems would reset a progress bar at each piece.
struct Settled<'w>(&'w dyn ResumeWatcher);

impl Progress for Settled<'_> {
    fn codes_settled(&self, codes: u64) {
        self.0.codes_settled(codes);
    }

    fn search_nodes(&self, nodes: u64) {
        self.0.search_nodes(nodes);
    }
}

/// How far the notes of a piece had got: the guesses finished at its node, and the best.
fn how_far(notes: &[Note]) -> String {
    let tried: Vec<&GuessTried> = notes
        .iter()
        .filter_map(|note| match note {
            Note::Tried(tried) => Some(tried),
            Note::Set(_) => None,
        })
        .collect();
    let best = tried
        .iter()
        .filter(|tried| tried.exact)
        .map(|tried| tried.total)
        .min();
    match best {
        Some(best) => format!(
            "{} guesses finished at the piece's node, the best needing {best} guesses",
            tried.len()
        ),
        None => format!(
            "{} guesses finished at the piece's node, none below the limit yet",
            tried.len()
        ),
    }
}

/// Takes what newly read pieces say into what is `known`.
fn take_in(known: &mut [Option<PieceResult>], new: Vec<Option<PieceResult>>) {
    for (slot, result) in known.iter_mut().zip(new) {
        if result.is_some() {
            *slot = result;
        }
    }
}

/// The text of a piece, which is never larger than a tree file may be.
fn read_text(path: &Path) -> Result<String, ResumeError> {
    const MOST_BYTES: u64 = 1 << 30;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MOST_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ResumeError::io("read", path))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(ResumeError::io("read", path)(io::Error::new(
            ErrorKind::InvalidData,
            format!("larger than {MOST_BYTES} bytes; no piece is that large"),
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        ResumeError::io("read", path)(io::Error::new(
            ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (invalid byte at offset {})",
                error.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// Removes a piece's notes once the piece is in.
fn remove_notes(path: &Path) -> Result<(), ResumeError> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != ErrorKind::NotFound => {
            Err(ResumeError::io("remove", path)(error))
        }
        _ => Ok(()),
    }
}
