//! `mastermind man`: the manual pages in roff, generated from the clap definitions (the same
//! text `--help` shows), for `man` to read: the main page to stdout, or with `--dir` the main
//! page and one per subcommand (`mastermind-generate.1`, …), which the main page names.

use std::path::Path;

use anyhow::Context;
use clap::CommandFactory;

use crate::args::{Cli, ManArgs};
use crate::commands::Outcome;
use crate::output::{write_output, write_stdout};

pub fn run(args: &ManArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let Some(directory) = &args.dir else {
        let mut page = Vec::new();
        clap_mangen::Man::new(Cli::command()).render(&mut page)?;
        write_stdout(&page)?;
        return Ok(Outcome::Success);
    };
    std::fs::create_dir_all(directory)
        .with_context(|| format!("cannot create {}", directory.display()))?;
    let mut command = Cli::command().disable_help_subcommand(true);
    // Built, each subcommand is named `mastermind-generate` and so on, as its page is.
    command.build();
    let mut written = Vec::new();
    write_pages(&command, directory, &mut written)?;
    if !quiet {
        eprintln!(
            "wrote {} manual pages into {}: {}",
            written.len(),
            directory.display(),
            written.join(", ")
        );
    }
    Ok(Outcome::Success)
}

/// Writes the page of `command` and of each of its subcommands into `directory`.
fn write_pages(
    command: &clap::Command,
    directory: &Path,
    written: &mut Vec<String>,
) -> anyhow::Result<()> {
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render(&mut page)?;
    let name = man.get_filename();
    let path = directory.join(&name);
    // The names are ours, not the user's: a link named like a page is never written through,
    // which would let whoever made it have any file replaced by a manual page.
    if std::fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.is_symlink()) {
        anyhow::bail!(
            "{} is a symbolic link; `man --dir` writes its pages only as files of their own \
             (remove the link, or give another directory)",
            path.display()
        );
    }
    write_output(Some(&path), &page)?;
    written.push(name);
    for subcommand in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        write_pages(subcommand, directory, written)?;
    }
    Ok(())
}
