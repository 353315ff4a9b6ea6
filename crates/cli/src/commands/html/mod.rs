//! `mastermind html`: verifies a tree and writes it as one self-contained page to explore,
//! play and chart (see the `mastermind-page` crate); given an atlas file, writes the atlas's
//! page, with the page of each tree it links beside it.

mod atlas;

use std::path::Path;

use anyhow::bail;
use mastermind::tree::StrategyInfo;

use crate::args::{HtmlArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::{check_output, write_output};
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &HtmlArgs, quiet: bool) -> anyhow::Result<Outcome> {
    if args.input.after.is_some() {
        bail!("--after does not apply to html: the page starts at the tree's first guess");
    }
    check_output(args.output.as_deref())?;
    let Some(path) = &args.file else {
        let title = args.title.as_deref().unwrap_or("Mastermind");
        write_output(
            args.output.as_deref(),
            mastermind::page::app_page(title).as_bytes(),
        )?;
        return Ok(Outcome::Success);
    };
    if let Some(atlas) = atlas::read(path)? {
        return atlas::write_pages(args, path, &atlas, quiet);
    }
    // The page plays the game from its first guess.
    let input = NotationInputArgs {
        whole_game: true,
        ..args.input.clone()
    };
    let Some(tree) = load_valid_tree(path, args.format, &input, "written as a page")? else {
        return Ok(Outcome::Invalid);
    };
    let page = tree_page(&tree, args.title.as_deref(), path);
    write_output(args.output.as_deref(), page.as_bytes())?;
    Ok(Outcome::Success)
}

/// The page of a verified tree, with the strategy's reasons for its guesses where it has a
/// score to rank them by.
fn tree_page(tree: &ValidTree, title: Option<&str>, file: &Path) -> String {
    let name = tree.strategy.as_ref().map(|strategy| strategy.name.clone());
    let title = tree_title(title, name, &tree.book, file);
    let reasons = tree
        .strategy
        .as_ref()
        .and_then(|strategy| mastermind::explain::reasons(&tree.book, &tree.root, strategy));
    // A tree read from a notation is recorded as `convert` records it.
    let strategy = (tree.strategy.clone()).unwrap_or_else(|| StrategyInfo::named("published"));
    mastermind::page::page(&tree.book, &tree.root, &strategy, &title, reasons.as_ref())
}

/// The title given, else the strategy a JSON file names, else the file's name.
fn tree_title(
    title: Option<&str>,
    strategy_name: Option<String>,
    book: &mastermind::Codebook,
    file: &Path,
) -> String {
    match (title, strategy_name) {
        (Some(title), _) => title.to_owned(),
        (None, Some(name)) => mastermind::page::strategy_title(&name, book.game()),
        (None, None) => match file.file_name() {
            Some(name) if file.as_os_str() != "-" => name.to_string_lossy().into_owned(),
            _ => "Strategy tree".to_owned(),
        },
    }
}
