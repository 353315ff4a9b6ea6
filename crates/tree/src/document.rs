//! What every JSON file of the tool shares (trees, static sets, the atlas): reading it with the
//! position of the first error, and checking that it names its format and a version this build
//! reads.

use serde::de::DeserializeOwned;
use thiserror::Error;

/// Why a text cannot be read as a JSON file of one of the tool's formats.
#[derive(Debug, Error)]
pub enum DocumentError {
    /// The text is not JSON or does not have the file's shape.
    #[error("not valid {kind} JSON at line {line}, column {column}: {message}")]
    Json {
        /// What the file was read as, such as `tree`.
        kind: &'static str,
        /// The line of the first error, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
        /// What serde_json says is wrong.
        message: String,
    },
    /// The file names another format.
    #[error("the format is `{found}`, expected `{expected}`{}", read_by(found))]
    Format {
        /// The format it names (cut short when long).
        found: String,
        /// The format expected.
        expected: &'static str,
    },
    /// The file is of a version this build does not read.
    #[error("format version {found} is not supported (this build reads version {supported})")]
    Version {
        /// The version it says.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
}

/// The deepest nesting of arrays and objects a file may have. A tree's node sits two levels
/// below its parent's (in its `children`), so this holds every tree of up to
/// [`DEPTH_LIMIT`](crate::DEPTH_LIMIT) guesses, the deepest the verifier follows, with room to
/// spare, while parsing it takes well under a megabyte of stack, the least any thread that
/// reads has.
pub const MOST_NESTING: usize = 1024;
const _: () = assert!(2 * crate::DEPTH_LIMIT + 8 <= MOST_NESTING);

/// Parses `text` as a `kind` file (`kind` names it in the error, such as `tree`). Its
/// nesting is measured first, in one pass that holds nothing, so that a text nested past
/// [`MOST_NESTING`] is refused at the place it goes too deep rather than exhausting the stack.
pub fn read_document<T: DeserializeOwned>(
    text: &str,
    kind: &'static str,
) -> Result<T, DocumentError> {
    if let Some(offset) = too_deep(text.as_bytes(), MOST_NESTING) {
        let (line, column) = line_and_column(text, offset);
        return Err(DocumentError::Json {
            kind,
            line,
            column,
            message: format!(
                "arrays and objects nest more than {MOST_NESTING} deep here; no file of the \
                 tool's nests this deep"
            ),
        });
    }
    let json = |error: serde_json::Error| DocumentError::Json {
        kind,
        line: error.line(),
        column: error.column(),
        message: strip_position(&error.to_string()),
    };
    let mut reader = serde_json::Deserializer::from_str(text);
    reader.disable_recursion_limit();
    let document = T::deserialize(&mut reader).map_err(json)?;
    reader.end().map_err(json)?;
    Ok(document)
}

/// The offset of the first bracket that opens an array or object more than `most` deep in the
/// JSON text `bytes`, if any (brackets inside strings do not count).
fn too_deep(bytes: &[u8], most: usize) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (offset, &byte) in bytes.iter().enumerate() {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > most {
                    return Some(offset);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The line and column (from 1, the column in characters) of byte `offset` of `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |newline| newline + 1);
    (line, before[start..].chars().count() + 1)
}

/// Which command reads a document of the format `found`, for a file given to another.
fn read_by(found: &str) -> String {
    let command = match found {
        "mastermind-strategy-tree" => "mastermind verify FILE",
        "mastermind-static-set" => "mastermind static verify --file FILE",
        _ => return String::new(),
    };
    format!("; this is a file for `{command}`")
}

/// Checks that a file names the `expected` format and the version this build reads.
pub fn check_format(
    found: &str,
    version: u32,
    expected: &'static str,
    supported: u32,
) -> Result<(), DocumentError> {
    if found != expected {
        return Err(DocumentError::Format {
            found: mastermind_core::excerpt(found),
            expected,
        });
    }
    if version != supported {
        return Err(DocumentError::Version {
            found: version,
            supported,
        });
    }
    Ok(())
}

/// serde_json's message without the " at line L column C" it appends (the position is reported
/// apart), cut short: it may quote a string of the input whole.
pub fn strip_position(message: &str) -> String {
    const LONGEST: usize = 200;
    let message = match message.rfind(" at line ") {
        Some(index) => &message[..index],
        None => message,
    };
    match message.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_owned(),
    }
}

/// A game as the documents the commands print describe it (`"game"`): its pegs and colours,
/// whether colours repeat, which replies are given, and how many codes it has. Fields are in
/// the order the documents have always had (by name).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameDocument {
    /// How many codes the game has.
    pub codes: usize,
    /// How many colours a peg may take.
    pub colours: usize,
    /// Black and white pegs, or black only.
    pub feedback: mastermind_core::FeedbackKind,
    /// How many pegs a code has.
    pub pegs: usize,
    /// Whether colours may repeat in a code.
    pub repetition: bool,
}

impl GameDocument {
    /// `game` described so.
    pub fn of(game: &mastermind_core::Game) -> GameDocument {
        GameDocument {
            codes: game.code_count(),
            colours: game.colours(),
            feedback: game.feedback_kind(),
            pegs: game.pegs(),
            repetition: game.repetition(),
        }
    }
}

/// An average as documents give it (`"average"`), exactly and to four places.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AverageDocument {
    /// To four decimal places.
    pub decimal: String,
    /// As a fraction in lowest terms.
    pub fraction: String,
}

impl AverageDocument {
    /// `average` described so.
    pub fn of(average: &crate::Average) -> AverageDocument {
        AverageDocument {
            decimal: average.decimal(4),
            fraction: average.fraction(),
        }
    }
}
