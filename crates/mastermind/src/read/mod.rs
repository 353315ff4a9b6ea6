//! Reading a tree from text in any format the tool reads, and verifying it: the operation
//! behind `mastermind verify` (and every command that takes a tree), Python's `verify` and the
//! page's Verify. The text is a JSON tree file when it starts with `{`, another tool's file
//! when it looks like one (with the `formats` feature), and otherwise a tree in Knuth's or
//! Irving's notation; the caller may name the format instead. The game is the one a JSON file
//! names, or else the one the caller's [`GameWords`] give.

mod game;
mod notes;

use std::fmt;
use std::io::{self, Read};

use mastermind_certificate::{check_for, check_reference_for, CertificateError};
use mastermind_core::{Code, Codebook, Feedback, Game, GameError, Scorer};
use mastermind_tree::notation::{self, Notation};
use mastermind_tree::{parse_history, FileError, HistoryError, StrategyInfo, TreeFile};
use mastermind_verify::{
    claims_optimum, judge_claim, optimum_claim, verify_file, verify_notation, Optimality,
    ProblemKind, Report, VerifyOptions,
};

pub use game::{GameWord, GameWords};

/// A format a tree is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeFormat {
    /// This tool's JSON tree file, which names its game.
    Json,
    /// Knuth's notation (Figure 1 of his paper).
    Knuth,
    /// Irving's notation, as Koyama and Lai write it.
    Irving,
    /// Another tool's file, which names its pegs but not the rest of its game.
    #[cfg(feature = "formats")]
    Foreign(mastermind_formats::Format),
}

/// How to read a tree.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Read in this format rather than the one the text looks like.
    pub format: Option<TreeFormat>,
    /// The game of a text that does not name it (the notations; another tool's file takes
    /// its pegs from the file and the rest from here). A JSON file names its own game, which
    /// these must agree with.
    pub game: GameWords,
    /// The guesses and replies before a section of a tree written in a notation (a paper's
    /// `A = (…)`), as people write them: `1123=1B1W,1415=BW`. The other formats start at the
    /// root.
    pub after: Option<String>,
    /// The strategy the text is said to be (such as `knuth`), so that the averages the
    /// literature quotes for it are noted beside the verified ones.
    pub strategy_name: Option<String>,
    /// What the verifier checks besides the tree itself.
    pub verify: VerifyOptions,
}

/// A tree read and verified: the report holds the tree when it verifies, and every problem
/// otherwise.
#[derive(Debug)]
pub struct ReadTree {
    /// The codes of the tree's game.
    pub book: Codebook,
    /// The verifier's report.
    pub report: Report,
    /// The strategy a JSON tree file names, with its parameters; other formats name none.
    pub strategy: Option<StrategyInfo>,
    /// The guesses and replies before the tree: the options' history, or a JSON section's.
    pub history: Vec<(Code, Feedback)>,
    /// The format the text was read in.
    pub format: TreeFormat,
    /// Whether that format was told from the text rather than asked for.
    pub detected: bool,
    /// Whether no guess of the text repeats a colour: a hint, for another tool's file that
    /// does not verify, that it is a tree of a game without repetition. False for the rest.
    pub guesses_never_repeat: bool,
}

/// Why a text could not be read as a tree at all (a tree that reads but does not verify is a
/// report with problems, not an error).
#[derive(Debug)]
pub enum ReadError {
    /// A JSON tree file that does not read.
    File(FileError),
    /// A game that cannot be played.
    Game(GameError),
    /// A JSON tree file whose game the words given contradict.
    OtherGame {
        /// The game the file names.
        game: Game,
        /// The words it contradicts.
        contradicted: Vec<GameWord>,
    },
    /// Another tool's file whose codes have other pegs than the words give.
    OtherPegs {
        /// The pegs of the file's codes.
        file: u32,
        /// The pegs given.
        given: u32,
    },
    /// A history given for a format that starts at the root.
    Section(TreeFormat),
    /// A history that does not read.
    After(HistoryError),
    /// A text in a notation that does not read as a tree: the first error, with its line and
    /// column (`line 3, column 14: …`), when the reader found one, and the report of every
    /// error, for a caller that reports them rather than refusing the text.
    Notation(Option<String>, Box<ReadTree>),
    /// Another tool's file that does not parse.
    #[cfg(feature = "formats")]
    ForeignSyntax(mastermind_formats::Format, String),
    /// Another tool's file that parses but holds no tree: its first problem, if any, and the
    /// report of every problem.
    #[cfg(feature = "formats")]
    ForeignTree(mastermind_formats::Format, Option<String>, Box<ReadTree>),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::File(error) => write!(f, "{error}"),
            ReadError::Game(error) => write!(f, "{error}"),
            ReadError::OtherGame { game, contradicted } => {
                let words: Vec<String> = contradicted.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "the text is a tree of {}, not of the game given ({})",
                    game.describe(),
                    words.join(", ")
                )
            }
            ReadError::OtherPegs { file, given } => write!(
                f,
                "the file's codes have {file} pegs, but the game given has {given}"
            ),
            ReadError::After(error) => write!(f, "in the history before the section: {error}"),
            ReadError::Section(format) => write!(
                f,
                "a history applies to trees in the papers' notation; {} starts at the root",
                format.text_kind()
            ),
            ReadError::Notation(first, _) => {
                write!(f, "the text does not read as a strategy tree")?;
                first.iter().try_for_each(|first| write!(f, ": {first}"))
            }
            #[cfg(feature = "formats")]
            ReadError::ForeignSyntax(format, message) => {
                write!(
                    f,
                    "the text does not read as a {}: {message}",
                    format.name()
                )
            }
            #[cfg(feature = "formats")]
            ReadError::ForeignTree(format, first, _) => {
                write!(f, "the text does not read as a {} tree", format.name())?;
                first.iter().try_for_each(|first| write!(f, ": {first}"))
            }
        }
    }
}

impl std::error::Error for ReadError {}

impl ReadTree {
    /// Whether the tree verified may be a section of a larger one rather than a whole game's:
    /// it was read without a history and its root holds fewer codes than the game (a paper's
    /// `A = (…)` starts after a guess and its reply). Front ends say how to give the history.
    pub fn looks_like_section(&self) -> bool {
        self.history.is_empty()
            && self.report.problems.iter().any(|problem| {
                problem.path.is_root()
                    && matches!(
                        problem.kind,
                        ProblemKind::WrongCandidateCount { claimed, actual } if claimed < actual
                    )
            })
    }
}

/// A certificate to judge a tree read by: the bytes of a certificate file (plain or
/// gzip-compressed), as `verify --certificate` and Python's `verify(certificate=…)` take it.
pub struct CertificateInput<R> {
    /// What a reason names it by (its path), if anything: `optimal.cert: fact 3 does not hold`.
    pub name: Option<String>,
    /// Its bytes.
    pub input: R,
    /// Whether the reference checker checks it (small and slow) rather than the fast one.
    pub reference: bool,
}

impl ReadTree {
    /// What is known of the optimality of the tree read, if it verified, without a
    /// certificate: [`Optimality::Unchecked`] for a tree whose strategy claims an optimum, and
    /// nothing otherwise.
    pub fn claimed_optimality(&self) -> Option<Optimality> {
        let claims = self.report.tree.is_some() && claims_optimum(self.strategy.as_ref());
        claims.then_some(Optimality::Unchecked)
    }

    /// What `certificate` proves of the optimality of the tree read, if it verified. A
    /// certificate that does not check makes the verdict [`Optimality::NotProven`] with the
    /// checker's reason; only a certificate that cannot be read is an error.
    pub fn optimality<R: Read>(
        &self,
        certificate: CertificateInput<R>,
    ) -> Result<Option<Optimality>, io::Error> {
        let Some(tree) = self.report.tree.as_ref() else {
            return Ok(None);
        };
        let claim = match optimum_claim(&self.book, self.strategy.as_ref(), &self.history) {
            Ok(claim) => claim,
            Err(reason) => return Ok(Some(Optimality::NotProven { reason })),
        };
        // A certificate about another game or play is refused before any of its facts.
        let header = claim.header();
        let checked = match certificate.reference {
            false => check_for(header, certificate.input)
                .map(|proven| judge_claim(&claim, tree, &proven)),
            true => check_reference_for(header, certificate.input)
                .map(|proven| judge_claim(&claim, tree, &proven)),
        };
        Ok(Some(match checked {
            Ok(optimality) => optimality,
            Err(CertificateError::Io(error)) => return Err(error),
            Err(error) => Optimality::NotProven {
                reason: match certificate.name {
                    Some(name) => format!("{name}: {error}"),
                    None => error.to_string(),
                },
            },
        }))
    }
}

impl TreeFormat {
    /// The format `text` is read in: `asked`, or the one it looks like (`None` for a notation,
    /// which the reader tells apart), and whether it was told from the text.
    pub fn of(text: &str, asked: Option<TreeFormat>) -> (Option<TreeFormat>, bool) {
        if let Some(format) = asked {
            return (Some(format), false);
        }
        if text.trim_start().starts_with('{') {
            return (Some(TreeFormat::Json), true);
        }
        #[cfg(feature = "formats")]
        if let Some(format) = mastermind_formats::detect(text) {
            return (Some(TreeFormat::Foreign(format)), true);
        }
        // A notation, which the reader tells apart itself.
        (None, true)
    }

    /// The kind of text in this format, as a message names it: `a JSON tree file`.
    pub fn text_kind(self) -> String {
        match self {
            TreeFormat::Json => "a JSON tree file".to_owned(),
            TreeFormat::Knuth => "a text in Knuth's notation".to_owned(),
            TreeFormat::Irving => "a text in Irving's notation".to_owned(),
            #[cfg(feature = "formats")]
            TreeFormat::Foreign(format) => format!("a {} file", format.name()),
        }
    }

    /// The notation, for the two notations.
    fn notation(self) -> Option<Notation> {
        match self {
            TreeFormat::Knuth => Some(Notation::Knuth),
            TreeFormat::Irving => Some(Notation::Irving),
            _ => None,
        }
    }
}

/// Reads `text` as a tree and verifies it. The report's notes say how the text was read and,
/// for a strategy named in the options, the averages the literature quotes for it.
///
/// ```
/// use mastermind::read::{read_tree, GameWords, ReadError, ReadOptions};
///
/// // 1 peg × 3 colours: guess 1, then the others one by one (the notations agree here).
/// let game = GameWords { pegs: Some(1), colours: Some(3), ..GameWords::default() };
/// let options = ReadOptions { game, ..ReadOptions::default() };
/// let read = read_tree("3(1x)", &options)?;
/// assert!(read.report.is_valid());
/// assert_eq!(read.report.statistics.total(), 6);
/// assert_eq!(read.report.notes, ["read in Knuth's notation (detected) for 1×3"]);
///
/// // Text that is no tree: where reading stopped, and every error in a report.
/// let Err(ReadError::Notation(first, read)) = read_tree("not a tree", &options) else {
///     panic!("read as a tree");
/// };
/// assert!(first.unwrap().starts_with("line 1, column 1: "));
/// assert!(!read.report.is_valid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_tree(text: &str, options: &ReadOptions) -> Result<ReadTree, ReadError> {
    let (format, detected) = TreeFormat::of(text, options.format);
    let read = match format {
        Some(TreeFormat::Json) => read_json(text, options, detected),
        #[cfg(feature = "formats")]
        Some(TreeFormat::Foreign(format)) => read_foreign(text, format, options, detected),
        asked => read_notation(
            text,
            asked.and_then(TreeFormat::notation),
            options,
            detected,
        ),
    };
    read.map(|read| notes::added(read, options.strategy_name.as_deref()))
}

/// Reads a text in a notation: Knuth's or Irving's as `notation` says, or as the text looks.
fn read_notation(
    text: &str,
    notation: Option<Notation>,
    options: &ReadOptions,
    detected: bool,
) -> Result<ReadTree, ReadError> {
    let game = options.game.game().map_err(ReadError::Game)?;
    let scorer = Scorer::for_one_pass(game);
    let history = match options.after.as_deref() {
        Some(after) => parse_history(scorer.codebook(), after).map_err(ReadError::After)?,
        None => Vec::new(),
    };
    let reading = notation::read(text, &game, notation);
    let report = verify_notation(&scorer, &reading, &history, &options.verify);
    let read = ReadTree {
        book: scorer.codebook().clone(),
        report,
        strategy: None,
        history,
        format: match reading.notation {
            Notation::Knuth => TreeFormat::Knuth,
            Notation::Irving => TreeFormat::Irving,
        },
        detected: detected && notation.is_none(),
        guesses_never_repeat: false,
    };
    match reading.tree {
        Some(_) => Ok(read),
        None => Err(ReadError::Notation(
            reading.errors.first().map(|error| {
                let (line, column) = error.location;
                format!("line {line}, column {column}: {}", error.kind)
            }),
            Box::new(notes::added(read, options.strategy_name.as_deref())),
        )),
    }
}

fn read_json(text: &str, options: &ReadOptions, detected: bool) -> Result<ReadTree, ReadError> {
    if options.after.is_some() {
        return Err(ReadError::Section(TreeFormat::Json));
    }
    let file = TreeFile::from_json(text).map_err(ReadError::File)?;
    let game = file.game().map_err(ReadError::Game)?;
    let contradicted = options.game.contradicted_by(&game);
    if !contradicted.is_empty() {
        return Err(ReadError::OtherGame { game, contradicted });
    }
    let report = verify_file(&file, &options.verify).map_err(ReadError::Game)?;
    let book = Codebook::new(game);
    // A history that does not read is among the report's problems.
    let history = file.history(&book).unwrap_or_default();
    Ok(ReadTree {
        book,
        report,
        strategy: Some(file.strategy),
        history,
        format: TreeFormat::Json,
        detected,
        guesses_never_repeat: false,
    })
}

#[cfg(feature = "formats")]
fn read_foreign(
    text: &str,
    format: mastermind_formats::Format,
    options: &ReadOptions,
    detected: bool,
) -> Result<ReadTree, ReadError> {
    use mastermind_verify::verify_read;
    if options.after.is_some() {
        return Err(ReadError::Section(TreeFormat::Foreign(format)));
    }
    let parsed = mastermind_formats::parse(text, format)
        .map_err(|error| ReadError::ForeignSyntax(format, error.to_string()))?;
    // The file's codes say their length; the pegs given, if any, must agree.
    let pegs = match (parsed.pegs(), options.game.pegs) {
        (Some(file), Some(given)) if file != given as usize => {
            let file = u32::try_from(file).unwrap_or(u32::MAX);
            return Err(ReadError::OtherPegs { file, given });
        }
        (Some(file), _) => u32::try_from(file).unwrap_or(u32::MAX),
        (None, given) => given.unwrap_or(1),
    };
    let game = options.game.game_of(pegs).map_err(ReadError::Game)?;
    let scorer = Scorer::for_one_pass(game);
    let reading = parsed.read(&game);
    let without_repeats = reading.tree.as_ref().is_some_and(guesses_never_repeat);
    let first = reading.problems.first().map(ToString::to_string);
    let read_any = reading.tree.is_some();
    let report = verify_read(
        &scorer,
        reading.tree.as_ref(),
        reading.problems,
        &[],
        &options.verify,
    );
    let read = ReadTree {
        book: scorer.codebook().clone(),
        report,
        strategy: None,
        history: Vec::new(),
        format: TreeFormat::Foreign(format),
        detected,
        guesses_never_repeat: without_repeats,
    };
    match read_any {
        true => Ok(read),
        false => Err(ReadError::ForeignTree(
            format,
            first,
            Box::new(notes::added(read, options.strategy_name.as_deref())),
        )),
    }
}

/// Whether no guess of the tree repeats a symbol.
#[cfg(feature = "formats")]
fn guesses_never_repeat(node: &mastermind_verify::ClaimedNode) -> bool {
    use mastermind_verify::Branches;
    let distinct = node.guess.as_ref().is_none_or(|guess| {
        let mut symbols: Vec<char> = guess.chars().collect();
        symbols.sort_unstable();
        symbols.windows(2).all(|pair| pair[0] != pair[1])
    });
    distinct
        && match &node.branches {
            Branches::Listed(children) => children
                .iter()
                .all(|(_, child)| guesses_never_repeat(child)),
            _ => true,
        }
}
