//! The reasons the page shows beside each position of a strategy's tree: the guesses it ranks
//! best there by its own score, as `next --explain` ranks them, the guess played among them.
//! Positions with one or two codes left need no reason. For the optimal search the score is
//! the exact total after each guess, a search of its own: it is given where `next --explain`
//! ranks exactly and the position has at most [`MOST_SEARCHED_CODES`] codes, in games of at
//! most [`MOST_SEARCHED_GAME_CODES`], so that writing the page stays a matter of seconds.

use std::collections::BTreeMap;

use mastermind_core::{Code, Codebook, Feedback, Scorer};
use mastermind_tree::{Node, StrategyInfo};
use serde_json::Value;

use crate::explain::{explain, ExactDepth};
use mastermind_strategy::Situation;
use mastermind_strategy::TieBreak;
use mastermind_strategy::{Objective, StrategyKind, StrategyOptions};

/// Positions with fewer codes than this are not explained.
pub const FEWEST_EXPLAINED: u32 = 3;
/// The most codes a position of an optimal tree may have to be explained (4×6's first guess).
pub const MOST_SEARCHED_CODES: u32 = 1296;
/// The most codes a game may have for the positions of its optimal trees to be explained (5×5):
/// a position of 4×9 or 4×10 as large as 4×6's start is far harder to search, and their pages
/// would take many minutes to make (BENCHMARKS.md, "The code's tuning").
pub const MOST_SEARCHED_GAME_CODES: usize = 3125;

/// The reasons at every position of `root`, keyed by the page's address of the position, or
/// `None` when `strategy` has no score to rank by (the consistent strategies, a published or
/// hand-made tree).
pub fn reasons(
    book: &Codebook,
    root: &Node,
    strategy: &StrategyInfo,
) -> Option<BTreeMap<String, Value>> {
    let (kind, options) = ranked_strategy(strategy)?;
    let scorer = Scorer::new(*book.game());
    let mut reasons = BTreeMap::new();
    let mut history = Vec::new();
    explain_below(&scorer, root, kind, &options, &mut history, &mut reasons);
    Some(reasons)
}

/// The strategy a tree file names and its options, when it ranks guesses by a score of its own
/// (the one-step heuristics and the optimal search); `None` for the consistent strategies and
/// for trees of other origins.
pub fn ranked_strategy(strategy: &StrategyInfo) -> Option<(StrategyKind, StrategyOptions)> {
    let kind = StrategyKind::from_file_name(&strategy.name)?;
    if kind.heuristic().is_none() && kind != StrategyKind::Optimal {
        return None;
    }
    // Labels of the wrong kind explain as the defaults would; only a verdict must refuse them.
    let labels = strategy.optimum_labels().unwrap_or_default();
    let tie_break = strategy.parameters.get("tie_break").and_then(Value::as_str);
    let options = StrategyOptions {
        consistent_only: labels.consistent_only,
        tie_break: match tie_break {
            Some("lowest-code") => TieBreak::LowestCode,
            _ => TieBreak::PreferCandidate,
        },
        max_guesses: labels.max_guesses.and_then(|cap| u16::try_from(cap).ok()),
        minimize: match labels.minimize_worst {
            true => Objective::Worst,
            false => Objective::Total,
        },
        seed: None,
        opening: None,
    };
    Some((kind, options))
}

fn explain_below(
    scorer: &Scorer,
    node: &Node,
    kind: StrategyKind,
    options: &StrategyOptions,
    history: &mut Vec<(Code, Feedback)>,
    reasons: &mut BTreeMap<String, Value>,
) {
    if node.candidates < FEWEST_EXPLAINED {
        return;
    }
    if let Ok(reason) = reason(scorer, node, kind, options, history, ExactDepth::FewGuesses) {
        reasons.insert(address(scorer, history), reason);
    }
    for (reply, child) in &node.children {
        history.push((node.guess, *reply));
        explain_below(scorer, child, kind, options, history, reasons);
        history.pop();
    }
}

/// Why the tree of `strategy` plays `node`'s guess after `history`, as the page shows it at
/// that position when asked there (ranked exactly as `next --explain` ranks one position), or
/// why it is not explained there.
pub fn reason_at(
    scorer: &Scorer,
    node: &Node,
    strategy: &StrategyInfo,
    history: &[(Code, Feedback)],
) -> Result<Value, String> {
    let (kind, options) = ranked_strategy(strategy).ok_or_else(|| {
        format!(
            "the strategy “{}” ranks no guesses by a score of its own: the one-step strategies \
             and the optimum do",
            strategy.name
        )
    })?;
    // The tree's own count is a claim: the searches' guards must rest on the codes that
    // really fit (a tree that was never verified may claim a thousand where all are left).
    let left = scorer
        .codebook()
        .codes()
        .filter(|&code| {
            history
                .iter()
                .all(|&(guess, reply)| scorer.feedback(guess, code) == reply)
        })
        .count();
    if left != node.candidates as usize {
        return Err(format!(
            "the tree says {} codes are left here, but the guesses and replies leading here \
             leave {left}: verify the tree first",
            node.candidates
        ));
    }
    if node.candidates < FEWEST_EXPLAINED {
        return Err(format!(
            "with {} left, any strategy plays one of them",
            match node.candidates {
                1 => "one code".to_owned(),
                count => format!("{count} codes"),
            }
        ));
    }
    reason(
        scorer,
        node,
        kind,
        &options,
        history,
        ExactDepth::SmallPositions,
    )
}

/// Why `node` plays its guess after `history`, if the strategy ranks guesses there.
fn reason(
    scorer: &Scorer,
    node: &Node,
    kind: StrategyKind,
    options: &StrategyOptions,
    history: &[(Code, Feedback)],
    depth: ExactDepth,
) -> Result<Value, String> {
    if kind == StrategyKind::Optimal
        && (node.candidates > MOST_SEARCHED_CODES
            || scorer.codebook().len() > MOST_SEARCHED_GAME_CODES)
    {
        return Err(format!(
            "ranking the optimum's alternatives is a search of its own for each guess: it is \
             done at positions of at most {MOST_SEARCHED_CODES} codes in games of at most \
             {MOST_SEARCHED_GAME_CODES}, and this one has {} codes in a game of {}",
            node.candidates,
            scorer.codebook().len()
        ));
    }
    let situation = Situation::after(scorer, history)
        .map_err(|_| "the replies so far fit no code".to_owned())?;
    let explanation = explain(
        scorer,
        history,
        &situation,
        node.guess,
        Some((kind, options)),
        depth,
    );
    explanation
        .ranking_json(scorer, node.guess)
        .ok_or_else(|| match kind {
            StrategyKind::Optimal => format!(
                "ranking the optimum's guesses here would search each of them exactly, too many \
                 at a position of {} codes; `mastermind next --explain` ranks the same",
                node.candidates
            ),
            _ => "the strategy has no score to rank guesses by".to_owned(),
        })
}

/// The page's address of the position after `history`, such as `1122=1B1W,1344=0B2W`.
fn address(scorer: &Scorer, history: &[(Code, Feedback)]) -> String {
    let game = scorer.game();
    let book = scorer.codebook();
    history
        .iter()
        .map(|&(guess, reply)| format!("{}={}", book.format(guess), game.feedback_name(reply)))
        .collect::<Vec<_>>()
        .join(",")
}
