//! The atlas as a spreadsheet (CSV, one row per game) and as the Markdown table the README
//! shows (one cell per measure: the total with the worst case, or why there is none, and a
//! mark on each optimum that is proven).

use crate::{AtlasFile, Entry, Figures, Measure, Outcome, Variant};

/// The atlas as CSV: per game, its size, then per measure its status, figures and seconds
/// (an unfinished measure's seconds are its budget).
pub fn csv(file: &AtlasFile) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "pegs".to_owned(),
        "colours".to_owned(),
        "variant".to_owned(),
        "codes".to_owned(),
    ];
    for measure in Measure::ALL {
        let name = measure.name();
        header.push(format!("{name}_status"));
        if measure == Measure::Static {
            header.push(format!("{name}_least"));
        } else {
            header.push(format!("{name}_total"));
            header.push(format!("{name}_worst_case"));
        }
        if measure.proves().is_some() {
            header.push(format!("{name}_facts"));
        }
        header.push(format!("{name}_seconds"));
    }
    writer.write_record(&header)?;
    for entry in &file.entries {
        let mut row = vec![
            entry.game.pegs.to_string(),
            entry.game.colours.to_string(),
            entry.game.variant.to_string(),
            entry.codes.to_string(),
        ];
        for measure in Measure::ALL {
            let outcome = entry.results.get(measure.name());
            let figures = outcome.and_then(Outcome::figures).unwrap_or_default();
            let (status, seconds) = match outcome {
                Some(Outcome::Finished { seconds, .. }) => ("finished", format!("{seconds:.3}")),
                Some(Outcome::Unfinished { seconds, .. }) => {
                    ("unfinished", format!("{seconds:.3}"))
                }
                Some(Outcome::Failed { .. }) => ("failed", String::new()),
                None => ("", String::new()),
            };
            let text = |value: Option<String>| value.unwrap_or_default();
            row.push(status.to_owned());
            if measure == Measure::Static {
                row.push(text(figures.least.map(|n| n.to_string())));
            } else {
                row.push(text(figures.total.map(|n| n.to_string())));
                row.push(text(figures.worst_case.map(|n| n.to_string())));
            }
            if measure.proves().is_some() {
                row.push(text(figures.facts.map(|n| n.to_string())));
            }
            row.push(seconds);
        }
        writer.write_record(&row)?;
    }
    let bytes = writer.into_inner().map_err(|error| error.into_error())?;
    Ok(String::from_utf8(bytes).expect("the atlas's text is UTF-8"))
}

/// The README's table for the games of `variant`: each strategy's total with its worst case in
/// brackets, ✓ after an optimum whose proof finished with the same figures, the static number,
/// and `>N s` or `–` where a measure ran out of time or cannot be computed.
pub fn markdown_table(file: &AtlasFile, variant: Variant) -> String {
    let mut text = String::from("| game | codes |");
    let mut rule = String::from("|---|---:|");
    let columns = Measure::ALL.into_iter().filter(|m| m.proves().is_none());
    for measure in columns.clone() {
        text += &format!(" {} |", measure.label());
        rule += "---:|";
    }
    text += "\n";
    text += &rule;
    text += "\n";
    for entry in file.entries.iter().filter(|e| e.game.variant == variant) {
        text += &format!(
            "| {}×{} | {} |",
            entry.game.pegs, entry.game.colours, entry.codes
        );
        for measure in columns.clone() {
            text += &format!(" {} |", cell(entry, measure));
        }
        text.push('\n');
    }
    text
}

fn cell(entry: &Entry, measure: Measure) -> String {
    match entry.results.get(measure.name()) {
        None => "·".to_owned(),
        Some(Outcome::Failed { .. }) => "–".to_owned(),
        Some(Outcome::Unfinished { seconds, .. }) => format!(">{seconds:.0} s"),
        Some(outcome) => {
            let figures = outcome.figures().unwrap_or_default();
            match (figures.total, figures.worst_case, figures.least) {
                (Some(total), Some(worst), _) if is_proven(entry, measure, figures) => {
                    format!("{total} ({worst}) ✓")
                }
                (Some(total), Some(worst), _) => format!("{total} ({worst})"),
                (_, _, Some(least)) => least.to_string(),
                _ => "?".to_owned(),
            }
        }
    }
}

/// Whether a proof of `measure` for `entry` finished with these figures.
fn is_proven(entry: &Entry, measure: Measure, figures: Figures) -> bool {
    Measure::ALL
        .into_iter()
        .filter(|proof| proof.proves() == Some(measure))
        .filter_map(|proof| entry.results.get(proof.name())?.figures())
        .any(|proven| (proven.total, proven.worst_case) == (figures.total, figures.worst_case))
}
