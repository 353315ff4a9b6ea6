//! The atlas's page, and the page of each tree it links, written beside it.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use mastermind::atlas::AtlasFile;
use mastermind::page::{is_our_page, linked_pages, safe_name};

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

/// Writes the atlas's page and, when it goes to a file, the page of every tree it links, into
/// a folder of their own beside it (`atlas-trees/` for `atlas.html`), each named after the
/// game and measure that link it (`4x6-repeat-optimal.html`): never after a file name, which
/// could clash with another or with the user's own files, or make a link that is not a file.
/// A file there that this tool did not write is never replaced (exit 2), and a tree that does
/// not verify stops the run.
pub fn write_pages(
    args: &HtmlArgs,
    path: &Path,
    atlas: &AtlasFile,
    quiet: bool,
) -> anyhow::Result<Outcome> {
    let mut pages = BTreeMap::new();
    let output = args
        .output
        .as_deref()
        .filter(|path| path.as_os_str() != "-");
    if let Some(output) = output {
        let folder_name = format!(
            "{}-trees",
            safe_name(&output.file_stem().unwrap_or_default().to_string_lossy())
        );
        let folder = output.with_file_name(&folder_name);
        let base = path.parent().unwrap_or(Path::new(""));
        let wanted = linked_pages(atlas);
        // Every name is checked before anything is written or verified.
        for (_, name) in &wanted {
            refuse_foreign(&folder.join(name))?;
        }
        for (tree, name) in wanted {
            let path = base.join(&tree);
            let input = NotationInputArgs {
                whole_game: true,
                ..args.input.clone()
            };
            let Some(valid) = load_valid_tree(&path, None, &input, "written as a page")? else {
                return Ok(Outcome::Invalid);
            };
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            let page = super::tree_page(&valid, None, &path);
            write_output(Some(&folder.join(&name)), page.as_bytes())?;
            // `./` keeps a folder name that looks like a scheme (`javascript:`) a path.
            pages.insert(tree, format!("./{folder_name}/{name}"));
        }
        if !quiet && !pages.is_empty() {
            eprintln!("wrote {} tree pages into {}", pages.len(), folder.display());
        }
    }
    let title = args.title.as_deref().unwrap_or("Mastermind atlas");
    let page = mastermind::page::atlas_page(atlas, title, &pages);
    write_output(args.output.as_deref(), page.as_bytes())?;
    Ok(Outcome::Success)
}

/// Refuses to replace a file at `path` that is not a page this tool wrote.
fn refuse_foreign(path: &Path) -> anyhow::Result<()> {
    let ours = match std::fs::read_to_string(path) {
        Ok(text) => is_our_page(&text),
        // Nothing there to replace.
        Err(_) => std::fs::symlink_metadata(path).is_err(),
    };
    if !ours {
        bail!(
            "{} is there already and is not a page this tool wrote; move it, or write the \
             atlas's page elsewhere",
            path.display()
        );
    }
    Ok(())
}
