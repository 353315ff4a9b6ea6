//! One module per subcommand.

pub mod atlas;
pub mod certify;
pub mod compare;
pub mod completions;
pub mod convert;
pub mod generate;
pub mod html;
pub mod man;
pub mod next;
pub mod play;
pub mod print;
pub mod shard;
pub mod solve;
pub mod static_mastermind;
pub mod trace;
pub mod verify;

/// How a command ended, when it did not fail with an error.
pub enum Outcome {
    Success,
    /// The tree failed verification (exit status 1).
    Invalid,
    /// A game ended without the code found: the player stopped it (3), the turns ran out
    /// (4), or the input ended first (5).
    Unfinished(GameEnd),
}

/// Why a game of `play` or `solve` ended without the code found.
#[derive(Clone, Copy)]
pub enum GameEnd {
    Stopped,
    OutOfTurns,
    InputEnded,
}

impl GameEnd {
    /// The exit status, documented in the commands' help.
    pub fn status(self) -> u8 {
        match self {
            GameEnd::Stopped => 3,
            GameEnd::OutOfTurns => 4,
            GameEnd::InputEnded => 5,
        }
    }
}

/// A merge that failed: parts whose contents fail the checks are a tree that fails
/// verification (exit status 1, said on stderr); anything else is an error.
pub fn refused_merge(error: mastermind::runs::MergeError) -> anyhow::Result<Outcome> {
    if error.fails_verification() {
        eprintln!("error: {error}");
        Ok(Outcome::Invalid)
    } else {
        Err(error.into())
    }
}
