//! `mastermind print`: writes a verified tree in Knuth's or Irving's notation, or in the C
//! solver's punch card or YAML.

use anyhow::Context;
use mastermind::formats::Format;
use mastermind::notation::{print, Layout, Notation};

use crate::args::{PrintArgs, PrintFormat};
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &PrintArgs) -> anyhow::Result<Outcome> {
    if args.sections && matches!(args.notation, PrintFormat::PunchCard | PrintFormat::Yaml) {
        anyhow::bail!("--sections applies to Knuth's and Irving's notations only");
    }
    let Some(ValidTree { book, root, .. }) =
        load_valid_tree(&args.file, args.format, &args.input, "printed")?
    else {
        return Ok(Outcome::Invalid);
    };
    let layout = if args.sections {
        Layout::Sections
    } else {
        Layout::Flat
    };
    let text = match args.notation {
        PrintFormat::Knuth => print(&book, &root, Notation::Knuth, layout),
        PrintFormat::Irving => print(&book, &root, Notation::Irving, layout),
        PrintFormat::PunchCard => mastermind::formats::write(&book, &root, Format::PunchCard)
            .context("cannot print the tree as a punch card")?,
        PrintFormat::Yaml => mastermind::formats::write(&book, &root, Format::Yaml)
            .context("cannot print the tree as YAML")?,
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}
