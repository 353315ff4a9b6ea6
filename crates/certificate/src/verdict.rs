//! The verdict: whether a checked certificate proves a given strategy optimal.
//!
//! A strategy claims an optimum within a class of strategies: those for one game, after one
//! history, that play only consistent guesses or any guess, within a cap on the guesses or
//! not, and that minimize the total or the worst case. The verdict trusts none of that claim:
//! it replays every code of the set through the strategy by the rules (the reference
//! checker's plain scoring), so that the total, the worst case and the guesses played are its
//! own figures, and then
//!
//! 1. the certificate must be for the claim's game and play;
//! 2. the strategy must belong to the class it claims: every code solved, within the cap, and
//!    only candidates guessed when the play is consistent-only;
//! 3. for a least worst case, the certificate must prove that one guess fewer solves no
//!    strategy's every code; the cap is then that worst case;
//! 4. the certificate's bound for the set within the cap must equal the strategy's total.
//!    A bound below it leaves the claim unproven; a bound above it contradicts a strategy that
//!    the rules just replayed, and is refused as such.

use std::fmt;

use mastermind_core::{Code, Codebook, Feedback, Game};

use crate::reference::rules::Codes;
use crate::{Bound, Header, Step};

/// What is known of a strategy's optimality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimality {
    /// A certificate proves that no strategy of the class claimed does better.
    Proven {
        /// How many facts the certificate took.
        facts: u64,
    },
    /// The strategy claims an optimum, and no certificate was given to check it.
    Unchecked,
    /// A certificate was given and does not prove the strategy optimal.
    NotProven {
        /// Why not, and where the proof fails.
        reason: String,
    },
}

impl Optimality {
    /// The word a report gives: `proven`, or `unproven` (unchecked or not proven).
    pub fn word(&self) -> &'static str {
        match self {
            Optimality::Proven { .. } => "proven",
            Optimality::Unchecked | Optimality::NotProven { .. } => "unproven",
        }
    }
}

impl fmt::Display for Optimality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Optimality::Proven { facts } => {
                write!(f, "proven (a certificate of {facts} facts checked)")
            }
            Optimality::Unchecked => f.write_str(
                "unproven (no certificate given; `mastermind certify` writes one, and \
                 `verify --certificate` checks it)",
            ),
            Optimality::NotProven { reason } => write!(f, "NOT proven: {reason}"),
        }
    }
}

/// What a strategy minimizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The guesses summed over every code.
    Total,
    /// The most guesses any code needs (and then the total among strategies that need no
    /// more).
    Worst,
}

/// The class of strategies a strategy claims to be optimal in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The game.
    pub game: Game,
    /// The guesses and replies before the strategy's first guess (empty for a whole game).
    pub history: Vec<Step>,
    /// Whether only candidates may be guessed.
    pub consistent_only: bool,
    /// The most guesses any code may need, counting the history's; `None` for no cap.
    pub cap: Option<u64>,
    /// What is minimized.
    pub measure: Measure,
}

impl Claim {
    /// The game and play a certificate must be about to speak of this claim.
    pub fn header(&self) -> Header {
        Header {
            game: self.game,
            consistent_only: self.consistent_only,
        }
    }
}

/// A strategy as the verdict walks it, a node at a time (a reference to a node, typically):
/// a guess at each node, and a node after each reply.
pub trait Play: Sized {
    /// The guess played here.
    fn guess(&self) -> Code;
    /// The node after `reply` to that guess, if the strategy goes on there.
    fn after(&self, reply: Feedback) -> Option<Self>;
}

/// What a checked certificate proves (the fast checker's [`Proven`](crate::Proven) and the
/// reference checker's alike).
pub trait Bounds {
    /// The game and play the certificate is about.
    fn header(&self) -> Header;
    /// How many facts it holds.
    fn facts(&self) -> u64;
    /// The best lower bound it proves for the set `path` leads to, with `budget` guesses left
    /// there (`None`: no cap); at least the size bound.
    fn bound_at(&self, path: &[Step], budget: Option<u8>) -> Bound;
}

/// Paths no longer than this are replayed; a strategy that goes deeper solves nothing a
/// certificate speaks of.
const DEEPEST: usize = 64;

/// Whether `proven` proves `strategy` optimal in the class `claim` names.
pub fn verdict(claim: &Claim, strategy: impl Play, proven: &impl Bounds) -> Optimality {
    let not = |reason: String| Optimality::NotProven { reason };
    if let Some(misfit) = proven.header().misfit(&claim.header()) {
        return not(misfit);
    }
    let book = Codes::new(claim.game);
    let played = claim.history.len() as u64;
    let replayed = match replay(&book, claim, strategy) {
        Ok(replayed) => replayed,
        Err(reason) => return not(reason),
    };
    let worst = replayed.worst + played;
    if let Some(cap) = claim.cap.filter(|&cap| worst > cap) {
        return not(format!(
            "the tree needs {worst} guesses for some code, more than the cap of {cap} its \
             strategy claims"
        ));
    }
    let left = |cap: u64| u8::try_from(cap.saturating_sub(played)).unwrap_or(u8::MAX - 1);
    let cap = match claim.measure {
        Measure::Total => claim.cap,
        Measure::Worst => {
            if replayed.worst <= 1 {
                return not("a worst case of one guess needs no proof and has none".into());
            }
            if proven.bound_at(&claim.history, Some(left(worst - 1))) != Bound::Infeasible {
                return not(format!(
                    "the certificate does not prove that no strategy solves every code within \
                     {} guesses, so {worst} is not proven the least worst case",
                    worst - 1
                ));
            }
            Some(worst)
        }
    };
    let total = replayed.total;
    let within = cap.map_or(String::new(), |cap| format!(" within {cap} guesses"));
    match proven.bound_at(&claim.history, cap.map(left)) {
        Bound::AtLeast(least) if u64::from(least) == total => Optimality::Proven {
            facts: proven.facts(),
        },
        Bound::AtLeast(least) if u64::from(least) < total => not(format!(
            "the certificate proves that every strategy{within} needs at least {least} guesses \
             in all, but this tree needs {total}"
        )),
        Bound::AtLeast(least) => not(format!(
            "the certificate claims that every strategy{within} needs at least {least} guesses \
             in all, yet this tree needs {total}: the certificate contradicts the rules"
        )),
        Bound::Infeasible => not(format!(
            "the certificate claims that no strategy fits{within}, yet this tree does: the \
             certificate contradicts the rules"
        )),
    }
}

/// A strategy's figures as the rules give them.
struct Replayed {
    total: u64,
    /// Guesses of the strategy's own (the history's not counted).
    worst: u64,
}

/// Replays every code of the claim's set through `strategy`: how many guesses it takes in
/// all and at most, or why the strategy is not one of the class claimed.
fn replay(book: &Codes, claim: &Claim, strategy: impl Play) -> Result<Replayed, String> {
    let game = book.game;
    let shown = Codebook::new(game);
    let set: Vec<Code> = (0..book.list.len() as u32)
        .map(Code)
        .filter(|&code| {
            claim
                .history
                .iter()
                .all(|step| reply(book, step.guess, code) == step.reply)
        })
        .collect();
    let mut replayed = Replayed { total: 0, worst: 0 };
    // Depth first, without recursion: (node, its set, the guesses played so far, the path).
    let mut stack = vec![(strategy, set, 0u64, Vec::<String>::new())];
    while let Some((node, set, depth, path)) = stack.pop() {
        let at = || match path.is_empty() {
            true => "at the first guess".to_string(),
            false => format!("after {}", path.join(", ")),
        };
        if path.len() >= DEEPEST {
            return Err(format!(
                "the tree is deeper than {DEEPEST} guesses {}",
                at()
            ));
        }
        let guess = node.guess();
        if guess.index() >= book.list.len() {
            return Err(format!("the tree plays a code the game lacks {}", at()));
        }
        if claim.consistent_only && !set.contains(&guess) {
            return Err(format!(
                "the tree's strategy claims consistent guesses only, but the tree plays {}, not a candidate, {}",
                shown.format(guess),
                at()
            ));
        }
        let depth = depth + 1;
        let mut classes: Vec<(Feedback, Vec<Code>)> = Vec::new();
        for &code in &set {
            let reply = reply(book, guess, code);
            match classes.iter_mut().find(|(r, _)| *r == reply) {
                Some((_, class)) => class.push(code),
                None => classes.push((reply, vec![code])),
            }
        }
        for (reply, class) in classes {
            if reply == game.all_black() {
                replayed.total += depth;
                replayed.worst = replayed.worst.max(depth);
                continue;
            }
            let mut below = path.clone();
            below.push(format!(
                "{} {}",
                shown.format(guess),
                game.feedback_name(reply)
            ));
            match node.after(reply) {
                Some(child) => stack.push((child, class, depth, below)),
                None => {
                    return Err(format!(
                        "the tree does not solve {} (no guess after {})",
                        shown.format(class[0]),
                        below.join(", ")
                    ))
                }
            }
        }
    }
    Ok(replayed)
}

/// The reply to `guess` when the secret is `secret`, by the reference checker's scoring.
fn reply(book: &Codes, guess: Code, secret: Code) -> Feedback {
    Feedback::from_index(book.score(guess.0, secret.0))
}

#[cfg(test)]
mod tests {
    use mastermind_core::FeedbackKind;

    use super::*;

    /// Plays the first candidate, except at the depths `skip` names, where it plays the first
    /// code that is not one; it stops (no node) below `depth`.
    #[derive(Clone)]
    struct Scripted<'b> {
        book: &'b Codebook,
        path: Vec<Step>,
        skip: Option<usize>,
        depth: usize,
    }

    impl Play for Scripted<'_> {
        fn guess(&self) -> Code {
            let fits = |code: Code| {
                self.path
                    .iter()
                    .all(|step| self.book.score(step.guess, code) == step.reply)
            };
            let candidate = self.skip != Some(self.path.len());
            self.book
                .codes()
                .find(|&code| fits(code) == candidate)
                .expect("a code either way")
        }

        fn after(&self, reply: Feedback) -> Option<Self> {
            let mut next = self.clone();
            next.path.push(Step {
                guess: self.guess(),
                reply,
            });
            (next.path.len() < self.depth).then_some(next)
        }
    }

    /// Bounds that say `bound` of every set, and `infeasible_below`: no strategy fits fewer
    /// guesses than that.
    struct Fixed {
        header: Header,
        bound: Bound,
        infeasible_below: u8,
    }

    impl Bounds for Fixed {
        fn header(&self) -> Header {
            self.header
        }
        fn facts(&self) -> u64 {
            7
        }
        fn bound_at(&self, _: &[Step], budget: Option<u8>) -> Bound {
            match budget {
                Some(budget) if budget < self.infeasible_below => Bound::Infeasible,
                _ => self.bound,
            }
        }
    }

    /// 2 pegs and 3 colours. By hand, the first-candidate strategy plays 11, then 12 after 1B
    /// (11 solved with 2 guesses, 13, 21 and 31 with 3) and 22 after 0B (22 with 2, 23 and 33
    /// with 3, 32 with 4): 1 + 11 + 12 = 24 guesses in all, at most 4.
    fn game() -> Game {
        Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap()
    }

    fn claim() -> Claim {
        Claim {
            game: game(),
            history: Vec::new(),
            consistent_only: true,
            cap: None,
            measure: Measure::Total,
        }
    }

    fn bounds(bound: Bound) -> Fixed {
        Fixed {
            header: Header {
                game: game(),
                consistent_only: true,
            },
            bound,
            infeasible_below: 0,
        }
    }

    /// The scripted strategy from the start.
    fn scripted(book: &Codebook, skip: Option<usize>, depth: usize) -> Scripted<'_> {
        Scripted {
            book,
            path: Vec::new(),
            skip,
            depth,
        }
    }

    fn judged(claim: &Claim, skip: Option<usize>, bounds: &Fixed) -> Optimality {
        let book = Codebook::new(game());
        verdict(claim, scripted(&book, skip, usize::MAX), bounds)
    }

    fn refused(outcome: Optimality, saying: &str) {
        match outcome {
            Optimality::NotProven { reason } => assert!(reason.contains(saying), "{reason}"),
            other => panic!("{other} instead of a refusal saying {saying}"),
        }
    }

    #[test]
    fn the_replay_finds_the_strategys_own_figures() {
        let book = Codebook::new(game());
        let strategy = scripted(&book, None, usize::MAX);
        let replayed = replay(&Codes::new(game()), &claim(), strategy).unwrap();
        assert_eq!((replayed.total, replayed.worst), (24, 4));
    }

    #[test]
    fn a_bound_equal_to_the_total_proves_it() {
        let proven = judged(&claim(), None, &bounds(Bound::AtLeast(24)));
        assert_eq!(proven, Optimality::Proven { facts: 7 });
    }

    #[test]
    fn a_bound_below_the_total_proves_nothing() {
        let outcome = judged(&claim(), None, &bounds(Bound::AtLeast(23)));
        refused(
            outcome,
            "at least 23 guesses in all, but this tree needs 24",
        );
    }

    #[test]
    fn a_bound_above_the_total_is_a_contradiction() {
        let outcome = judged(&claim(), None, &bounds(Bound::AtLeast(25)));
        refused(outcome, "contradicts the rules");
        refused(
            judged(&claim(), None, &bounds(Bound::Infeasible)),
            "contradicts the rules",
        );
    }

    #[test]
    fn a_cap_the_tree_breaks_is_refused() {
        let capped = Claim {
            cap: Some(3),
            ..claim()
        };
        let outcome = judged(&capped, None, &bounds(Bound::AtLeast(24)));
        refused(
            outcome,
            "needs 4 guesses for some code, more than the cap of 3",
        );
        let kept = Claim {
            cap: Some(4),
            ..claim()
        };
        assert!(matches!(
            judged(&kept, None, &bounds(Bound::AtLeast(24))),
            Optimality::Proven { .. }
        ));
    }

    #[test]
    fn a_non_candidate_in_a_consistent_only_claim_is_refused() {
        let outcome = judged(&claim(), Some(1), &bounds(Bound::AtLeast(24)));
        refused(outcome, "not a candidate, after 11 ");
    }

    #[test]
    fn a_code_left_unsolved_is_refused() {
        let book = Codebook::new(game());
        let outcome = verdict(
            &claim(),
            scripted(&book, None, 1),
            &bounds(Bound::AtLeast(24)),
        );
        refused(outcome, "the tree does not solve");
    }

    #[test]
    fn another_game_or_play_is_refused() {
        let mut other = bounds(Bound::AtLeast(24));
        other.header.consistent_only = false;
        refused(
            judged(&claim(), None, &other),
            "the certificate is for any guess",
        );
        other.header.game = Game::classic();
        refused(judged(&claim(), None, &other), "the certificate is for 4×6");
    }

    #[test]
    fn a_least_worst_case_needs_the_case_below_infeasible() {
        let worst = Claim {
            measure: Measure::Worst,
            ..claim()
        };
        refused(
            judged(&worst, None, &bounds(Bound::AtLeast(24))),
            "not proven the least worst case",
        );
        let mut fitting = bounds(Bound::AtLeast(24));
        fitting.infeasible_below = 4;
        assert!(matches!(
            judged(&worst, None, &fitting),
            Optimality::Proven { .. }
        ));
    }
}
