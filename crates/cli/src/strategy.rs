//! Building the strategy a user names, with its options, for `generate` and `compare` alike.

use anyhow::bail;
use mastermind_core::Scorer;
use mastermind_solve::{
    least_worst_case, one_step, optimal, Heuristic, OneStepOptions, OptimalOptions, Progress,
    TieBreak,
};
use mastermind_tree::{Node, StrategyInfo};
use serde_json::Value;

use crate::args::{Objective, StrategyName, StrategyOptions, TieBreakName};

/// A built strategy tree with what describes it.
pub struct BuiltStrategy {
    pub root: Node,
    pub info: StrategyInfo,
    /// What the search did, such as `, 19983 search nodes`, or empty.
    pub search_summary: String,
}

/// Builds `strategy` with `options` for the scorer's game.
pub fn build_strategy(
    strategy: StrategyName,
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> anyhow::Result<BuiltStrategy> {
    let info = strategy_info(strategy, options);
    let heuristic = match strategy {
        StrategyName::Knuth => Heuristic::Minimax,
        StrategyName::ExpectedSize => Heuristic::ExpectedSize,
        StrategyName::Entropy => Heuristic::Entropy,
        StrategyName::MostParts => Heuristic::MostParts,
        StrategyName::Optimal => {
            if options.tie_break != TieBreakName::PreferCandidate {
                bail!("--tie-break applies to the one-step strategies; the optimal search breaks ties by the lowest code");
            }
            let result = match (options.minimize, options.max_guesses) {
                (Objective::Total, max_guesses) => {
                    let search = OptimalOptions {
                        max_guesses: max_guesses.map(usize::from),
                        consistent_only: options.consistent_only,
                    };
                    optimal(scorer, &search, progress)?
                }
                (Objective::Worst, None) => {
                    least_worst_case(scorer, options.consistent_only, progress)
                }
                (Objective::Worst, Some(_)) => {
                    bail!("--minimize worst finds the cap itself; leave out --max-guesses")
                }
            };
            let search_summary = format!(", {} search nodes", result.statistics.nodes);
            return Ok(BuiltStrategy {
                root: result.tree,
                info,
                search_summary,
            });
        }
    };
    if options.max_guesses.is_some() || options.minimize != Objective::Total {
        bail!("--max-guesses and --minimize apply to --strategy optimal only");
    }
    let one_step_options = OneStepOptions {
        heuristic,
        tie_break: match options.tie_break {
            TieBreakName::PreferCandidate => TieBreak::PreferCandidate,
            TieBreakName::LowestCode => TieBreak::LowestCode,
        },
        consistent_only: options.consistent_only,
    };
    let root = one_step(scorer, &one_step_options, progress);
    Ok(BuiltStrategy {
        root,
        info,
        search_summary: String::new(),
    })
}

/// The strategy's name and the options that differ from its defaults, so that a file built
/// by the plain strategy names no parameters.
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
    info
}
