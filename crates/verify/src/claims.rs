//! Checking what a tree file claims against what the replay found. A claim is true when it
//! states the true value, however it is written: an unreduced fraction of the right value, a
//! decimal rounded (half up) at any number of places up to [`MAX_DECIMAL_PLACES`], and counts
//! per number of guesses with trailing zeros all pass.

use mastermind_tree::{Average, Claims, Statistics};

use crate::{Claim, ProblemKind};

/// The most decimal places a claimed average is checked at; longer decimals are wrong claims.
pub const MAX_DECIMAL_PLACES: usize = 18;

/// The false claims, and a note when the claims about guesses cannot be checked because
/// `unsolved` codes have no cost. `codes` is the number of codes of the game.
pub(crate) fn check_claims(
    claims: &Claims,
    codes: u64,
    statistics: &Statistics,
    unsolved: u64,
) -> (Vec<ProblemKind>, Option<String>) {
    let mut problems = Vec::new();
    let mut wrong = |claim, claimed: String, actual: String| {
        problems.push(ProblemKind::WrongClaim {
            claim,
            claimed,
            actual,
        })
    };
    if claims.codes != codes {
        wrong(Claim::Codes, claims.codes.to_string(), codes.to_string());
    }
    if unsolved > 0 {
        let note = format!(
            "the claims about guesses were not checked: {unsolved} of the {codes} codes are \
             not solved by the tree"
        );
        return (problems, Some(note));
    }
    if claims.total_guesses != statistics.total() {
        let (claimed, actual) = (claims.total_guesses, statistics.total());
        wrong(Claim::TotalGuesses, claimed.to_string(), actual.to_string());
    }
    let average = statistics.average();
    if !fraction_is(&claims.average.fraction, &average) {
        let claimed = claims.average.fraction.clone();
        wrong(Claim::AverageFraction, claimed, average.fraction());
    }
    if !decimal_is(&claims.average.decimal, &average) {
        let claimed = claims.average.decimal.clone();
        wrong(Claim::AverageDecimal, claimed, average.decimal(4));
    }
    if claims.worst_case != statistics.worst_case() as u64 {
        let (claimed, actual) = (claims.worst_case, statistics.worst_case());
        wrong(Claim::WorstCase, claimed.to_string(), actual.to_string());
    }
    if trimmed(&claims.solved_by_guess) != trimmed(&statistics.solved_by_guess) {
        let claimed = mastermind_core::excerpt_list(&claims.solved_by_guess);
        wrong(
            Claim::SolvedByGuess,
            claimed,
            format!("{:?}", statistics.solved_by_guess),
        );
    }
    (problems, None)
}

/// Whether `text`, such as `5801/1296` or `11602/2592` (or a whole number), equals the average.
fn fraction_is(text: &str, average: &Average) -> bool {
    let (numerator, denominator) = match text.trim().split_once('/') {
        Some((numerator, denominator)) => (numerator.trim(), denominator.trim()),
        None => (text.trim(), "1"),
    };
    match (numerator.parse::<u64>(), denominator.parse::<u64>()) {
        (Ok(numerator), Ok(denominator)) if denominator > 0 && average.codes > 0 => {
            u128::from(numerator) * u128::from(average.codes)
                == u128::from(average.total) * u128::from(denominator)
        }
        _ => false,
    }
}

/// Whether `text` is the average rounded half up at as many places as `text` has.
fn decimal_is(text: &str, average: &Average) -> bool {
    let text = text.trim();
    let places = text.split_once('.').map_or(0, |(_, places)| places.len());
    places <= MAX_DECIMAL_PLACES && average.decimal(places as u32) == text
}

fn trimmed(counts: &[u64]) -> &[u64] {
    let end = counts
        .iter()
        .rposition(|&count| count > 0)
        .map_or(0, |i| i + 1);
    &counts[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNUTH: Average = Average {
        total: 5801,
        codes: 1296,
    };

    #[test]
    fn fractions_of_the_same_value_pass() {
        assert!(fraction_is("5801/1296", &KNUTH));
        assert!(fraction_is("11602/2592", &KNUTH));
        assert!(!fraction_is("5803/1296", &KNUTH));
        assert!(!fraction_is("5801/0", &KNUTH));
        assert!(!fraction_is("a/b", &KNUTH));
        assert!(fraction_is(
            "5",
            &Average {
                total: 10,
                codes: 2
            }
        ));
    }

    #[test]
    fn decimals_pass_at_their_own_precision() {
        for text in ["4.4761", "4.476", "4.48", "4.5", "4", "4.47608"] {
            assert!(decimal_is(text, &KNUTH), "{text}");
        }
        for text in [
            "4.478",
            "4.4762",
            "4.47",
            "four",
            "",
            "4.4760802469135802469135",
        ] {
            assert!(!decimal_is(text, &KNUTH), "{text}");
        }
    }

    #[test]
    fn trailing_zero_counts_are_ignored() {
        assert_eq!(trimmed(&[1, 6, 0, 0]), &[1, 6]);
        assert_eq!(trimmed(&[0, 0]), &[] as &[u64]);
    }
}
