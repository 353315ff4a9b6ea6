//! The atlas's page, and the page of each tree it links, written beside it.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use mastermind_atlas::{AtlasFile, Outcome as AtlasOutcome};

use crate::args::{HtmlArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::write_output;
use crate::tree_input::load_valid_tree;

/// The atlas in `path`, when the file is one (its `format` says so); `None` for anything else,
/// which is read as a tree.
pub fn read(path: &Path) -> anyhow::Result<Option<AtlasFile>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let Ok(text) = crate::input::read_input(path) else {
        return Ok(None);
    };
    let is_atlas = serde_json::from_str::<serde_json::Value>(&text)
        .is_ok_and(|value| value["format"] == mastermind_atlas::FORMAT_NAME);
    if !is_atlas {
        return Ok(None);
    }
    let atlas = AtlasFile::from_json(&text).with_context(|| path.display().to_string())?;
    Ok(Some(atlas))
}

/// Writes the atlas's page and, when it goes to a file, the page of every tree it links, named
/// after the tree's file and written beside it (a tree that does not verify stops the run).
pub fn write_pages(args: &HtmlArgs, atlas: &AtlasFile) -> anyhow::Result<Outcome> {
    let mut pages = BTreeMap::new();
    let directory = match args.output.as_deref() {
        Some(path) if path.as_os_str() != "-" => path.parent(),
        _ => None,
    };
    if let Some(directory) = directory {
        let trees = atlas
            .entries
            .iter()
            .flat_map(|entry| entry.results.values())
            .filter_map(|outcome| match outcome {
                AtlasOutcome::Finished { tree, .. } => tree.clone(),
                _ => None,
            });
        let base = args.file.parent().unwrap_or(Path::new(""));
        for tree in trees {
            if pages.contains_key(&tree) {
                continue;
            }
            let path = base.join(&tree);
            let input = NotationInputArgs {
                whole_game: true,
                ..args.input.clone()
            };
            let Some(valid) = load_valid_tree(&path, None, &input, "written as a page")? else {
                return Ok(Outcome::Invalid);
            };
            let stem = path.file_stem().map_or_else(
                || "tree".to_owned(),
                |stem| stem.to_string_lossy().into_owned(),
            );
            let name = format!("{stem}.html");
            let page = super::tree_page(&valid, None, &path);
            write_output(Some(&directory.join(&name)), page.as_bytes())?;
            pages.insert(tree, name);
        }
    }
    let title = args.title.as_deref().unwrap_or("Mastermind atlas");
    let page = mastermind_html::atlas_page(atlas, title, &pages);
    write_output(args.output.as_deref(), page.as_bytes())?;
    Ok(Outcome::Success)
}
