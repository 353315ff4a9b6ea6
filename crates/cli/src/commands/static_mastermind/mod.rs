//! `mastermind static`: static Mastermind, where every guess is made at once. `verify` checks a
//! set, `search` finds the least one with its proof, `table` runs the search over a range of
//! games.

mod search;
mod table;
mod verify;

use std::time::Instant;

use mastermind::static_mastermind::{least_set, LeastSet};
use mastermind::Scorer;

use crate::args::StaticCommand;
use crate::commands::Outcome;
use crate::progress::BuildProgress;

pub fn run(command: &StaticCommand, quiet: bool) -> anyhow::Result<Outcome> {
    match command {
        StaticCommand::Verify(args) => verify::run(args),
        StaticCommand::Search(args) => search::run(args, quiet),
        StaticCommand::Table(args) => table::run(args, quiet),
    }
}

/// The least set of `scorer`'s game, with a progress bar, and the seconds it took.
fn timed_search(scorer: &Scorer, quiet: bool) -> (LeastSet, f64) {
    let started = Instant::now();
    let progress = BuildProgress::new(0, quiet);
    let least = least_set(scorer, &progress);
    progress.finish();
    (least, started.elapsed().as_secs_f64())
}
