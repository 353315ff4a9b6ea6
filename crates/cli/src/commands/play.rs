//! `mastermind play`: the tool keeps a secret, the person guesses and gets replies. A guess
//! that is not a code of the game is refused without costing a turn. At the end the tool says
//! how many guesses Knuth's strategy and the optimum need for the same code.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use mastermind::play::{fresh_seed, secret_from_seed, trace, Codemaker};
use mastermind::strategy::{knuth, optimal, NoProgress, OptimalOptions};
use mastermind::{Code, FeedbackKind, Game, Scorer};

use crate::args::PlayArgs;
use crate::commands::{plural, GameEnd, Outcome};
use crate::output::outln;
use crate::prompt::{say, Prompter};

/// The optimum is worked out at the end of a game only for games where the search takes a
/// few seconds at most (4×7 takes about 2 s; black-peg 4×6 under one, its 4×7 twelve).
const QUICK_OPTIMUM_CODES: usize = 2401;
const QUICK_OPTIMUM_CODES_BLACK_ONLY: usize = 1296;
/// `list` shows the codes that fit when at most this many do.
const LISTED_ON_REQUEST: usize = 20;
/// Knuth's tree is built only where it takes seconds and little memory (5×8, 32768 codes,
/// about a second; 6×9 takes minutes and 400 MB).
const QUICK_KNUTH_CODES: usize = 32_768;
/// However the build goes, the game's end waits no longer than this for the comparison.
const COMPARISON_WAIT: Duration = Duration::from_secs(5);

pub fn run(args: &PlayArgs) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let scorer = Scorer::new(game);
    let book = scorer.codebook();
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let secret = secret_from_seed(&scorer, seed);
    // The strategies' answers are worked out while the person plays.
    let benchmarks = benchmark_in_background(game, secret);
    let limit = args.max_turns.map(|n| n as usize);
    say(&format!(
        "I have chosen a code: {} (seed {seed}). Guess it!",
        book.describe_for_people()
    ));
    say(&format!(
        "Type a guess such as {}, or hint, list, give up, help.{}",
        book.format(Code(book.len() as u32 / 7)),
        limit.map_or(String::new(), |n| format!(" You have {n} guesses."))
    ));
    let mut maker = Codemaker::new(&scorer, secret)?;
    let mut prompter = Prompter::new();
    let outcome = loop {
        if limit.is_some_and(|n| maker.turns().len() >= n) {
            break Ending::OutOfTurns;
        }
        let prompt = format!("guess {}? ", maker.turns().len() + 1);
        let Some(answer) = prompter.ask(&prompt)? else {
            break Ending::EndOfInput;
        };
        match answer.to_ascii_lowercase().as_str() {
            "" => continue,
            "hint" => {
                let possible = maker.possible_codes();
                let count = plural(possible.len(), "code fits", "codes fit");
                // The first that fits is a guess that may win, as the simplest strategy plays.
                let suggestion = possible.first().map_or(String::new(), |&code| {
                    format!(" Try {}: it fits them all.", book.format(code))
                });
                say(&format!("{count} every reply so far.{suggestion}"));
                continue;
            }
            "list" => {
                let possible = maker.possible_codes();
                if possible.len() <= LISTED_ON_REQUEST {
                    let codes: Vec<String> =
                        possible.iter().map(|&code| book.format(code)).collect();
                    say(&format!(
                        "Codes that fit every reply so far: {}.",
                        codes.join(" ")
                    ));
                } else {
                    say(&format!(
                        "{} codes fit every reply so far: too many to list (at most {LISTED_ON_REQUEST}).",
                        possible.len()
                    ));
                }
                continue;
            }
            "give up" | "giveup" | "quit" | "exit" => break Ending::GaveUp,
            "help" | "?" => {
                say(&format!(
                    "A guess is a code: {}. The reply gives black pegs (right colour, right place) and white pegs (right colour, wrong place).",
                    book.describe_for_people()
                ));
                say("hint: how many codes still fit the replies, and one to try. list: those codes, when few are left. give up: show the code.");
                continue;
            }
            _ => {}
        }
        match maker.guess(&answer) {
            Ok(turn) => {
                say(&format!(
                    "  {}  {}",
                    book.format(turn.guess),
                    game.feedback_name(turn.reply)
                ));
                if maker.is_solved() {
                    break Ending::Solved;
                }
            }
            Err(error) => say(&format!("{error}; that guess did not count.")),
        }
    };
    let secret_text = book.format(secret);
    let guesses = maker.turns().len();
    match outcome {
        Ending::Solved => outln!(
            "You found {secret_text} in {}.",
            plural(guesses, "guess", "guesses")
        )?,
        Ending::OutOfTurns => outln!("No guesses left. The code was {secret_text}.")?,
        Ending::GaveUp => outln!("The code was {secret_text}.")?,
        Ending::EndOfInput => {
            outln!("Input ended before the code was found. The code was {secret_text}.")?
        }
    }
    match benchmarks {
        Some(benchmarks) => match benchmarks.recv_timeout(COMPARISON_WAIT) {
            Ok(benchmarks) => outln!("{}", benchmarks.describe(&secret_text))?,
            Err(_) => outln!("Knuth's strategy was not worked out in time to compare.")?,
        },
        None => outln!("Knuth's strategy is not worked out for a game this large.")?,
    }
    Ok(match outcome {
        Ending::Solved => Outcome::Success,
        Ending::GaveUp => Outcome::Unfinished(GameEnd::Stopped),
        Ending::OutOfTurns => Outcome::Unfinished(GameEnd::OutOfTurns),
        Ending::EndOfInput => Outcome::Unfinished(GameEnd::InputEnded),
    })
}

#[derive(Clone, Copy)]
enum Ending {
    Solved,
    OutOfTurns,
    GaveUp,
    EndOfInput,
}

/// How many guesses the reference strategies need for the secret.
struct Benchmarks {
    knuth: usize,
    /// `None` when the game is too large to search quickly.
    optimal: Option<usize>,
}

impl Benchmarks {
    fn describe(&self, secret: &str) -> String {
        let optimum = match self.optimal {
            Some(n) => format!(
                "the strategy with the fewest guesses on average (the optimum) would have needed {}",
                plural(n, "guess", "guesses")
            ),
            None => "the optimum is not worked out for a game this large (see `mastermind trace --strategy optimal`)".to_owned(),
        };
        format!(
            "For {secret}, Knuth's 1976 strategy would have needed {}; {optimum}.",
            plural(self.knuth, "guess", "guesses")
        )
    }
}

/// Builds the reference strategies' trees while the person plays, for games small enough;
/// `None` for larger games, or when no thread can be started.
fn benchmark_in_background(game: Game, secret: Code) -> Option<mpsc::Receiver<Benchmarks>> {
    if game.code_count() > QUICK_KNUTH_CODES {
        return None;
    }
    let (sender, receiver) = mpsc::channel();
    let builder = thread::Builder::new().name("benchmarks".to_owned());
    let spawned = builder.spawn(move || {
        let scorer = Scorer::new(game);
        let guesses = |tree| trace(&scorer, &tree, secret).map_or(0, |turns| turns.len());
        let knuth = guesses(knuth(&scorer, &NoProgress));
        let quick = match game.feedback_kind() {
            FeedbackKind::BlackWhite => QUICK_OPTIMUM_CODES,
            FeedbackKind::BlackOnly => QUICK_OPTIMUM_CODES_BLACK_ONLY,
        };
        let optimal = (game.code_count() <= quick)
            .then(|| optimal(&scorer, &OptimalOptions::default(), &NoProgress).ok())
            .flatten()
            .map(|result| guesses(result.tree));
        // The game may have ended already; then nobody is listening.
        let _ = sender.send(Benchmarks { knuth, optimal });
    });
    spawned.ok().map(|_| receiver)
}
