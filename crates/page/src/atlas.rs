//! The atlas page: every game's figures in one table a reader can sort and filter, each
//! figure linked to its tree's own page where one was written beside it.

use std::collections::BTreeMap;

use mastermind_atlas::{AtlasFile, Measure};
use serde_json::{json, Value};

use crate::chart::escape;
use crate::template::fill;

const TEMPLATE: &str = include_str!("assets/atlas.html");
const STYLE: &str = include_str!("assets/atlas.css");
const SCRIPT: &str = include_str!("assets/atlas.js");

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
