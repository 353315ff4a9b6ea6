//! Why a strategy plays its guess at a position (`next --explain`, the page's "Why this
//! guess?"). The guess's reply classes
//! with their sizes, and the best few alternatives ranked by the strategy's own score (the
//! largest class, Σ n², the entropy of the split, the number of parts, or for the optimal
//! search the exact total of the best strategy that plays the guess there), one guess for
//! each orbit of the symmetries that fix the history, each marked when it may be the code.

use std::collections::BTreeMap;

use mastermind_core::{Code, Feedback, Scorer};
use mastermind_tree::Statistics;
use serde_json::{json, Value};

use crate::build::build_from;
use mastermind_strategy::symmetry::OrbitLists;
use mastermind_strategy::NoProgress;
use mastermind_strategy::Situation;
use mastermind_strategy::TieBreak;
use mastermind_strategy::{StrategyKind, StrategyOptions};

/// How many alternatives are shown besides the guess played.
pub const SHOWN: usize = 5;
/// The optimal search ranks alternatives exactly only while there are at most this many
/// guesses that differ up to symmetry (each is a search of its own), or, further down, while
/// the guesses times the codes left stay within [`MOST_SEARCHED_WORK`]: classes of one or two
/// codes need no search, and the rest are small.
pub const MOST_SEARCHED: usize = 120;
/// Guesses times codes left searched at most when there are more than [`MOST_SEARCHED`]
/// guesses: the 9 codes left after three guesses of 4×6, with about 1,300 guesses to try,
/// stay within it.
pub const MOST_SEARCHED_WORK: usize = 20_000;

/// Where the optimum's alternatives are ranked exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactDepth {
    /// Only where there are at most [`MOST_SEARCHED`] alternatives: a page explaining every
    /// position of a tree stays a matter of seconds.
    FewGuesses,
    /// Also at positions of few codes ([`MOST_SEARCHED_WORK`]): one position, as `next` asks.
    SmallPositions,
}

/// One guess as the explanation ranks it.
pub struct Ranked {
    /// The guess.
    pub guess: Code,
    /// Whether it may be the code.
    pub candidate: bool,
    /// The strategy's score, signed so that smaller is better (shown without the sign).
    pub score: f64,
}

/// Why the guess: its classes, and the alternatives in the strategy's order.
pub struct Explanation {
    /// Each reply to the guess and how many candidates it leaves, in reply order.
    pub classes: Vec<(String, usize)>,
    /// What the score is, such as "the largest class (smaller is better)".
    pub score_name: &'static str,
    /// The ranked guesses, best first; `None` when the strategy has no score to rank by.
    pub ranking: Option<Vec<Ranked>>,
}

/// A one-step score of a guess's class sizes, smaller first.
fn one_step_score(strategy: StrategyKind, sizes: &[usize]) -> Option<(f64, &'static str)> {
    let n: usize = sizes.iter().sum();
    Some(match strategy {
        StrategyKind::Knuth => (
            sizes.iter().copied().max().unwrap_or(0) as f64,
            "the largest class (smaller is better)",
        ),
        StrategyKind::ExpectedSize => (
            sizes.iter().map(|&s| (s * s) as f64).sum(),
            "Σ n² over the classes (smaller is better)",
        ),
        StrategyKind::Entropy => (
            sizes
                .iter()
                .map(|&s| {
                    let p = s as f64 / n as f64;
                    p * p.log2()
                })
                .sum(),
            "the entropy of the split, in bits (larger is better)",
        ),
        StrategyKind::MostParts => (
            -(sizes.len() as f64),
            "the number of classes (larger is better)",
        ),
        _ => return None,
    })
}

/// Explains `guess` at the situation after `history` for `strategy` (or a tree file, `None`).
pub fn explain(
    scorer: &Scorer,
    history: &[(Code, Feedback)],
    situation: &Situation,
    guess: Code,
    strategy: Option<(StrategyKind, &StrategyOptions)>,
    depth: ExactDepth,
) -> Explanation {
    let book = scorer.codebook();
    let game = scorer.game();
    let candidates = situation.candidates();
    let sizes_of = |guess: Code| -> Vec<usize> {
        scorer
            .split(guess, candidates)
            .classes
            .iter()
            .map(|(_, class)| class.len())
            .collect()
    };
    let mut classes: Vec<_> = scorer.split(guess, candidates).classes;
    classes.sort_by_key(|(reply, _)| reply.index());
    let classes = classes
        .into_iter()
        .map(|(reply, class)| (game.feedback_name(reply), class.len()))
        .collect();
    let is_candidate = |code: Code| candidates.binary_search(&code).is_ok();
    let Some((strategy, options)) = strategy else {
        return Explanation {
            classes,
            score_name: "",
            ranking: None,
        };
    };
    let pool: Vec<Code> = if options.consistent_only {
        candidates.to_vec()
    } else {
        scorer.all_codes()
    };
    // One guess per orbit of the symmetries that fix the history: the others score alike.
    let symmetry = situation.symmetry(scorer);
    let representatives = symmetry
        .representatives(book, &pool, pool.len() == book.len(), &OrbitLists::new())
        .into_owned();
    if let Some((_, score_name)) = one_step_score(strategy, &[1]) {
        let mut ranking: Vec<Ranked> = representatives
            .iter()
            .map(|&code| Ranked {
                guess: code,
                candidate: is_candidate(code),
                score: one_step_score(strategy, &sizes_of(code))
                    .expect("a one-step strategy")
                    .0,
            })
            .collect();
        sort(&mut ranking, options.tie_break == TieBreak::PreferCandidate);
        return Explanation {
            classes,
            score_name,
            ranking: Some(ranking),
        };
    }
    if strategy != StrategyKind::Optimal {
        return Explanation {
            classes,
            score_name: "",
            ranking: None,
        };
    }
    // The optimal search: the exact total of the best strategy that plays each guess here.
    let work = representatives.len() * candidates.len();
    let small = depth == ExactDepth::SmallPositions && work <= MOST_SEARCHED_WORK;
    if representatives.len() > MOST_SEARCHED && !small {
        return Explanation {
            classes,
            score_name: "the exact total (not ranked: too many guesses to search each)",
            ranking: None,
        };
    }
    let mut ranking = Vec::new();
    for code in representatives {
        let options = StrategyOptions {
            opening: None,
            ..options.clone()
        };
        // Each alternative is searched as a first guess from this situation.
        let total = total_after(scorer, history, situation, code, &options);
        if let Some(total) = total {
            ranking.push(Ranked {
                guess: code,
                candidate: is_candidate(code),
                score: total as f64,
            });
        }
    }
    // The search breaks ties by the lowest code.
    sort(&mut ranking, false);
    Explanation {
        classes,
        score_name: "the total of the best strategy that plays it here (smaller is better)",
        ranking: Some(ranking),
    }
}

/// The least total of the codes at `situation` when `guess` is played next (counting the
/// guesses from here), or `None` when no strategy meets the cap after it.
fn total_after(
    scorer: &Scorer,
    history: &[(Code, Feedback)],
    situation: &Situation,
    guess: Code,
    options: &StrategyOptions,
) -> Option<u64> {
    let candidates = situation.candidates();
    let all_black = scorer.game().all_black();
    let mut total = candidates.len() as u64;
    for (reply, class) in scorer.split(guess, candidates).classes {
        if reply == all_black {
            continue;
        }
        if class.len() == candidates.len() {
            // A guess that learns nothing is no step towards the code.
            return None;
        }
        // One code takes one more guess, two take three (one of them, then the other if it was
        // not that one), whatever the strategy, when no cap can stop them.
        if class.len() <= 2 && options.max_guesses.is_none() {
            total += [0, 1, 3][class.len()];
            continue;
        }
        let mut after = history.to_vec();
        after.push((guess, reply));
        let next = Situation::after(scorer, &after).expect("the class's codes fit");
        match build_from(StrategyKind::Optimal, options, scorer, &next, &NoProgress) {
            Ok(built) => total += Statistics::of_tree(&built.root).total(),
            Err(_) => return None,
        }
    }
    Some(total)
}

/// Best first: the score, then (for the one-step strategies, as Knuth breaks ties) a
/// candidate before a non-candidate, then numeric order, as the builders break ties.
fn sort(ranking: &mut [Ranked], prefer_candidates: bool) {
    ranking.sort_by(|a, b| {
        let candidacy = if prefer_candidates {
            b.candidate.cmp(&a.candidate)
        } else {
            std::cmp::Ordering::Equal
        };
        a.score
            .total_cmp(&b.score)
            .then(candidacy)
            .then(a.guess.cmp(&b.guess))
    });
}

impl Explanation {
    /// The explanation as lines of text, with `played` marked.
    pub fn render(&self, scorer: &Scorer, played: Code) -> String {
        let book = scorer.codebook();
        let classes: Vec<String> = self
            .classes
            .iter()
            .map(|(reply, size)| format!("{reply} {size}"))
            .collect();
        let mut text = format!("its replies leave: {}\n", classes.join(", "));
        match &self.ranking {
            None if self.score_name.is_empty() => {
                text.push_str("(this strategy has no score to rank other guesses by)\n");
            }
            None => text.push_str(&format!("alternatives: {}\n", self.score_name)),
            Some(ranking) => {
                text.push_str(&format!("ranked by {}:\n", self.score_name));
                for (rank, ranked) in shown(ranking, played) {
                    text.push_str(&line(book, rank, ranked, played));
                }
            }
        }
        text
    }

    /// The explanation as `next --explain --json` gives it: the classes the guess leaves, the
    /// score the strategy ranks by, and the best guesses by that score.
    pub fn document(&self, scorer: &Scorer) -> ExplanationDocument {
        let book = scorer.codebook();
        ExplanationDocument {
            alternatives: self.ranking.as_ref().map(|ranking| {
                ranking
                    .iter()
                    .take(SHOWN)
                    .map(|ranked| AlternativeDocument {
                        candidate: ranked.candidate,
                        guess: book.format(ranked.guess),
                        score: shown_score(ranked.score),
                    })
                    .collect()
            }),
            classes: self.classes.iter().cloned().collect(),
            score: self.score_name.to_owned(),
        }
    }

    /// For the page: the score's name and the ranking as [`Explanation::render`] shows it, or
    /// `None` when the strategy has no score to rank by.
    pub fn ranking_json(&self, scorer: &Scorer, played: Code) -> Option<Value> {
        let book = scorer.codebook();
        let ranking = self.ranking.as_ref()?;
        let shown: Vec<Value> = shown(ranking, played)
            .into_iter()
            .map(|(rank, ranked)| {
                json!({
                    "rank": rank + 1,
                    "guess": book.format(ranked.guess),
                    "score": shown_score(ranked.score),
                    "candidate": ranked.candidate,
                })
            })
            .collect();
        Some(json!({ "score": self.score_name, "ranking": shown }))
    }
}

/// The best [`SHOWN`] with their ranks, and `played` with its rank if it is not among them.
fn shown(ranking: &[Ranked], played: Code) -> Vec<(usize, &Ranked)> {
    let mut shown: Vec<(usize, &Ranked)> = ranking.iter().take(SHOWN).enumerate().collect();
    if let Some(rank) = ranking
        .iter()
        .position(|ranked| ranked.guess == played)
        .filter(|&rank| rank >= SHOWN)
    {
        shown.push((rank, &ranking[rank]));
    }
    shown
}

/// Scores are kept with a sign that makes smaller better; shown as the strategy states them.
fn shown_score(score: f64) -> f64 {
    let shown = score.abs();
    (shown * 10_000.0).round() / 10_000.0
}

fn line(book: &mastermind_core::Codebook, rank: usize, ranked: &Ranked, played: Code) -> String {
    format!(
        "  {:>3}. {}  {:>10}{}{}\n",
        rank + 1,
        book.format(ranked.guess),
        format!("{}", shown_score(ranked.score)),
        if ranked.candidate {
            "  may be the code"
        } else {
            ""
        },
        if ranked.guess == played {
            "  ← played"
        } else {
            ""
        }
    )
}

/// An explanation as a document (part of `next --explain --json`). Fields are in the order
/// the document has always had (by name).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ExplanationDocument {
    /// The best guesses by the score, `null` for a strategy with no score to rank by.
    pub alternatives: Option<Vec<AlternativeDocument>>,
    /// How many codes each reply to the guess leaves, by reply.
    pub classes: BTreeMap<String, usize>,
    /// What the strategy ranks guesses by.
    pub score: String,
}

/// A guess the strategy weighed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AlternativeDocument {
    /// Whether it may be the code.
    pub candidate: bool,
    /// The guess.
    pub guess: String,
    /// Its score, to four places.
    pub score: f64,
}
