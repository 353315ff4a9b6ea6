//! Comparisons as text a person reads: a table with a row per strategy and a bar per strategy
//! in which each code is drawn with the digit of the number of guesses it needs, so the shapes
//! compare at a glance; the table of openings; and, with the page, the bar chart as an image.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

use mastermind_core::{Code, Codebook, Game};

use super::{OpeningsRow, Row, Samples};

/// Characters in a whole bar.
const BAR_WIDTH: usize = 60;

/// How a row is named in the table and the CSV: the strategy with its non-default
/// parameters, and the file a tree was read from.
pub fn row_label(row: &Row) -> String {
    let label = label(&row.name, &row.parameters);
    match &row.tree {
        Some(path) => format!("{label} from {path}"),
        None => label,
    }
}

/// The comparison as a table: one row per strategy with its total, average, worst case,
/// codes solved with each number of guesses and build time, the figures of each sampled
/// strategy, and a bar per strategy.
pub fn comparison_table(game: &Game, rows: &[Row]) -> String {
    let worst = rows
        .iter()
        .map(|row| row.statistics.worst_case())
        .max()
        .unwrap_or(0);
    let mut header = vec![
        "strategy".to_owned(),
        "total".into(),
        "average".into(),
        "worst".into(),
    ];
    header.extend((1..=worst).map(|guesses| guesses.to_string()));
    header.push("time".into());
    let mut lines = vec![header];
    for row in rows {
        let statistics = &row.statistics;
        let (total, counts) = per_tree(row, worst);
        let mut line = vec![
            row_label(row),
            total,
            statistics.average().to_string(),
            statistics.worst_case().to_string(),
        ];
        line.extend(counts);
        line.push(format_duration(row.build_time));
        lines.push(line);
    }
    let columns = lines[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            lines
                .iter()
                .map(|line| line[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = format!("{} ({} codes)\n\n", game.describe(), game.code_count());
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(column, (cell, &width))| {
                // Names and averages read left to right; counts line up on the right.
                if column == 0 || column == 2 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        writeln!(text, "{}", cells.join("  ").trim_end()).expect("writing to a String");
    }
    for (row, samples) in rows
        .iter()
        .filter_map(|row| Some((row, row.samples.as_ref()?)))
    {
        writeln!(
            text,
            "\n{}: {} trees (seeds {}–{}); total mean {:.1}, standard deviation {:.1}, \
             least {}, greatest {}; worst case {} in {} of the trees. Its average and counts are \
             over all the trees.",
            label(&row.name, &row.parameters),
            samples.count(),
            samples.first_seed,
            samples.last_seed(),
            samples.mean_total(),
            samples.standard_deviation(),
            samples.totals.iter().min().unwrap_or(&0),
            samples.totals.iter().max().unwrap_or(&0),
            samples.worst_case(),
            samples.trees_at_worst(),
        )
        .expect("writing to a String");
    }
    text.push_str(
        "\nguesses per code (each digit is a share of the codes solved with that many guesses):\n",
    );
    let name_width = rows
        .iter()
        .map(|row| row_label(row).chars().count())
        .max()
        .unwrap_or(0);
    for row in rows {
        writeln!(
            text,
            "{:<name_width$}  |{}|",
            row_label(row),
            bar(&row.statistics.solved_by_guess)
        )
        .expect("writing to a String");
    }
    text
}

/// A row's total and its codes solved with 1 to `worst` guesses, per tree: a sampled row adds
/// up its trees, so it shows their mean.
pub(super) fn per_tree(row: &Row, worst: usize) -> (String, Vec<String>) {
    let trees = row.samples.as_ref().map_or(1, Samples::count) as f64;
    let total = match &row.samples {
        Some(samples) => format!("{:.1}", samples.mean_total()),
        None => row.statistics.total().to_string(),
    };
    let counts = (0..worst)
        .map(|i| {
            let count = row.statistics.solved_by_guess.get(i).copied().unwrap_or(0);
            format!("{:.0}", count as f64 / trees)
        })
        .collect();
    (total, counts)
}

/// A strategy's name with any non-default parameters, such as `knuth (consistent_only)`.
pub fn label(name: &str, parameters: &BTreeMap<String, serde_json::Value>) -> String {
    if parameters.is_empty() {
        return name.to_owned();
    }
    let parameters: Vec<String> = parameters
        .iter()
        .map(|(key, value)| match value {
            serde_json::Value::Bool(true) => key.clone(),
            serde_json::Value::String(text) => format!("{key}={text}"),
            other => format!("{key}={other}"),
        })
        .collect();
    format!("{name} ({})", parameters.join(", "))
}

/// A bar of [`BAR_WIDTH`] characters split in proportion to the counts, largest remainders
/// first so the parts always fill the bar exactly.
fn bar(solved_by_guess: &[u64]) -> String {
    let codes: u64 = solved_by_guess.iter().sum();
    if codes == 0 {
        return " ".repeat(BAR_WIDTH);
    }
    let width = BAR_WIDTH as u64;
    let mut cells: Vec<u64> = solved_by_guess.iter().map(|&n| n * width / codes).collect();
    let mut by_remainder: Vec<usize> = (0..cells.len()).collect();
    by_remainder.sort_by_key(|&i| std::cmp::Reverse((solved_by_guess[i] * width) % codes));
    let missing = width - cells.iter().sum::<u64>();
    for &i in by_remainder.iter().take(missing as usize) {
        cells[i] += 1;
    }
    cells
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let digit = char::from_digit((i as u32 + 1) % 36, 36).unwrap_or('+');
            digit.to_string().repeat(n as usize)
        })
        .collect()
}

fn format_duration(duration: Duration) -> String {
    if duration < Duration::from_secs(1) {
        format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
    } else {
        format!("{:.2} s", duration.as_secs_f64())
    }
}

/// The comparison of openings as a table: each strategy's figures from each opening, its best
/// marked with `*`.
pub fn openings_table(book: &Codebook, openings: &[Code], rows: &[OpeningsRow]) -> String {
    let game = book.game();
    let names: Vec<String> = rows.iter().map(OpeningsRow::name).collect();
    let width = names
        .iter()
        .map(|name| name.chars().count())
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
    for (row, name) in rows.iter().zip(&names) {
        let best = row.best();
        for (at, (&opening, statistics)) in openings.iter().zip(&row.by_opening).enumerate() {
            let average = statistics.average();
            let average = format!("{} = {}", average.fraction(), average.decimal(4));
            let mark = if at == best { " *" } else { "" };
            text.push_str(&format!(
                "{:<width$}  {:<7}  {:>9}  {:<22}  {:>5}{mark}\n",
                if at == 0 { name.as_str() } else { "" },
                book.format(opening),
                statistics.total(),
                average,
                statistics.worst_case(),
            ));
        }
    }
    text
}

/// The bar chart of every row's codes by the guesses they need, as an SVG image.
#[cfg(feature = "page")]
pub fn comparison_chart(rows: &[Row]) -> String {
    let series: Vec<mastermind_page::Series<'_>> = rows
        .iter()
        .map(|row| mastermind_page::Series {
            name: &row.name,
            solved_by_guess: &row.statistics.solved_by_guess,
        })
        .collect();
    mastermind_page::bar_chart(&series)
}

#[cfg(test)]
mod tests {
    use super::bar;

    #[test]
    fn bars_fill_their_width_in_proportion() {
        let knuth = bar(&[1, 6, 62, 533, 694]);
        assert_eq!(knuth.chars().count(), 60);
        assert_eq!(knuth.matches('4').count(), 25);
        assert_eq!(knuth.matches('5').count(), 32);
        assert!(knuth.starts_with("333"));
        assert_eq!(bar(&[0, 1]), "2".repeat(60));
    }
}
