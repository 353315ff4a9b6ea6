//! Loading a tree file named on the command line and verifying it, for the commands that
//! need a verified tree (`verify` reports on it, `print` refuses to print a broken one). The
//! file is JSON when it starts with `{`, the C solver's punch card or YAML when it looks like
//! one (see [`mastermind_formats::detect`]), and otherwise a tree in Knuth's or Irving's
//! notation for the game given by the game flags; `--format` overrides the detection.

use std::path::Path;

use anyhow::{bail, Context};
use mastermind_core::{Code, Codebook, Feedback, Game, Scorer};
use mastermind_formats::Format;
use mastermind_play::parse_history;
use mastermind_tree::notation::read;
use mastermind_tree::{Node, Notation, StrategyInfo, TreeFile};
use mastermind_verify::{
    quoted_average_notes, verify_file, verify_notation, verify_read, Branches, ClaimedNode,
    ProblemKind, Report, VerifyOptions,
};

use crate::args::{NotationInputArgs, TreeFormat};
use crate::input::read_input;

/// A tree file as read and verified.
pub struct LoadedTree {
    pub book: Codebook,
    pub report: Report,
    /// The strategy a JSON tree file names, with its parameters; other formats name none.
    pub strategy: Option<StrategyInfo>,
    /// The guesses and replies before the tree, for a section (`--after`, or a JSON file's
    /// `after`); empty for a whole game's tree.
    pub history: Vec<(Code, Feedback)>,
}

/// A tree that verified, ready for a command to use.
pub struct ValidTree {
    pub book: Codebook,
    pub root: Node,
    pub strategy: Option<StrategyInfo>,
    /// As [`LoadedTree::history`].
    pub history: Vec<(Code, Feedback)>,
}

/// The format a text is read in, and whether it was detected rather than given.
enum Reader {
    Json,
    Notation(Option<Notation>),
    Foreign(Format, bool),
}

impl Reader {
    fn of(text: &str, format: Option<TreeFormat>) -> Reader {
        match format {
            Some(TreeFormat::Json) => Reader::Json,
            Some(TreeFormat::Knuth) => Reader::Notation(Some(Notation::Knuth)),
            Some(TreeFormat::Irving) => Reader::Notation(Some(Notation::Irving)),
            Some(TreeFormat::PunchCard) => Reader::Foreign(Format::PunchCard, false),
            Some(TreeFormat::Yaml) => Reader::Foreign(Format::Yaml, false),
            None if text.trim_start().starts_with('{') => Reader::Json,
            None => match mastermind_formats::detect(text) {
                Some(format) => Reader::Foreign(format, true),
                None => Reader::Notation(None),
            },
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
) -> anyhow::Result<LoadedTree> {
    let text = read_input(path)?;
    match Reader::of(&text, format) {
        Reader::Json => load_json(path, &text, input, options),
        Reader::Notation(notation) => load_notation(path, &text, notation, input, options),
        Reader::Foreign(format, detected) => {
            load_foreign(path, &text, format, detected, input, options)
        }
    }
}

fn load_json(
    path: &Path,
    text: &str,
    input: &NotationInputArgs,
    options: &VerifyOptions,
) -> anyhow::Result<LoadedTree> {
    if input.after.is_some() {
        bail!(
            "--after applies to trees in the papers' notation; a JSON tree file starts at the root"
        );
    }
    let file =
        TreeFile::from_json(text).with_context(|| format!("cannot read {}", path.display()))?;
    let game = file.game()?;
    if let Some(flags) = input.game.disagreement(&game) {
        bail!(
            "{} is a tree of {}, but {flags} says otherwise; a JSON tree file names its own \
             game, so leave out the game flags (or give ones that agree)",
            path.display(),
            game.describe()
        );
    }
    let report = verify_file(&file, options)?;
    let book = Codebook::new(file.game()?);
    // A history that does not read is among the report's problems.
    let history = file.history(&book).unwrap_or_default();
    Ok(LoadedTree {
        book,
        report,
        strategy: Some(file.strategy),
        history,
    })
}

fn load_notation(
    path: &Path,
    text: &str,
    notation: Option<Notation>,
    input: &NotationInputArgs,
    options: &VerifyOptions,
) -> anyhow::Result<LoadedTree> {
    let game = input.game.game()?;
    let scorer = Scorer::for_one_pass(game);
    let history = match &input.after {
        Some(after) => parse_history(scorer.codebook(), after).context("in --after")?,
        None => Vec::new(),
    };
    let reading = read(text, &game, notation);
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
    if history.is_empty() {
        add_quoted_notes(&mut report, &game, input);
        add_section_hint(&mut report, input.whole_game);
    }
    let name = match reading.notation {
        Notation::Knuth => "Knuth's notation",
        Notation::Irving => "Irving's notation",
    };
    report.notes.push(format!(
        "read in {name} ({}) for {}",
        how(reading.detected),
        game.describe()
    ));
    Ok(LoadedTree {
        book: scorer.codebook().clone(),
        report,
        strategy: None,
        history,
    })
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

fn load_foreign(
    path: &Path,
    text: &str,
    format: Format,
    detected: bool,
    input: &NotationInputArgs,
    options: &VerifyOptions,
) -> anyhow::Result<LoadedTree> {
    let name = format.name();
    if input.after.is_some() {
        bail!("--after applies to trees in the papers' notation; a {name} file starts at the root");
    }
    let parsed = mastermind_formats::parse(text, format)
        .with_context(|| format!("cannot read {} as a {name}", path.display()))?;
    let game = match parsed.pegs() {
        Some(pegs) => input
            .game
            .game_with_pegs(u32::try_from(pegs).unwrap_or(u32::MAX))?,
        None => input.game.game()?,
    };
    let scorer = Scorer::for_one_pass(game);
    let reading = parsed.read(&game);
    if reading.tree.is_none() {
        let first = reading
            .problems
            .first()
            .map(|problem| format!(": {problem}"));
        bail!(
            "cannot read {} as a {name} tree{}",
            path.display(),
            first.unwrap_or_default()
        );
    }
    let mut report = verify_read(
        &scorer,
        reading.tree.as_ref(),
        reading.problems,
        &[],
        options,
    );
    add_quoted_notes(&mut report, &game, input);
    let book = scorer.codebook();
    if !report.is_valid()
        && game.repetition()
        && reading.tree.as_ref().is_some_and(guesses_never_repeat)
    {
        report.notes.push(
            "no guess in the file repeats a colour: if it is a tree for a game without repetition, give --no-repeat"
                .to_owned(),
        );
    }
    let digits: String = (0..game.colours().min(10))
        .map(|colour| char::from(b'0' + colour as u8))
        .collect();
    let symbols = if book.symbols() == digits {
        String::new()
    } else {
        format!(
            "; its colours {} are written {} here",
            span(&digits),
            span(&book.symbols())
        )
    };
    report.notes.push(format!(
        "read as the C solver's {name} ({}) for {}: the pegs from the file, the rest from the game flags{symbols}",
        how(detected),
        game.describe()
    ));
    Ok(LoadedTree {
        book: book.clone(),
        report,
        strategy: None,
        history: Vec::new(),
    })
}

/// `history` as `--after` takes it: `1123=1B1W,1415=1B1W`.
pub fn written_history(book: &Codebook, history: &[(Code, Feedback)]) -> String {
    let game = book.game();
    let steps: Vec<String> = history
        .iter()
        .map(|&(guess, reply)| format!("{}={}", book.format(guess), game.feedback_name(reply)))
        .collect();
    steps.join(",")
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

/// Whether no guess of the tree repeats a symbol.
fn guesses_never_repeat(node: &ClaimedNode) -> bool {
    let distinct = node.guess.as_ref().is_none_or(|guess| {
        let mut symbols: Vec<char> = guess.chars().collect();
        symbols.sort_unstable();
        symbols.windows(2).all(|pair| pair[0] != pair[1])
    });
    distinct
        && match &node.branches {
            Branches::Listed(children) => children
                .iter()
                .all(|(_, child)| guesses_never_repeat(child)),
            _ => true,
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
            written_history(&loaded.book, &loaded.history)
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
