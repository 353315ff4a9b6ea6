//! Building the strategy a user names, with its options, for `generate`, `compare` and the
//! commands that play: the whole tree, or the part of it that goes on from a situation.

use anyhow::{anyhow, bail, Context};
use std::time::Instant;

use mastermind::strategy::{
    build_certified, build_from, check_options, optimal_options, strategy_info,
    BuildCertifiedError, CertifyTreeError, Misfit, Objective, OptimalOptions, Progress, Situation,
    StrategyError, StrategyKind, TieBreak,
};
use mastermind::tree::StrategyInfo;
use mastermind::{Codebook, Game, Scorer};

pub use mastermind::strategy::BuiltStrategy;

use crate::args::{Objective as ObjectiveName, StrategyOptions, TieBreakName};
use crate::commands::certify::Proof;

/// Builds the whole tree of `strategy` with `options` for the scorer's game.
pub fn build_strategy(
    strategy: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> anyhow::Result<BuiltStrategy> {
    build_strategy_from(
        strategy,
        options,
        scorer,
        &Situation::start(scorer),
        progress,
    )
}

/// Builds the tree `strategy` plays from `situation` on.
pub fn build_strategy_from(
    strategy: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
) -> anyhow::Result<BuiltStrategy> {
    let (kind, options) = library_options(strategy, options, scorer.codebook())?;
    build_from(kind, &options, scorer, situation, progress)
        .map_err(|error| strategy_error(error, scorer))
}

/// Builds the optimal tree with `options` for the scorer's game and proves its claim, with
/// one search where the total is minimised ([`build_certified`]): the tree and the
/// certificate, or `None` where the search's answers do not support the claim (said on
/// stderr).
pub fn build_certified_strategy(
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> anyhow::Result<Option<(BuiltStrategy, Proof)>> {
    let (_, options) = library_options(StrategyKind::Optimal, options, scorer.codebook())?;
    let started = Instant::now();
    let mut bytes = Vec::new();
    match build_certified(&options, scorer, progress, &mut bytes) {
        Ok((built, facts)) => Ok(Some((built, Proof::new(bytes, facts, started.elapsed())))),
        Err(BuildCertifiedError::Build(error)) => Err(strategy_error(error, scorer)),
        Err(BuildCertifiedError::Certify(error @ CertifyTreeError::Certify(_))) => {
            eprintln!("error: {error}");
            Ok(None)
        }
        Err(BuildCertifiedError::Certify(error)) => bail!(error),
    }
}

/// What a user reads when a strategy cannot be built: flags named as they typed them.
pub fn strategy_error(error: StrategyError, scorer: &Scorer) -> anyhow::Error {
    match error {
        StrategyError::Misfit(misfit) => anyhow!(flag_message(misfit)),
        StrategyError::OtherOpening { played, asked } => anyhow!(
            "the game so far opened with {}, not with --opening {}",
            scorer.codebook().format(played),
            scorer.codebook().format(asked)
        ),
        StrategyError::NoStrategy(none) => none.into(),
        other @ (StrategyError::OtherGame(_) | StrategyError::NotACode(_)) => other.into(),
    }
}

/// The optimal search's options and the strategy record its tree file carries, for the
/// sharded search, which runs the same search in pieces; only the least total is sharded.
pub fn optimal_search(
    options: &StrategyOptions,
    game: Game,
) -> anyhow::Result<(OptimalOptions, StrategyInfo)> {
    let book = Codebook::new(game);
    let (kind, options) = library_options(StrategyKind::Optimal, options, &book)?;
    if options.minimize != Objective::Total {
        bail!(
            "--shard and --resume split the search for the least total; --minimize worst runs in one process"
        );
    }
    if options.opening.is_some() {
        bail!("--shard and --resume split the whole search; --opening runs in one process");
    }
    Ok((
        optimal_options(&options),
        strategy_info(kind.file_name(), &options, &book),
    ))
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
fn flag_message(misfit: Misfit) -> String {
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
