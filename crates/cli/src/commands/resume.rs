//! `generate --strategy optimal --resume DIR`: the optimal search as a run that can stop and go
//! on. Its pieces are solved one after another, each written to DIR as soon as it is settled
//! (atomically, as every output is), and pieces already in DIR are not solved again; once all
//! are there they are merged, checked and verified as `mastermind merge` does, into the same
//! tree one uninterrupted run writes. The pieces are the shards of a run with one shard per
//! piece, so a resumed run on one machine and a job array on many are one mechanism.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use mastermind_core::Scorer;
use mastermind_shard::optimal::{self, PlannedRun};
use mastermind_shard::ShardId;
use mastermind_solve::Progress;

use crate::args::GenerateArgs;
use crate::commands::{claims_summary, refused_merge, Outcome};
use crate::input::read_input;
use crate::output::write_output;
use crate::progress::BuildProgress;
use crate::strategy::optimal_search;

/// The file of shard `index` of `count` in `directory`.
fn piece_path(directory: &Path, index: u32, count: u32) -> PathBuf {
    directory.join(format!("piece-{index:04}-of-{count}.json"))
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
    let shards: Vec<ShardId> = (0..count).map(|index| ShardId { index, count }).collect();
    let done = |id: &ShardId| piece_path(directory, id.index, count).is_file();
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
    for &id in shards.iter().filter(|id| !done(id)) {
        let solved = run.run_shard(id, &PiecesProgress(&progress));
        let solved = match solved {
            Ok(solved) => solved,
            Err(error) => {
                progress.finish();
                return Err(error.into());
            }
        };
        let path = piece_path(directory, id.index, count);
        write_output(Some(&path), solved.part.to_json().as_bytes())?;
    }
    progress.finish();
    let files = shards
        .iter()
        .map(|id| {
            let path = piece_path(directory, id.index, count);
            Ok((path.clone(), read_input(&path)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let file = match optimal::merge(&files) {
        Ok(file) => file,
        Err(error) => return refused_merge(error),
    };
    write_output(args.output.as_deref(), file.to_json().as_bytes())?;
    if !quiet {
        eprintln!(
            "optimal {}: {}, {} pieces solved now in {:.2?}",
            game.describe(),
            claims_summary(&file),
            shards.len() - kept.len(),
            started.elapsed()
        );
    }
    Ok(Outcome::Success)
}
