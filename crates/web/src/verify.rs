//! A tree pasted into the page, read and verified as `mastermind verify` does it; and a
//! verified tree's statistics and notations.

use mastermind::notation::{self, Layout, Notation};
use mastermind::page::{statistics_html, strategy_title};
use mastermind::read::{read_tree, GameWords, ReadError, ReadOptions, TreeFormat};
use mastermind::tree::{Statistics, StrategyInfo, TreeFile};
use mastermind::verify::{claims_optimum, verify_file, Optimality, Report, VerifyOptions};
use mastermind::Codebook;
use serde_json::{json, Value};

use crate::game::{GameSpec, MOST_COLOURS};

/// The strategy a verified tree read from a notation is recorded as, as `mastermind convert`
/// records it.
const PUBLISHED: &str = "published";

/// Reads `text` as a tree file (JSON) or, for `game`, a tree in Knuth's or Irving's notation,
/// and verifies it: the report as the command prints it, as its JSON document, and the tree
/// file of a tree that verifies.
pub fn verify(text: &str, game: Option<&GameSpec>) -> Result<Value, String> {
    if text.trim().is_empty() {
        return Err("there is no tree to verify: paste one, or pick an example".to_owned());
    }
    let game = match TreeFormat::of(text, None).0 {
        // A JSON tree file names its own game, whatever the form says.
        Some(TreeFormat::Json) => GameWords::default(),
        _ => {
            let game =
                game.ok_or("a tree in a paper's notation needs its game: choose pegs and colours")?;
            if game.colours > MOST_COLOURS {
                return Err(format!(
                    "{} colours: the page reads notations of at most {MOST_COLOURS} colours, one \
                     symbol each; the command `mastermind verify` goes up to 100",
                    game.colours
                ));
            }
            game.words()
        }
    };
    let options = ReadOptions {
        game,
        ..ReadOptions::default()
    };
    let read = read_tree(text, &options).map_err(|error| match error {
        ReadError::File(error) => format!("the text does not read as a tree file: {error}"),
        other => other.to_string(),
    })?;
    let mut report = read.report;
    let strategy = match read.strategy {
        Some(strategy) => {
            // A claimed optimum stays unproven here: the page checks no certificate.
            report.optimality = claims_optimum(Some(&strategy)).then_some(Optimality::Unchecked);
            strategy
        }
        None => StrategyInfo::named(PUBLISHED),
    };
    let title = strategy_title(&strategy.name, read.book.game());
    let tree = report
        .tree
        .as_ref()
        .filter(|_| report.is_valid())
        .map(|root| TreeFile::section(&read.book, strategy, &read.history, root).to_json());
    Ok(json!({
        "valid": report.is_valid(),
        "report": report.to_string(),
        "document": report.document(),
        "tree": tree,
        "title": title,
    }))
}

/// The statistics view of the tree file `tree`, titled `title`.
pub fn statistics(tree: &str, title: &str) -> Result<Value, String> {
    let (_, report) = verified(tree)?;
    let root = report.tree.as_ref().ok_or("the tree does not verify")?;
    Ok(Value::String(statistics_html(
        &Statistics::of_tree(root),
        title,
    )))
}

/// The tree file `tree` in `notation` (`knuth` or `irving`), in Figure 1's layout, as the
/// committed trees are printed (`mastermind print --sections`).
pub fn print(tree: &str, notation: &str) -> Result<Value, String> {
    let notation = match notation {
        "knuth" => Notation::Knuth,
        "irving" => Notation::Irving,
        other => return Err(format!("no notation is named “{other}”: knuth or irving")),
    };
    let (book, report) = verified(tree)?;
    let root = report.tree.as_ref().ok_or("the tree does not verify")?;
    Ok(Value::String(notation::print(
        &book,
        root,
        notation,
        Layout::Sections,
    )))
}

/// The tree file `tree`, read and verified.
fn verified(tree: &str) -> Result<(Codebook, Report), String> {
    let file = TreeFile::from_json(tree).map_err(|error| error.to_string())?;
    let book = Codebook::new(file.game().map_err(|error| error.to_string())?);
    let report = verify_file(&file, &VerifyOptions::default()).map_err(|e| e.to_string())?;
    Ok((book, report))
}
