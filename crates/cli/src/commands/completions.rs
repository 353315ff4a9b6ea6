//! `mastermind completions SHELL`: shell completion scripts generated from the clap definitions.

use clap::CommandFactory;

use crate::args::{Cli, CompletionsArgs};
use crate::commands::Outcome;

pub fn run(args: &CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    clap_complete::generate(args.shell, &mut command, "mastermind", &mut std::io::stdout());
    Ok(Outcome::Success)
}
