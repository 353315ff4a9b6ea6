//! `mastermind solve`: the person keeps a code in mind, the tool guesses by following a
//! strategy tree, and the person types the replies. Replies that no code fits are refused
//! with the reason; `undo` takes back the last reply.

use mastermind::play::{parse_reply, reply, Codebreaker, Mistake, Step};
use mastermind::{Code, Codebook};

use crate::args::SolveArgs;
use crate::commands::trace::left;
use crate::commands::{plural, GameEnd, Outcome};
use crate::output::outln;
use crate::prompt::{say, Prompter};
use crate::source::follow;

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
                say(&list(book, &breaker.candidates()));
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
            Step::Next => say(&left(book, &breaker.candidates())),
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
                say(&explain(book, &history, &mistake));
            }
        }
    }
}

fn list(book: &Codebook, codes: &[Code]) -> String {
    let shown: Vec<String> = codes
        .iter()
        .take(LISTED_ON_REQUEST)
        .map(|&c| book.format(c))
        .collect();
    let more = codes.len().saturating_sub(LISTED_ON_REQUEST);
    let mut text = format!(
        "{} codes fit every reply so far: {}",
        codes.len(),
        shown.join(" ")
    );
    if more > 0 {
        text.push_str(&format!(" … and {more} more"));
    }
    text
}

/// Why a reply was refused, and which single reply, if corrected, would let a code fit.
fn explain(book: &Codebook, history: &[(Code, mastermind::Feedback)], mistake: &Mistake) -> String {
    let game = book.game();
    let step = mistake.first_impossible;
    let (guess, reply) = history[step];
    let mut text = format!(
        "No code fits that: the reply {} to guess {} ({}) is the first that no code fits \
         together with the replies before it. It was not taken.",
        game.feedback_name(reply),
        step + 1,
        book.format(guess)
    );
    let earlier: Vec<_> = mistake
        .near_misses
        .iter()
        .filter(|miss| miss.step + 1 < history.len())
        .collect();
    if !earlier.is_empty() {
        text.push_str("\nIf an earlier reply was wrong, it may have been one of these:");
        for miss in earlier {
            let (guess, given) = history[miss.step];
            let codes: Vec<String> = miss.codes.iter().take(4).map(|&c| book.format(c)).collect();
            let more = miss.codes.len().saturating_sub(4);
            text.push_str(&format!(
                "\n  guess {} ({}): {} rather than {} (then the code is {}{})",
                miss.step + 1,
                book.format(guess),
                game.feedback_name(miss.should_be),
                game.feedback_name(given),
                codes.join(" or "),
                if more > 0 {
                    format!(", or {more} more")
                } else {
                    String::new()
                }
            ));
        }
        text.push_str("\nType `undo` to take back replies, or give this reply again.");
    } else {
        text.push_str(" Check the pegs and give the reply again.");
    }
    text
}
