//! `mastermind verify`: replays every code through a tree file (JSON, or either notation of
//! the papers) and reports what holds.

use mastermind_verify::VerifyOptions;

use crate::args::VerifyArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::tree_input::load_and_verify;

pub fn run(args: &VerifyArgs) -> anyhow::Result<Outcome> {
    let options = VerifyOptions {
        max_guesses: args.max_guesses,
    };
    let loaded = load_and_verify(&args.file, args.format, &args.input, &options)?;
    write_stdout(loaded.report.to_string().as_bytes())?;
    Ok(if loaded.report.is_valid() {
        Outcome::Success
    } else {
        Outcome::Invalid
    })
}
