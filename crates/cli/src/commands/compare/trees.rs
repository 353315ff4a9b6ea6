//! `compare --tree FILE`: strategies of one's own, as tree files, in rows beside the built-in
//! ones. Each file is read and verified as `verify` does (JSON, the papers' notations or the C
//! solver's formats); its row gives the verified figures, and its time is the reading and
//! verifying.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::bail;
use mastermind::tree::{Statistics, StrategyInfo};
use mastermind::Game;

use crate::args::tree_input::NotationInputArgs;
use crate::commands::compare::CompareArgs;
use crate::tree_input::{load_valid_tree, ValidTree};
use mastermind::compare::Row;

/// What the trees `--tree` names came to.
pub enum TreeRows {
    /// Their rows and the game they share (`None` when there are none).
    Rows(Option<Game>, Vec<Row>),
    /// One fails verification (its problems are then on stderr).
    Unverified,
}

/// The rows of the trees `--tree` names.
pub fn rows(args: &CompareArgs) -> anyhow::Result<TreeRows> {
    let input = NotationInputArgs {
        game: args.game.clone(),
        after: None,
        strategy_name: None,
        whole_game: true,
    };
    let mut game: Option<(Game, &PathBuf)> = None;
    let mut rows = Vec::new();
    for path in &args.trees {
        let started = Instant::now();
        let Some(ValidTree {
            book,
            root,
            strategy,
            ..
        }) = load_valid_tree(path, None, &input, "compared")?
        else {
            return Ok(TreeRows::Unverified);
        };
        let this = *book.game();
        match game {
            Some((first, first_path)) if first != this => bail!(
                "{} is a tree of {}, but {} is of {}: compare trees of one game",
                path.display(),
                this.describe(),
                first_path.display(),
                first.describe()
            ),
            _ => game = Some((this, path)),
        }
        // Trees read from the notations or other formats name no strategy.
        let strategy = strategy.unwrap_or_else(|| StrategyInfo::named("tree"));
        rows.push(Row {
            name: strategy.name,
            parameters: strategy.parameters,
            statistics: Statistics::of_tree(&root),
            build_time: started.elapsed(),
            samples: None,
            tree: Some(path.display().to_string()),
        });
    }
    Ok(TreeRows::Rows(game.map(|(game, _)| game), rows))
}
