//! The atlas page: every game's figures in one table a reader can sort and filter, each
//! figure linked to its tree's own page where one was written beside it.

use std::collections::BTreeMap;

use mastermind_atlas::{AtlasFile, Measure, Outcome};
use serde_json::{json, Value};

use crate::chart::escape;
use crate::template::fill;

const TEMPLATE: &str = include_str!("assets/atlas.html");
const STYLE: &str = include_str!("assets/atlas.css");
const SCRIPT: &str = include_str!("assets/atlas.js");

/// What every page this crate writes says of itself, in its `<head>`: a file that holds it is
/// a page the tool wrote, which a new one may replace.
pub const GENERATOR: &str = r#"<meta name="generator" content="mastermind html">"#;

/// Whether `text` is a page this crate wrote (see [`GENERATOR`]).
pub fn is_our_page(text: &str) -> bool {
    text.contains(GENERATOR)
}

/// The trees the atlas links, each once, in the atlas's order, with the name of the page to
/// write for each: after the game and measure that link it (`4x6-repeat-optimal.html`), never
/// after a file name, which could clash with another or with the user's own files, or make a
/// link that is not a file.
pub fn linked_pages(atlas: &AtlasFile) -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = Vec::new();
    for entry in &atlas.entries {
        for (measure, outcome) in &entry.results {
            let Outcome::Finished {
                tree: Some(tree), ..
            } = outcome
            else {
                continue;
            };
            if pages.iter().any(|(seen, _)| seen == tree) {
                continue;
            }
            let game = entry.game;
            let name = format!(
                "{}x{}-{}-{}.html",
                game.pegs, game.colours, game.variant, measure
            );
            pages.push((tree.clone(), safe_name(&name)));
        }
    }
    pages
}

/// `name` with every character other than letters, digits, `.`, `-` and `_` made `_`.
pub fn safe_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The page for `atlas`, titled `title`; `pages` maps a figure's tree file (as the atlas
/// records it) to the page that shows it.
pub fn atlas_page(atlas: &AtlasFile, title: &str, pages: &BTreeMap<String, String>) -> String {
    let mut entries = serde_json::to_value(&atlas.entries).expect("an atlas serialises");
    for result in entries
        .as_array_mut()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry["results"].as_object_mut())
        .flat_map(|results| results.values_mut())
    {
        let page = result["tree"].as_str().and_then(|tree| pages.get(tree));
        if let Some(page) = page {
            result["page"] = Value::from(page.as_str());
        }
    }
    let measures: Vec<Value> = Measure::ALL
        .iter()
        .map(|m| json!({ "name": m.name(), "label": m.label() }))
        .collect();
    let data = json!({ "measures": measures, "entries": entries })
        .to_string()
        .replace('<', "\\u003c");
    fill(
        TEMPLATE,
        &[
            ("<!--TITLE-->", &escape(title)),
            ("/*STYLE*/", STYLE),
            ("/*DATA*/", &data),
            ("/*SCRIPT*/", SCRIPT),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_written_says_it_is_ours() {
        assert!(is_our_page(TEMPLATE));
        assert!(is_our_page(include_str!("assets/page.html")));
        assert!(!is_our_page(
            "<!DOCTYPE html><title>a page of my own</title>"
        ));
    }

    #[test]
    fn a_name_keeps_only_what_is_safe_in_a_file_name() {
        assert_eq!(
            safe_name("4x6-repeat-optimal.html"),
            "4x6-repeat-optimal.html"
        );
        assert_eq!(safe_name("../a b:c.html"), ".._a_b_c.html");
    }
}
