//! Every strategy by name, with the options that shape it: the names the command line, the
//! library facade, the page and the Python package share, so a tree built by any of them
//! records the same name and parameters. Building one by name is `mastermind-search`'s
//! `build`, which reaches the exact search too.

use std::fmt;

use mastermind_core::{Code, Codebook, Game, Scorer};
use mastermind_tree::StrategyInfo;
use serde_json::Value;

use crate::one_step::TieBreak;
use crate::score::Heuristic;

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

    /// Whether the strategy guesses only codes consistent with every reply so far.
    pub fn is_consistent(self) -> bool {
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
