//! The figures the atlas records for a game, one [`Measure`] at a time: a strategy's tree
//! (built, verified, then counted), the two optima, their proofs (see the `proof` module), or the
//! static number.

use std::sync::Mutex;

use mastermind_core::Scorer;
use mastermind_search::build;
use mastermind_static::SearchProgress;
use mastermind_strategy::{Objective, Progress, StrategyKind, StrategyOptions};
use mastermind_tree::TreeFile;
use mastermind_verify::{verify_file, VerifyOptions};
use serde::{Deserialize, Serialize};

use crate::reached::Reached;
use crate::GameKey;

/// One column of the atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Measure {
    /// Knuth's minimax tree.
    Knuth,
    /// Irving's expected size.
    ExpectedSize,
    /// Neuwirth's entropy.
    Entropy,
    /// Kooi's most parts.
    MostParts,
    /// The first consistent code.
    FirstConsistent,
    /// The least total (the expected-case optimum).
    Optimal,
    /// The least worst case, and the least total under it.
    LeastWorst,
    /// The expected-case optimum again, proven: its certificate checked.
    ProvenOptimal,
    /// The least worst case again, proven: its certificate checked.
    ProvenLeastWorst,
    /// The least number of guesses made all at once that tell every code apart.
    Static,
}

impl Measure {
    /// Every measure, in the atlas's column order.
    pub const ALL: [Measure; 10] = [
        Measure::Knuth,
        Measure::ExpectedSize,
        Measure::Entropy,
        Measure::MostParts,
        Measure::FirstConsistent,
        Measure::Optimal,
        Measure::LeastWorst,
        Measure::ProvenOptimal,
        Measure::ProvenLeastWorst,
        Measure::Static,
    ];

    /// The name files, tables and the command line use, such as `least-worst`.
    pub fn name(self) -> &'static str {
        match self {
            Measure::ProvenOptimal => "proven-optimal",
            Measure::ProvenLeastWorst => "proven-least-worst",
            Measure::LeastWorst => "least-worst",
            Measure::Static => "static",
            Measure::Knuth => StrategyKind::Knuth.file_name(),
            Measure::ExpectedSize => StrategyKind::ExpectedSize.file_name(),
            Measure::Entropy => StrategyKind::Entropy.file_name(),
            Measure::MostParts => StrategyKind::MostParts.file_name(),
            Measure::FirstConsistent => StrategyKind::FirstConsistent.file_name(),
            Measure::Optimal => StrategyKind::Optimal.file_name(),
        }
    }

    /// The optimum a proof measure proves: [`Measure::Optimal`] or [`Measure::LeastWorst`].
    pub fn proves(self) -> Option<Measure> {
        match self {
            Measure::ProvenOptimal => Some(Measure::Optimal),
            Measure::ProvenLeastWorst => Some(Measure::LeastWorst),
            _ => None,
        }
    }

    /// The column heading tables and pages give the measure.
    pub fn label(self) -> &'static str {
        match self {
            Measure::Knuth => "Knuth",
            Measure::ExpectedSize => "expected size",
            Measure::Entropy => "entropy",
            Measure::MostParts => "most parts",
            Measure::FirstConsistent => "first consistent",
            Measure::Optimal => "optimal",
            Measure::LeastWorst => "least worst case",
            Measure::ProvenOptimal => "optimal, proven",
            Measure::ProvenLeastWorst => "least worst case, proven",
            Measure::Static => "static",
        }
    }

    /// Reads a name written by [`Measure::name`].
    pub fn from_name(name: &str) -> Option<Measure> {
        Measure::ALL
            .into_iter()
            .find(|measure| measure.name() == name)
    }

    /// The strategy whose tree gives the figures and what its search minimises; `None` for
    /// the static number, which comes from no tree.
    pub fn strategy(self) -> Option<(StrategyKind, Objective)> {
        let kind = match self {
            Measure::Knuth => StrategyKind::Knuth,
            Measure::ExpectedSize => StrategyKind::ExpectedSize,
            Measure::Entropy => StrategyKind::Entropy,
            Measure::MostParts => StrategyKind::MostParts,
            Measure::FirstConsistent => StrategyKind::FirstConsistent,
            Measure::Optimal | Measure::ProvenOptimal => StrategyKind::Optimal,
            Measure::LeastWorst | Measure::ProvenLeastWorst => {
                return Some((StrategyKind::Optimal, Objective::Worst))
            }
            Measure::Static => return None,
        };
        Some((kind, Objective::Total))
    }
}

/// What one measure found for one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// A tree's total number of guesses over every code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    /// A tree's most guesses for any code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst_case: Option<u32>,
    /// The static number: the least set of guesses made at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least: Option<u32>,
    /// For a proof measure, how many facts the checked certificate took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facts: Option<u64>,
}

/// Computes `measure` for `game`, telling `reached` how far it gets. A strategy's tree is
/// verified before it is counted, and an optimum's proof is checked before it is; an `Err` says
/// why the measure has no figures for this game.
pub fn compute(measure: Measure, game: GameKey, reached: &dyn Reached) -> Result<Figures, String> {
    let game = game.game().map_err(|error| error.to_string())?;
    let scorer = Scorer::new(game);
    let codes = game.code_count() as u64;
    let Some((kind, minimize)) = measure.strategy() else {
        return static_number(&scorer, reached);
    };
    let options = StrategyOptions {
        minimize,
        ..StrategyOptions::default()
    };
    let progress = Reporter {
        reached,
        codes,
        state: Mutex::default(),
    };
    let built = build(kind, &options, &scorer, &progress).map_err(|error| error.to_string())?;
    let file = TreeFile::new(scorer.codebook(), built.info, &built.root);
    let report = verify_file(&file, &VerifyOptions::default()).map_err(|e| e.to_string())?;
    if !report.is_valid() {
        return Err(format!("the tree does not verify:\n{report}"));
    }
    let facts = match measure.proves() {
        Some(_) => Some(crate::proof::prove(&scorer, &file, &report, reached)?),
        None => None,
    };
    Ok(Figures {
        total: Some(report.statistics.total()),
        worst_case: Some(report.statistics.worst_case() as u32),
        least: None,
        facts,
    })
}

fn static_number(scorer: &Scorer, reached: &dyn Reached) -> Result<Figures, String> {
    if !scorer.has_table() {
        return Err(format!(
            "the static search keeps every reply in a table, which {} codes are too many for",
            scorer.codebook().len()
        ));
    }
    let progress = StaticReporter {
        reached,
        state: Mutex::default(),
    };
    let least = mastermind_static::least_set(scorer, &progress);
    Ok(Figures {
        least: Some(least.guesses.len() as u32),
        ..Figures::default()
    })
}

/// Turns a builder's reports into words.
struct Reporter<'a> {
    reached: &'a dyn Reached,
    codes: u64,
    state: Mutex<BuildState>,
}

#[derive(Default)]
struct BuildState {
    settled: u64,
    stage: String,
    /// The cap a least-worst-case search is trying, which every report then names.
    cap: Option<usize>,
}

impl Reporter<'_> {
    fn update(&self, change: impl FnOnce(&mut BuildState) -> String) {
        let text = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let text = change(&mut state);
            match state.cap {
                Some(cap) => format!("worst case {cap}: {text}"),
                None => text,
            }
        };
        self.reached.reached(text);
    }
}

impl Progress for Reporter<'_> {
    fn codes_settled(&self, codes: u64) {
        let total = self.codes;
        self.update(|state| {
            state.settled += codes;
            format!("{} of {total} codes settled", state.settled)
        });
    }

    fn subproblems_settled(&self, settled: u64, total: u64, best_total: Option<u64>) {
        self.update(|state| {
            state.stage = format!("{settled} of {total} subproblems settled");
            if let Some(best) = best_total {
                state.stage += &format!(", best total so far {best}");
            }
            state.stage.clone()
        });
    }

    fn root_guesses_scored(&self, scored: u64, total: u64) {
        self.update(|state| {
            state.stage = format!("{scored} of {total} first guesses scored");
            state.stage.clone()
        });
    }

    fn cap_tried(&self, cap: usize) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = BuildState {
            cap: Some(cap),
            ..BuildState::default()
        };
        self.reached.stage(format!(
            "worst case {cap}: searching for a strategy that solves every code within {cap} \
             guesses (none does within fewer)"
        ));
    }

    fn search_nodes(&self, nodes: u64) {
        self.update(|state| match state.stage.as_str() {
            "" => format!("{nodes} nodes searched"),
            stage => format!("{stage}; {nodes} nodes searched"),
        });
    }
}

/// Turns the static search's reports into words.
struct StaticReporter<'a> {
    reached: &'a dyn Reached,
    state: Mutex<(usize, u64, u64)>,
}

impl StaticReporter<'_> {
    fn say(&self, (size, settled, subproblems): (usize, u64, u64)) {
        self.reached.reached(format!(
            "a set of {} works; searching for one of {size}: {settled} of {subproblems} subproblems settled",
            size + 1
        ));
    }
}

impl SearchProgress for StaticReporter<'_> {
    fn size_started(&self, size: usize, subproblems: u64) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        *state = (size, 0, subproblems);
        self.say(*state);
    }

    fn subproblem_settled(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1 += 1;
        self.say(*state);
    }

    fn at_work(&self) {
        self.reached.at_work();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    struct Silent;
    impl Reached for Silent {
        fn reached(&self, _progress: String) {}
    }

    fn figures(measure: Measure, pegs: u32, colours: u32, variant: Variant) -> Figures {
        let key = GameKey {
            pegs,
            colours,
            variant,
        };
        compute(measure, key, &Silent).unwrap()
    }

    #[test]
    fn names_read_back_and_are_distinct() {
        for measure in Measure::ALL {
            assert_eq!(Measure::from_name(measure.name()), Some(measure));
        }
        assert_eq!(Measure::from_name("optimal-worst"), None);
    }

    #[test]
    fn goddards_three_by_five_and_its_static_number() {
        // Goddard's "Mastermind revisited": 3 pegs × 5 colours need 451 guesses in all.
        let optimal = figures(Measure::Optimal, 3, 5, Variant::Repeat);
        assert_eq!(optimal.total, Some(451));
        let least_worst = figures(Measure::LeastWorst, 3, 5, Variant::Repeat);
        assert!(least_worst.worst_case <= optimal.worst_case);
        assert!(least_worst.total >= optimal.total);
        // The cut-the-knot table: 3 pegs × 5 colours need 4 static guesses.
        assert_eq!(
            figures(Measure::Static, 3, 5, Variant::Repeat).least,
            Some(4)
        );
    }

    /// Keeps every report.
    #[derive(Default)]
    struct Recorded(Mutex<Vec<String>>);
    impl Reached for Recorded {
        fn reached(&self, progress: String) {
            self.0.lock().unwrap().push(progress);
        }
    }

    #[test]
    fn the_least_worst_case_names_the_cap_it_tries_and_a_proof_its_stages() {
        let recorded = Recorded::default();
        let game = GameKey {
            pegs: 3,
            colours: 4,
            variant: Variant::Repeat,
        };
        compute(Measure::ProvenLeastWorst, game, &recorded).unwrap();
        let said = recorded.0.into_inner().unwrap();
        let tried: Vec<&String> = said
            .iter()
            .filter(|text| text.ends_with("(none does within fewer)"))
            .collect();
        assert!(!tried.is_empty(), "{said:?}");
        assert!(tried.iter().all(|text| text.starts_with("worst case ")));
        let searched = said
            .iter()
            .filter(|text| text.contains("subproblems settled"));
        assert!(searched.clone().count() > 0, "{said:?}");
        assert!(searched
            .into_iter()
            .all(|text| text.starts_with("worst case ")));
        assert!(said
            .iter()
            .any(|text| text.ends_with("writing its certificate")));
        assert!(said.last().unwrap().contains("checking its certificate of"));
    }

    #[test]
    fn a_proven_optimum_is_the_optimum_with_its_facts() {
        for (optimum, proof) in [
            (Measure::Optimal, Measure::ProvenOptimal),
            (Measure::LeastWorst, Measure::ProvenLeastWorst),
        ] {
            assert_eq!(proof.proves(), Some(optimum));
            let found = figures(optimum, 3, 4, Variant::Repeat);
            let proven = figures(proof, 3, 4, Variant::Repeat);
            assert!(proven.facts.is_some_and(|facts| facts > 0), "{proven:?}");
            assert_eq!(
                (proven.total, proven.worst_case),
                (found.total, found.worst_case)
            );
        }
        assert_eq!(Measure::Optimal.proves(), None);
    }

    #[test]
    fn every_strategy_is_no_better_than_the_optimum() {
        let optimal = figures(Measure::Optimal, 3, 4, Variant::NoRepeat).total;
        for measure in &Measure::ALL[..5] {
            assert!(figures(*measure, 3, 4, Variant::NoRepeat).total >= optimal);
        }
    }
}
