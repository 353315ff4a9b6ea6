//! The requests the page makes, read from JSON, and the one function that answers them.

use mastermind::strategy::Progress;
use serde::Deserialize;
use serde_json::{json, Value};

pub use crate::game::GameSpec;

/// One request of the page, named by its `op` field.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Request {
    /// The game's facts: its codes, symbols, replies, and what building `strategy` would cost.
    Game {
        game: GameSpec,
        #[serde(default)]
        strategy: Option<String>,
    },
    /// The reply to `guess` when the code is `secret`.
    Score {
        game: GameSpec,
        guess: String,
        secret: String,
    },
    /// Builds `strategy`'s tree: the tree file the command would write, and its statistics.
    Build {
        game: GameSpec,
        strategy: String,
        #[serde(default)]
        opening: Option<String>,
        #[serde(default)]
        consistent_only: bool,
        #[serde(default)]
        max_guesses: Option<u16>,
    },
    /// Reads a tree (JSON, or Knuth's or Irving's notation for `game`) and verifies it.
    Verify {
        text: String,
        #[serde(default)]
        game: Option<GameSpec>,
    },
    /// Whether `guesses` (written apart by spaces or commas), made all at once, tell every
    /// code of `game` apart: static Mastermind, as `mastermind static verify` says it.
    StaticCheck { game: GameSpec, guesses: String },
    /// A verified tree file's statistics, drawn as the page shows them.
    Statistics { tree: String, title: String },
    /// A verified tree file printed in `notation` (`knuth` or `irving`).
    Print { tree: String, notation: String },
    /// Why the tree file's strategy plays its guess after `history` (`GUESS=REPLY,…`).
    Explain { tree: String, history: String },
}

/// The answer to `request` (a JSON [`Request`]): `{"ok": …}`, or `{"error": "…"}` saying what
/// is wrong with it. Long builds report to `progress`.
pub fn answer(request: &str, progress: &dyn Progress) -> String {
    let answered = serde_json::from_str::<Request>(request)
        .map_err(|error| format!("the page's request does not read: {error}"))
        .and_then(|request| respond(request, progress));
    match answered {
        Ok(value) => json!({ "ok": value }),
        Err(message) => json!({ "error": message }),
    }
    .to_string()
}

fn respond(request: Request, progress: &dyn Progress) -> Result<Value, String> {
    match request {
        Request::Game { game, strategy } => game.facts(strategy.as_deref()),
        Request::Score {
            game,
            guess,
            secret,
        } => game.score(&guess, &secret),
        Request::Build {
            game,
            strategy,
            opening,
            consistent_only,
            max_guesses,
        } => crate::build::build(
            &game,
            &crate::build::Wanted {
                strategy: &strategy,
                opening: opening.as_deref(),
                consistent_only,
                max_guesses,
            },
            progress,
        ),
        Request::Verify { text, game } => crate::verify::verify(&text, game.as_ref()),
        Request::StaticCheck { game, guesses } => game.static_check(&guesses),
        Request::Statistics { tree, title } => crate::verify::statistics(&tree, &title),
        Request::Print { tree, notation } => crate::verify::print(&tree, &notation),
        Request::Explain { tree, history } => crate::explain::explain(&tree, &history),
    }
}
