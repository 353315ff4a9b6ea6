//! Whether a tree is proven optimal: what its strategy claims (the least total, under its cap,
//! and for `minimize: worst` the least worst case too), set against what a checked certificate
//! proves (see `mastermind-certificate`).

use std::fmt;

use mastermind_certificate::{Bound, Proven, Step};
use mastermind_core::{Code, Codebook, Feedback};
use mastermind_tree::{Statistics, StrategyInfo};
use serde_json::Value;

/// What is known of a tree's optimality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimality {
    /// A certificate proves that no strategy does better.
    Proven {
        /// How many facts the certificate took.
        facts: u64,
    },
    /// The tree's strategy claims an optimum, and no certificate was given to check it.
    Unchecked,
    /// A certificate was given and does not prove the tree optimal.
    NotProven {
        /// Why not, and where the proof fails.
        reason: String,
    },
}

impl Optimality {
    /// The word a report gives: `proven`, or `unproven` (unchecked or not proven).
    pub fn word(&self) -> &'static str {
        match self {
            Optimality::Proven { .. } => "proven",
            Optimality::Unchecked | Optimality::NotProven { .. } => "unproven",
        }
    }
}

impl fmt::Display for Optimality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Optimality::Proven { facts } => {
                write!(f, "proven (a certificate of {facts} facts checked)")
            }
            Optimality::Unchecked => f.write_str(
                "unproven (no certificate given; `mastermind certify` writes one, and \
                 `verify --certificate` checks it)",
            ),
            Optimality::NotProven { reason } => write!(f, "NOT proven: {reason}"),
        }
    }
}

/// Whether a tree built by `strategy` claims an optimum: the optimal search's trees do.
pub fn claims_optimum(strategy: Option<&StrategyInfo>) -> bool {
    strategy.is_some_and(|strategy| strategy.name == "optimal")
}

/// What `proven` says of a tree of `book`'s game, built by `strategy` (if named) after
/// `history`, whose codes need `statistics`: proven only if the certificate is for this game
/// and play, and proves a lower bound equal to the tree's total under the strategy's cap (and,
/// for a least worst case, that one guess fewer cannot solve every code).
pub fn judge(
    book: &Codebook,
    strategy: Option<&StrategyInfo>,
    history: &[(Code, Feedback)],
    statistics: &Statistics,
    proven: &Proven,
) -> Optimality {
    let not = |reason: String| Optimality::NotProven { reason };
    let header = proven.header();
    let game = book.game();
    if header.game != *game {
        return not(format!(
            "the certificate is for {}, the tree plays {}",
            header.game.describe(),
            game.describe()
        ));
    }
    let parameter = |key: &str| strategy.and_then(|s| s.parameters.get(key));
    let consistent_only = parameter("consistent_only") == Some(&Value::Bool(true));
    if header.consistent_only != consistent_only {
        let play = |consistent| {
            if consistent {
                "consistent guesses only"
            } else {
                "any guess"
            }
        };
        return not(format!(
            "the certificate is for {}, the tree's strategy plays {}",
            play(header.consistent_only),
            play(consistent_only)
        ));
    }
    if parameter("opening").is_some() {
        return not(
            "the tree's opening was fixed in advance; a certificate proves the least total over \
             every opening"
                .into(),
        );
    }
    let path: Vec<Step> = history
        .iter()
        .map(|&(guess, reply)| Step { guess, reply })
        .collect();
    let played = history.len();
    let left = |cap: u64| u8::try_from(cap.saturating_sub(played as u64)).unwrap_or(u8::MAX - 1);
    let total = statistics.total();
    let worst = statistics.worst_case() as u64 + played as u64;
    let cap = if parameter("minimize") == Some(&Value::from("worst")) {
        if worst <= 1 {
            return not("a worst case of one guess needs no proof and has none".into());
        }
        if proven.bound_at(&path, Some(left(worst - 1))) != Bound::Infeasible {
            return not(format!(
                "the certificate does not prove that no strategy solves every code within {} \
                 guesses, so {worst} is not proven the least worst case",
                worst - 1
            ));
        }
        Some(worst)
    } else {
        parameter("max_guesses").and_then(Value::as_u64)
    };
    let bound = proven.bound_at(&path, cap.map(left));
    match bound {
        Bound::AtLeast(least) if u64::from(least) >= total => Optimality::Proven {
            facts: proven.facts(),
        },
        Bound::AtLeast(least) => not(format!(
            "the certificate proves that every strategy{} needs at least {least} guesses in all, \
             but this tree needs {total}",
            cap.map_or(String::new(), |cap| format!(" within {cap} guesses"))
        )),
        Bound::Infeasible => not(format!(
            "the certificate says no strategy fits within {} guesses, yet this tree does",
            cap.unwrap_or(0)
        )),
    }
}
