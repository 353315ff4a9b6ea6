//! The strategy flags as the library's options: each flag read into
//! [`mastermind::strategy::StrategyOptions`], checked against the strategy it goes with, and
//! a misfit worded with the flags the user typed.

use anyhow::{anyhow, bail, Context};

use mastermind::strategy::{
    check_options, Misfit, Objective, OptimalOptions, StrategyKind, TieBreak,
};
use mastermind::tree::StrategyInfo;
use mastermind::{Codebook, Game};

use super::strategy_options::{Objective as ObjectiveName, StrategyOptions, TieBreakName};

/// The optimal search's options and the strategy record its tree file carries, for the
/// sharded search, which runs the same search in pieces; only the least total is sharded.
pub fn optimal_search(
    options: &StrategyOptions,
    game: Game,
) -> anyhow::Result<(OptimalOptions, StrategyInfo)> {
    let book = Codebook::new(game);
    let (_, options) = library_options(StrategyKind::Optimal, options, &book)?;
    if options.minimize != Objective::Total {
        bail!(
            "--shard and --resume split the search for the least total; --minimize worst runs in one process"
        );
    }
    if options.opening.is_some() {
        bail!("--shard and --resume split the whole search; --opening runs in one process");
    }
    Ok(mastermind::ops::optimal_search(&options, &book))
}

/// The library's strategy and options for the command line's, checked.
pub fn library_options(
    strategy: StrategyKind,
    options: &StrategyOptions,
    book: &Codebook,
) -> anyhow::Result<(StrategyKind, mastermind::strategy::StrategyOptions)> {
    let library = unchecked_options(options, book)?;
    check_options(strategy, &library).map_err(|misfit| anyhow!(flag_message(misfit)))?;
    Ok((strategy, library))
}

/// The library's options for the command line's, for whichever strategy takes them (a
/// comparison gives each strategy those that apply to it).
pub fn unchecked_options(
    options: &StrategyOptions,
    book: &Codebook,
) -> anyhow::Result<mastermind::strategy::StrategyOptions> {
    let opening = options
        .opening
        .as_deref()
        .map(|text| {
            book.parse(text.trim())
                .with_context(|| format!("--opening {text}"))
        })
        .transpose()?;
    Ok(mastermind::strategy::StrategyOptions {
        consistent_only: options.consistent_only,
        tie_break: match options.tie_break {
            TieBreakName::PreferCandidate => TieBreak::PreferCandidate,
            TieBreakName::LowestCode => TieBreak::LowestCode,
        },
        max_guesses: options.max_guesses,
        minimize: match options.minimize {
            ObjectiveName::Total => Objective::Total,
            ObjectiveName::Worst => Objective::Worst,
        },
        seed: options.seed,
        opening,
    })
}

/// What the command line says when options do not fit the strategy, naming its flags.
pub fn flag_message(misfit: Misfit) -> String {
    match misfit {
        Misfit::TieBreak(StrategyKind::Optimal) => "--tie-break applies to the one-step strategies; the optimal search breaks ties by the lowest code".into(),
        Misfit::TieBreak(kind) => format!(
            "--tie-break applies to the one-step strategies; {} has no ties to break",
            kind.file_name()
        ),
        Misfit::Search => "--max-guesses and --minimize apply to --strategy optimal only".into(),
        Misfit::CapWithWorst => "--minimize worst finds the cap itself; leave out --max-guesses".into(),
        Misfit::Seed => "--seed applies to --strategy random-consistent only".into(),
        Misfit::OpeningWithWorst => "--opening with --minimize worst is not supported: cap the search with --max-guesses instead".into(),
    }
}
