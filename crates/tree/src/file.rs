//! The JSON tree file: self-describing (format name and version), naming its game and strategy,
//! stating claims about the tree (which the verifier checks), and holding the tree itself with
//! guesses written as codes and replies as readable keys such as `1B2W`.

use std::collections::BTreeMap;

use mastermind_core::{Code, Codebook, Feedback, FeedbackKind, Game, GameError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{check_format, read_document, DocumentError, Node, Statistics, DEPTH_LIMIT};

/// The value of the `format` field.
pub const FORMAT_NAME: &str = "mastermind-strategy-tree";
/// The version of the file layout this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The most bytes besides white space that one node takes as the tool writes it:
/// `{"guess":"…","candidates":…,"children":{}}` is 41, a guess of 13 pegs in two-character
/// symbols 26, a count of candidates at most 7 digits, and the node's key and separators in its
/// parent's `children` (`"13B0W":` and a comma) 9. White space, however much indentation a
/// deep tree has, takes no memory once read, so it is not counted.
const MOST_BYTES_PER_NODE: usize = 128;
/// Room for the header, the claims and the strategy's parameters.
const MOST_BYTES_BESIDE_NODES: usize = 1 << 20;

/// The fields that say what a file is, read before the rest.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    game: FileGame,
}

/// The header's game and the total its claims give, read before the tree (a file of
/// another format has no claims: its header is what is wrong with it).
#[derive(Deserialize)]
struct Sized {
    #[serde(flatten)]
    header: Header,
    #[serde(default)]
    claims: Option<ClaimedTotal>,
}

#[derive(Deserialize)]
struct ClaimedTotal {
    total_guesses: u64,
}

/// The game of a file with this header, if this build reads it.
fn check_header(format: &str, version: u32, game: &FileGame) -> Result<Game, FileError> {
    check_format(format, version, FORMAT_NAME, FORMAT_VERSION)?;
    game.checked()
}

/// A whole tree file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeFile {
    /// The format's name, `mastermind-strategy-tree`.
    pub format: String,
    /// The format's version ([`FORMAT_VERSION`]).
    pub version: u32,
    /// The game the tree plays.
    pub game: FileGame,
    /// The guesses and replies before the tree's first guess, when the tree is a section of a
    /// larger one (a paper's `K = (…)`); empty, and left out, for a whole game's tree.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<FileStep>,
    /// The strategy that built it.
    pub strategy: StrategyInfo,
    /// What the file says the tree achieves.
    pub claims: Claims,
    /// The tree, from its first guess.
    pub tree: FileNode,
}

/// One guess before a section, with its reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileStep {
    /// The guess, as its symbols.
    pub guess: String,
    /// The reply, as its name (such as `1B1W`).
    pub reply: String,
}

/// The game the tree plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileGame {
    /// How many pegs a code has.
    pub pegs: u32,
    /// How many colours a peg may take.
    pub colours: u32,
    /// Whether colours may repeat in a code.
    pub repetition: bool,
    /// Whether replies give black and white pegs or black only.
    pub feedback: FeedbackKind,
    /// The symbols of the colours in order, such as `123456`.
    pub symbols: String,
}

/// Which strategy built the tree, and with what parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategyInfo {
    /// The strategy's name, such as `knuth` or `optimal`.
    pub name: String,
    /// The options that differ from the strategy's defaults.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, serde_json::Value>,
}

/// What the file says the tree achieves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    /// How many codes the tree solves.
    pub codes: u64,
    /// The number of guesses over every code.
    pub total_guesses: u64,
    /// The average number of guesses.
    pub average: ClaimedAverage,
    /// The most guesses any code needs.
    pub worst_case: u64,
    /// `solved_by_guess[i]` codes need exactly `i + 1` guesses.
    pub solved_by_guess: Vec<u64>,
}

/// As the summaries on stderr say it: `total 5801 guesses, average 5801/1296 = 4.4761, worst
/// case 5`.
impl std::fmt::Display for Claims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "total {} guesses, average {} = {}, worst case {}",
            self.total_guesses, self.average.fraction, self.average.decimal, self.worst_case
        )
    }
}

/// The claimed average, exactly and as a decimal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimedAverage {
    pub fraction: String,
    pub decimal: String,
}

/// A node as written in the file: nothing in it is trusted until verified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileNode {
    /// The guess played here, as its symbols.
    pub guess: String,
    /// How many codes are consistent with the guesses and replies leading here.
    pub candidates: u64,
    /// Replies in file order; duplicates are kept so the verifier can report them.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "ordered_children"
    )]
    pub children: Vec<(String, FileNode)>,
}

/// Why a file could not be read as a tree file.
#[derive(Debug, Error)]
pub enum FileError {
    #[error(transparent)]
    /// The text is not a tree file's JSON, or names another format or version.
    Document(#[from] DocumentError),
    #[error("the game in the file is not playable: {0}")]
    /// The game cannot be played.
    Game(#[from] GameError),
    #[error(
        "the file holds {bytes} bytes besides white space, more than any tree of its game and \
         its claimed total ({total} guesses) takes (at most {most})"
    )]
    /// The file is larger than any tree of its game and claimed total could be.
    TooLarge {
        /// The file's size, white space left out.
        bytes: usize,
        /// The claimed total, or the most any tree of the game can have, if less.
        total: u64,
        /// The most bytes besides white space such a tree takes.
        most: usize,
    },
    #[error("the file gives the symbols `{found}`, but a {game} game uses `{expected}`")]
    /// The symbols do not match the game.
    Symbols {
        /// The game, described.
        game: String,
        /// The symbols the file gives.
        found: String,
        /// The symbols the game uses.
        expected: String,
    },
}

impl TreeFile {
    /// Describes `root`, built by `strategy` for the game of `book`, with claims computed
    /// from the tree itself.
    pub fn new(book: &Codebook, strategy: StrategyInfo, root: &Node) -> TreeFile {
        TreeFile::section(book, strategy, &[], root)
    }

    /// Describes `root`, a section that starts after `history`: its claims are over the codes
    /// that fit the history, each counted with the guesses of the history.
    pub fn section(
        book: &Codebook,
        strategy: StrategyInfo,
        history: &[(Code, Feedback)],
        root: &Node,
    ) -> TreeFile {
        // The guesses before the section count for each of its codes.
        let mut counts = vec![0; history.len()];
        counts.extend(Statistics::of_tree(root).solved_by_guess);
        let statistics = Statistics::from_counts(counts);
        let game = book.game();
        let after = history
            .iter()
            .map(|&(guess, reply)| FileStep {
                guess: book.format(guess),
                reply: game.feedback_name(reply),
            })
            .collect();
        TreeFile {
            format: FORMAT_NAME.to_owned(),
            version: FORMAT_VERSION,
            game: FileGame::of(book),
            after,
            strategy,
            claims: Claims::of(&statistics),
            tree: FileNode::from_node(book, root),
        }
    }

    /// The guesses and replies the file's section starts after, read in `book`'s game (empty
    /// for a whole game's tree), or what is wrong with the first step that does not read.
    pub fn history(&self, book: &Codebook) -> Result<Vec<(Code, Feedback)>, String> {
        let game = book.game();
        self.after
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let place = |error: String| format!("step {} of `after`: {error}", index + 1);
                let guess = book.parse(&step.guess).map_err(|e| place(e.to_string()))?;
                let reply = game
                    .parse_feedback(&step.reply)
                    .map_err(|e| place(e.to_string()))?;
                Ok((guess, reply))
            })
            .collect()
    }

    /// Parses a file and checks its header and game; the tree itself is not checked here.
    ///
    /// The header is read first, skipping the rest without holding it, so that a file far
    /// larger than any tree of its game is refused before it is read into memory (the tree
    /// takes about twelve times its text).
    pub fn from_json(text: &str) -> Result<TreeFile, FileError> {
        // A text whose header does not read is left to the whole parse, which says where.
        if let Ok(Sized { header, claims }) = read_document::<Sized>(text, "tree") {
            let codes = check_header(&header.format, header.version, &header.game)?.code_count();
            // Every node is a guess on the way to at least one code, so a tree has no more
            // nodes than its total, and no code takes more than DEPTH_LIMIT guesses.
            let most_guesses = (codes as u64).saturating_mul(DEPTH_LIMIT as u64);
            let total = claims.map_or(most_guesses, |claims| {
                claims.total_guesses.min(most_guesses)
            });
            let most = usize::try_from(total)
                .unwrap_or(usize::MAX)
                .saturating_mul(MOST_BYTES_PER_NODE)
                .saturating_add(MOST_BYTES_BESIDE_NODES);
            let bytes = text
                .bytes()
                .filter(|byte| !byte.is_ascii_whitespace())
                .count();
            if bytes > most {
                return Err(FileError::TooLarge { bytes, total, most });
            }
        }
        let file: TreeFile = read_document(text, "tree")?;
        check_header(&file.format, file.version, &file.game)?;
        Ok(file)
    }

    /// The file as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a tree file always serialises");
        text.push('\n');
        text
    }

    /// The game the file names.
    pub fn game(&self) -> Result<Game, GameError> {
        self.game.game()
    }
}

impl FileGame {
    /// The description of `book`'s game.
    pub fn of(book: &Codebook) -> FileGame {
        let game = book.game();
        FileGame {
            pegs: game.pegs() as u32,
            colours: game.colours() as u32,
            repetition: game.repetition(),
            feedback: game.feedback_kind(),
            symbols: book.symbols(),
        }
    }

    /// The game described.
    pub fn game(&self) -> Result<Game, GameError> {
        Game::new(self.pegs, self.colours, self.repetition, self.feedback)
    }

    /// The game described, once its symbols are checked to be the game's.
    pub fn checked(&self) -> Result<Game, FileError> {
        let game = self.game()?;
        let expected = Codebook::new(game).symbols();
        if self.symbols != expected {
            return Err(FileError::Symbols {
                game: game.describe(),
                found: self.symbols.clone(),
                expected,
            });
        }
        Ok(game)
    }
}

impl StrategyInfo {
    /// A strategy without parameters.
    pub fn named(name: &str) -> StrategyInfo {
        StrategyInfo {
            name: name.to_owned(),
            parameters: BTreeMap::new(),
        }
    }
}

impl Claims {
    /// The claims that hold for a tree with these statistics.
    pub fn of(statistics: &Statistics) -> Claims {
        let average = statistics.average();
        Claims {
            codes: statistics.codes(),
            total_guesses: statistics.total(),
            average: ClaimedAverage {
                fraction: average.fraction(),
                decimal: average.decimal(4),
            },
            worst_case: statistics.worst_case() as u64,
            solved_by_guess: statistics.solved_by_guess.clone(),
        }
    }
}

impl FileNode {
    /// The node as the model holds it, for a file read without verifying it: a guess or a
    /// reply that is not of the game is named in the error.
    pub fn to_node(&self, book: &Codebook) -> Result<Node, String> {
        let guess = book
            .parse(&self.guess)
            .map_err(|error| format!("guess `{}`: {error}", self.guess))?;
        let candidates = u32::try_from(self.candidates)
            .map_err(|_| format!("{} candidates", self.candidates))?;
        let children = self
            .children
            .iter()
            .map(|(reply, child)| {
                let feedback = book
                    .game()
                    .parse_feedback(reply)
                    .map_err(|error| error.to_string())?;
                Ok((feedback, child.to_node(book)?))
            })
            .collect::<Result<_, String>>()?;
        Ok(Node {
            guess,
            candidates,
            children,
        })
    }

    /// The file's form of `node`, a tree of `book`'s game.
    pub fn from_node(book: &Codebook, node: &Node) -> FileNode {
        let game = book.game();
        FileNode {
            guess: book.format(node.guess),
            candidates: u64::from(node.candidates),
            children: node
                .children
                .iter()
                .map(|(feedback, child)| {
                    (
                        game.feedback_name(*feedback),
                        FileNode::from_node(book, child),
                    )
                })
                .collect(),
        }
    }
}

/// Children as a JSON object whose key order is the tree's reply order, read back in file
/// order with duplicates kept.
mod ordered_children {
    use std::fmt;

    use serde::de::{MapAccess, Visitor};
    use serde::{Deserializer, Serializer};

    use super::FileNode;

    pub fn serialize<S: Serializer>(
        children: &[(String, FileNode)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_map(children.iter().map(|(key, node)| (key, node)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<(String, FileNode)>, D::Error> {
        struct ChildrenVisitor;

        impl<'de> Visitor<'de> for ChildrenVisitor {
            type Value = Vec<(String, FileNode)>;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str("an object mapping replies such as \"1B2W\" to nodes")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut children = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    children.push(entry);
                }
                Ok(children)
            }
        }

        deserializer.deserialize_map(ChildrenVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mastermind_core::Code;

    fn small_tree(book: &Codebook) -> Node {
        // 2×2: guess 11; reply 1B0W leaves 12 and 21, guess 12 then 21.
        let game = *book.game();
        let code = |text| book.parse(text).unwrap();
        let _ = Code(0);
        Node {
            guess: code("11"),
            candidates: 4,
            children: vec![
                (game.feedback(0, 0), Node::leaf(code("22"))),
                (
                    game.feedback(1, 0),
                    Node {
                        guess: code("12"),
                        candidates: 2,
                        children: vec![(game.feedback(0, 2), Node::leaf(code("21")))],
                    },
                ),
            ],
        }
    }

    #[test]
    fn files_round_trip_through_json() {
        let book = Codebook::new(Game::new(2, 2, true, FeedbackKind::BlackWhite).unwrap());
        let file = TreeFile::new(
            &book,
            StrategyInfo {
                name: "hand".into(),
                parameters: BTreeMap::new(),
            },
            &small_tree(&book),
        );
        assert_eq!(file.claims.total_guesses, 1 + 2 + 2 + 3);
        assert_eq!(file.claims.solved_by_guess, vec![1, 2, 1]);
        let text = file.to_json();
        let read = TreeFile::from_json(&text).unwrap();
        assert_eq!(read, file);
        assert!(text.find("\"0B0W\"").unwrap() < text.find("\"1B0W\"").unwrap());
    }

    #[test]
    fn bad_files_are_explained() {
        let error = TreeFile::from_json("{\"format\": 3}").unwrap_err();
        assert!(
            matches!(
                error,
                FileError::Document(DocumentError::Json { line: 1, .. })
            ),
            "{error}"
        );
        let error = TreeFile::from_json("").unwrap_err();
        assert!(
            matches!(error, FileError::Document(DocumentError::Json { .. })),
            "{error}"
        );
    }
}
