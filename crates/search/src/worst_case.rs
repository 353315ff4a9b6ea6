//! The least worst case: the fewest guesses that solve every code, found by asking the exact
//! optimal search for a strategy under each cap in turn, then the least total under that cap.

use mastermind_core::Scorer;

use crate::optimal::optimal_from;

use crate::optimal::{OptimalOptions, OptimalResult};

use mastermind_strategy::Progress;

use mastermind_strategy::{OtherGame, Situation};

/// The fewest guesses `k` with which every code can be solved, and a strategy of least total
/// among those that need at most `k`.
pub fn least_worst_case(
    scorer: &Scorer,
    consistent_only: bool,
    progress: &dyn Progress,
) -> OptimalResult {
    let start = Situation::start(scorer);
    least_worst_case_from(scorer, consistent_only, &start, progress)
        .expect("the start is of the scorer's game")
}

/// [`least_worst_case`] from `situation` on: the fewest guesses, counting those already
/// played, that solve every candidate left; refused for a situation of another game.
pub fn least_worst_case_from(
    scorer: &Scorer,
    consistent_only: bool,
    situation: &Situation,
    progress: &dyn Progress,
) -> Result<OptimalResult, OtherGame> {
    situation.check_game(scorer)?;
    let codes = situation.candidates().len();
    // With r replies, k guesses tell apart at most 1 + (r−1) + … + (r−1)^(k−1) codes: start at
    // the least cap that counting alone allows.
    let branches = scorer
        .game()
        .notation_feedbacks()
        .len()
        .saturating_sub(1)
        .max(1);
    let (mut cap, mut reachable, mut layer) = (1, 1usize, 1usize);
    while reachable < codes {
        layer = layer.saturating_mul(branches);
        reachable = reachable.saturating_add(layer);
        cap += 1;
    }
    let mut cap = cap + situation.played().len();
    loop {
        let options = OptimalOptions {
            max_guesses: Some(cap),
            consistent_only,
        };
        progress.cap_tried(cap);
        // Guessing candidates one by one solves every code within `codes` more guesses, so
        // some cap up to that succeeds.
        if let Ok(result) = optimal_from(scorer, &options, situation, progress) {
            return Ok(result);
        }
        cap += 1;
    }
}
