//! `mastermind html`: verifies a tree and writes it as one self-contained page to explore,
//! play and chart (see the `mastermind-page` crate); given an atlas file, writes the atlas's
//! page, with the page of each tree it links beside it.

mod atlas;

use std::path::Path;

use anyhow::bail;

use crate::args::{HtmlArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::{write_output, Files};
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &HtmlArgs, quiet: bool) -> anyhow::Result<Outcome> {
    if args.input.after.is_some() {
        bail!("--after does not apply to html: the page starts at the tree's first guess");
    }
    let files = Files::new().writes("-o", args.output.as_deref());
    match &args.file {
        Some(file) => files.reads("the file read", file),
        None => files,
    }
    .check()?;
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

/// The page of a verified tree read from `file`, titled `title` if given.
fn tree_page(tree: &ValidTree, title: Option<&str>, file: &Path) -> String {
    let file_name = file
        .file_name()
        .filter(|_| file.as_os_str() != "-")
        .map(|name| name.to_string_lossy().into_owned());
    mastermind::page::tree_page(
        &tree.book,
        &tree.root,
        tree.strategy.as_ref(),
        title,
        file_name.as_deref(),
    )
}
