//! Knuth's tree and a strategy of our own, both verified: the program the README shows.
use mastermind::strategy::{self, ClassSizes, GuessScore, NoProgress, Situation, StrategyKind};
use mastermind::{verify::verify_node, Game, Scorer};

struct FewestLeft; // the least Σ n² over the classes a guess leaves
impl GuessScore for FewestLeft {
    fn name(&self) -> String {
        "fewest-left".into()
    }
    fn score(&self, c: &ClassSizes<'_>) -> f64 {
        c.sizes().iter().map(|&n| f64::from(n * n)).sum()
    }
}

fn main() -> Result<(), strategy::StrategyError> {
    let scorer = Scorer::for_one_pass(Game::classic());
    let (options, start) = (Default::default(), Situation::start(&scorer));
    let knuth = strategy::build(StrategyKind::Knuth, &options, &scorer, &NoProgress)?;
    let mine = strategy::build_scored(&FewestLeft, &options, &scorer, &start, &NoProgress)?;
    for built in [knuth, mine] {
        let report = verify_node(&scorer, &built.root, &Default::default());
        let (valid, total) = (report.is_valid(), report.statistics.total());
        println!("{}: valid {valid}, {total} guesses", built.info.name);
    }
    Ok(())
}
