//! Builds the expected-size strategy for 4 pegs × 5 colours, writes it as a JSON tree file,
//! reads the file back, verifies every claim it makes and prints it in Irving's notation.
use mastermind::notation::{self, Layout, Notation};
use mastermind::strategy::{self, NoProgress, StrategyKind, StrategyOptions};
use mastermind::tree::TreeFile;
use mastermind::verify::{verify_file, VerifyOptions};
use mastermind::{FeedbackKind, Game, Scorer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let scorer = Scorer::for_one_pass(Game::new(4, 5, true, FeedbackKind::BlackWhite)?);
    let options = StrategyOptions::default();
    let built = strategy::build(StrategyKind::ExpectedSize, &options, &scorer, &NoProgress)?;
    let json = TreeFile::new(scorer.codebook(), built.info, &built.root).to_json();

    let file = TreeFile::from_json(&json)?;
    let report = verify_file(&file, &VerifyOptions::default())?;
    print!("{report}");
    let tree = report.tree.ok_or("the tree does not verify")?;
    let book = scorer.codebook();
    println!(
        "{}",
        notation::print(book, &tree, Notation::Irving, Layout::Flat)
    );
    Ok(())
}
