//! `compare --openings`: every strategy from every first guess that differs up to symmetry
//! (five for 4×6: 1111, 1112, 1122, 1123, 1234), with its total, average and worst case, and
//! the best opening of each strategy marked, as the papers compare them one table at a time.

use mastermind::strategy::symmetry::{OrbitLists, Symmetry};
use mastermind::tree::Statistics;
use mastermind::{Code, Game, Scorer};

use super::document::OpeningsDocument;
use super::{build_and_verify, options_for};
use crate::args::CompareArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use mastermind::strategy::StrategyKind;

/// One strategy's results from each opening, in the openings' order.
struct StrategyRow {
    name: String,
    by_opening: Vec<Statistics>,
}

impl StrategyRow {
    /// The opening of least total; ties go to the first (the lowest code).
    fn best(&self) -> usize {
        (0..self.by_opening.len())
            .min_by_key(|&at| (self.by_opening[at].total(), at))
            .expect("at least one opening")
    }
}

/// The first guesses that differ up to the game's symmetry, in numeric order.
fn openings(scorer: &Scorer) -> Vec<Code> {
    let book = scorer.codebook();
    let codes = scorer.all_codes();
    Symmetry::full(book)
        .representatives(book, &codes, true, &OrbitLists::new())
        .into_owned()
}

pub fn run(args: &CompareArgs, scorer: &Scorer, quiet: bool) -> anyhow::Result<Outcome> {
    if args.strategies.contains(&StrategyKind::RandomConsistent) {
        anyhow::bail!(
            "--openings builds one tree for each strategy and opening; random-consistent is \
             sampled over seeds, so leave it out of --strategies"
        );
    }
    let openings = openings(scorer);
    let book = scorer.codebook();
    let mut rows = Vec::new();
    for &strategy in &args.strategies {
        let progress = BuildProgress::new((scorer.codebook().len() * openings.len()) as u64, quiet);
        let mut by_opening = Vec::new();
        let mut name = String::new();
        for &opening in &openings {
            let mut options = options_for(strategy, &args.options);
            options.opening = Some(book.format(opening));
            let Some((info, statistics)) = build_and_verify(strategy, &options, scorer, &progress)?
            else {
                progress.finish();
                return Ok(Outcome::Invalid);
            };
            // The row is named without the opening, which its columns give.
            let mut info = info;
            info.parameters.remove("opening");
            name = super::table::label(&info.name, &info.parameters);
            by_opening.push(statistics);
        }
        progress.finish();
        rows.push(StrategyRow { name, by_opening });
    }
    let game = scorer.game();
    let text = if args.json {
        let figures: Vec<(String, usize, &[Statistics])> = rows
            .iter()
            .map(|row| (row.name.clone(), row.best(), row.by_opening.as_slice()))
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
        let best = row.best();
        for (at, (&opening, statistics)) in openings.iter().zip(&row.by_opening).enumerate() {
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
            let best = row.best();
            openings.iter().zip(&row.by_opening).enumerate().map(
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
