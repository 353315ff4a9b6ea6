//! The comparison as CSV, for spreadsheets: one record per strategy (or per strategy and
//! opening), numbers as plain numbers, the counts of codes solved at each guess in columns.

use super::table::per_tree;
use mastermind::compare::Row;

/// The strategies' table: name, total (the mean over the trees of a sampled strategy),
/// average, worst case, the codes solved with 1, 2, … guesses (per tree), build seconds.
pub fn comparison(rows: &[Row]) -> anyhow::Result<String> {
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
            super::table::row_label(row),
            total,
            statistics.average().decimal(4),
            statistics.worst_case().to_string(),
        ];
        record.extend(counts);
        record.push(format!("{:.4}", row.build_time.as_secs_f64()));
        writer.write_record(&record)?;
    }
    Ok(String::from_utf8(writer.into_inner()?)?)
}

/// The openings' table: one record per strategy and opening, the best of each marked.
pub fn openings(records: &[[String; 6]]) -> anyhow::Result<String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "strategy",
        "opening",
        "total",
        "average",
        "worst_case",
        "best",
    ])?;
    for record in records {
        writer.write_record(record)?;
    }
    Ok(String::from_utf8(writer.into_inner()?)?)
}
