//! Benchmarks of the tree builders on the games the README quotes.

use criterion::{criterion_group, criterion_main, Criterion};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_solve::{knuth, NoProgress};

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

criterion_group!(benches, knuth_trees);
criterion_main!(benches);
