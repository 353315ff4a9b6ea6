//! Certificates written by the prover check with the independent checker, and prove exactly
//! the search's optima.

use mastermind_certificate::{check, Bound};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_solve::{
    build, write_certificate, NoProgress, Objective, Situation, StrategyKind, StrategyOptions,
};
use mastermind_tree::Statistics;

fn certified(game: Game, options: StrategyOptions) -> (u64, usize, mastermind_certificate::Proven) {
    let scorer = Scorer::new(game);
    let built = build(StrategyKind::Optimal, &options, &scorer, &NoProgress).expect("a strategy");
    let statistics = Statistics::of_tree(&built.root);
    let (total, worst) = (statistics.total(), statistics.worst_case());
    let mut bytes = Vec::new();
    let start = Situation::start(&scorer);
    write_certificate(&scorer, &options, &start, total, worst, &mut bytes).expect("certified");
    let proven = check(bytes.as_slice()).expect("the certificate checks");
    (total, worst, proven)
}

#[test]
fn small_optima_are_proven() {
    for (pegs, colours, expected) in [(3, 4, 206), (3, 5, 451), (4, 4, 905)] {
        let game = Game::new(pegs, colours, true, FeedbackKind::BlackWhite).unwrap();
        let (total, _, proven) = certified(game, StrategyOptions::default());
        assert_eq!(total, expected);
        assert_eq!(
            proven.bound_at(&[], None),
            Bound::AtLeast(expected as u32),
            "{pegs}×{colours}"
        );
        eprintln!("{pegs}×{colours}: {} facts", proven.facts());
    }
}

#[test]
fn least_worst_cases_are_proven() {
    let game = Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap();
    let options = StrategyOptions {
        minimize: Objective::Worst,
        ..StrategyOptions::default()
    };
    let (total, worst, proven) = certified(game, options);
    let worst = worst as u8;
    assert_eq!(proven.bound_at(&[], Some(worst - 1)), Bound::Infeasible);
    assert_eq!(
        proven.bound_at(&[], Some(worst)),
        Bound::AtLeast(total as u32)
    );
}
