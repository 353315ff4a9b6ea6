//! Building the strategy a user names, with its options, for `generate`, `compare` and the
//! commands that play: the whole tree, or the part of it that goes on from a situation.

use anyhow::{anyhow, bail};

use mastermind::ops::{generate_certified, Proof};
use mastermind::strategy::{
    build_from, BuildCertifiedError, CertifyTreeError, Progress, Situation, StrategyError,
    StrategyKind,
};
use mastermind::Scorer;

pub use mastermind::strategy::BuiltStrategy;

use crate::args::strategy_flags::{flag_message, library_options};
use crate::args::strategy_options::StrategyOptions;

/// Builds the tree `strategy` plays from `situation` on.
pub fn build_strategy(
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
/// one search where the total is minimised ([`generate_certified`]): the tree and the
/// certificate, or `None` where the search's answers do not support the claim (said on
/// stderr).
pub fn build_certified_strategy(
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> anyhow::Result<Option<(BuiltStrategy, Proof)>> {
    let (_, options) = library_options(StrategyKind::Optimal, options, scorer.codebook())?;
    match generate_certified(&options, scorer, progress) {
        Ok(proven) => Ok(Some(proven)),
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
