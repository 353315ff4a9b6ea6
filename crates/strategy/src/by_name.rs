//! Every strategy by name, with its options and an optional opening: the one entry point the
//! command line, the library facade and the Python package build through, so a tree built by
//! any of them is the same and records the same name and parameters.

use std::fmt;

use mastermind_core::{Code, Codebook, Game, NotACode, Scorer};
use mastermind_tree::{Node, StrategyInfo};
use serde_json::Value;

use crate::consistent::{first_consistent, random_consistent};

use crate::one_step::{one_step_with, TieBreak};

use crate::optimal::{optimal_from, OptimalFromError};

use crate::optimal::{NoStrategy, OptimalOptions, SearchStatistics};

use crate::progress::Progress;

use crate::score::{GuessScore, Heuristic};

use crate::situation::{OtherGame, Situation};

use crate::worst_case::least_worst_case_from;

/// The strategies the tool builds; [`StrategyKind::summary`] says what each plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyKind {
    /// Knuth's 1976 minimax.
    Knuth,
    /// Irving's expected size.
    ExpectedSize,
    /// Neuwirth's entropy.
    Entropy,
    /// Kooi's most parts.
    MostParts,
    /// The exact optimum.
    Optimal,
    /// The first consistent code.
    FirstConsistent,
    /// A random consistent code.
    RandomConsistent,
}

impl StrategyKind {
    /// Every strategy, in the order above.
    pub const ALL: [StrategyKind; 7] = [
        StrategyKind::Knuth,
        StrategyKind::ExpectedSize,
        StrategyKind::Entropy,
        StrategyKind::MostParts,
        StrategyKind::Optimal,
        StrategyKind::FirstConsistent,
        StrategyKind::RandomConsistent,
    ];

    /// The scorer this strategy builds fastest with: the exact searches revisit the same pairs
    /// and want the feedback table; the rest score each node's candidates once.
    pub fn scorer(self, game: Game) -> Scorer {
        match self {
            StrategyKind::Optimal => Scorer::new(game),
            _ => Scorer::for_one_pass(game),
        }
    }

    /// The name tree files (and the command line) give the strategy, such as `expected-size`.
    pub fn file_name(self) -> &'static str {
        match self.heuristic() {
            Some(heuristic) => heuristic.file_name(),
            None => match self {
                StrategyKind::Optimal => "optimal",
                StrategyKind::FirstConsistent => "first-consistent",
                _ => "random-consistent",
            },
        }
    }

    /// What the strategy plays, in a line (the command line's help shows it).
    pub fn summary(self) -> &'static str {
        match self {
            StrategyKind::Knuth => {
                "Knuth's 1976 minimax: smallest largest class, then a candidate, then numeric order"
            }
            StrategyKind::ExpectedSize => "Irving's expected size: least Σ of squared class sizes",
            StrategyKind::Entropy => "Neuwirth's entropy: most informative split",
            StrategyKind::MostParts => "Kooi's most parts: the most distinct replies",
            StrategyKind::Optimal => {
                "The exact expected-case optimum: least total guesses (branch and bound)"
            }
            StrategyKind::FirstConsistent => {
                "The first code, in numeric order, that fits every reply so far"
            }
            StrategyKind::RandomConsistent => {
                "A random code that fits every reply so far, reproducible from its seed"
            }
        }
    }

    /// The strategy a tree file names, if it is one of these.
    pub fn from_file_name(name: &str) -> Option<StrategyKind> {
        StrategyKind::ALL
            .into_iter()
            .find(|kind| kind.file_name() == name)
    }

    /// The heuristic of a one-step strategy.
    pub fn heuristic(self) -> Option<Heuristic> {
        match self {
            StrategyKind::Knuth => Some(Heuristic::Minimax),
            StrategyKind::ExpectedSize => Some(Heuristic::ExpectedSize),
            StrategyKind::Entropy => Some(Heuristic::Entropy),
            StrategyKind::MostParts => Some(Heuristic::MostParts),
            _ => None,
        }
    }

    fn is_consistent(self) -> bool {
        matches!(
            self,
            StrategyKind::FirstConsistent | StrategyKind::RandomConsistent
        )
    }
}

/// What the optimal search minimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The least total (average) number of guesses.
    #[default]
    Total,
    /// The least worst case, then the least total under it.
    Worst,
}

/// Options that shape a strategy; the defaults build each strategy as its paper describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrategyOptions {
    /// Guess only codes still consistent with every reply so far.
    pub consistent_only: bool,
    /// How the one-step strategies order guesses with equal scores.
    pub tie_break: TieBreak,
    /// Optimal only: no code may need more than this many guesses.
    pub max_guesses: Option<u16>,
    /// Optimal only: what to minimise.
    pub minimize: Objective,
    /// Random-consistent only: the seed of its draws (0 when not given).
    pub seed: Option<u64>,
    /// The first guess; for the optimal search, the best strategy that opens with it.
    pub opening: Option<Code>,
}

/// Options that do not fit the strategy they were given to: refused rather than ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misfit {
    /// A tie-break other than the default, for a strategy without scored ties.
    TieBreak(StrategyKind),
    /// A cap or an objective, for a strategy other than the optimal search.
    Search,
    /// A cap together with the least worst case, which finds its own cap.
    CapWithWorst,
    /// A seed, for a strategy that draws nothing.
    Seed,
    /// An opening together with the least worst case.
    OpeningWithWorst,
}

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misfit::TieBreak(kind) => write!(
                f,
                "the tie-break applies to the one-step strategies, not to {}",
                kind.file_name()
            ),
            Misfit::Search => f.write_str("max_guesses and minimize apply to the optimal search"),
            Misfit::CapWithWorst => {
                f.write_str("minimize worst finds the cap itself; give no max_guesses")
            }
            Misfit::Seed => f.write_str("a seed applies to random-consistent only"),
            Misfit::OpeningWithWorst => {
                f.write_str("an opening with minimize worst is not supported")
            }
        }
    }
}

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

/// Refuses options that do not apply to `kind`.
pub fn check_options(kind: StrategyKind, options: &StrategyOptions) -> Result<(), Misfit> {
    let optimal = kind == StrategyKind::Optimal;
    if (optimal || kind.is_consistent()) && options.tie_break != TieBreak::PreferCandidate {
        return Err(Misfit::TieBreak(kind));
    }
    if !optimal && (options.max_guesses.is_some() || options.minimize != Objective::Total) {
        return Err(Misfit::Search);
    }
    if options.minimize == Objective::Worst && options.max_guesses.is_some() {
        return Err(Misfit::CapWithWorst);
    }
    if options.seed.is_some() && kind != StrategyKind::RandomConsistent {
        return Err(Misfit::Seed);
    }
    if options.opening.is_some() && options.minimize == Objective::Worst {
        return Err(Misfit::OpeningWithWorst);
    }
    Ok(())
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

/// The record of a strategy named `name`: the options that differ from the defaults, so that
/// a file built by the plain strategy names no parameters.
pub fn strategy_info(name: &str, options: &StrategyOptions, book: &Codebook) -> StrategyInfo {
    let mut info = StrategyInfo::named(name);
    let mut set = |key: &str, value: Value| info.parameters.insert(key.into(), value);
    if options.consistent_only {
        set("consistent_only", Value::Bool(true));
    }
    if options.tie_break == TieBreak::LowestCode {
        set("tie_break", Value::from("lowest-code"));
    }
    if let Some(max) = options.max_guesses {
        set("max_guesses", Value::from(max));
    }
    if options.minimize == Objective::Worst {
        set("minimize", Value::from("worst"));
    }
    if let Some(opening) = options.opening {
        set("opening", Value::from(book.format(opening)));
    }
    info
}
