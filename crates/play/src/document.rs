//! Games as documents: what `mastermind trace --json` and `next --json` print, in the
//! layouts that `trees/mastermind-trace.schema.json` and `mastermind-next.schema.json`
//! describe. Fields are in the order the documents have always had (by name).

use mastermind_core::{Code, Codebook};
use mastermind_search::explain::ExplanationDocument;
use mastermind_tree::GameDocument;
use serde::Serialize;

use crate::TracedTurn;

/// The document's `format`.
pub const TRACE_FORMAT: &str = "mastermind-trace";
/// The document's `version`.
pub const TRACE_VERSION: u32 = 1;
/// The `format` of `next`'s document.
pub const NEXT_FORMAT: &str = "mastermind-next";
/// The `version` of `next`'s document.
pub const NEXT_VERSION: u32 = 1;
/// A turn lists the codes still left when there are at most this many.
pub const LISTED_CANDIDATES: usize = 8;

/// Games followed through one strategy, turn by turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceDocument {
    /// [`TRACE_FORMAT`].
    pub format: &'static str,
    /// The game.
    pub game: GameDocument,
    /// One game per secret, in the order given.
    pub games: Vec<TracedGame>,
    /// The strategy followed.
    pub strategy: String,
    /// The guesses over every game, when every code was traced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_guesses: Option<usize>,
    /// [`TRACE_VERSION`].
    pub version: u32,
}

/// One secret's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TracedGame {
    /// How many guesses it took.
    pub guesses: usize,
    /// The secret.
    pub secret: String,
    /// Each turn.
    pub turns: Vec<TracedTurnDocument>,
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TracedTurnDocument {
    /// The codes still left, when at most [`LISTED_CANDIDATES`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
    /// How many codes are still left.
    pub candidates_left: usize,
    /// The guess.
    pub guess: String,
    /// Its reply.
    pub reply: String,
}

impl TraceDocument {
    /// The document of `games` (each secret with its turns) followed by `strategy` in
    /// `book`'s game; with `every_code`, the total over them all too.
    pub fn new(
        book: &Codebook,
        strategy: &str,
        games: &[(Code, Vec<TracedTurn>)],
        every_code: bool,
    ) -> TraceDocument {
        let game = book.game();
        let turn = |turn: &TracedTurn| TracedTurnDocument {
            candidates: (turn.left.len() <= LISTED_CANDIDATES)
                .then(|| turn.left.iter().map(|&code| book.format(code)).collect()),
            candidates_left: turn.left.len(),
            guess: book.format(turn.guess),
            reply: game.feedback_name(turn.reply),
        };
        TraceDocument {
            format: TRACE_FORMAT,
            game: GameDocument::of(game),
            games: games
                .iter()
                .map(|(secret, turns)| TracedGame {
                    guesses: turns.len(),
                    secret: book.format(*secret),
                    turns: turns.iter().map(turn).collect(),
                })
                .collect(),
            strategy: strategy.to_owned(),
            total_guesses: every_code.then(|| games.iter().map(|(_, turns)| turns.len()).sum()),
            version: TRACE_VERSION,
        }
    }
}

/// The next guess of a game under way, as `next --json` gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NextDocument {
    /// The codes still left, when at most [`LISTED_CANDIDATES`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
    /// How many codes are still left.
    pub candidates_left: usize,
    /// Why the strategy plays the guess, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<ExplanationDocument>,
    /// [`NEXT_FORMAT`].
    pub format: &'static str,
    /// The game.
    pub game: GameDocument,
    /// The guess to play.
    pub guess: String,
    /// Whether it may be the code.
    pub guess_is_candidate: bool,
    /// The strategy that plays it.
    pub strategy: String,
    /// The turn it is played on, from 1.
    pub turn: usize,
    /// [`NEXT_VERSION`].
    pub version: u32,
}

impl NextDocument {
    /// The document of `guess`, played by `strategy` on `turn` (from 1) in `book`'s game with
    /// `candidates` left (in numeric order), explained when `explanation` is given.
    pub fn new(
        book: &Codebook,
        strategy: &str,
        turn: usize,
        guess: Code,
        candidates: &[Code],
        explanation: Option<ExplanationDocument>,
    ) -> NextDocument {
        NextDocument {
            candidates: (candidates.len() <= LISTED_CANDIDATES)
                .then(|| candidates.iter().map(|&code| book.format(code)).collect()),
            candidates_left: candidates.len(),
            explanation,
            format: NEXT_FORMAT,
            game: GameDocument::of(book.game()),
            guess: book.format(guess),
            guess_is_candidate: candidates.binary_search(&guess).is_ok(),
            strategy: strategy.to_owned(),
            turn,
            version: NEXT_VERSION,
        }
    }
}
