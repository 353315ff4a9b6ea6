//! A tree pasted into the page, read and verified as `mastermind verify` does it; and a
//! verified tree's statistics and notations.

use mastermind::notation::{self, Layout, Notation};
use mastermind::page::{statistics_html, strategy_title};
use mastermind::tree::{Statistics, StrategyInfo, TreeFile};
use mastermind::verify::{
    claims_optimum, verify_file, verify_notation, Optimality, Report, VerifyOptions,
};
use mastermind::{Codebook, Scorer};
use serde_json::{json, Value};

use crate::game::GameSpec;

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
    let (book, report, strategy, history) = if text.trim_start().starts_with('{') {
        let file = TreeFile::from_json(text)
            .map_err(|error| format!("the text does not read as a tree file: {error}"))?;
        let mut report =
            verify_file(&file, &VerifyOptions::default()).map_err(|e| e.to_string())?;
        // A claimed optimum stays unproven here: the page checks no certificate.
        report.optimality = claims_optimum(Some(&file.strategy)).then_some(Optimality::Unchecked);
        let book = Codebook::new(file.game().map_err(|error| error.to_string())?);
        let history = file.history(&book).unwrap_or_default();
        (book, report, file.strategy, history)
    } else {
        let game = game
            .ok_or("a tree in a paper's notation needs its game: choose pegs and colours")?
            .game()?;
        let scorer = Scorer::for_one_pass(game);
        let reading = notation::read(text, &game, None);
        if reading.tree.is_none() {
            let first = reading.errors.first().map(|error| {
                let (line, column) = error.location;
                format!(": line {line}, column {column}: {}", error.kind)
            });
            return Err(format!(
                "the text does not read as a strategy tree{}",
                first.unwrap_or_default()
            ));
        }
        let mut report = verify_notation(&scorer, &reading, &[], &VerifyOptions::default());
        let name = match reading.notation {
            Notation::Knuth => "Knuth's notation",
            Notation::Irving => "Irving's notation",
        };
        report
            .notes
            .push(format!("read in {name} (detected) for {}", game.describe()));
        let book = scorer.codebook().clone();
        (book, report, StrategyInfo::named(PUBLISHED), Vec::new())
    };
    let title = strategy_title(&strategy.name, book.game());
    let tree = report
        .tree
        .as_ref()
        .filter(|_| report.is_valid())
        .map(|root| TreeFile::section(&book, strategy, &history, root).to_json());
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
