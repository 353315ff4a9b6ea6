//! Building any strategy by name: the one entry point the command line, the library facade,
//! the page and the Python package build through, so a tree built by any of them is the same.
//! The one-step strategies come from `mastermind-strategy`, the exact searches from here.

use std::fmt;

use mastermind_core::{Code, NotACode, Scorer};
use mastermind_strategy::{
    check_options, first_consistent, one_step_with, random_consistent, strategy_info, GuessScore,
    Misfit, Objective, OtherGame, Progress, Situation, StrategyKind, StrategyOptions,
};
use mastermind_tree::{Node, StrategyInfo};
use serde_json::Value;

use crate::optimal::{
    optimal_from, NoStrategy, OptimalFromError, OptimalOptions, SearchStatistics,
};
use crate::worst_case::least_worst_case_from;

/// Why a strategy could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyError {
    /// Options that do not fit the strategy.
    Misfit(Misfit),
    /// No strategy meets the cap on the worst case.
    NoStrategy(NoStrategy),
    /// The situation to start from is of another game than the scorer's.
    OtherGame(OtherGame),
    /// A code given (the opening) is not one of the game's.
    NotACode(NotACode),
    /// The game so far opened with another guess than the opening asked for.
    OtherOpening {
        /// The first guess of the game so far.
        played: Code,
        /// The opening asked for.
        asked: Code,
    },
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyError::Misfit(misfit) => misfit.fmt(f),
            StrategyError::NoStrategy(none) => none.fmt(f),
            StrategyError::OtherGame(error) => error.fmt(f),
            StrategyError::NotACode(error) => error.fmt(f),
            StrategyError::OtherOpening { .. } => {
                f.write_str("the game so far opened with another guess than the opening")
            }
        }
    }
}

impl std::error::Error for StrategyError {}

impl From<NoStrategy> for StrategyError {
    fn from(none: NoStrategy) -> StrategyError {
        StrategyError::NoStrategy(none)
    }
}

impl From<OptimalFromError> for StrategyError {
    fn from(error: OptimalFromError) -> StrategyError {
        match error {
            OptimalFromError::NoStrategy(none) => StrategyError::NoStrategy(none),
            OptimalFromError::OtherGame(other) => StrategyError::OtherGame(other),
        }
    }
}

/// A built strategy tree with the record its file carries.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltStrategy {
    /// The whole tree, or the part from the situation on.
    pub root: Node,
    /// The name and parameters the tree file records.
    pub info: StrategyInfo,
    /// What an exact search did: nodes visited, transposition table look-ups and hits.
    pub search: Option<SearchStatistics>,
}

/// The optimal search's options for `options`.
pub fn optimal_options(options: &StrategyOptions) -> OptimalOptions {
    OptimalOptions {
        max_guesses: options.max_guesses.map(usize::from),
        consistent_only: options.consistent_only,
    }
}

/// Builds the whole tree of `kind` with `options` for the scorer's game.
pub fn build(
    kind: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    progress: &dyn Progress,
) -> Result<BuiltStrategy, StrategyError> {
    build_from(kind, options, scorer, &Situation::start(scorer), progress)
}

/// Builds the tree `kind` plays from `situation` on.
pub fn build_from(
    kind: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
) -> Result<BuiltStrategy, StrategyError> {
    check_options(kind, options).map_err(StrategyError::Misfit)?;
    check_start(options, scorer, situation)?;
    let mut info = strategy_info(kind.file_name(), options, scorer.codebook());
    if kind == StrategyKind::RandomConsistent {
        let seed = options.seed.unwrap_or(0);
        info.parameters.insert("seed".into(), Value::from(seed));
    }
    let build_rest = |options: &StrategyOptions, situation: &Situation| {
        build_plain(kind, options, scorer, situation, progress)
    };
    match options.opening {
        Some(opening) if !kind.is_consistent() => {
            with_opening(opening, options, scorer, situation, progress, build_rest)
        }
        _ => build_rest(options, situation),
    }
    .map(|(root, search)| BuiltStrategy { root, info, search })
}

/// Refuses a situation of another game than the scorer's, and an opening that is not one of
/// its codes, before anything looks them up.
fn check_start(
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
) -> Result<(), StrategyError> {
    situation
        .check_game(scorer)
        .map_err(StrategyError::OtherGame)?;
    if let Some(opening) = options.opening {
        scorer
            .codebook()
            .check(opening)
            .map_err(StrategyError::NotACode)?;
    }
    Ok(())
}

/// Builds the one-step strategy that plays the guess `rule` scores lowest at every node from
/// `situation` on. Of `options`, the tie-break, `consistent_only` and the opening apply;
/// the tree file records the rule's own name and parameters.
pub fn build_scored(
    rule: &dyn GuessScore,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
) -> Result<BuiltStrategy, StrategyError> {
    if options.max_guesses.is_some() || options.minimize != Objective::Total {
        return Err(StrategyError::Misfit(Misfit::Search));
    }
    if options.seed.is_some() {
        return Err(StrategyError::Misfit(Misfit::Seed));
    }
    check_start(options, scorer, situation)?;
    let mut info = strategy_info(&rule.name(), options, scorer.codebook());
    info.parameters.extend(rule.parameters());
    let build_rest = |options: &StrategyOptions, situation: &Situation| {
        let root = one_step_with(
            scorer,
            rule,
            options.tie_break,
            options.consistent_only,
            situation,
            progress,
        );
        Ok((root, None))
    };
    match options.opening {
        Some(opening) => with_opening(opening, options, scorer, situation, progress, build_rest),
        None => build_rest(options, situation),
    }
    .map(|(root, search)| BuiltStrategy { root, info, search })
}

type Built = Result<(Node, Option<SearchStatistics>), StrategyError>;

/// `kind` as it plays from `situation`, its opening (if any) aside.
fn build_plain(
    kind: StrategyKind,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
) -> Built {
    if let Some(heuristic) = kind.heuristic() {
        let root = one_step_with(
            scorer,
            &heuristic,
            options.tie_break,
            options.consistent_only,
            situation,
            progress,
        );
        return Ok((root, None));
    }
    let opening = options.opening;
    Ok(match (kind, options.minimize) {
        (StrategyKind::FirstConsistent, _) => {
            (first_consistent(scorer, situation, opening, progress), None)
        }
        (StrategyKind::RandomConsistent, _) => {
            let seed = options.seed.unwrap_or(0);
            let root = random_consistent(scorer, situation, seed, opening, progress);
            (root, None)
        }
        (_, Objective::Total) => {
            let result = optimal_from(scorer, &optimal_options(options), situation, progress)?;
            (result.tree, Some(result.statistics))
        }
        (_, Objective::Worst) => {
            let result =
                least_worst_case_from(scorer, options.consistent_only, situation, progress)
                    .map_err(StrategyError::OtherGame)?;
            (result.tree, Some(result.statistics))
        }
    })
}

/// A strategy with its first guess fixed to `opening`: the opening at the root, and below each
/// reply the tree `build_rest` builds from there, so the optimal search gives the best
/// strategy that opens so. From a situation after the opening, the rest is the strategy's
/// own tree.
fn with_opening(
    opening: Code,
    options: &StrategyOptions,
    scorer: &Scorer,
    situation: &Situation,
    progress: &dyn Progress,
    build_rest: impl Fn(&StrategyOptions, &Situation) -> Built,
) -> Built {
    let rest = StrategyOptions {
        opening: None,
        ..options.clone()
    };
    match situation.played().first() {
        Some(&first) if first == opening => return build_rest(&rest, situation),
        Some(&played) => {
            return Err(StrategyError::OtherOpening {
                played,
                asked: opening,
            })
        }
        None => {}
    }
    let all_black = scorer.game().all_black();
    let mut classes = scorer.split(opening, situation.candidates()).classes;
    classes.sort_by_key(|(reply, _)| reply.index());
    let mut children = Vec::new();
    let mut search: Option<SearchStatistics> = None;
    for (reply, _) in classes {
        if reply == all_black {
            progress.codes_settled(1);
            continue;
        }
        let after = Situation::after(scorer, &[(opening, reply)])
            .expect("a reply that some code gives leaves that code");
        let (child, below) = build_rest(&rest, &after)?;
        search = match (search, below) {
            (Some(a), Some(b)) => Some(a.plus(b)),
            (a, b) => a.or(b),
        };
        children.push((reply, child));
    }
    let root = Node {
        guess: opening,
        candidates: situation.candidates().len() as u32,
        children,
    };
    Ok((root, search))
}
