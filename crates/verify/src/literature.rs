//! Averages the literature quotes for known strategies, so that a verified tree that disagrees
//! with a published figure says so and explains which totals the figure would need. A
//! disagreement is a note, not a problem: the tree is checked code by code, the quote is not.

use mastermind_core::{FeedbackKind, Game};
use mastermind_tree::{Average, Statistics};

/// An average quoted in print for a strategy on a game.
struct QuotedAverage {
    pegs: usize,
    colours: usize,
    repetition: bool,
    feedback: FeedbackKind,
    /// The strategy name a tree file gives (compared without regard to case).
    strategy: &'static str,
    /// How the strategy is called in prose.
    description: &'static str,
    /// The figure as printed.
    quoted: &'static str,
    /// Where it is printed.
    source: &'static str,
}

const QUOTED_AVERAGES: &[QuotedAverage] = &[QuotedAverage {
    pegs: 4,
    colours: 6,
    repetition: true,
    feedback: FeedbackKind::BlackWhite,
    strategy: "knuth",
    description: "Knuth's minimax strategy",
    quoted: "4.478",
    source: "the introduction of Koyama and Lai (1993) and the cut-the-knot page",
}];

/// Notes on every average quoted in the literature for `strategy` on `game` that the exact
/// average of `statistics` does not round to.
pub fn quoted_average_notes(game: &Game, strategy: &str, statistics: &Statistics) -> Vec<String> {
    let average = statistics.average();
    QUOTED_AVERAGES
        .iter()
        .filter(|quote| {
            quote.pegs == game.pegs()
                && quote.colours == game.colours()
                && quote.repetition == game.repetition()
                && quote.feedback == game.feedback_kind()
                && quote.strategy.eq_ignore_ascii_case(strategy.trim())
        })
        .filter_map(|quote| {
            let places = quote
                .quoted
                .split_once('.')
                .map_or(0, |(_, digits)| digits.len());
            let rounded = average.decimal(places as u32);
            (rounded != quote.quoted).then(|| {
                format!(
                    "the average {quoted} quoted for {description} on {game} ({source}) does \
                     not match this tree: its exact average {exact} rounds to {rounded}; over \
                     {codes} codes, {quoted} {needs}, not {total}",
                    quoted = quote.quoted,
                    description = quote.description,
                    game = game.describe(),
                    source = quote.source,
                    exact = average,
                    codes = average.codes,
                    needs = describe_totals(&totals_rounding_to(quote.quoted, average.codes)),
                    total = average.total,
                )
            })
        })
        .collect()
}

/// Every total whose average over `codes` codes rounds (half up) to `quoted`.
fn totals_rounding_to(quoted: &str, codes: u64) -> Vec<u64> {
    let (whole, digits) = quoted.split_once('.').unwrap_or((quoted, ""));
    let (Ok(scaled), Ok(places)) = (
        format!("{whole}{digits}").parse::<u128>(),
        u32::try_from(digits.len()),
    ) else {
        return Vec::new();
    };
    let Some(scale) = 10u128.checked_pow(places) else {
        return Vec::new();
    };
    // total / codes rounds to scaled / scale exactly when
    // (scaled − ½) / scale ≤ total / codes < (scaled + ½) / scale.
    let codes = u128::from(codes);
    let lowest = (codes * (2 * scaled).saturating_sub(1)).div_ceil(2 * scale);
    let beyond = (codes * (2 * scaled + 1)).div_ceil(2 * scale);
    // The bounds come from the same inequality as `Average::decimal`; checking each total with
    // it keeps the two in agreement at the edges.
    (lowest.saturating_sub(1)..=beyond)
        .filter_map(|total| u64::try_from(total).ok())
        .filter(|&total| {
            Average {
                total,
                codes: codes as u64,
            }
            .decimal(places)
                == quoted
        })
        .collect()
}

fn describe_totals(totals: &[u64]) -> String {
    match totals {
        [] => "matches no whole total of guesses".to_owned(),
        [only] => format!("would need a total of {only} guesses"),
        [first, second] => format!("would need a total of {first} or {second} guesses"),
        [first, .., last] => format!("would need a total between {first} and {last} guesses"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_quoted_average_needs_5803_or_5804() {
        assert_eq!(totals_rounding_to("4.478", 1296), vec![5803, 5804]);
        assert_eq!(totals_rounding_to("4.476", 1296), vec![5801]);
        assert_eq!(totals_rounding_to("4.477", 1296), vec![5802]);
        assert_eq!(totals_rounding_to("4.5", 2), vec![9]);
    }

    #[test]
    fn a_tree_matching_the_quote_gets_no_note() {
        let game = Game::classic();
        let matching = Statistics::from_counts(vec![1, 6, 62, 531, 696]);
        assert_eq!(matching.total(), 5803);
        assert!(quoted_average_notes(&game, "knuth", &matching).is_empty());
        let knuth = Statistics::from_counts(vec![1, 6, 62, 533, 694]);
        assert_eq!(quoted_average_notes(&game, "knuth", &knuth).len(), 1);
        assert!(quoted_average_notes(&game, "entropy", &knuth).is_empty());
    }
}
