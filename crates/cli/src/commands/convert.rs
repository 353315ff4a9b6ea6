//! `mastermind convert`: turns a tree written in Knuth's or Irving's notation (or JSON) into a
//! JSON tree file, after verifying it: a tree that fails verification is not converted.

use mastermind_tree::{StrategyInfo, TreeFile};

use crate::args::{ConvertArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::{check_output, write_output};
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &ConvertArgs) -> anyhow::Result<Outcome> {
    check_output(args.output.as_deref())?;
    // A tree file describes a whole game, so the tree must start at the root.
    let input = NotationInputArgs {
        game: args.game.clone(),
        after: None,
        strategy_name: Some(args.strategy_name.clone()),
        whole_game: true,
    };
    let Some(ValidTree { book, root, .. }) =
        load_valid_tree(&args.file, args.format, &input, "converted")?
    else {
        return Ok(Outcome::Invalid);
    };
    let strategy = StrategyInfo::named(&args.strategy_name);
    let file = TreeFile::new(&book, strategy, &root);
    write_output(args.output.as_deref(), file.to_json().as_bytes())?;
    Ok(Outcome::Success)
}
