//! Loading a tree file named on the command line and verifying it (see
//! [`mastermind::read`]), for the commands that need a verified tree (`verify` reports on it,
//! `print` refuses to print a broken one): the reader's errors and hints in the flags' words.

use std::path::Path;

use anyhow::{anyhow, bail};
use mastermind::formats::Format;
use mastermind::play::write_history;
use mastermind::read::{read_tree, ReadError, ReadOptions, ReadTree, TreeFormat as ReadFormat};
use mastermind::tree::{Node, StrategyInfo};
use mastermind::verify::VerifyOptions;
use mastermind::{Code, Codebook, Feedback};

use crate::args::game::flag;
use crate::args::tree_input::NotationInputArgs;
use crate::args::tree_input::TreeFormat;
use mastermind::files::read_input;

/// A tree that verified, ready for a command to use.
pub struct ValidTree {
    pub book: Codebook,
    pub root: Node,
    pub strategy: Option<StrategyInfo>,
    /// The guesses and replies before the tree, for a section (`--after`, or a JSON file's
    /// `after`); empty for a whole game's tree.
    pub history: Vec<(Code, Feedback)>,
}

impl From<TreeFormat> for ReadFormat {
    fn from(format: TreeFormat) -> ReadFormat {
        match format {
            TreeFormat::Json => ReadFormat::Json,
            TreeFormat::Knuth => ReadFormat::Knuth,
            TreeFormat::Irving => ReadFormat::Irving,
            TreeFormat::PunchCard => ReadFormat::Foreign(Format::PunchCard),
            TreeFormat::Yaml => ReadFormat::Foreign(Format::Yaml),
        }
    }
}

/// Reads `path` (or stdin for `-`) and verifies it. Unreadable input is an error (exit 2);
/// a readable tree that fails verification comes back with the problems in its report.
/// `format` forces the format rather than detecting it.
pub fn load_and_verify(
    path: &Path,
    format: Option<TreeFormat>,
    input: &NotationInputArgs,
    options: &VerifyOptions,
) -> anyhow::Result<ReadTree> {
    let text = read_input(path)?;
    let read_options = ReadOptions {
        format: format.map(ReadFormat::from),
        game: input.game.words(),
        after: input.after.clone(),
        strategy_name: input.strategy_name.clone(),
        verify: options.clone(),
    };
    let name = path.display();
    let mut read = read_tree(&text, &read_options).map_err(|error| match error {
        ReadError::File(error) => anyhow::Error::new(error).context(format!("cannot read {name}")),
        ReadError::OtherGame { game, contradicted } => anyhow!(
            "{name} is a tree of {}, but {} says otherwise; a JSON tree file names its own game, \
             so leave out the game flags (or give ones that agree)",
            game.describe(),
            contradicted.iter().map(flag).collect::<Vec<_>>().join(", ")
        ),
        ReadError::OtherPegs { file, given } => {
            anyhow!("the file's codes have {file} pegs, but --pegs says {given}")
        }
        ReadError::Section(format) => anyhow!(
            "--after applies to trees in the papers' notation; {} starts at the root",
            format.text_kind()
        ),
        ReadError::After(error) => anyhow!(error).context("in --after"),
        ReadError::Notation(first, _) => anyhow!(
            "cannot read {name} as a strategy tree{}",
            first.map(|first| format!(": {first}")).unwrap_or_default()
        ),
        ReadError::ForeignSyntax(format, message) => {
            anyhow!(message).context(format!("cannot read {name} as a {}", format.name()))
        }
        ReadError::ForeignTree(format, first, _) => anyhow!(
            "cannot read {name} as a {} tree{}",
            format.name(),
            first.map(|first| format!(": {first}")).unwrap_or_default()
        ),
        other => other.into(),
    })?;
    let game = *read.book.game();
    let report = &mut read.report;
    if matches!(read.format, ReadFormat::Foreign(_))
        && !report.is_valid()
        && game.repetition()
        && read.guesses_never_repeat
    {
        report.notes.push(
            "no guess in the file repeats a colour: if it is a tree for a game without \
             repetition, give --no-repeat"
                .to_owned(),
        );
    }
    if read.format != ReadFormat::Json && read.looks_like_section() {
        let section = "the root holds fewer codes than the game has: if the text is a section \
                       of a larger tree (a paper's `A = (…)` starts after a guess and its reply)";
        read.report.hints.push(match input.whole_game {
            false => format!(
                "{section}, give the history before it with --after GUESS=REPLY,… (such as \
                 --after 1123=0B3W)"
            ),
            // A tree file, and a tree to play, start at the root of the game.
            true => format!(
                "{section}, it is not a tree of the whole game, which this command needs: check \
                 it with `mastermind verify FILE --after GUESS=REPLY,…` and print it with \
                 `mastermind print FILE --after …`"
            ),
        });
    }
    Ok(read)
}

/// Loads and verifies a tree for a command that needs a valid one. A tree that fails
/// verification is reported on stderr, saying it was not `refused_as` (such as "printed"),
/// and comes back as `None`.
pub fn load_valid_tree(
    path: &Path,
    format: Option<TreeFormat>,
    input: &NotationInputArgs,
    refused_as: &str,
) -> anyhow::Result<Option<ValidTree>> {
    let loaded = load_and_verify(path, format, input, &VerifyOptions::default())?;
    if input.whole_game && !loaded.history.is_empty() {
        bail!(
            "{} is a section of a tree, after {}; this command needs a whole game's tree \
             (`mastermind verify` and `mastermind print` take sections)",
            path.display(),
            write_history(&loaded.book, &loaded.history)
        );
    }
    match loaded.report.tree {
        Some(root) => Ok(Some(ValidTree {
            book: loaded.book,
            root,
            strategy: loaded.strategy,
            history: loaded.history,
        })),
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
