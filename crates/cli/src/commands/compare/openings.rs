//! `compare --openings`: every strategy from every first guess that differs up to symmetry
//! (five for 4×6: 1111, 1112, 1122, 1123, 1234), with its total, average and worst case, and
//! the best opening of each strategy marked, as the papers compare them one table at a time.

use mastermind::compare::{openings, openings_row, OpeningsDocument, OpeningsRow};
use mastermind::strategy::{StrategyKind, StrategyOptions};
use mastermind::tree::Statistics;
use mastermind::{Code, Game, Scorer};

use super::shown;
use super::table::label;
use crate::args::CompareArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;

/// One strategy's results from each opening, named as the table names it.
struct StrategyRow {
    name: String,
    row: OpeningsRow,
}

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
        let name = label(&row.strategy.name, &row.strategy.parameters);
        rows.push(StrategyRow { name, row });
    }
    let game = scorer.game();
    let text = if args.json {
        let figures: Vec<(String, usize, &[Statistics])> = rows
            .iter()
            .map(|row| {
                (
                    row.name.clone(),
                    row.row.best(),
                    row.row.by_opening.as_slice(),
                )
            })
            .collect();
        let document = OpeningsDocument::new(scorer.codebook(), &openings, &figures);
        serde_json::to_string_pretty(&document)? + "\n"
    } else if args.csv {
        super::spreadsheet::openings(&records(scorer, &openings, &rows))?
    } else {
        render(game, scorer, &openings, &rows)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

fn render(game: &Game, scorer: &Scorer, openings: &[Code], rows: &[StrategyRow]) -> String {
    let book = scorer.codebook();
    let width = rows
        .iter()
        .map(|row| row.name.chars().count())
        .max()
        .unwrap_or(8)
        .max(8);
    let mut text = format!(
        "{} ({} codes), {} openings up to symmetry; * marks each strategy's best\n\n",
        game.describe(),
        game.code_count(),
        openings.len()
    );
    text.push_str(&format!(
        "{:<width$}  opening  {:>9}  {:<22}  worst\n",
        "strategy", "total", "average"
    ));
    for row in rows {
        let best = row.row.best();
        for (at, (&opening, statistics)) in openings.iter().zip(&row.row.by_opening).enumerate() {
            let average = statistics.average();
            let average = format!("{} = {}", average.fraction(), average.decimal(4));
            let mark = if at == best { " *" } else { "" };
            text.push_str(&format!(
                "{:<width$}  {:<7}  {:>9}  {:<22}  {:>5}{mark}\n",
                if at == 0 { row.name.as_str() } else { "" },
                book.format(opening),
                statistics.total(),
                average,
                statistics.worst_case(),
            ));
        }
    }
    text
}

/// The table as records of text: strategy, opening, total, average, worst case, best.
fn records(scorer: &Scorer, openings: &[Code], rows: &[StrategyRow]) -> Vec<[String; 6]> {
    let book = scorer.codebook();
    rows.iter()
        .flat_map(|row| {
            let best = row.row.best();
            openings.iter().zip(&row.row.by_opening).enumerate().map(
                move |(at, (&opening, statistics))| {
                    [
                        row.name.clone(),
                        book.format(opening),
                        statistics.total().to_string(),
                        statistics.average().decimal(4),
                        statistics.worst_case().to_string(),
                        (at == best).to_string(),
                    ]
                },
            )
        })
        .collect()
}
