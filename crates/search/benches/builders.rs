//! Benchmarks of the tree builders on the games the guide quotes.

use criterion::{criterion_group, criterion_main, Criterion};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_search::{optimal, OptimalOptions};
use mastermind_strategy::{knuth, NoProgress};

fn knuth_trees(c: &mut Criterion) {
    let classic = Scorer::new(Game::classic());
    c.bench_function("knuth 4x6 (table prebuilt)", |b| {
        b.iter(|| knuth(&classic, &NoProgress))
    });

    let mut slow = c.benchmark_group("knuth large games");
    slow.sample_size(10);
    for (pegs, colours) in [(4, 7), (5, 8)] {
        let scorer = Scorer::new(Game::new(pegs, colours, true, FeedbackKind::BlackWhite).unwrap());
        slow.bench_function(format!("knuth {pegs}x{colours}"), |b| {
            b.iter(|| knuth(&scorer, &NoProgress))
        });
    }
    slow.finish();
}

/// The exact optimum on 4×6, uncapped and capped at five guesses. The long runs (4×7, Bulls
/// and Cows) are ignored tests in `tests/optimal.rs`, which print their time and nodes.
fn optimal_trees(c: &mut Criterion) {
    let classic = Scorer::new(Game::classic());
    let mut group = c.benchmark_group("optimal");
    group.sample_size(10);
    for (name, max_guesses) in [("optimal 4x6", None), ("optimal 4x6 max 5", Some(5))] {
        let options = OptimalOptions {
            max_guesses,
            consistent_only: false,
        };
        group.bench_function(name, |b| {
            b.iter(|| optimal(&classic, &options, &NoProgress).expect("4×6 is solvable"))
        });
    }
    group.finish();
}

criterion_group!(benches, knuth_trees, optimal_trees);
criterion_main!(benches);
