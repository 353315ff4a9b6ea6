//! One module per subcommand.

pub mod compare;
pub mod completions;
pub mod convert;
pub mod generate;
pub mod html;
pub mod next;
pub mod play;
pub mod print;
pub mod shard;
pub mod solve;
pub mod static_mastermind;
pub mod trace;
pub mod verify;

use mastermind_core::{Codebook, Game};
use serde_json::{json, Value};

/// How a command ended, when it did not fail with an error.
pub enum Outcome {
    Success,
    /// The tree failed verification (exit status 1).
    Invalid,
}

/// The game as JSON, as the commands that print JSON describe it.
pub fn game_json(game: &Game) -> Value {
    json!({
        "pegs": game.pegs(),
        "colours": game.colours(),
        "repetition": game.repetition(),
        "feedback": game.feedback_kind(),
        "codes": game.code_count(),
    })
}

/// The game in words for a player: "4 pegs, colours 1 to 6, repeats allowed".
pub fn describe_for_people(book: &Codebook) -> String {
    let game = book.game();
    let symbols = book.symbols();
    let first = symbols.chars().next().unwrap_or('1');
    let last = symbols.chars().last().unwrap_or('1');
    let mut text = format!("{} pegs, colours {first} to {last}", game.pegs());
    text.push_str(if game.repetition() {
        ", repeats allowed"
    } else {
        ", no colour twice"
    });
    if game.feedback_kind() == mastermind_core::FeedbackKind::BlackOnly {
        text.push_str(", black pegs only");
    }
    text
}

/// `n` with the noun that agrees with it: "1 guess", "5 guesses".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
