//! `mastermind convert`: turns a tree written in Knuth's or Irving's notation (or JSON) into a
//! JSON tree file, after verifying it: a tree that fails verification is not converted. A
//! paper's section, read with `--after`, becomes a file that names its history.

use mastermind::tree::{StrategyInfo, TreeFile};

use crate::args::tree_input::NotationInputArgs;
use crate::commands::Outcome;
use crate::output::{write_output, Files};
use crate::tree_input::{load_valid_tree, ValidTree};

use std::path::PathBuf;

use clap::Args;

use crate::args::game::GameArgs;
use crate::args::tree_input::TreeFormat;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The tree to convert (`-` for stdin), in any format `verify` reads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Write the JSON tree to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    /// The strategy name the JSON file records.
    #[arg(long, value_name = "NAME", default_value = "published")]
    pub strategy_name: String,

    /// The tree is a section that starts after these guesses and replies, e.g.
    /// `1123=1B1W,1415=1B1W` (as in `verify --after`); the file records them.
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// The game of a tree in notation or the C solver's formats (a JSON file names its own).
    #[command(flatten)]
    pub game: GameArgs,
}

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
