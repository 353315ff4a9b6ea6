//! `mastermind static search`: the least static set of one game, with its proof.

use mastermind::static_mastermind::{LeastSet, Proof, StaticFile};

use crate::args::StaticSearchArgs;
use crate::commands::Outcome;
use crate::output::{check_output, outln, write_output};

use super::{searchable, timed_search};

pub fn run(args: &StaticSearchArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let scorer = searchable(game)?;
    check_output(args.output.as_deref())?;
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
    outln!("proof: {}", proof(&least, game.code_count()))?;
    outln!("time: {seconds:.2}s")?;
    Ok(Outcome::Success)
}

/// Why no smaller set works, with the work the search did.
fn proof(least: &LeastSet, codes: usize) -> String {
    match &least.proof {
        Proof::Counting { .. } if least.guesses.is_empty() => {
            "a game of one code needs no guess".to_owned()
        }
        Proof::Counting { size, replies } => {
            let vectors = u32::try_from(*size)
                .ok()
                .and_then(|size| (*replies as u128).checked_pow(size))
                .map_or(String::new(), |vectors| format!(" = {vectors}"));
            let (guesses, have) = match size {
                1 => ("1 guess".to_owned(), "has"),
                n => (format!("{n} guesses"), "have"),
            };
            format!(
                "{guesses} {have} at most {replies}^{size}{vectors} reply vectors, fewer than the {codes} codes"
            )
        }
        Proof::Exhaustive(search) => format!(
            "no set of {} works: an exhaustive search up to symmetry followed {} partial sets and checked {} whole sets",
            search.size, search.partial_sets, search.sets_checked
        ),
    }
}
