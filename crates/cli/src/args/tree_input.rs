//! How a tree written as text is read: the flags of the commands that read one.

use clap::{Args, ValueEnum};

use crate::args::game::GameArgs;

/// How a tree written as text is read: in the papers' notation the game flags give the game, in
/// the C solver's formats all but the pegs. A JSON tree file names its own game; it and the C
/// solver's files start at the root, so --after applies to notation only.
#[derive(Debug, Args, Clone, Default)]
pub struct NotationInputArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The tree starts after these guesses and replies, e.g. `1123=1B1W,1415=1B1W` (a reply
    /// may also be written with Knuth's letters, `BWW`, or `-` for none); only the codes
    /// consistent with them are replayed.
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// The strategy the tree is said to be (such as `knuth`), so that averages the
    /// literature quotes for it are compared with the verified one.
    #[arg(long, value_name = "NAME")]
    pub strategy_name: Option<String>,

    /// Set by the commands that need a whole game's tree (`convert`, and those that play a
    /// `--tree`), which take no `--after`, so that a section is pointed elsewhere.
    #[arg(skip)]
    pub whole_game: bool,
}

/// The formats a tree file is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// This tool's JSON tree file.
    Json,
    /// Knuth's 1976 notation: 15 slots for 4 pegs, `n(g)`, `n(gx)`.
    Knuth,
    /// Irving's notation as used by Koyama and Lai: 14 slots, `*` on non-candidate guesses.
    Irving,
    /// The C solver's punch card (arfst23/Mastermind): a header of reply labels, then rows of
    /// entries that are `----`, the one code left, or `>NNN` for the row that carries on.
    PunchCard,
    /// The C solver's YAML: each situation a list of its guess and a mapping from each reply
    /// (`XO--`) to the one code left or the next situation.
    Yaml,
}
