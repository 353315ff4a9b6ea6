//! `mastermind convert`: turns a tree written in Knuth's or Irving's notation (or JSON) into a
//! JSON tree file, after verifying it: a tree that fails verification is not converted. A
//! paper's section, read with `--after`, becomes a file that names its history.

use mastermind::tree::{StrategyInfo, TreeFile};

use crate::args::{ConvertArgs, NotationInputArgs};
use crate::commands::Outcome;
use crate::output::{write_output, Files};
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &ConvertArgs) -> anyhow::Result<Outcome> {
    Files::new()
        .reads("the tree read", &args.file)
        .writes("-o", args.output.as_deref())
        .check()?;
    // A section (`--after`, or a JSON file's own) is written with its history.
    let input = NotationInputArgs {
        game: args.game.clone(),
        after: args.after.clone(),
        strategy_name: Some(args.strategy_name.clone()),
        whole_game: false,
    };
    let Some(ValidTree {
        book,
        root,
        history,
        ..
    }) = load_valid_tree(&args.file, args.format, &input, "converted")?
    else {
        return Ok(Outcome::Invalid);
    };
    let strategy = StrategyInfo::named(&args.strategy_name);
    let file = TreeFile::section(&book, strategy, &history, &root);
    write_output(args.output.as_deref(), file.to_json().as_bytes())?;
    Ok(Outcome::Success)
}
