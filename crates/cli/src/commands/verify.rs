//! `mastermind verify`: replays every code through a tree file and reports what holds.

use crate::args::VerifyArgs;
use crate::commands::Outcome;

pub fn run(_args: &VerifyArgs) -> anyhow::Result<Outcome> {
    anyhow::bail!("verify is not wired yet")
}
