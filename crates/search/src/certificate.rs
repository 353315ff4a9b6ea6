//! The certificate of a built optimal strategy: which facts its claim rests on, written for
//! the independent checker (`mastermind-certificate`).

use std::io::Write;

use mastermind_certificate::{CertificateWriter, Header};
use mastermind_core::Scorer;
use mastermind_tree::Statistics;

use crate::build::{build, optimal_options};
use crate::build::{BuiltStrategy, StrategyError};
use crate::optimal::{certify_from, CertifyError};
use crate::optimal::{optimal_certified_from, CertifiedError};
use mastermind_strategy::Progress;
use mastermind_strategy::Situation;
use mastermind_strategy::{check_options, strategy_info};
use mastermind_strategy::{Objective, StrategyKind, StrategyOptions};

/// Writes the certificate that the strategy `options` describe (the optimal search) is
/// optimal from `situation` on, where the built tree needs `total` guesses in all and at most
/// `worst` (counting those already played): that no strategy within the cap needs fewer than
/// `total`, and, when the worst case was minimised, that none solves every code in `worst − 1`.
/// Returns how many facts it took.
pub fn write_certificate<W: Write + Send>(
    scorer: &Scorer,
    options: &StrategyOptions,
    situation: &Situation,
    total: u64,
    worst: usize,
    out: W,
) -> Result<u64, CertifyError> {
    let header = Header {
        game: *scorer.game(),
        consistent_only: options.consistent_only,
    };
    let mut writer = CertificateWriter::new(out, &header)?;
    let mut search = crate::build::optimal_options(options);
    if options.minimize == Objective::Worst {
        search.max_guesses = Some(worst - 1);
        certify_from(scorer, &search, situation, None, &mut writer)?;
        search.max_guesses = Some(worst);
    }
    certify_from(scorer, &search, situation, Some(total), &mut writer)?;
    let facts = writer.facts();
    writer.finish()?;
    Ok(facts)
}

/// Why a tree file's claim cannot be certified.
#[derive(Debug)]
pub enum CertifyTreeError {
    /// The tree's strategy claims no optimum to prove.
    NotOptimal(String),
    /// The tree's opening was fixed in advance: its claim is not the least total over every
    /// opening, which is what certificates prove.
    FixedOpening,
    /// A label of the strategy has a value of the wrong kind.
    Labels(String),
    /// No code fits the history before the tree.
    History,
    /// Proving failed.
    Certify(CertifyError),
}

impl std::fmt::Display for CertifyTreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CertifyTreeError::NotOptimal(name) => write!(
                f,
                "the tree was built by the `{name}` strategy, which claims no optimum; \
                 certificates prove trees of `--strategy optimal`"
            ),
            CertifyTreeError::FixedOpening => f.write_str(
                "the tree's opening was fixed in advance; a certificate proves the least \
                 total over every opening",
            ),
            CertifyTreeError::Labels(reason) => f.write_str(reason),
            CertifyTreeError::History => f.write_str("no code fits the guesses before the tree"),
            CertifyTreeError::Certify(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CertifyTreeError {}

/// Writes the certificate of what an optimal tree file claims: its strategy (`optimal`, with
/// the parameters the file records), the guesses before it (`history`), and its total and
/// worst case as the verifier found them. Returns how many facts it took.
pub fn certify_tree<W: Write + Send>(
    scorer: &Scorer,
    strategy: &mastermind_tree::StrategyInfo,
    history: &[(mastermind_core::Code, mastermind_core::Feedback)],
    total: u64,
    worst: usize,
    out: W,
) -> Result<u64, CertifyTreeError> {
    if strategy.name != "optimal" {
        return Err(CertifyTreeError::NotOptimal(strategy.name.clone()));
    }
    let labels = strategy
        .optimum_labels()
        .map_err(CertifyTreeError::Labels)?;
    if labels.opening.is_some() {
        return Err(CertifyTreeError::FixedOpening);
    }
    let options = StrategyOptions {
        consistent_only: labels.consistent_only,
        max_guesses: labels.max_guesses.and_then(|cap| u16::try_from(cap).ok()),
        minimize: match labels.minimize_worst {
            true => Objective::Worst,
            false => Objective::Total,
        },
        ..StrategyOptions::default()
    };
    let situation = Situation::after(scorer, history).map_err(|_| CertifyTreeError::History)?;
    let worst = worst + history.len();
    write_certificate(scorer, &options, &situation, total, worst, out)
        .map_err(CertifyTreeError::Certify)
}

/// Builds the optimal strategy `options` describe for the scorer's game and writes the
/// certificate of its claim into `out`, as [`build`] and [`write_certificate`] would one after
/// the other, but with one search where the total is minimised: the proof asks the search
/// that found the optimum, which by then knows most of what the proof needs. Returns the
/// strategy and how many facts the certificate took.
pub fn build_certified<W: Write + Send>(
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
    out: W,
) -> Result<(BuiltStrategy, u64), BuildCertifiedError> {
    if options.opening.is_some() {
        return Err(BuildCertifiedError::Certify(CertifyTreeError::FixedOpening));
    }
    let start = Situation::start(scorer);
    let certify = |error| BuildCertifiedError::Certify(CertifyTreeError::Certify(error));
    if options.minimize == Objective::Worst {
        // Its certificate's two claims have other caps than the search that found the tree.
        let built = build(StrategyKind::Optimal, options, scorer, progress)?;
        let statistics = Statistics::of_tree(&built.root);
        let (total, worst) = (statistics.total(), statistics.worst_case());
        let facts =
            write_certificate(scorer, options, &start, total, worst, out).map_err(certify)?;
        return Ok((built, facts));
    }
    check_options(StrategyKind::Optimal, options).map_err(StrategyError::Misfit)?;
    let header = Header {
        game: *scorer.game(),
        consistent_only: options.consistent_only,
    };
    let mut writer = CertificateWriter::new(out, &header).map_err(|error| certify(error.into()))?;
    let search = optimal_options(options);
    let result = optimal_certified_from(scorer, &search, &start, progress, &mut writer).map_err(
        |error| match error {
            CertifiedError::Search(error) => BuildCertifiedError::Build(error.into()),
            CertifiedError::Proof(error) => certify(error),
        },
    )?;
    let facts = writer.facts();
    writer.finish().map_err(|error| certify(error.into()))?;
    let built = BuiltStrategy {
        root: result.tree,
        info: strategy_info(
            StrategyKind::Optimal.file_name(),
            options,
            scorer.codebook(),
        ),
        search: Some(result.statistics),
    };
    Ok((built, facts))
}

/// Why [`build_certified`] built no strategy or wrote no certificate.
#[derive(Debug)]
pub enum BuildCertifiedError {
    /// The strategy could not be built.
    Build(StrategyError),
    /// Its claim could not be proven.
    Certify(CertifyTreeError),
}

impl From<StrategyError> for BuildCertifiedError {
    fn from(error: StrategyError) -> BuildCertifiedError {
        BuildCertifiedError::Build(error)
    }
}

impl std::fmt::Display for BuildCertifiedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildCertifiedError::Build(error) => error.fmt(f),
            BuildCertifiedError::Certify(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for BuildCertifiedError {}
