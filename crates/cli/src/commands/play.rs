//! `mastermind play`: the tool keeps a secret, the person guesses and gets replies. A guess
//! that is not a code of the game is refused without costing a turn. At the end the tool says
//! how many guesses Knuth's strategy and the optimum need for the same code.

use std::time::Duration;

use mastermind::play::{fresh_seed, secret_from_seed, Codemaker, GuessesNeeded};
use mastermind::{Code, Scorer};

use crate::commands::{GameEnd, Outcome};
use crate::output::outln;
use crate::prompt::{say, Prompter};
use mastermind::play::plural;

use clap::Args;

use crate::args::game::GameArgs;

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Seed for the secret, so a game can be played again [default: a fresh random seed,
    /// which is shown].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Guesses allowed before the code is revealed [default: no limit].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turns: Option<u32>,
}

/// `list` shows the codes that fit when at most this many do.
const LISTED_ON_REQUEST: usize = 20;
/// However the build goes, the game's end waits no longer than this for the comparison.
const COMPARISON_WAIT: Duration = Duration::from_secs(5);

pub fn run(args: &PlayArgs) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let scorer = Scorer::new(game);
    let book = scorer.codebook();
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let secret = secret_from_seed(&scorer, seed);
    // The strategies' answers are worked out while the person plays.
    let needed = GuessesNeeded::in_background(game, secret);
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
                say(&maker.hint());
                continue;
            }
            "list" => {
                say(&maker.listing(LISTED_ON_REQUEST));
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
    match needed {
        Some(needed) => match needed.recv_timeout(COMPARISON_WAIT) {
            Ok(needed) => outln!("{}", needed.describe(&secret_text))?,
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
