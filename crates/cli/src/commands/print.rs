//! `mastermind print`: writes a verified tree in Knuth's or Irving's notation.

use mastermind_tree::notation::{print, Layout, Notation};
use mastermind_verify::VerifyOptions;

use crate::args::PrintArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::tree_input::load_and_verify;

pub fn run(args: &PrintArgs) -> anyhow::Result<Outcome> {
    let loaded = load_and_verify(
        &args.file,
        args.input_notation,
        &args.input,
        &VerifyOptions::default(),
    )?;
    let Some(root) = &loaded.report.tree else {
        eprintln!(
            "{} does not verify, so it is not printed:",
            args.file.display()
        );
        eprint!("{}", loaded.report);
        return Ok(Outcome::Invalid);
    };
    let notation = Notation::from(args.notation);
    let layout = if args.sections {
        Layout::Sections
    } else {
        Layout::Flat
    };
    write_stdout(print(&loaded.book, root, notation, layout).as_bytes())?;
    Ok(Outcome::Success)
}
