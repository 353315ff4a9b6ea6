//! `mastermind static`: static Mastermind, where every guess is made at once. `verify` checks a
//! set, `search` finds the least one with its proof, `table` runs the search over a range of
//! games.

mod search;
mod table;
mod verify;

use anyhow::bail;
use mastermind_core::{Game, Scorer};

use crate::args::StaticCommand;
use crate::commands::Outcome;

pub fn run(command: &StaticCommand, quiet: bool) -> anyhow::Result<Outcome> {
    match command {
        StaticCommand::Verify(args) => verify::run(args),
        StaticCommand::Search(args) => search::run(args, quiet),
        StaticCommand::Table(args) => table::run(args, quiet),
    }
}

/// The scorer the search needs: one that keeps every reply in a table.
fn searchable(game: Game) -> anyhow::Result<Scorer> {
    let scorer = Scorer::new(game);
    if !scorer.has_table() {
        bail!(
            "the static search keeps every reply in a table, which {} with its {} codes is too large for",
            game.describe(),
            game.code_count()
        );
    }
    Ok(scorer)
}
