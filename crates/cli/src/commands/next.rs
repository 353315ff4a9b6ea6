//! `mastermind next`: the guess a strategy, or a tree file, plays after the guesses and
//! replies of a game so far, for a player in the middle of a real game.

use anyhow::{bail, Context};
use mastermind::explain::{explain, ExactDepth};
use mastermind::play::{parse_history, NextDocument};
use mastermind::strategy::Situation;
use mastermind::tree::Node;
use mastermind::{Code, Feedback, Scorer};

use crate::args::strategy::library_options;
use crate::args::NextArgs;
use crate::commands::trace::left;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::source::follow;
use crate::strategy::build_strategy_from;

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
    let history = history(scorer, args.after.as_deref())?;
    let situation = situation(scorer, &history)?;
    let (guess, name, strategy) = match &followed {
        Some(followed) => (
            follow_history(scorer, &followed.root, &history)?,
            followed.name.clone(),
            None,
        ),
        None => {
            let strategy = source.strategy();
            let progress = BuildProgress::new(situation.candidates().len() as u64, quiet);
            let built =
                build_strategy_from(strategy, &source.options, scorer, &situation, &progress);
            progress.finish();
            (
                built?.root.guess,
                strategy.file_name().to_owned(),
                Some((strategy, &source.options)),
            )
        }
    };
    let candidates = situation.candidates();
    let book = scorer.codebook();
    let is_candidate = candidates.binary_search(&guess).is_ok();
    let explanation = match (args.explain, strategy) {
        (false, _) => None,
        (true, None) => Some(explain(
            scorer,
            &history,
            &situation,
            guess,
            None,
            ExactDepth::SmallPositions,
        )),
        (true, Some((kind, options))) => {
            let (kind, options) = library_options(kind, options, scorer.codebook())?;
            Some(explain(
                scorer,
                &history,
                &situation,
                guess,
                Some((kind, &options)),
                ExactDepth::SmallPositions,
            ))
        }
    };
    let text = if args.json {
        let explanation = explanation
            .as_ref()
            .map(|explanation| explanation.document(scorer));
        let turn = history.len() + 1;
        let document = NextDocument::new(book, &name, turn, guess, candidates, explanation);
        serde_json::to_string_pretty(&document)? + "\n"
    } else {
        let note = if candidates.len() == 1 {
            "the code: the only one left"
        } else if is_candidate {
            "it may be the code"
        } else {
            "it cannot be the code, but it narrows them down best"
        };
        let why = explanation.map_or(String::new(), |explanation| {
            explanation.render(scorer, guess)
        });
        format!(
            "guess {}: {} ({note})\n{}\n{why}",
            history.len() + 1,
            book.format(guess),
            left(book, candidates)
        )
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

fn history(scorer: &Scorer, after: Option<&str>) -> anyhow::Result<Vec<(Code, Feedback)>> {
    let Some(after) = after.filter(|text| !text.trim().is_empty()) else {
        return Ok(Vec::new());
    };
    let history = parse_history(scorer.codebook(), after).context("in --after")?;
    let all_black = scorer.game().all_black();
    if let Some(step) = history.iter().position(|&(_, reply)| reply == all_black) {
        bail!(
            "the game is over: guess {} ({}) got the all-black reply",
            step + 1,
            scorer.codebook().format(history[step].0)
        );
    }
    Ok(history)
}

/// The situation after `history`, or an error naming the first reply no code fits.
fn situation(scorer: &Scorer, history: &[(Code, Feedback)]) -> anyhow::Result<Situation> {
    Situation::after(scorer, history).map_err(|contradiction| {
        let step = contradiction.step;
        let (guess, reply) = history[step];
        let book = scorer.codebook();
        anyhow::anyhow!(
            "no code fits these replies: the reply {} to guess {} ({}) is the first that no code \
             fits together with the replies before it",
            scorer.game().feedback_name(reply),
            step + 1,
            book.format(guess),
        )
    })
}

/// The guess `root` plays after `history`, which must follow the tree's own guesses.
fn follow_history(
    scorer: &Scorer,
    root: &Node,
    history: &[(Code, Feedback)],
) -> anyhow::Result<Code> {
    let book = scorer.codebook();
    let mut node = root;
    for (step, &(guess, reply)) in history.iter().enumerate() {
        if guess != node.guess {
            bail!(
                "the tree plays {} as guess {}, not {}: a tree file can only continue a game that \
                 followed it (--strategy continues any game)",
                book.format(node.guess),
                step + 1,
                book.format(guess)
            );
        }
        node = node.child(reply).with_context(|| {
            format!(
                "the tree has no branch for the reply {} to guess {}",
                scorer.game().feedback_name(reply),
                step + 1
            )
        })?;
    }
    Ok(node.guess)
}
