//! `mastermind solve`: the person keeps a code in mind, the tool guesses by following a
//! strategy tree, and the person types the replies. Replies that no code fits are refused
//! with the reason; `undo` takes back the last reply.

use mastermind::play::{parse_reply, reply, Codebreaker, Step};

use crate::commands::{GameEnd, Outcome};
use crate::output::outln;
use crate::prompt::{say, Prompter};
use crate::source::follow;
use mastermind::play::{codes_left, plural};

use clap::Args;

use crate::args::strategy_options::StrategySourceArgs;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub source: StrategySourceArgs,
}

/// `list` shows at most this many codes.
const LISTED_ON_REQUEST: usize = 60;

pub fn run(args: &SolveArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let Some(followed) = follow(&args.source, quiet)? else {
        return Ok(Outcome::Invalid);
    };
    let scorer = &followed.scorer;
    let book = scorer.codebook();
    let game = scorer.game();
    say(&format!(
        "Think of a code: {}. I play {}; you give the replies.",
        book.describe_for_people(),
        followed.name
    ));
    say(&format!("Replies: {}.", reply::expected(game)));
    say("Commands: undo (take back the last reply), list (the codes still possible), help, quit.");
    let mut breaker = Codebreaker::new(scorer, &followed.root);
    let mut prompter = Prompter::new();
    loop {
        let prompt = format!(
            "guess {}: {}  reply? ",
            breaker.turn(),
            book.format(breaker.guess())
        );
        let Some(answer) = prompter.ask(&prompt)? else {
            say("Input ended before the code was found.");
            return Ok(Outcome::Unfinished(GameEnd::InputEnded));
        };
        match answer.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => {
                say("Stopped.");
                return Ok(Outcome::Unfinished(GameEnd::Stopped));
            }
            "help" | "?" => {
                say(&format!("Reply to my guess: {}.", reply::expected(game)));
                say("undo: take back your last reply. list: the codes that fit every reply so far. quit: stop.");
                continue;
            }
            "undo" => {
                if breaker.undo() {
                    say(&format!("Took back the reply to guess {}.", breaker.turn()));
                } else {
                    say("There is no reply to take back yet.");
                }
                continue;
            }
            "list" => {
                say(&breaker.listing(LISTED_ON_REQUEST));
                continue;
            }
            _ => {}
        }
        let reply = match parse_reply(game, &answer) {
            Ok(reply) => reply,
            Err(error) => {
                say(&format!("{error}. Try again (or `help`)."));
                continue;
            }
        };
        match breaker.reply(reply) {
            Step::Next => say(&codes_left(book, &breaker.candidates())),
            Step::Solved { guesses } => {
                outln!(
                    "{} found in {}",
                    book.format(breaker.guess()),
                    plural(guesses, "guess", "guesses")
                )?;
                return Ok(Outcome::Success);
            }
            Step::Refused(mistake) => {
                let mut history = breaker.history();
                history.push((breaker.guess(), reply));
                say(&mistake.explain(book, &history));
            }
        }
    }
}
