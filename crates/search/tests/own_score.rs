//! Scores of one's own go through the same builder as the built-in heuristics: written out by
//! hand they give the same trees, the largest-class shortcut changes nothing, the tree file
//! records their name and parameters, and options that do not apply are refused.

use std::collections::BTreeMap;

use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_search::{build, build_scored, StrategyError};
use mastermind_strategy::{
    ClassSizes, GuessScore, Heuristic, Misfit, NoProgress, OneStepOptions, Situation, StrategyKind,
    StrategyOptions, TieBreak,
};
use mastermind_tree::Statistics;
use serde_json::Value;

/// A heuristic's score, written from the class sizes alone and without the largest-class
/// shortcut.
struct ByHand(Heuristic);

impl GuessScore for ByHand {
    fn name(&self) -> String {
        format!("by-hand-{}", self.0.file_name())
    }

    fn parameters(&self) -> BTreeMap<String, Value> {
        BTreeMap::from([("after".into(), Value::from(self.0.file_name()))])
    }

    fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
        let classes = || sizes.classes().map(|(_, n)| f64::from(n));
        match self.0 {
            Heuristic::Minimax => classes().fold(0.0, f64::max),
            Heuristic::ExpectedSize => classes().map(|n| n * n).sum(),
            Heuristic::MostParts => -(classes().count() as f64),
            // The built-in sums in ascending order; so must a score that is to match it bit
            // for bit.
            Heuristic::Entropy => {
                let mut sorted: Vec<f64> = classes().filter(|&n| n > 1.0).collect();
                sorted.sort_by(f64::total_cmp);
                sorted.iter().map(|n| n * n.log2()).sum()
            }
        }
    }
}

#[test]
fn a_score_written_by_hand_builds_the_built_in_tree() {
    for game in [
        Game::new(4, 4, true, FeedbackKind::BlackWhite).unwrap(),
        Game::new(3, 5, false, FeedbackKind::BlackWhite).unwrap(),
        Game::new(4, 3, true, FeedbackKind::BlackOnly).unwrap(),
    ] {
        let scorer = Scorer::for_one_pass(game);
        let start = Situation::start(&scorer);
        for heuristic in Heuristic::ALL {
            for tie_break in [TieBreak::PreferCandidate, TieBreak::LowestCode] {
                let options = StrategyOptions {
                    tie_break,
                    ..StrategyOptions::default()
                };
                let own = build_scored(&ByHand(heuristic), &options, &scorer, &start, &NoProgress)
                    .unwrap();
                let built_in = mastermind_strategy::one_step(
                    &scorer,
                    &OneStepOptions {
                        heuristic,
                        tie_break,
                        consistent_only: false,
                    },
                    &NoProgress,
                );
                assert_eq!(
                    own.root,
                    built_in,
                    "{} {heuristic:?} {tie_break:?}",
                    game.describe()
                );
            }
        }
    }
}

#[test]
fn knuths_5801_from_a_score_of_ones_own_and_its_record() {
    let scorer = Scorer::for_one_pass(Game::classic());
    let start = Situation::start(&scorer);
    let options = StrategyOptions {
        opening: Some(scorer.codebook().parse("1122").unwrap()),
        ..StrategyOptions::default()
    };
    let built = build_scored(
        &ByHand(Heuristic::Minimax),
        &options,
        &scorer,
        &start,
        &NoProgress,
    )
    .unwrap();
    assert_eq!(Statistics::of_tree(&built.root).total(), 5801);
    assert_eq!(built.info.name, "by-hand-knuth");
    assert_eq!(
        serde_json::to_value(&built.info.parameters).unwrap(),
        serde_json::json!({"after": "knuth", "opening": "1122"})
    );
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let scorer = Scorer::for_one_pass(Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap());
    let start = Situation::start(&scorer);
    let capped = StrategyOptions {
        max_guesses: Some(3),
        ..StrategyOptions::default()
    };
    let refused = build_scored(&Heuristic::Entropy, &capped, &scorer, &start, &NoProgress);
    assert_eq!(refused, Err(StrategyError::Misfit(Misfit::Search)));
    let seeded = StrategyOptions {
        seed: Some(1),
        ..StrategyOptions::default()
    };
    let refused = build(StrategyKind::Knuth, &seeded, &scorer, &NoProgress);
    assert_eq!(refused, Err(StrategyError::Misfit(Misfit::Seed)));
    let tie = StrategyOptions {
        tie_break: TieBreak::LowestCode,
        ..StrategyOptions::default()
    };
    let refused = build(StrategyKind::Optimal, &tie, &scorer, &NoProgress);
    assert_eq!(
        refused,
        Err(StrategyError::Misfit(Misfit::TieBreak(
            StrategyKind::Optimal
        )))
    );
}

#[test]
fn every_strategy_is_found_by_the_name_its_file_records() {
    for kind in StrategyKind::ALL {
        assert_eq!(StrategyKind::from_file_name(kind.file_name()), Some(kind));
    }
    assert_eq!(StrategyKind::from_file_name("fastest"), None);
}

/// A score that gives no name is recorded as `custom`.
#[test]
fn a_score_without_a_name_is_recorded_as_custom() {
    struct Unnamed;
    impl GuessScore for Unnamed {
        fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
            f64::from(sizes.largest())
        }
    }
    let scorer = Scorer::for_one_pass(Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap());
    let start = Situation::start(&scorer);
    let built = build_scored(
        &Unnamed,
        &StrategyOptions::default(),
        &scorer,
        &start,
        &NoProgress,
    )
    .unwrap();
    assert_eq!(built.info.name, "custom");
    assert!(built.info.parameters.is_empty());
}

/// Scores that prefer guesses which learn nothing (the largest class, or the fewest classes)
/// still build a finite tree that solves every code: a guess leaving every candidate in one
/// class is never played, in any game, black-only included.
#[test]
fn scores_that_prefer_useless_guesses_still_end() {
    struct Worst;
    impl GuessScore for Worst {
        fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
            -f64::from(sizes.largest())
        }
    }
    struct FewestClasses;
    impl GuessScore for FewestClasses {
        fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
            sizes.parts() as f64
        }
    }
    for (pegs, colours, feedback) in [
        (3, 4, FeedbackKind::BlackWhite),
        (1, 4, FeedbackKind::BlackOnly),
        (2, 5, FeedbackKind::BlackOnly),
    ] {
        let game = Game::new(pegs, colours, true, feedback).unwrap();
        let scorer = Scorer::for_one_pass(game);
        let start = Situation::start(&scorer);
        for score in [&Worst as &dyn GuessScore, &FewestClasses] {
            let built = build_scored(
                score,
                &StrategyOptions::default(),
                &scorer,
                &start,
                &NoProgress,
            )
            .unwrap();
            let statistics = Statistics::of_tree(&built.root);
            assert_eq!(
                statistics.codes(),
                game.code_count() as u64,
                "{}",
                game.describe()
            );
        }
    }
}
