//! `mastermind print`: writes a verified tree in Knuth's or Irving's notation.

use mastermind_tree::notation::{print, Layout, Notation};
use mastermind_verify::VerifyOptions;

use crate::args::{NotationName, PrintArgs};
use crate::commands::Outcome;
use crate::tree_input::load_and_verify;

pub fn run(args: &PrintArgs) -> anyhow::Result<Outcome> {
    let loaded = load_and_verify(&args.file, &VerifyOptions::default())?;
    let Some(root) = &loaded.report.tree else {
        eprintln!("{} does not verify, so it is not printed:", args.file.display());
        eprint!("{}", loaded.report);
        return Ok(Outcome::Invalid);
    };
    let notation = match args.notation {
        NotationName::Knuth => Notation::Knuth,
        NotationName::Irving => Notation::Irving,
    };
    let layout = if args.sections { Layout::Sections } else { Layout::Flat };
    print!("{}", print(&loaded.book, root, notation, layout));
    Ok(Outcome::Success)
}
