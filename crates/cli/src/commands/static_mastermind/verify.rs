//! `mastermind static verify`: whether a set of guesses determines every code, and if not, which
//! codes share their replies.

use anyhow::{bail, Context};
use mastermind::static_mastermind::{check, StaticFile};
use mastermind::{Code, Scorer};

use crate::commands::static_mastermind::StaticVerifyArgs;
use crate::commands::Outcome;
use crate::output::outln;
use mastermind::files::read_input;
use mastermind::play::plural;

pub fn run(args: &StaticVerifyArgs) -> anyhow::Result<Outcome> {
    let (scorer, guesses, claimed) = match &args.file {
        Some(path) => {
            let text = read_input(path)?;
            let (file, game, guesses) = StaticFile::from_json(&text)
                .with_context(|| format!("cannot read {}", path.display()))?;
            (
                Scorer::new(game),
                guesses,
                file.search.map(|search| search.least),
            )
        }
        None if args.guesses.is_empty() => {
            bail!("give the guesses to check, such as 1221 2354 3311 4524 5656 6643, or --file FILE for a static result file")
        }
        None => {
            let scorer = Scorer::new(args.game.game()?);
            let guesses = args
                .guesses
                .iter()
                .enumerate()
                .map(|(index, text)| {
                    scorer
                        .codebook()
                        .parse(text)
                        .with_context(|| format!("guess {}", index + 1))
                })
                .collect::<anyhow::Result<Vec<Code>>>()?;
            (scorer, guesses, None)
        }
    };
    let book = scorer.codebook();
    let game = scorer.game();
    let result = check(&scorer, &guesses);
    let guesses_named = plural(guesses.len(), "guess", "guesses");
    let mut valid = result.determines();
    outln!("{}", result.verdict(game, guesses.len()))?;
    for line in result.group_lines(book, args.groups) {
        outln!("  {line}")?;
    }
    if let Some(least) = claimed {
        if least == guesses.len() {
            outln!("the file says {least} is the least number of static guesses")?;
        } else {
            outln!("the file says the least number is {least}, but it lists {guesses_named}")?;
            valid = false;
        }
    }
    Ok(if valid {
        Outcome::Success
    } else {
        Outcome::Invalid
    })
}
