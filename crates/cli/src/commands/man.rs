//! `mastermind man`: the manual page in roff, generated from the clap definitions (the same
//! text `--help` shows), for `man` to read.

use clap::CommandFactory;

use crate::args::Cli;
use crate::commands::Outcome;
use crate::output::write_stdout;

pub fn run() -> anyhow::Result<Outcome> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    write_stdout(&page)?;
    Ok(Outcome::Success)
}
