//! `generate --strategy optimal --resume DIR`: the optimal search as a run that can stop and go
//! on. Its pieces are solved one after another, each written to DIR as soon as it is settled
//! (atomically, as every output is), and pieces already in DIR are not solved again; once all
//! are there they are merged, checked and verified as `mastermind merge` does, into the same
//! tree one uninterrupted run writes. The pieces are the shards of a run with one shard per
//! piece, so a resumed run on one machine and a job array on many are one mechanism.
//!
//! A piece can take hours, so what its search proves is noted in DIR as it goes (beside the
//! piece's file, as `.notes`, see [`mastermind_shard::notes`]): a run stopped in the middle of
//! a piece takes the notes back in and goes on from there. The notes are removed once the
//! piece is written.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use mastermind_core::Scorer;
use mastermind_shard::notes::{read_notes, NotesWriter};
use mastermind_shard::optimal::{self, PlannedRun, ShardRun};
use mastermind_shard::{certificates, ShardId};
use mastermind_solve::pieces::{GuessTried, ImpossibleNote, Note, PieceError, PieceResult};
use mastermind_solve::{CertifyError, Progress};
use mastermind_tree::TreeFile;

use crate::args::GenerateArgs;
use crate::commands::{claims_summary, plural, refused_merge, Outcome};
use crate::input::{open_input, read_input};
use crate::output::write_output;
use crate::progress::BuildProgress;
use crate::strategy::optimal_search;

/// The file of shard `index` of `count` in `directory`.
fn piece_path(directory: &Path, index: u32, count: u32) -> PathBuf {
    directory.join(format!("piece-{index:04}-of-{count}.json"))
}

/// The notes of the search of shard `index` of `count` in `directory`, while it runs.
fn notes_path(directory: &Path, index: u32, count: u32) -> PathBuf {
    directory.join(format!("piece-{index:04}-of-{count}.notes"))
}

/// The certificate of the piece of shard `index` of `count` in `directory`.
fn certificate_path(directory: &Path, index: u32, count: u32) -> PathBuf {
    directory.join(format!("piece-{index:04}-of-{count}.cert"))
}

/// Refuses a piece or a piece's certificate in `directory` that is not a regular file: a FIFO
/// would hang the run when it is written or read, and a symbolic link or a device would be
/// written through. (Notes are checked as they are opened.)
fn refuse_special_files(directory: &Path, count: u32) -> anyhow::Result<()> {
    for index in 0..count {
        for path in [
            piece_path(directory, index, count),
            certificate_path(directory, index, count),
        ] {
            match std::fs::symlink_metadata(&path) {
                Ok(metadata) if !metadata.file_type().is_file() => bail!(
                    "{} is not a regular file (a FIFO, a device, a directory or a symbolic \
                     link); a run keeps its pieces in regular files only: remove it",
                    path.display()
                ),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Passes on what the pieces settle, as codes of all pieces: a piece's own count of
/// subproblems would reset the bar at each piece.
struct PiecesProgress<'a>(&'a BuildProgress);

impl Progress for PiecesProgress<'_> {
    fn codes_settled(&self, codes: u64) {
        self.0.codes_settled(codes);
    }
}

pub fn run(args: &GenerateArgs, directory: &Path, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    let started = Instant::now();
    std::fs::create_dir_all(directory)
        .with_context(|| format!("cannot create {}", directory.display()))?;
    let scorer = Scorer::new(game);
    let run = PlannedRun::new(&scorer, &options, &strategy)?;
    let count = u32::try_from(run.pieces()).context("too many pieces")?;
    refuse_special_files(directory, count)?;
    let shards: Vec<ShardId> = (0..count).map(|index| ShardId { index, count }).collect();
    let done = |id: &ShardId| piece_path(directory, id.index, count).is_file();
    let wanted: Vec<ShardId> = match args.shard {
        Some(only) if only.count != count => {
            bail!("--shard with --resume names one of the plan's pieces: K/{count}, not {only}")
        }
        Some(only) => vec![only],
        None => shards.clone(),
    };
    let all_codes: u64 = shards.iter().map(|&id| run.codes_of(id)).sum();
    let kept: Vec<ShardId> = shards.iter().copied().filter(done).collect();
    if !quiet {
        eprintln!(
            "optimal {}: {} of the plan's {count} pieces already in {}",
            game.describe(),
            kept.len(),
            directory.display()
        );
    }
    let progress = BuildProgress::new(all_codes, quiet);
    progress.codes_settled(kept.iter().map(|&id| run.codes_of(id)).sum());
    for &id in &kept {
        remove_notes(&notes_path(directory, id.index, count))?;
    }
    // What the pieces in say: each piece solved is judged against them. Another run on the
    // same directory may add pieces as this one goes, so they are looked for before each.
    let mut known = results_in(&run, directory, &kept)?;
    let mut taken_in = kept.clone();
    let mut held = Vec::new();
    let mut solved_here = 0;
    for &id in &wanted {
        let arrived: Vec<ShardId> = shards
            .iter()
            .copied()
            .filter(|id| done(id) && !taken_in.contains(id))
            .collect();
        if !arrived.is_empty() {
            take_in(&mut known, results_in(&run, directory, &arrived)?);
            progress.codes_settled(arrived.iter().map(|&id| run.codes_of(id)).sum());
            taken_in.extend(arrived);
        }
        if done(&id) {
            continue;
        }
        let solved = match solve_noted(&run, id, directory, &known, &progress, quiet) {
            Ok(Some(solved)) => solved,
            Ok(None) if args.shard.is_some() && !done(&id) => {
                progress.finish();
                bail!(
                    "piece {id}: another process is solving it (its notes, {}, are locked); let \
                     it finish or stop it first",
                    notes_path(directory, id.index, count).display()
                );
            }
            Ok(None) => {
                held.push(id);
                continue;
            }
            Err(error) => {
                progress.finish();
                return Err(error);
            }
        };
        let path = piece_path(directory, id.index, count);
        let text = solved.part.to_json();
        write_output(Some(&path), text.as_bytes())?;
        remove_notes(&notes_path(directory, id.index, count))?;
        take_in(&mut known, run.results_in(&[(path, text)])?);
        taken_in.push(id);
        solved_here += 1;
    }
    progress.finish();
    if args.certificate.is_some() {
        let in_now: Vec<ShardId> = wanted.iter().copied().filter(done).collect();
        if !prove_pieces(&run, directory, &in_now, quiet)? {
            return Ok(Outcome::Invalid);
        }
    }
    let missing = shards.iter().filter(|id| !done(id)).count();
    held.retain(|id| !done(id));
    if missing > 0 {
        if !quiet {
            let listed = |ids: &[ShardId]| {
                ids.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if held.is_empty() {
                // Only one piece was asked for: the tree waits for the others.
                eprintln!(
                    "optimal {}: piece {} is in {}; {missing} of the plan's {count} pieces are \
                     still to solve before the tree can be written",
                    game.describe(),
                    listed(&wanted),
                    directory.display()
                );
            } else {
                eprintln!(
                    "optimal {}: {missing} of the plan's {count} pieces are not in {} yet; \
                     another run is solving {} (their notes are locked), and whichever run \
                     ends last writes the tree",
                    game.describe(),
                    directory.display(),
                    listed(&held)
                );
            }
        }
        return Ok(Outcome::Success);
    }
    let files = shards
        .iter()
        .map(|id| {
            let path = piece_path(directory, id.index, count);
            Ok((path.clone(), read_input(&path)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let Some(certificate) = &args.certificate else {
        let file = match optimal::merge(&files) {
            Ok(file) => file,
            Err(error) => return refused_merge(error),
        };
        write_output(args.output.as_deref(), file.to_json().as_bytes())?;
        report_tree(&file, solved_here, started, quiet)?;
        return Ok(Outcome::Success);
    };
    if !prove_pieces(&run, directory, &shards, quiet)? {
        return Ok(Outcome::Invalid);
    }
    let proofs = shards
        .iter()
        .map(|id| {
            let path = certificate_path(directory, id.index, count);
            Ok((path.clone(), open_input(&path)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut bytes = Vec::new();
    let (file, facts) = match certificates::certify_merge(&files, proofs, &mut bytes) {
        Ok(merged) => merged,
        Err(error) => return refused_merge(error),
    };
    write_output(args.output.as_deref(), file.to_json().as_bytes())?;
    write_output(Some(certificate), &bytes)?;
    report_tree(&file, solved_here, started, quiet)?;
    if !quiet {
        eprintln!(
            "certificate: {facts} facts, {} bytes, in {}",
            bytes.len(),
            certificate.display()
        );
    }
    Ok(Outcome::Success)
}

/// Says what the finished run wrote.
fn report_tree(
    file: &TreeFile,
    solved_here: usize,
    started: Instant,
    quiet: bool,
) -> anyhow::Result<()> {
    let game = file.game()?;
    if !quiet {
        eprintln!(
            "optimal {}: {}, {} solved now in {:.2?}",
            game.describe(),
            claims_summary(file),
            plural(solved_here, "piece", "pieces"),
            started.elapsed()
        );
    }
    Ok(())
}

/// Proves what the pieces of shards `ids` in `directory` came to, each into its certificate
/// beside it, unless one is there already (a stopped run proves only the rest). `false`, said
/// on stderr, when a piece's result cannot be proven: it is not what it claims (notes that
/// lied may have made it so) and the run's result is not proven.
fn prove_pieces(
    run: &PlannedRun<'_>,
    directory: &Path,
    ids: &[ShardId],
    quiet: bool,
) -> anyhow::Result<bool> {
    for &id in ids {
        let path = certificate_path(directory, id.index, id.count);
        if path.is_file() {
            continue;
        }
        let started = Instant::now();
        let proven: Vec<(usize, u64)> = results_in(run, directory, &[id])?
            .iter()
            .enumerate()
            .filter_map(|(index, result)| Some((index, result.as_ref()?.bound())))
            .collect();
        let mut bytes = Vec::new();
        let facts = match run.certify_pieces(&proven, &mut bytes) {
            Ok(facts) => facts,
            Err(CertifyError::Io(error)) => return Err(error.into()),
            Err(unproven) => {
                eprintln!(
                    "error: piece {id} ({}): {unproven}; remove the piece to solve it again",
                    piece_path(directory, id.index, id.count).display()
                );
                return Ok(false);
            }
        };
        write_output(Some(&path), &bytes)?;
        if !quiet {
            eprintln!(
                "piece {id}: certificate of {facts} facts, {} bytes, proven in {:.2?}",
                bytes.len(),
                started.elapsed()
            );
        }
    }
    Ok(true)
}

/// Solves the piece of shard `id` against the limit that what is `known` of the other pieces
/// leaves, taking back in the notes an earlier start left in `directory` and noting there what
/// this start proves. `None` when another run holds the piece's notes, or has just written it.
fn solve_noted(
    run: &PlannedRun<'_>,
    id: ShardId,
    directory: &Path,
    known: &[Option<PieceResult>],
    progress: &BuildProgress,
    quiet: bool,
) -> anyhow::Result<Option<ShardRun>> {
    let Some(index) = run.piece_of(id) else {
        return Ok(Some(run.run_shard(id, &PiecesProgress(progress))?));
    };
    let path = notes_path(directory, id.index, id.count);
    let book = run.codebook();
    // The notes are locked before they are read, so that two runs never solve one piece.
    let notebook = match NotesWriter::open(&path, book, run.digest(), index) {
        Ok(notebook) => notebook,
        Err(error) if error.kind() == ErrorKind::WouldBlock => return Ok(None),
        Err(error) => {
            return Err(error).with_context(|| format!("cannot write {}", path.display()))
        }
    };
    if piece_path(directory, id.index, id.count).is_file() {
        // Another run wrote the piece between the look and the lock.
        drop(notebook);
        remove_notes(&path)?;
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let recalled = read_notes(&text, book, run.digest(), index)
        .with_context(|| format!("cannot take back in {}", path.display()))?;
    let lines = recalled.lines;
    let recalled = recalled.notes;
    if !quiet && !recalled.is_empty() {
        progress.println(&format!(
            "piece {} of {}: {} notes taken back in from {} ({})",
            id.index,
            id.count,
            recalled.len(),
            path.display(),
            how_far(&recalled)
        ));
    }
    let limit = run.limits_given(known)[index];
    if !quiet && limit < run.plan().pieces[index].limit {
        progress.println(&format!(
            "piece {} of {}: solved against {limit} guesses, not the plan's {}, from the \
             pieces already in",
            id.index,
            id.count,
            run.plan().pieces[index].limit
        ));
    }
    let solved = run
        .run_piece_noted(
            id,
            index,
            limit,
            &PiecesProgress(progress),
            &recalled,
            &notebook,
        )
        .map_err(|error| match error {
            PieceError::ImpossibleNote(ImpossibleNote { index, reason }) => anyhow::anyhow!(
                "{} line {}: this note cannot hold: {reason}; remove the line (or the file, to \
                 solve the piece from nothing)",
                path.display(),
                lines.get(index).copied().unwrap_or(0)
            ),
            other => other.into(),
        })?;
    if notebook.set_aside() {
        progress.println(&format!(
            "warning: the search contradicted the notes in {} (a total no strategy reaches): \
             they were set aside and the piece solved from nothing",
            path.display()
        ));
    }
    if let Some(error) = notebook.failure() {
        progress.println(&format!(
            "warning: the notes could not all be written to {} ({error}): the piece was \
             solved, but a stop would have lost more",
            path.display()
        ));
    }
    Ok(Some(solved))
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

/// What the pieces of shards `ids` in `directory` say of the plan's pieces.
fn results_in(
    run: &PlannedRun<'_>,
    directory: &Path,
    ids: &[ShardId],
) -> anyhow::Result<Vec<Option<PieceResult>>> {
    let files = ids
        .iter()
        .map(|id| {
            let path = piece_path(directory, id.index, id.count);
            Ok((path.clone(), read_input(&path)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(run.results_in(&files)?)
}

/// Takes what newly read pieces say into what is `known`.
fn take_in(known: &mut [Option<PieceResult>], new: Vec<Option<PieceResult>>) {
    for (slot, result) in known.iter_mut().zip(new) {
        if result.is_some() {
            *slot = result;
        }
    }
}

/// Removes a piece's notes once the piece is in.
fn remove_notes(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != ErrorKind::NotFound => {
            Err(error).with_context(|| format!("cannot remove {}", path.display()))
        }
        _ => Ok(()),
    }
}
