//! Comparisons as CSV, for spreadsheets: one record per strategy (or per strategy and
//! opening), numbers as plain numbers, the counts of codes solved at each guess in columns.

use mastermind_core::{Code, Codebook};

use super::text::{per_tree, row_label};
use super::{OpeningsRow, Row};

/// The strategies' table: name, total (the mean over the trees of a sampled strategy),
/// average, worst case, the codes solved with 1, 2, … guesses (per tree), build seconds.
pub fn comparison_csv(rows: &[Row]) -> Result<String, csv::Error> {
    let worst = rows
        .iter()
        .map(|row| row.statistics.worst_case())
        .max()
        .unwrap_or(0);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["strategy".to_owned(), "total".into(), "average".into()];
    header.push("worst_case".into());
    header.extend((1..=worst).map(|guesses| format!("solved_in_{guesses}")));
    header.push("build_seconds".into());
    writer.write_record(&header)?;
    for row in rows {
        let statistics = &row.statistics;
        let (total, counts) = per_tree(row, worst);
        let mut record = vec![
            row_label(row),
            total,
            statistics.average().decimal(4),
            statistics.worst_case().to_string(),
        ];
        record.extend(counts);
        record.push(format!("{:.4}", row.build_time.as_secs_f64()));
        writer.write_record(&record)?;
    }
    written(writer)
}

/// The openings' table: one record per strategy and opening (strategy, opening, total,
/// average, worst case), the best of each marked.
pub fn openings_csv(
    book: &Codebook,
    openings: &[Code],
    rows: &[OpeningsRow],
) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "strategy",
        "opening",
        "total",
        "average",
        "worst_case",
        "best",
    ])?;
    for record in records(book, openings, rows) {
        writer.write_record(record)?;
    }
    written(writer)
}

/// The text a writer into memory holds.
fn written(writer: csv::Writer<Vec<u8>>) -> Result<String, csv::Error> {
    let bytes = writer
        .into_inner()
        .map_err(|error| csv::Error::from(error.into_error()))?;
    // Every field came from a `String`.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The table as records of text: strategy, opening, total, average, worst case, best.
fn records<'a>(
    book: &'a Codebook,
    openings: &'a [Code],
    rows: &'a [OpeningsRow],
) -> impl Iterator<Item = [String; 6]> + 'a {
    rows.iter().flat_map(move |row| {
        let (name, best) = (row.name(), row.best());
        openings
            .iter()
            .zip(&row.by_opening)
            .enumerate()
            .map(move |(at, (&opening, statistics))| {
                [
                    name.clone(),
                    book.format(opening),
                    statistics.total().to_string(),
                    statistics.average().decimal(4),
                    statistics.worst_case().to_string(),
                    (at == best).to_string(),
                ]
            })
    })
}
