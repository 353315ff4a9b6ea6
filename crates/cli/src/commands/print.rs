//! `mastermind print`: writes a verified tree in Knuth's or Irving's notation.

use mastermind_tree::notation::{print, Layout, Notation};

use crate::args::PrintArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::tree_input::load_valid_tree;

pub fn run(args: &PrintArgs) -> anyhow::Result<Outcome> {
    let Some((book, root)) =
        load_valid_tree(&args.file, args.input_notation, &args.input, "printed")?
    else {
        return Ok(Outcome::Invalid);
    };
    let notation = Notation::from(args.notation);
    let layout = if args.sections {
        Layout::Sections
    } else {
        Layout::Flat
    };
    write_stdout(print(&book, &root, notation, layout).as_bytes())?;
    Ok(Outcome::Success)
}
