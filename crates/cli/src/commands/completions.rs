//! `mastermind completions SHELL`: shell completion scripts generated from the clap definitions.

use clap::CommandFactory;

use crate::args::{Cli, CompletionsArgs};
use crate::commands::Outcome;
use crate::output::write_stdout;

pub fn run(args: &CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "mastermind", &mut script);
    write_stdout(&script)?;
    Ok(Outcome::Success)
}
