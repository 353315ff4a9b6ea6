//! Building a strategy's tree in the page: the tree file the command writes for the same game
//! and options, byte for byte.

use mastermind::page::strategy_title;
use mastermind::strategy::{self, Progress, StrategyKind, StrategyOptions};
use mastermind::tree::TreeFile;
use mastermind::Codebook;
use serde_json::{json, Value};

use crate::game::{kind_named, GameSpec};

/// The transposition table an exact search keeps in a tab: enough for every game the page
/// searches, small enough to leave the tab room.
const SEARCH_TABLE_BYTES: usize = 256 << 20;

/// What the page asks to build.
pub struct Wanted<'a> {
    pub strategy: &'a str,
    pub opening: Option<&'a str>,
    pub consistent_only: bool,
    pub max_guesses: Option<u16>,
}

/// The tree file of `wanted` on `game`, as JSON text, with its strategy's name.
pub fn build(
    game: &GameSpec,
    wanted: &Wanted<'_>,
    progress: &dyn Progress,
) -> Result<Value, String> {
    let facts = game.facts(Some(wanted.strategy))?;
    if let Some(refused) = facts["cost"]["refused"].as_str() {
        return Err(refused.to_owned());
    }
    let game = game.game()?;
    let kind = kind_named(wanted.strategy)?;
    let book = Codebook::new(game);
    let opening = wanted
        .opening
        .map(|text| {
            book.parse(text).map_err(|error| {
                format!(
                    "the opening “{text}” is not a code of {}: {error}",
                    game.describe()
                )
            })
        })
        .transpose()?;
    let options = StrategyOptions {
        consistent_only: wanted.consistent_only,
        max_guesses: wanted.max_guesses,
        opening,
        ..StrategyOptions::default()
    };
    if kind == StrategyKind::Optimal {
        strategy::set_transposition_table(SEARCH_TABLE_BYTES);
    }
    let scorer = kind.scorer(game);
    let built =
        strategy::build(kind, &options, &scorer, progress).map_err(|error| error.to_string())?;
    let title = strategy_title(&built.info.name, &game);
    let file = TreeFile::new(scorer.codebook(), built.info, &built.root);
    Ok(json!({ "tree": file.to_json(), "title": title }))
}
