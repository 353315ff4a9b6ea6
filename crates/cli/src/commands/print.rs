//! `mastermind print`: writes a verified tree in Knuth's or Irving's notation, or in the C
//! solver's punch card or YAML.

use anyhow::Context;
use mastermind::formats::Format;
use mastermind::notation::{print, Layout, Notation};

use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::tree_input::{load_valid_tree, ValidTree};

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::args::tree_input::{NotationInputArgs, TreeFormat};

/// The formats `print` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// Knuth's 1976 notation.
    Knuth,
    /// Irving's notation as used by Koyama and Lai.
    Irving,
    /// The C solver's punch card (colours from 0, at most 10 colours).
    PunchCard,
    /// The C solver's YAML (colours from 0, at most 10 colours).
    Yaml,
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The tree file to print (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The notation or format to print in.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PrintFormat::Knuth)]
    pub notation: PrintFormat,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,

    /// Name the first guess's large replies A, B, C, … and write them out after `where`,
    /// as Figure 1 of Knuth's paper does (in the papers' notations).
    #[arg(long)]
    pub sections: bool,
}

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
