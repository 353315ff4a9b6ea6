//! `mastermind static search`: the least static set of one game, with its proof.

use mastermind::static_mastermind::{searchable, StaticFile};

use crate::commands::static_mastermind::StaticSearchArgs;
use crate::commands::Outcome;
use crate::output::{outln, write_output, Files};

use super::timed_search;

pub fn run(args: &StaticSearchArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let scorer = searchable(game)?;
    Files::new().writes("-o", args.output.as_deref()).check()?;
    if let Some(shard) = args.shard {
        return crate::commands::shard::static_search(
            &scorer,
            shard,
            args.output.as_deref(),
            quiet,
        );
    }
    let (least, seconds) = timed_search(&scorer, quiet);
    let book = scorer.codebook();
    let file = StaticFile::of(book, &least, Some(seconds));
    if let Some(path) = &args.output {
        write_output(Some(path), file.to_json().as_bytes())?;
    }
    outln!(
        "least number of static guesses for {}: {}",
        game.describe(),
        least.guesses.len()
    )?;
    outln!(
        "a set of {}: {}",
        least.guesses.len(),
        file.guesses.join(" ")
    )?;
    outln!("proof: {}", least.proof_text(game.code_count()))?;
    outln!("time: {seconds:.2}s")?;
    Ok(Outcome::Success)
}
