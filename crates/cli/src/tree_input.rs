//! Loading a tree file named on the command line and verifying it, for the commands that
//! need a verified tree (`verify` reports on it, `print` refuses to print a broken one). The
//! file is JSON when it starts with `{`, and otherwise a tree in Knuth's or Irving's notation
//! for the game given by the game flags.

use std::path::Path;

use anyhow::{bail, Context};
use mastermind_core::{Codebook, Scorer};
use mastermind_play::parse_history;
use mastermind_tree::notation::read;
use mastermind_tree::{Node, Notation, TreeFile};
use mastermind_verify::{
    quoted_average_notes, verify_file, verify_notation, Report, VerifyOptions,
};

use crate::args::{NotationInputArgs, NotationName};
use crate::input::read_input;

/// A tree file as read and verified.
pub struct LoadedTree {
    pub book: Codebook,
    pub report: Report,
}

/// Reads `path` (or stdin for `-`) and verifies it. Unreadable input is an error (exit 2);
/// a readable tree that fails verification comes back with the problems in its report.
/// `notation` forces the notation of a tree that is not JSON.
pub fn load_and_verify(
    path: &Path,
    notation: Option<NotationName>,
    input: &NotationInputArgs,
    options: &VerifyOptions,
) -> anyhow::Result<LoadedTree> {
    let text = read_input(path)?;
    if text.trim_start().starts_with('{') {
        if input.after.is_some() {
            bail!("--after applies to trees in the papers' notation; a JSON tree file starts at the root");
        }
        let file = TreeFile::from_json(&text)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let report = verify_file(&file, options)?;
        let book = Codebook::new(file.game()?);
        return Ok(LoadedTree { book, report });
    }
    let game = input.game.game()?;
    let scorer = Scorer::new(game);
    let history = match &input.after {
        Some(after) => parse_history(scorer.codebook(), after).context("in --after")?,
        None => Vec::new(),
    };
    let reading = read(&text, &game, notation.map(Notation::from));
    if reading.tree.is_none() {
        let first = reading.errors.first().map(|error| {
            let (line, column) = error.location;
            format!(": line {line}, column {column}: {}", error.kind)
        });
        bail!(
            "cannot read {} as a strategy tree{}",
            path.display(),
            first.unwrap_or_default()
        );
    }
    let mut report = verify_notation(&scorer, &reading, &history, options);
    if let Some(name) = input
        .strategy_name
        .as_deref()
        .filter(|_| history.is_empty())
    {
        if report.is_valid() {
            let notes = quoted_average_notes(&game, name, &report.statistics);
            report.notes.extend(notes);
        }
    }
    let how = if reading.detected {
        "detected"
    } else {
        "as asked"
    };
    report.notes.push(format!(
        "read in {}'s notation ({how}) for {}",
        capitalised(reading.notation),
        game.describe()
    ));
    Ok(LoadedTree {
        book: scorer.codebook().clone(),
        report,
    })
}

/// Loads and verifies a tree for a command that needs a valid one. A tree that fails
/// verification is reported on stderr, saying it was not `refused_as` (such as "printed"),
/// and comes back as `None`.
pub fn load_valid_tree(
    path: &Path,
    notation: Option<NotationName>,
    input: &NotationInputArgs,
    refused_as: &str,
) -> anyhow::Result<Option<(Codebook, Node)>> {
    let loaded = load_and_verify(path, notation, input, &VerifyOptions::default())?;
    match loaded.report.tree {
        Some(root) => Ok(Some((loaded.book, root))),
        None => {
            eprintln!(
                "{} does not verify, so it is not {refused_as}:",
                path.display()
            );
            eprint!("{}", loaded.report);
            Ok(None)
        }
    }
}

fn capitalised(notation: Notation) -> &'static str {
    match notation {
        Notation::Knuth => "Knuth",
        Notation::Irving => "Irving",
    }
}
