//! `mastermind trace`: plays a strategy, or a tree file, against secrets the user names (or
//! every code) and shows each turn: the guess, the reply, and the codes still possible.

use std::fmt::Write;

use anyhow::{bail, Context};
use mastermind::play::{trace, TraceDocument, TracedTurn, LISTED_CANDIDATES};
use mastermind::tree::Statistics;
use mastermind::{Code, Codebook};

use crate::args::TraceArgs;
use crate::commands::{plural, Outcome};
use crate::output::write_stdout;
use crate::source::{follow, Followed};

pub fn run(args: &TraceArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let Some(followed) = follow(&args.source, quiet)? else {
        return Ok(Outcome::Invalid);
    };
    let book = followed.scorer.codebook();
    if args.secrets.is_empty() && !args.all {
        bail!("give the secret codes to trace, such as 3632, or --all for every code");
    }
    let secrets: Vec<Code> = if args.all {
        book.codes().collect()
    } else {
        args.secrets
            .iter()
            .map(|text| {
                book.parse(text.trim())
                    .map_err(|error| anyhow::anyhow!("the secret {error}"))
            })
            .collect::<anyhow::Result<_>>()?
    };
    let mut games = Vec::with_capacity(secrets.len());
    for &secret in &secrets {
        let turns = trace(&followed.scorer, &followed.root, secret)
            .with_context(|| format!("{} cannot find {}", followed.name, book.format(secret)))?;
        games.push((secret, turns));
    }
    let text = if args.json {
        let book = followed.scorer.codebook();
        let document = TraceDocument::new(book, &followed.name, &games, args.all);
        serde_json::to_string_pretty(&document)? + "\n"
    } else if args.all {
        summary_lines(&followed, &games)
    } else {
        turn_by_turn(&followed, &games)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

/// Each game as a block of turns.
fn turn_by_turn(followed: &Followed, games: &[(Code, Vec<TracedTurn>)]) -> String {
    let book = followed.scorer.codebook();
    let game = book.game();
    let mut text = String::new();
    for (index, (secret, turns)) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let _ = writeln!(
            text,
            "{} on {}, secret {}",
            followed.name,
            game.describe(),
            book.format(*secret)
        );
        for (number, turn) in turns.iter().enumerate() {
            let _ = write!(
                text,
                "guess {}: {}  reply {}  ",
                number + 1,
                book.format(turn.guess),
                game.feedback_name(turn.reply)
            );
            let _ = if turn.reply == game.all_black() {
                writeln!(
                    text,
                    "solved in {}",
                    plural(turns.len(), "guess", "guesses")
                )
            } else {
                writeln!(text, "{}", left(book, &turn.left))
            };
        }
    }
    text
}

/// "3 codes left: 3136 3632 5622", or just the count when there are many.
pub fn left(book: &Codebook, codes: &[Code]) -> String {
    let count = plural(codes.len(), "code", "codes");
    if codes.len() <= LISTED_CANDIDATES {
        let list: Vec<String> = codes.iter().map(|&c| book.format(c)).collect();
        format!("{count} left: {}", list.join(" "))
    } else {
        format!("{count} left")
    }
}

/// One line per secret, then the totals.
fn summary_lines(followed: &Followed, games: &[(Code, Vec<TracedTurn>)]) -> String {
    let book = followed.scorer.codebook();
    let game = book.game();
    let mut text = String::new();
    let mut statistics = Statistics::from_counts(Vec::new());
    for (secret, turns) in games {
        statistics.record(turns.len());
        let steps: Vec<String> = turns
            .iter()
            .map(|t| format!("{} {}", book.format(t.guess), game.feedback_name(t.reply)))
            .collect();
        let _ = writeln!(
            text,
            "{}  {}  {}",
            book.format(*secret),
            turns.len(),
            steps.join(", ")
        );
    }
    let _ = writeln!(
        text,
        "{} on {}: total {} guesses over {} codes, average {}, worst case {}",
        followed.name,
        game.describe(),
        statistics.total(),
        statistics.codes(),
        statistics.average(),
        statistics.worst_case()
    );
    text
}
