//! `mastermind print`: writes a tree file in Knuth's or Irving's notation.

use crate::args::PrintArgs;
use crate::commands::Outcome;

pub fn run(_args: &PrintArgs) -> anyhow::Result<Outcome> {
    anyhow::bail!("print is not wired yet")
}
