//! The game a request names, the limits of the page, and the facts the page draws with: the
//! symbols, the replies, how to score a guess, and what building a strategy would cost.

use std::cell::RefCell;

use mastermind::read::GameWords;
use mastermind::strategy::forecast::search_seconds;
use mastermind::strategy::StrategyKind;
use mastermind::{Codebook, Game, Scorer};
use serde::Deserialize;
use serde_json::{json, Value};

/// The most colours the page offers: one symbol each, so that every code can be typed.
pub const MOST_COLOURS: u32 = 36;
/// The most bytes of tables an exact search may ask of a browser tab: the feedback table and
/// the reply rows, each the square of the codes. 5×7's 16 807 codes take 565 MB of them.
const MOST_SEARCH_TABLE_BYTES: usize = 600 << 20;

/// A game as the page names it: pegs, colours, whether a colour may repeat, black pegs only.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub pegs: u32,
    pub colours: u32,
    #[serde(default = "repeats")]
    pub repetition: bool,
    #[serde(default)]
    pub black_only: bool,
}

fn repeats() -> bool {
    true
}

impl GameSpec {
    /// The game, or why there is no such game.
    pub fn game(&self) -> Result<Game, String> {
        self.words().game().map_err(|error| error.to_string())
    }

    /// The game as a reader of trees is told it.
    pub fn words(&self) -> GameWords {
        GameWords {
            pegs: Some(self.pegs),
            colours: Some(self.colours),
            repetition: Some(self.repetition),
            black_only: Some(self.black_only),
        }
    }

    /// The facts the page draws the game with, and what building `strategy` would cost.
    pub fn facts(&self, strategy: Option<&str>) -> Result<Value, String> {
        let game = self.game()?;
        let cost = strategy
            .map(|name| cost(&game, kind_named(name)?))
            .transpose()?;
        // The page asks again at every change of its form: the same game's codebook is kept.
        let (people, symbols) =
            with_book(game, |book| (book.describe_for_people(), book.symbols()));
        Ok(json!({
            "describe": game.describe(),
            "people": people,
            "codes": game.code_count(),
            "symbols": symbols,
            "replies": replies(&game),
            "solved": game.feedback_name(game.all_black()),
            "cost": cost,
        }))
    }

    /// The reply to `guess` when the code is `secret`, as the tree files name it (`1B2W`).
    pub fn score(&self, guess: &str, secret: &str) -> Result<Value, String> {
        let game = self.game()?;
        with_book(game, |book| {
            let read = |text: &str| {
                book.parse(text).map_err(|error| {
                    format!("“{text}” is not a code of {}: {error}", game.describe())
                })
            };
            let reply = book.score(read(guess)?, read(secret)?);
            Ok(Value::String(game.feedback_name(reply)))
        })
    }
}

thread_local! {
    /// The codebook of the game scored last: the page scores one guess at a time, always in
    /// the same game, and a codebook lists every code.
    static BOOK: RefCell<Option<Codebook>> = const { RefCell::new(None) };
}

fn with_book<T>(game: Game, then: impl FnOnce(&Codebook) -> T) -> T {
    BOOK.with(|book| {
        let mut book = book.borrow_mut();
        if book.as_ref().is_none_or(|book| *book.game() != game) {
            *book = Some(Codebook::new(game));
        }
        then(book.as_ref().expect("made above"))
    })
}

impl GameSpec {
    /// The verdict of `mastermind static verify` on `guesses`, with the groups of codes they
    /// do not tell apart (the first ten).
    pub fn static_check(&self, guesses: &str) -> Result<Value, String> {
        let game = self.game()?;
        let scorer = Scorer::for_one_pass(game);
        let book = scorer.codebook();
        let guesses = guesses
            .split([' ', ',', '\n', '\t'])
            .filter(|text| !text.is_empty())
            .enumerate()
            .map(|(index, text)| {
                book.parse(text)
                    .map_err(|error| format!("guess {} “{text}”: {error}", index + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if guesses.is_empty() {
            return Err("give the guesses to check, such as 1221 2354 3311 4524 5656 6643".into());
        }
        let checked = mastermind::static_mastermind::check(&scorer, &guesses);
        Ok(json!({
            "determines": checked.determines(),
            "verdict": checked.verdict(&game, guesses.len()),
            "groups": checked.group_lines(book, 10),
        }))
    }
}

/// The strategy the page names, by the name tree files give it.
pub fn kind_named(name: &str) -> Result<StrategyKind, String> {
    StrategyKind::from_file_name(name).ok_or_else(|| {
        let names: Vec<_> = StrategyKind::ALL
            .iter()
            .map(|kind| kind.file_name())
            .collect();
        format!(
            "no strategy is named “{name}”; the strategies are {}",
            names.join(", ")
        )
    })
}

/// Every reply a codemaker can give, fewest black pegs first: all black but one with one white
/// never occurs, so it is not offered.
fn replies(game: &Game) -> Vec<String> {
    let pegs = game.pegs();
    let mut feedbacks = game.notation_feedbacks();
    feedbacks.retain(|&reply| !(game.black(reply) + 1 == pegs && game.white(reply) == 1));
    feedbacks.sort_by_key(|&reply| (game.black(reply), game.white(reply)));
    feedbacks
        .into_iter()
        .map(|reply| game.feedback_name(reply))
        .collect()
}

/// How many times the exact search's measured wall time (the forecast's figures: two threads,
/// beside other work) a tab takes: the tab runs it on one thread, and the module a little
/// slower than the command's native code, while the figures were taken on a busy machine by
/// an earlier search. Chosen so that the note holds within 3× both in a quiet tab and in one
/// beside a test suite (`cargo xtask bench --page` measures the page; the browser tests hold
/// the note to the page's time); the note's whole seconds leave no finer tuning.
const TAB_SLOWDOWN: f64 = 2.5;

/// What a build of `strategy` on `game` asks of the tab: refused where a tab cannot hold it,
/// and otherwise a sentence saying how large the work is.
fn cost(game: &Game, strategy: StrategyKind) -> Result<Value, String> {
    let codes = game.code_count();
    let pairs = (codes as f64).powi(2);
    let tables = Scorer::table_bytes(*game) + mastermind::strategy::reply_rows_bytes(*game);
    let (refused, note) = match strategy {
        // A page written for a tree of more colours shows it; only building them is refused.
        _ if game.colours() > MOST_COLOURS as usize => (
            Some(format!(
                "{} colours: the page builds games of at most {MOST_COLOURS} colours, one \
                 symbol each; the command `mastermind generate` goes up to 100",
                game.colours()
            )),
            String::new(),
        ),
        StrategyKind::Optimal if tables > MOST_SEARCH_TABLE_BYTES || codes > 16_807 => (
            Some(format!(
                "The exact search on {} ({codes} codes) needs more memory than a browser tab \
                 has, and hours or days: run it with the command, `mastermind generate --pegs \
                 {} --colours {} --strategy optimal --resume DIR`.",
                game.describe(),
                game.pegs(),
                game.colours()
            )),
            String::new(),
        ),
        StrategyKind::Optimal => (
            None,
            format!(
                "The exact search tries every guess at every position, up to symmetry: {}, {}. \
                 It takes {}.",
                count(codes, "code", "codes"),
                megabytes(tables),
                match search_seconds(game) {
                    Some(seconds) => format!("about {} here", duration(seconds * TAB_SLOWDOWN)),
                    None => "longer than any game measured: minutes or hours".to_owned(),
                }
            ),
        ),
        _ => (
            None,
            format!(
                "{}: the first guess alone scores {}, {}.",
                count(codes, "code", "codes"),
                match pairs {
                    p if p < 1e4 => count(p as usize, "guess–code pair", "guess–code pairs"),
                    p => format!("about 10^{:.0} guess–code pairs", p.log10()),
                },
                match pairs {
                    p if p < 1e8 => "about a second at most",
                    p if p < 2e9 => "seconds",
                    p if p < 2e10 => "a minute or so",
                    p if p < 1e11 => "minutes",
                    _ => "hours",
                }
            ),
        ),
    };
    Ok(json!({ "codes": codes, "refused": refused, "note": note }))
}

fn megabytes(bytes: usize) -> String {
    match bytes {
        0 => "no table".to_owned(),
        _ => format!("{:.0} MB of tables", bytes as f64 / 1e6),
    }
}

/// A duration as a sentence says it, to the nearest unit that matters: "2 seconds", "about a
/// minute", "40 minutes", "3 hours".
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 1.5 => "a second or so".to_owned(),
        s if s < 90.0 => format!("{:.0} seconds", s),
        s if s < 5400.0 => format!("{:.0} minutes", s / 60.0),
        s => format!("{:.0} hours", s / 3600.0),
    }
}

/// `n` and the noun for it: "1 code", "2 codes".
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
