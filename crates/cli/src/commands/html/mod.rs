//! `mastermind html`: verifies a tree and writes it as one self-contained page to explore,
//! play and chart (see the `mastermind-page` crate); given an atlas file, writes the atlas's
//! page, with the page of each tree it links beside it.

mod atlas;

use std::path::Path;

use anyhow::bail;

use crate::args::tree_input::NotationInputArgs;
use crate::commands::Outcome;
use crate::output::{write_output, Files};
use crate::tree_input::{load_valid_tree, ValidTree};

use std::path::PathBuf;

use clap::Args;

use crate::args::tree_input::TreeFormat;

#[derive(Debug, Args)]
pub struct HtmlArgs {
    /// The tree file (`-` for stdin), in any format `verify` reads.
    #[arg(value_name = "FILE", required_unless_present = "app")]
    pub file: Option<PathBuf>,

    /// Write the page with no tree: it builds any game's tree, and verifies pasted ones, in
    /// the browser.
    #[arg(long, conflicts_with_all = ["file", "format"])]
    pub app: bool,

    /// Write the page to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The page's title [default: the strategy a JSON file names, else the file's name].
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,
}

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
