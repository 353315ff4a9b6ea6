//! `mastermind static table`: the least static sets over a range of games, laid out as the
//! cut-the-knot table, optionally with each entry's result file.

use mastermind::static_mastermind::{layout, searchable, Entry, StaticFile};
use mastermind::{FeedbackKind, Game};

use crate::commands::static_mastermind::StaticTableArgs;
use crate::commands::Outcome;
use crate::output::{write_output, write_stdout};

use super::timed_search;

pub fn run(args: &StaticTableArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let colours = args.colours.values();
    let pegs = args.pegs.values();
    let feedback = if args.black_only {
        FeedbackKind::BlackOnly
    } else {
        FeedbackKind::BlackWhite
    };
    if let Some(directory) = &args.output_dir {
        std::fs::create_dir_all(directory)
            .map_err(|error| anyhow::anyhow!("cannot create {}: {error}", directory.display()))?;
    }
    let mut entries = Vec::new();
    for &c in &colours {
        for &p in &pegs {
            let Ok(game) = Game::new(p, c, !args.no_repeat, feedback) else {
                continue;
            };
            if game.code_count() > args.max_codes {
                continue;
            }
            let scorer = searchable(game)?;
            let (least, seconds) = timed_search(&scorer, quiet);
            if !quiet {
                eprintln!(
                    "{}: {} ({seconds:.2}s)",
                    game.describe(),
                    least.guesses.len()
                );
            }
            if let Some(directory) = &args.output_dir {
                let file = StaticFile::of(scorer.codebook(), &least, Some(seconds));
                let path = directory.join(format!("{p}x{c}.json"));
                write_output(Some(&path), file.to_json().as_bytes())?;
            }
            entries.push(Entry {
                colours: c as usize,
                pegs: p as usize,
                least: Some(least.guesses.len()),
                seconds,
            });
        }
    }
    let colours: Vec<usize> = colours.iter().map(|&c| c as usize).collect();
    let pegs: Vec<usize> = pegs.iter().map(|&p| p as usize).collect();
    write_stdout(layout(&entries, &colours, &pegs).as_bytes())?;
    Ok(Outcome::Success)
}
