//! The static result file: the game, the set of guesses in the game's symbols, and what the
//! search established about it (the least size, how it was proved, how much was searched and
//! how long it took). `static verify --file` re-checks the set; the timing is the one field that
//! differs between runs.

use mastermind_core::{Code, Codebook, Game};
use mastermind_tree::{check_format, read_document, DocumentError, FileGame};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{LeastSet, Proof};

pub const FORMAT_NAME: &str = "mastermind-static-set";

/// The fields that say what a document is, whatever else it holds.
#[derive(serde::Deserialize)]
struct Named {
    format: String,
    version: u32,
}
pub const FORMAT_VERSION: u32 = 1;

/// A static set of guesses, as written to a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaticFile {
    pub format: String,
    pub version: u32,
    pub game: FileGame,
    /// The guesses, in the game's symbols, in increasing order.
    pub guesses: Vec<String>,
    /// What the search established, for a set that came from `static search`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchRecord>,
}

/// What the search established about the set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRecord {
    /// The least number of static guesses: the set's size.
    pub least: usize,
    /// Why one fewer cannot work, in words.
    pub proof: String,
    /// Partial sets followed and whole sets checked by the search that proved it (0 when
    /// counting proved it).
    pub partial_sets: u64,
    pub sets_checked: u64,
    /// Wall-clock seconds of the whole search; absent for a search run in shards, whose parts
    /// record no time so that a shard run again writes the same bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// Why a file cannot be read as a static set.
#[derive(Debug, Error)]
pub enum FileError {
    #[error(transparent)]
    Document(#[from] DocumentError),
    #[error(transparent)]
    Game(#[from] mastermind_tree::FileError),
    #[error("guess {index} `{text}` is not a code of {game}: {reason}")]
    Guess {
        index: usize,
        text: String,
        game: String,
        reason: String,
    },
}

impl StaticFile {
    /// The file for `least`, found for `book`'s game in `seconds` (if one process timed it).
    pub fn of(book: &Codebook, least: &LeastSet, seconds: Option<f64>) -> StaticFile {
        let (proof, partial_sets, sets_checked) = match &least.proof {
            Proof::Counting { size, replies } => (
                format!(
                    "counting: {size} guesses have at most {replies}^{size} reply vectors, fewer than the {} codes",
                    book.len()
                ),
                0,
                0,
            ),
            Proof::Exhaustive(search) => (
                format!(
                    "exhaustive search: no set of {} guesses works (up to position and colour symmetry)",
                    search.size
                ),
                search.partial_sets,
                search.sets_checked,
            ),
        };
        StaticFile {
            format: FORMAT_NAME.to_owned(),
            version: FORMAT_VERSION,
            game: FileGame::of(book),
            guesses: least
                .guesses
                .iter()
                .map(|&code| book.format(code))
                .collect(),
            search: Some(SearchRecord {
                least: least.guesses.len(),
                proof,
                partial_sets,
                sets_checked,
                seconds: seconds.map(|seconds| (seconds * 1000.0).round() / 1000.0),
            }),
        }
    }

    /// Reads a file, checking its header, game and guesses; whether the guesses work is left
    /// to [`check`](crate::check).
    pub fn from_json(text: &str) -> Result<(StaticFile, Game, Vec<Code>), FileError> {
        // What the file says it is comes first: a file of another format is named as such,
        // not as a static set with fields it should not have.
        if let Ok(named) = serde_json::from_str::<Named>(text) {
            check_format(&named.format, named.version, FORMAT_NAME, FORMAT_VERSION)?;
        }
        let file: StaticFile = read_document(text, "static-set")?;
        check_format(&file.format, file.version, FORMAT_NAME, FORMAT_VERSION)?;
        let game = file.game.checked()?;
        let book = Codebook::new(game);
        let guesses = file
            .guesses
            .iter()
            .enumerate()
            .map(|(index, text)| {
                book.parse(text).map_err(|error| FileError::Guess {
                    index: index + 1,
                    text: text.clone(),
                    game: game.describe(),
                    reason: error.to_string(),
                })
            })
            .collect::<Result<_, _>>()?;
        Ok((file, game, guesses))
    }

    /// The file as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a static file always serialises");
        text.push('\n');
        text
    }
}
