//! `mastermind trace`: plays a strategy, or a tree file, against secrets the user names (or
//! every code) and shows each turn: the guess, the reply, and the codes still possible.

use anyhow::{bail, Context};
use mastermind::play::{summary_text, trace, turns_text, TraceDocument};
use mastermind::Code;

use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::source::follow;

use clap::Args;

use crate::args::strategy_options::StrategySourceArgs;

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The secret codes to play against, such as 3632.
    #[arg(value_name = "SECRET")]
    pub secrets: Vec<String>,

    /// Play against every code of the game, one line each, and give the total.
    #[arg(long, conflicts_with = "secrets")]
    pub all: bool,

    #[command(flatten)]
    pub source: StrategySourceArgs,

    /// Print the turns as JSON.
    #[arg(long)]
    pub json: bool,
}

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
        let document = TraceDocument::new(book, &followed.name, &games, args.all);
        serde_json::to_string_pretty(&document)? + "\n"
    } else if args.all {
        summary_text(book, &followed.name, &games)
    } else {
        turns_text(book, &followed.name, &games)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}
