//! The atlas's page, and the page of each tree it links, written beside it (see
//! [`AtlasSite`]).

use std::path::Path;

use anyhow::Context;
use mastermind::atlas::AtlasFile;
use mastermind::page::AtlasSite;

use crate::args::tree_input::NotationInputArgs;
use crate::commands::html::HtmlArgs;
use crate::commands::Outcome;
use crate::tree_input::load_valid_tree;

/// The atlas in `path`, when the file is one (its `format` says so); `None` for anything else,
/// which is read as a tree.
pub fn read(path: &Path) -> anyhow::Result<Option<AtlasFile>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let Ok(text) = mastermind::files::read_input(path) else {
        return Ok(None);
    };
    let is_atlas = serde_json::from_str::<serde_json::Value>(&text)
        .is_ok_and(|value| value["format"] == mastermind::atlas::FORMAT_NAME);
    if !is_atlas {
        return Ok(None);
    }
    let atlas = AtlasFile::from_json(&text).with_context(|| path.display().to_string())?;
    Ok(Some(atlas))
}

/// Writes the atlas's page and, when it goes to a file, the page of every tree it links; a
/// tree that does not verify stops the run.
pub fn write_pages(
    args: &HtmlArgs,
    path: &Path,
    atlas: &AtlasFile,
    quiet: bool,
) -> anyhow::Result<Outcome> {
    let site = AtlasSite {
        atlas,
        atlas_path: path,
        output: args.output.as_deref(),
        title: args.title.as_deref().unwrap_or("Mastermind atlas"),
    };
    let input = NotationInputArgs {
        whole_game: true,
        ..args.input.clone()
    };
    let written = site.write(|tree| -> anyhow::Result<_> {
        let valid = load_valid_tree(tree, None, &input, "written as a page")?;
        Ok(valid.map(|valid| super::tree_page(&valid, None, tree)))
    })?;
    match written {
        None => Ok(Outcome::Invalid),
        Some((folder, pages)) => {
            if !quiet && pages > 0 {
                eprintln!("wrote {pages} tree pages into {}", folder.display());
            }
            Ok(Outcome::Success)
        }
    }
}
