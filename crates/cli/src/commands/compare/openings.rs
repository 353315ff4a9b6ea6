//! `compare --openings`: every strategy from every first guess that differs up to symmetry
//! (five for 4×6: 1111, 1112, 1122, 1123, 1234), with its total, average and worst case, and
//! the best opening of each strategy marked, as the papers compare them one table at a time.

use mastermind::compare::{openings, openings_csv, openings_row, openings_table, OpeningsDocument};
use mastermind::strategy::{StrategyKind, StrategyOptions};
use mastermind::Scorer;

use super::shown;
use crate::commands::compare::CompareArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;

pub fn run(
    args: &CompareArgs,
    options: &StrategyOptions,
    scorer: &Scorer,
    quiet: bool,
) -> anyhow::Result<Outcome> {
    if args.strategies.contains(&StrategyKind::RandomConsistent) {
        anyhow::bail!(
            "--openings builds one tree for each strategy and opening; random-consistent is \
             sampled over seeds, so leave it out of --strategies"
        );
    }
    let openings = openings(scorer);
    let mut rows = Vec::new();
    for &strategy in &args.strategies {
        let progress = BuildProgress::new((scorer.codebook().len() * openings.len()) as u64, quiet);
        let compared = openings_row(strategy, options, &openings, scorer, &progress);
        progress.finish();
        let Some(row) = shown(compared, scorer)? else {
            return Ok(Outcome::Invalid);
        };
        rows.push(row);
    }
    let book = scorer.codebook();
    let text = if args.json {
        serde_json::to_string_pretty(&OpeningsDocument::new(book, &openings, &rows))? + "\n"
    } else if args.csv {
        openings_csv(book, &openings, &rows)?
    } else {
        openings_table(book, &openings, &rows)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}
