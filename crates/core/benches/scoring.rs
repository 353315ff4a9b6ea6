//! Benchmarks of the hot scoring paths: building the feedback table and counting classes.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use mastermind_core::{FeedbackKind, Game, Scorer};

fn scoring(c: &mut Criterion) {
    let classic = Game::classic();
    c.bench_function("table 4x6", |b| b.iter(|| Scorer::new(black_box(classic))));
    let bulls = Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap();
    c.bench_function("table bulls-and-cows", |b| {
        b.iter(|| Scorer::new(black_box(bulls)))
    });

    let scorer = Scorer::new(classic);
    let all = scorer.all_codes();
    let mut counts = vec![0; classic.feedback_slots()];
    c.bench_function("count classes 4x6 all guesses x all codes", |b| {
        b.iter(|| {
            for &guess in &all {
                scorer.count_classes(guess, black_box(&all), &mut counts);
            }
        })
    });
}

criterion_group!(benches, scoring);
criterion_main!(benches);
