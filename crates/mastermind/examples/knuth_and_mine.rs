//! Knuth's tree, verified, and a strategy of our own: the program the README shows.
use mastermind::strategy::{self, ClassSizes, GuessScore, NoProgress, Situation, StrategyKind};
use mastermind::{tree::Statistics, verify::verify_node, Game, Scorer};

struct FewestLeft; // the least Σ n² over the classes a guess leaves; files name it `custom`
impl GuessScore for FewestLeft {
    fn score(&self, c: &ClassSizes<'_>) -> f64 {
        c.sizes().iter().map(|&n| f64::from(n * n)).sum()
    }
}

fn main() -> Result<(), strategy::StrategyError> {
    let scorer = Scorer::for_one_pass(Game::classic());
    let (options, start) = (Default::default(), Situation::start(&scorer));
    let knuth = strategy::build(StrategyKind::Knuth, &options, &scorer, &NoProgress)?;
    let report = verify_node(&scorer, &knuth.root, &Default::default());
    let (valid, total) = (report.is_valid(), report.statistics.total());
    println!("knuth: valid {valid}, {total} guesses");
    let mine = strategy::build_scored(&FewestLeft, &options, &scorer, &start, &NoProgress)?;
    println!("mine: {} guesses", Statistics::of_tree(&mine.root).total());
    Ok(())
}
