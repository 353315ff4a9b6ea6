//! Games in words, as `mastermind next` and `mastermind trace` print them: the guess to play
//! with the codes it leaves, each traced game turn by turn, and one line per secret with the
//! totals when every code is traced.

use std::fmt::Write;

use mastermind_core::{Code, Codebook};
use mastermind_tree::Statistics;

use crate::{TracedTurn, LISTED_CANDIDATES};

/// "3 codes left: 3136 3632 5622", or just the count when there are many.
pub fn codes_left(book: &Codebook, codes: &[Code]) -> String {
    let count = plural(codes.len(), "code", "codes");
    if codes.len() <= LISTED_CANDIDATES {
        let list: Vec<String> = codes.iter().map(|&code| book.format(code)).collect();
        format!("{count} left: {}", list.join(" "))
    } else {
        format!("{count} left")
    }
}

/// The guess to play on `turn` (from 1) with `candidates` left, then `why` (an explanation,
/// or nothing).
pub fn next_text(
    book: &Codebook,
    turn: usize,
    guess: Code,
    candidates: &[Code],
    why: &str,
) -> String {
    let note = if candidates.len() == 1 {
        "the code: the only one left"
    } else if candidates.binary_search(&guess).is_ok() {
        "it may be the code"
    } else {
        "it cannot be the code, but it narrows them down best"
    };
    format!(
        "guess {turn}: {} ({note})\n{}\n{why}",
        book.format(guess),
        codes_left(book, candidates)
    )
}

/// Each game `strategy` played as a block of turns.
pub fn turns_text(book: &Codebook, strategy: &str, games: &[(Code, Vec<TracedTurn>)]) -> String {
    let game = book.game();
    let mut text = String::new();
    for (index, (secret, turns)) in games.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let _ = writeln!(
            text,
            "{strategy} on {}, secret {}",
            game.describe(),
            book.format(*secret)
        );
        for (number, turn) in turns.iter().enumerate() {
            let _ = write!(
                text,
                "guess {}: {}  reply {}  ",
                number + 1,
                book.format(turn.guess),
                game.feedback_name(turn.reply)
            );
            let _ = match turn.reply == game.all_black() {
                true => writeln!(
                    text,
                    "solved in {}",
                    plural(turns.len(), "guess", "guesses")
                ),
                false => writeln!(text, "{}", codes_left(book, &turn.left)),
            };
        }
    }
    text
}

/// One line per game `strategy` played, then the totals.
pub fn summary_text(book: &Codebook, strategy: &str, games: &[(Code, Vec<TracedTurn>)]) -> String {
    let game = book.game();
    let mut text = String::new();
    let mut statistics = Statistics::from_counts(Vec::new());
    for (secret, turns) in games {
        statistics.record(turns.len());
        let steps: Vec<String> = turns
            .iter()
            .map(|turn| {
                format!(
                    "{} {}",
                    book.format(turn.guess),
                    game.feedback_name(turn.reply)
                )
            })
            .collect();
        let _ = writeln!(
            text,
            "{}  {}  {}",
            book.format(*secret),
            turns.len(),
            steps.join(", ")
        );
    }
    let _ = writeln!(
        text,
        "{strategy} on {}: total {} guesses over {} codes, average {}, worst case {}",
        game.describe(),
        statistics.total(),
        statistics.codes(),
        statistics.average(),
        statistics.worst_case()
    );
    text
}

/// `n` with the noun that agrees with it: "1 guess", "5 guesses".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
