//! The notes a report of a tree read gets: how the text was read (which notation, or which
//! other tool's format and where its game came from), and the averages the literature quotes
//! for the strategy the text is said to be.

use mastermind_verify::{quoted_average_notes, Report};

use super::{ReadTree, TreeFormat};

/// `read` with its report's notes added; `strategy` names the strategy the text is said to be.
pub(super) fn added(mut read: ReadTree, strategy: Option<&str>) -> ReadTree {
    let game = *read.book.game();
    let how = match read.detected {
        true => "detected",
        false => "as asked",
    };
    let note = match read.format {
        // A tree file's own strategy and notes are the verifier's.
        TreeFormat::Json => return read,
        TreeFormat::Knuth | TreeFormat::Irving => {
            // A section's averages are not the whole game's the literature quotes.
            if read.history.is_empty() {
                add_quoted(&mut read.report, strategy, &game);
            }
            let name = match read.format {
                TreeFormat::Knuth => "Knuth's notation",
                _ => "Irving's notation",
            };
            format!("read in {name} ({how}) for {}", game.describe())
        }
        #[cfg(feature = "formats")]
        TreeFormat::Foreign(format) => {
            add_quoted(&mut read.report, strategy, &game);
            let digits: String = (0..game.colours().min(10))
                .map(|colour| char::from(b'0' + colour as u8))
                .collect();
            let symbols = match read.book.symbols() == digits {
                true => String::new(),
                false => format!(
                    "; its colours {} are written {} here",
                    span(&digits),
                    span(&read.book.symbols())
                ),
            };
            format!(
                "read as the C solver's {} ({how}) for {}: the pegs from the file, the rest \
                 from the game given{symbols}",
                format.name(),
                game.describe()
            )
        }
    };
    read.report.notes.push(note);
    read
}

/// The averages the literature quotes for `strategy`, beside a valid tree's.
fn add_quoted(report: &mut Report, strategy: Option<&str>, game: &mastermind_core::Game) {
    if let (Some(name), true) = (strategy, report.is_valid()) {
        let notes = quoted_average_notes(game, name, &report.statistics);
        report.notes.extend(notes);
    }
}

/// `0–5` for `012345`.
#[cfg(feature = "formats")]
fn span(symbols: &str) -> String {
    match (symbols.chars().next(), symbols.chars().last()) {
        (Some(first), Some(last)) => format!("{first}–{last}"),
        _ => String::new(),
    }
}
