//! `mastermind next`: the guess a strategy, or a tree file, plays after the guesses and
//! replies of a game so far, for a player in the middle of a real game.

use anyhow::{anyhow, Context};
use mastermind::explain::{explain, ExactDepth};
use mastermind::play::{next_text, GameSoFar, GameSoFarError, NextDocument, OffTheTree};
use mastermind::Scorer;

use crate::args::strategy_flags::library_options;
use crate::build_named::build_strategy;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::source::follow;

use clap::Args;

use crate::args::strategy_options::StrategySourceArgs;

#[derive(Debug, Args)]
pub struct NextArgs {
    #[command(flatten)]
    pub source: StrategySourceArgs,

    /// The game so far, e.g. `1122=1B0W,1344=BW` (replies as in `verify --after`: 1B2W,
    /// Knuth's BWW, `1 2`, or `-` for none).
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,

    /// Also say why: the guess's reply classes, and the best alternatives ranked by the
    /// strategy's own score.
    #[arg(long)]
    pub explain: bool,
}

pub fn run(args: &NextArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let source = &args.source;
    // A tree file names its own game, so it is read before the history.
    let followed = match source.tree {
        Some(_) => match follow(source, quiet)? {
            Some(followed) => Some(followed),
            None => return Ok(Outcome::Invalid),
        },
        None => None,
    };
    let built_for_flags;
    let scorer = match &followed {
        Some(followed) => &followed.scorer,
        None => {
            built_for_flags = Scorer::new(source.game.game()?);
            &built_for_flags
        }
    };
    let so_far = match GameSoFar::read(scorer, args.after.as_deref()) {
        Err(error @ GameSoFarError::History(_)) => Err(error).context("in --after"),
        read => Ok(read?),
    }?;
    let (history, situation) = (&so_far.history, &so_far.situation);
    let (guess, name, strategy) = match &followed {
        Some(followed) => (
            so_far
                .guess_of(scorer, &followed.root)
                .map_err(|error| match error {
                    OffTheTree::OtherGuess { .. } => {
                        anyhow!("{error} (--strategy continues any game)")
                    }
                    OffTheTree::NoBranch { .. } => error.into(),
                })?,
            followed.name.clone(),
            None,
        ),
        None => {
            let strategy = source.strategy();
            let progress = BuildProgress::new(situation.candidates().len() as u64, quiet);
            let built = build_strategy(strategy, &source.options, scorer, situation, &progress);
            progress.finish();
            (
                built?.root.guess,
                strategy.file_name().to_owned(),
                Some((strategy, &source.options)),
            )
        }
    };
    let strategy = match (args.explain, strategy) {
        (true, Some((kind, options))) => Some(library_options(kind, options, scorer.codebook())?),
        _ => None,
    };
    let explanation = args.explain.then(|| {
        let strategy = strategy.as_ref().map(|(kind, options)| (*kind, options));
        explain(
            scorer,
            history,
            situation,
            guess,
            strategy,
            ExactDepth::SmallPositions,
        )
    });
    let (book, candidates, turn) = (scorer.codebook(), situation.candidates(), history.len() + 1);
    let text = if args.json {
        let explanation = explanation.map(|explanation| explanation.document(scorer));
        let document = NextDocument::new(book, &name, turn, guess, candidates, explanation);
        serde_json::to_string_pretty(&document)? + "\n"
    } else {
        let why = explanation.map_or(String::new(), |explanation| {
            explanation.render(scorer, guess)
        });
        next_text(book, turn, guess, candidates, &why)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}
