//! The game flags every command that names a game shares: pegs, colours, repetition and
//! feedback, and a game word shown as the flag that gave it.

use clap::Args;
use mastermind::read::{GameWord, GameWords};
use mastermind::Game;

/// The game: pegs, colours, repetition and feedback. The default is no flag given.
#[derive(Debug, Args, Clone, Default)]
pub struct GameArgs {
    /// Pegs in a code [default: 4].
    #[arg(long, value_name = "P")]
    pub pegs: Option<u32>,

    /// Colours, up to 100 (symbols 1–9 up to nine colours, else 0–9 then A–Z up to 36, else
    /// two digits each: 00 to 99) [default: 6].
    #[arg(long, visible_alias = "colors", value_name = "C")]
    pub colours: Option<u32>,

    /// Codes may not repeat a colour (Bulls and Cows: --pegs 4 --colours 10 --no-repeat).
    #[arg(long)]
    pub no_repeat: bool,

    /// Only black pegs are reported (white pegs are not).
    #[arg(long)]
    pub black_only: bool,
}

impl GameArgs {
    /// The game the flags describe.
    pub fn game(&self) -> anyhow::Result<Game> {
        Ok(self.words().game()?)
    }

    /// The flags given, for a reader that takes the game from a file where the file names it.
    pub fn words(&self) -> GameWords {
        GameWords {
            pegs: self.pegs,
            colours: self.colours,
            repetition: self.no_repeat.then_some(false),
            black_only: self.black_only.then_some(true),
        }
    }
}

/// A game word as the flag that gave it: `--pegs 5`.
pub fn flag(word: &GameWord) -> String {
    match word {
        GameWord::Pegs(pegs) => format!("--pegs {pegs}"),
        GameWord::Colours(colours) => format!("--colours {colours}"),
        GameWord::Repetition(_) => "--no-repeat".to_owned(),
        GameWord::BlackOnly(_) => "--black-only".to_owned(),
    }
}
