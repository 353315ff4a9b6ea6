//! The `mastermind` command: builds, verifies and prints strategy trees for Mastermind and its
//! variants. Data goes to stdout, progress and messages to stderr; exit status 0 means success
//! (or a verified tree), 1 a tree that fails verification, 2 a usage or I/O error.

mod allocator;
mod args;
mod build_named;
mod commands;
mod interrupt;
mod output;
mod progress;
mod prompt;
mod source;
mod tree_input;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};

/// Exit status for a tree that fails verification.
const EXIT_INVALID: u8 = 1;
/// Exit status for usage and I/O errors, as clap uses for bad arguments.
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    mastermind::memory::adapt_to_limit();
    let cli = Cli::parse();
    // A cap on the kernels' vector unit that does not read would be ignored: refuse it.
    if let Err(message) = mastermind::vector_cap() {
        eprintln!("error: {message}");
        return ExitCode::from(EXIT_USAGE);
    }
    interrupt::clean_up_on_signals();
    // Started here rather than on first use, where rayon panics if no thread can be had (a
    // tight memory limit); zero threads means one per core.
    let threads = cli.threads.map_or(0, usize::from);
    if let Err(error) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
    {
        let count = match threads {
            0 => "the worker".to_owned(),
            n => n.to_string(),
        };
        eprintln!("error: cannot start {count} threads (under a memory limit?): {error}");
        return ExitCode::from(EXIT_USAGE);
    }
    let outcome = match cli.command {
        Command::Generate(args) => commands::generate::run(&args, cli.quiet),
        Command::Merge(args) => commands::shard::merge(&args, cli.quiet),
        Command::Verify(args) => commands::verify::run(&args, cli.quiet),
        Command::Certify(args) => commands::certify::run(&args, cli.quiet),
        Command::Print(args) => commands::print::run(&args),
        Command::Convert(args) => commands::convert::run(&args),
        Command::Compare(args) => commands::compare::run(&args, cli.quiet),
        Command::Trace(args) => commands::trace::run(&args, cli.quiet),
        Command::Next(args) => commands::next::run(&args, cli.quiet),
        Command::Solve(args) => commands::solve::run(&args, cli.quiet),
        Command::Play(args) => commands::play::run(&args),
        Command::Html(args) => commands::html::run(&args, cli.quiet),
        Command::Atlas(args) => commands::atlas::run(&args, cli.threads, cli.quiet),
        Command::AtlasEntry(args) => commands::atlas::entry(&args),
        Command::Static(command) => commands::static_mastermind::run(&command, cli.quiet),
        Command::Completions(args) => commands::completions::run(&args),
        Command::Man(args) => commands::man::run(&args, cli.quiet),
    };
    match outcome {
        Ok(commands::Outcome::Success) => ExitCode::SUCCESS,
        Ok(commands::Outcome::Invalid) => ExitCode::from(EXIT_INVALID),
        Ok(commands::Outcome::Unfinished(end)) => ExitCode::from(end.status()),
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
