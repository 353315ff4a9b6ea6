//! `mastermind atlas-entry` (hidden): one measure of one game, run by `atlas` as a process of
//! its own so that it can be stopped when its budget runs out (see
//! [`mastermind::atlas::ChildProcess`]). The figures go to stdout as JSON.

use mastermind::atlas::{compute_as_child, GameKey};

use crate::commands::atlas::AtlasEntryArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;

pub fn run(args: &AtlasEntryArgs) -> anyhow::Result<Outcome> {
    let game = GameKey {
        pegs: args.pegs,
        colours: args.colours,
        variant: args.variant,
    };
    let figures = compute_as_child(args.measure, game).map_err(anyhow::Error::msg)?;
    write_stdout((serde_json::to_string(&figures)? + "\n").as_bytes())?;
    Ok(Outcome::Success)
}
