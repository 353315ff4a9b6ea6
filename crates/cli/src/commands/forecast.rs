//! What a large build faces, said before it starts: a user who asked for Knuth's tree on a
//! million codes, or an exact search past what has been solved here, learns at once that it
//! is a matter of hours, not after minutes of a bar that has not moved.

use mastermind::Game;

use mastermind::strategy::StrategyKind;

/// One-step builds past this many codes are announced: the root alone scores codes² pairs.
const LARGE_ONE_STEP: usize = 1 << 16;
/// Exact searches past this many codes are announced (4×9, 6561 codes, takes 2 minutes).
const LARGE_SEARCH: usize = 6561;

/// The note for a build of `strategy` on `game`, if it is large.
pub fn forecast(strategy: StrategyKind, game: &Game) -> Option<String> {
    let codes = game.code_count();
    match strategy {
        StrategyKind::Optimal if codes > LARGE_SEARCH => Some(format!(
            "the exact search on {} ({codes} codes) goes past the largest solved here in one \
             go (4×9, 6561 codes, about 2 minutes on 2 cores; 5×6 took under an hour and 4×10 \
             about 9 hours of one thread, in pieces): expect hours or more; \
             --resume DIR keeps each settled piece, so a stopped run goes on where it stopped, \
             and --table-memory MIB, where memory allows, lets it keep more of what it learns",
            game.describe()
        )),
        StrategyKind::Optimal => None,
        _ if codes > LARGE_ONE_STEP => {
            let pairs = (codes as f64).powi(2);
            Some(format!(
                "{} on {} ({codes} codes) scores about 10^{:.0} guess-code pairs at the first \
                 guess alone: expect {}",
                strategy.file_name(),
                game.describe(),
                pairs.log10(),
                if pairs > 1e11 { "hours" } else { "minutes" }
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use mastermind::FeedbackKind;

    use super::*;

    #[test]
    fn large_builds_are_announced_and_small_ones_not() {
        let game =
            |pegs, colours| Game::new(pegs, colours, true, FeedbackKind::BlackWhite).unwrap();
        assert_eq!(forecast(StrategyKind::Knuth, &game(4, 6)), None);
        assert_eq!(forecast(StrategyKind::Optimal, &game(4, 9)), None);
        let knuth = forecast(StrategyKind::Knuth, &game(10, 4)).unwrap();
        assert!(
            knuth.contains("(1048576 codes) scores about 10^12"),
            "{knuth}"
        );
        assert!(knuth.ends_with("expect hours"), "{knuth}");
        let optimal = forecast(StrategyKind::Optimal, &game(4, 10)).unwrap();
        assert!(optimal.contains("--resume DIR"), "{optimal}");
        assert!(optimal.contains("--table-memory MIB"), "{optimal}");
    }
}
