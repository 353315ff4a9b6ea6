//! Loading a tree file named on the command line and verifying it, for the commands that
//! need a verified tree (`verify` reports on it, `print` refuses to print a broken one). The
//! file is JSON when it starts with `{`, the C solver's punch card or YAML when it looks like
//! one (see [`mastermind::formats::detect`]), and otherwise a tree in Knuth's or Irving's
//! notation for the game given by the game flags; `--format` overrides the detection.

use std::path::Path;

use anyhow::{anyhow, bail, Context};
use mastermind::formats::Format;
use mastermind::play::{parse_history, write_history};
use mastermind::read::{read_tree, ReadError, ReadOptions, ReadTree, TreeFormat as ReadFormat};
use mastermind::tree::{Node, StrategyInfo};
use mastermind::verify::{quoted_average_notes, ProblemKind, Report, VerifyOptions};
use mastermind::{Code, Codebook, Feedback, Game};

use crate::args::{NotationInputArgs, TreeFormat};
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
    let (read_as, _) = ReadFormat::of(&text, format.map(ReadFormat::from));
    let starts_at_root = match read_as {
        Some(ReadFormat::Json) => Some("a JSON tree file".to_owned()),
        Some(ReadFormat::Foreign(format)) => Some(format!("a {} file", format.name())),
        _ => None,
    };
    if let (Some(what), Some(_)) = (&starts_at_root, &input.after) {
        bail!("--after applies to trees in the papers' notation; {what} starts at the root");
    }
    let game = match read_as {
        // A JSON tree file names its game; the flags must only agree with it.
        Some(ReadFormat::Json) => None,
        // Another tool's file gives the pegs (checked against --pegs below), the flags the rest.
        Some(ReadFormat::Foreign(_)) => {
            Some(input.game.game_with_pegs(input.game.pegs.unwrap_or(1))?)
        }
        _ => Some(input.game.game()?),
    };
    let history = match (&input.after, game) {
        (Some(after), Some(game)) => {
            parse_history(&Codebook::new(game), after).context("in --after")?
        }
        _ => Vec::new(),
    };
    let read_options = ReadOptions {
        format: format.map(ReadFormat::from),
        game,
        history,
        verify: options.clone(),
    };
    let read = read_tree(&text, &read_options).map_err(|error| match error {
        ReadError::File(error) => {
            anyhow::Error::new(error).context(format!("cannot read {}", path.display()))
        }
        ReadError::Notation(first, _) => anyhow!(
            "cannot read {} as a strategy tree{}",
            path.display(),
            first.map(|first| format!(": {first}")).unwrap_or_default()
        ),
        ReadError::ForeignSyntax(format, message) => anyhow!(message).context(format!(
            "cannot read {} as a {}",
            path.display(),
            format.name()
        )),
        ReadError::ForeignTree(format, first, _) => anyhow!(
            "cannot read {} as a {} tree{}",
            path.display(),
            format.name(),
            first.map(|first| format!(": {first}")).unwrap_or_default()
        ),
        other => other.into(),
    })?;
    let book_game = *read.book.game();
    match read.format {
        ReadFormat::Json => {
            if let Some(flags) = input.game.disagreement(&book_game) {
                bail!(
                    "{} is a tree of {}, but {flags} says otherwise; a JSON tree file names its \
                     own game, so leave out the game flags (or give ones that agree)",
                    path.display(),
                    book_game.describe()
                );
            }
        }
        ReadFormat::Foreign(_) => {
            // The file's codes say their length; --pegs, if given, must agree.
            input.game.game_with_pegs(book_game.pegs() as u32)?;
        }
        _ => {}
    }
    let mut read = read;
    let notation_note = read.notation_note();
    match read.format {
        ReadFormat::Json => {}
        ReadFormat::Foreign(format) => add_foreign_notes(&mut read, format, input),
        _ => {
            if read.history.is_empty() {
                add_quoted_notes(&mut read.report, &book_game, input);
                add_section_hint(&mut read.report, input.whole_game);
            }
            read.report.notes.extend(notation_note);
        }
    }
    Ok(read)
}

/// A text whose root holds fewer codes than the game is most likely a section of a larger
/// tree (a paper's `A = (…)`, which starts after a history): say how to verify it as one.
fn add_section_hint(report: &mut Report, whole_game: bool) {
    let root_holds_fewer = report.problems.iter().any(|problem| {
        problem.path.is_root()
            && matches!(
                problem.kind,
                ProblemKind::WrongCandidateCount { claimed, actual } if claimed < actual
            )
    });
    let section = "the root holds fewer codes than the game has: if the text is a section of a \
                   larger tree (a paper's `A = (…)` starts after a guess and its reply)";
    let note = match whole_game {
        false => format!(
            "{section}, give the history before it with --after GUESS=REPLY,… (such as \
             --after 1123=0B3W)"
        ),
        // A tree file, and a tree to play, start at the root of the game.
        true => format!(
            "{section}, it is not a tree of the whole game, which this command needs: check it \
             with `mastermind verify FILE --after GUESS=REPLY,…` and print it with \
             `mastermind print FILE --after …`"
        ),
    };
    if root_holds_fewer {
        report.hints.push(note);
    }
}

/// What the command says of another tool's file: the quoted averages, the hint of a game
/// without repetition, and how the file was read.
fn add_foreign_notes(read: &mut ReadTree, format: Format, input: &NotationInputArgs) {
    let game = *read.book.game();
    let (detected, guesses_never_repeat) = (read.detected, read.guesses_never_repeat);
    let report = &mut read.report;
    add_quoted_notes(report, &game, input);
    if !report.is_valid() && game.repetition() && guesses_never_repeat {
        report.notes.push(
            "no guess in the file repeats a colour: if it is a tree for a game without repetition, give --no-repeat"
                .to_owned(),
        );
    }
    let digits: String = (0..game.colours().min(10))
        .map(|colour| char::from(b'0' + colour as u8))
        .collect();
    let symbols = if read.book.symbols() == digits {
        String::new()
    } else {
        format!(
            "; its colours {} are written {} here",
            span(&digits),
            span(&read.book.symbols())
        )
    };
    report.notes.push(format!(
        "read as the C solver's {} ({}) for {}: the pegs from the file, the rest from the game flags{symbols}",
        format.name(),
        how(detected),
        game.describe()
    ));
}

/// `0–5` for `012345`.
fn span(symbols: &str) -> String {
    match (symbols.chars().next(), symbols.chars().last()) {
        (Some(first), Some(last)) => format!("{first}–{last}"),
        _ => String::new(),
    }
}

fn how(detected: bool) -> &'static str {
    if detected {
        "detected"
    } else {
        "as asked"
    }
}

/// The averages the literature quotes for the strategy the user names, against a valid tree.
fn add_quoted_notes(report: &mut Report, game: &Game, input: &NotationInputArgs) {
    if let Some(name) = input.strategy_name.as_deref() {
        if report.is_valid() {
            let notes = quoted_average_notes(game, name, &report.statistics);
            report.notes.extend(notes);
        }
    }
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
