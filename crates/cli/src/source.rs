//! Where the commands that play (`trace`, `next`, `solve`) get their guesses: a strategy the
//! tool builds for the game flags, or a tree file it verifies and then follows exactly.

use mastermind::strategy::Situation;
use mastermind::tree::Node;
use mastermind::Scorer;

use crate::args::strategy_options::StrategySourceArgs;
use crate::args::tree_input::NotationInputArgs;
use crate::build_named::build_strategy;
use crate::progress::BuildProgress;
use crate::tree_input::{load_valid_tree, ValidTree};

/// A whole strategy tree ready to be followed.
pub struct Followed {
    pub scorer: Scorer,
    pub root: Node,
    /// How to name it to the user, such as `knuth` or `the tree in knuth.json`.
    pub name: String,
}

/// The tree that `source` names, or `None` when a tree file fails verification (the
/// problems are then on stderr).
pub fn follow(source: &StrategySourceArgs, quiet: bool) -> anyhow::Result<Option<Followed>> {
    if let Some(path) = &source.tree {
        let input = NotationInputArgs {
            game: source.game.clone(),
            after: None,
            strategy_name: None,
            whole_game: true,
        };
        let Some(ValidTree { book, root, .. }) =
            load_valid_tree(path, source.format, &input, "played")?
        else {
            return Ok(None);
        };
        return Ok(Some(Followed {
            scorer: Scorer::new(*book.game()),
            root,
            name: format!("the tree in {}", path.display()),
        }));
    }
    let game = source.game.game()?;
    let strategy = source.strategy();
    let scorer = strategy.scorer(game);
    let progress = BuildProgress::new(game.code_count() as u64, quiet);
    let built = build_strategy(
        strategy,
        &source.options,
        &scorer,
        &Situation::start(&scorer),
        &progress,
    );
    progress.finish();
    let built = built?;
    Ok(Some(Followed {
        scorer,
        root: built.root,
        name: strategy.file_name().to_owned(),
    }))
}
