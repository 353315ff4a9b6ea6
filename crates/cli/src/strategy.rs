//! Building the strategy a user names, with its options, for `generate`, `compare` and the
//! commands that play: the whole tree, or the part of it that goes on from a situation.

use anyhow::{bail, Context};
use mastermind_core::{Code, Game, Scorer};
use mastermind_solve::{
    first_consistent, least_worst_case_from, one_step_from, optimal_from, random_consistent,
    Heuristic, OneStepOptions, OptimalOptions, Progress, Situation, TieBreak,
};
use mastermind_tree::{Node, StrategyInfo};
use serde_json::Value;

use crate::args::{Objective, StrategyName, StrategyOptions, TieBreakName};

/// A built strategy tree with what describes it.
pub struct BuiltStrategy {
    pub root: Node,
    pub info: StrategyInfo,
    /// How many nodes an exact search visited, for the summary.
    pub search_nodes: Option<u64>,
}

/// The scorer `strategy` builds fastest with: the exact searches revisit the same pairs and
/// want the feedback table; the rest score each node's candidates once.
pub fn scorer_for(strategy: StrategyName, game: Game) -> Scorer {
    match strategy {
        StrategyName::Optimal => Scorer::new(game),
        _ => Scorer::for_one_pass(game),
    }
}

/// Builds the whole tree of `strategy` with `options` for the scorer's game.
pub fn build_strategy(
    strategy: StrategyName,
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
    strategy: StrategyName,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
) -> anyhow::Result<BuiltStrategy> {
    check_options(strategy, options)?;
    let consistent = matches!(
        strategy,
        StrategyName::FirstConsistent | StrategyName::RandomConsistent
    );
    if let (Some(opening), false) = (opening(options, scorer)?, consistent) {
        return with_opening(strategy, options, scorer, situation, opening, progress);
    }
    let info = strategy_info(strategy, options);
    let built = |root| BuiltStrategy {
        root,
        info: info.clone(),
        search_nodes: None,
    };
    let heuristic = match strategy {
        StrategyName::Knuth => Heuristic::Minimax,
        StrategyName::ExpectedSize => Heuristic::ExpectedSize,
        StrategyName::Entropy => Heuristic::Entropy,
        StrategyName::MostParts => Heuristic::MostParts,
        StrategyName::FirstConsistent => {
            let opening = opening(options, scorer)?;
            return Ok(built(first_consistent(
                scorer, situation, opening, progress,
            )));
        }
        StrategyName::RandomConsistent => {
            let (seed, opening) = (options.seed.unwrap_or(0), opening(options, scorer)?);
            return Ok(built(random_consistent(
                scorer, situation, seed, opening, progress,
            )));
        }
        StrategyName::Optimal => {
            let result = match options.minimize {
                Objective::Total => {
                    let search = OptimalOptions {
                        max_guesses: options.max_guesses.map(usize::from),
                        consistent_only: options.consistent_only,
                    };
                    optimal_from(scorer, &search, situation, progress)?
                }
                Objective::Worst => {
                    least_worst_case_from(scorer, options.consistent_only, situation, progress)
                }
            };
            return Ok(BuiltStrategy {
                root: result.tree,
                info,
                search_nodes: Some(result.statistics.nodes),
            });
        }
    };
    let one_step_options = OneStepOptions {
        heuristic,
        tie_break: match options.tie_break {
            TieBreakName::PreferCandidate => TieBreak::PreferCandidate,
            TieBreakName::LowestCode => TieBreak::LowestCode,
        },
        consistent_only: options.consistent_only,
    };
    Ok(built(one_step_from(
        scorer,
        &one_step_options,
        situation,
        progress,
    )))
}

/// `strategy` with its first guess fixed to `opening` (the consistent strategies take their
/// opening themselves): the opening at the root, and below each reply the tree the strategy
/// builds from there, so the optimal search gives the best strategy that opens so. From a
/// situation after the opening, the rest is the strategy's own tree.
fn with_opening(
    strategy: StrategyName,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    opening: Code,
    progress: &dyn Progress,
) -> anyhow::Result<BuiltStrategy> {
    let info = strategy_info(strategy, options);
    let rest = StrategyOptions {
        opening: None,
        ..options.clone()
    };
    match situation.played().first() {
        Some(&first) if first == opening => {
            let built = build_strategy_from(strategy, &rest, scorer, situation, progress)?;
            return Ok(BuiltStrategy { info, ..built });
        }
        Some(&first) => bail!(
            "the game so far opened with {}, not with --opening {}",
            scorer.codebook().format(first),
            scorer.codebook().format(opening)
        ),
        None => {}
    }
    let all_black = scorer.game().all_black();
    let mut classes = scorer.split(opening, situation.candidates()).classes;
    classes.sort_by_key(|(reply, _)| reply.index());
    let mut children = Vec::new();
    let mut search_nodes = None;
    for (reply, _) in classes {
        if reply == all_black {
            progress.codes_settled(1);
            continue;
        }
        let after = Situation::after(scorer, &[(opening, reply)])
            .expect("a reply that some code gives leaves that code");
        let built = build_strategy_from(strategy, &rest, scorer, &after, progress)?;
        search_nodes = match (search_nodes, built.search_nodes) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        children.push((reply, built.root));
    }
    let root = Node {
        guess: opening,
        candidates: situation.candidates().len() as u32,
        children,
    };
    Ok(BuiltStrategy {
        root,
        info,
        search_nodes,
    })
}

/// The optimal search's options and the strategy record its tree file carries, for the
/// sharded search, which runs the same search in pieces; only the least total is sharded.
pub fn optimal_search(options: &StrategyOptions) -> anyhow::Result<(OptimalOptions, StrategyInfo)> {
    check_options(StrategyName::Optimal, options)?;
    if options.minimize != Objective::Total {
        bail!(
            "--shard and --resume split the search for the least total; --minimize worst runs in one process"
        );
    }
    Ok((
        OptimalOptions {
            max_guesses: options.max_guesses.map(usize::from),
            consistent_only: options.consistent_only,
        },
        strategy_info(StrategyName::Optimal, options),
    ))
}

/// Refuses options that do not apply to `strategy`, rather than ignoring them.
fn check_options(strategy: StrategyName, options: &StrategyOptions) -> anyhow::Result<()> {
    let optimal = strategy == StrategyName::Optimal;
    let consistent = matches!(
        strategy,
        StrategyName::FirstConsistent | StrategyName::RandomConsistent
    );
    if optimal && options.tie_break != TieBreakName::PreferCandidate {
        bail!("--tie-break applies to the one-step strategies; the optimal search breaks ties by the lowest code");
    }
    if consistent && options.tie_break != TieBreakName::PreferCandidate {
        bail!(
            "--tie-break applies to the one-step strategies; {} has no ties to break",
            strategy.file_name()
        );
    }
    if !optimal && (options.max_guesses.is_some() || options.minimize != Objective::Total) {
        bail!("--max-guesses and --minimize apply to --strategy optimal only");
    }
    if optimal && options.minimize == Objective::Worst && options.max_guesses.is_some() {
        bail!("--minimize worst finds the cap itself; leave out --max-guesses");
    }
    if options.seed.is_some() && strategy != StrategyName::RandomConsistent {
        bail!("--seed applies to --strategy random-consistent only");
    }
    if options.opening.is_some() && options.minimize == Objective::Worst {
        bail!("--opening with --minimize worst is not supported: cap the search with --max-guesses instead");
    }
    Ok(())
}

fn opening(options: &StrategyOptions, scorer: &Scorer) -> anyhow::Result<Option<Code>> {
    options
        .opening
        .as_deref()
        .map(|text| {
            scorer
                .codebook()
                .parse(text.trim())
                .with_context(|| format!("--opening {text}"))
        })
        .transpose()
}

/// The strategy's name and the options that differ from its defaults, so that a file built
/// by the plain strategy names no parameters. A random strategy always names its seed.
fn strategy_info(strategy: StrategyName, options: &StrategyOptions) -> StrategyInfo {
    let mut info = StrategyInfo::named(strategy.file_name());
    if options.consistent_only {
        info.parameters
            .insert("consistent_only".into(), Value::Bool(true));
    }
    if options.tie_break == TieBreakName::LowestCode {
        info.parameters
            .insert("tie_break".into(), Value::from("lowest-code"));
    }
    if let Some(max) = options.max_guesses {
        info.parameters
            .insert("max_guesses".into(), Value::from(max));
    }
    if options.minimize == Objective::Worst {
        info.parameters
            .insert("minimize".into(), Value::from("worst"));
    }
    if strategy == StrategyName::RandomConsistent {
        info.parameters
            .insert("seed".into(), Value::from(options.seed.unwrap_or(0)));
    }
    if let Some(opening) = &options.opening {
        info.parameters
            .insert("opening".into(), Value::from(opening.trim()));
    }
    info
}
