//! `mastermind html`: verifies a tree and writes it as one self-contained page to explore,
//! play and chart (see the `mastermind-html` crate).

use anyhow::bail;

use crate::args::{HtmlArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::{check_output, write_output};
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &HtmlArgs) -> anyhow::Result<Outcome> {
    if args.input.after.is_some() {
        bail!("--after does not apply to html: the page starts at the tree's first guess");
    }
    check_output(args.output.as_deref())?;
    // The page plays the game from its first guess.
    let input = NotationInputArgs {
        whole_game: true,
        ..args.input.clone()
    };
    let Some(ValidTree {
        book,
        root,
        strategy_name,
        ..
    }) = load_valid_tree(&args.file, args.format, &input, "written as a page")?
    else {
        return Ok(Outcome::Invalid);
    };
    let title = match (&args.title, strategy_name) {
        (Some(title), _) => title.clone(),
        (None, Some(name)) => format!("{name} strategy, {}", book.game().describe()),
        (None, None) => match args.file.file_name() {
            Some(name) if args.file.as_os_str() != "-" => name.to_string_lossy().into_owned(),
            _ => "Strategy tree".to_owned(),
        },
    };
    let page = mastermind_html::page(&book, &root, &title);
    write_output(args.output.as_deref(), page.as_bytes())?;
    Ok(Outcome::Success)
}
