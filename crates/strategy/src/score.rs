//! How a one-step strategy judges a guess: a [`GuessScore`] looks at the [`ClassSizes`] the
//! guess makes of the candidates and gives a number, lower is better. The built-in heuristics
//! ([`Heuristic`]) are scores like any other; a user's own score goes through the same builder
//! ([`one_step_with`](crate::one_step_with)) and gets the same symmetry reductions, the same
//! tie-break and the same parallel build.
//!
//! A score may depend only on the partition (the class size of each reply and whether the
//! guess is a candidate), never on the guess's colours or positions. That is what lets the
//! builder score one guess per orbit of the symmetries that fix the history and skip guesses
//! that differ only in colours no candidate has: such guesses make the same partition.

use std::cell::RefCell;
use std::collections::BTreeMap;

use mastermind_core::{Feedback, Game};
use serde_json::Value;

/// How one guess splits the candidates of a node.
#[derive(Clone, Copy, Debug)]
pub struct ClassSizes<'a> {
    game: &'a Game,
    sizes: &'a [u32],
    is_candidate: bool,
}

impl<'a> ClassSizes<'a> {
    /// `sizes` holds a class size per reply, indexed by [`Feedback::index`]
    /// ([`Game::feedback_slots`] entries); they add up to `candidates`.
    pub fn new(game: &'a Game, sizes: &'a [u32], is_candidate: bool) -> ClassSizes<'a> {
        ClassSizes {
            game,
            sizes,
            is_candidate,
        }
    }

    /// The game being played, to name replies ([`Game::feedback_name`]).
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// The class size of every reply slot, empty ones included, indexed by
    /// [`Feedback::index`].
    pub fn sizes(&self) -> &'a [u32] {
        self.sizes
    }

    /// The replies some candidate gives, with how many candidates give each, in slot order.
    pub fn classes(&self) -> impl Iterator<Item = (Feedback, u32)> + 'a {
        self.sizes
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(index, &n)| (Feedback::from_index(index as u8), n))
    }

    /// How many candidates the node has (the sum of the sizes, counted when asked: most
    /// scores never need it, and the builder scores every guess).
    pub fn candidates(&self) -> usize {
        self.sizes.iter().map(|&n| n as usize).sum()
    }

    /// Whether the guess may itself be the secret.
    pub fn is_candidate(&self) -> bool {
        self.is_candidate
    }

    /// The size of the largest class.
    pub fn largest(&self) -> u32 {
        self.sizes.iter().copied().max().unwrap_or(0)
    }

    /// How many replies some candidate gives.
    pub fn parts(&self) -> usize {
        self.sizes.iter().filter(|&&n| n > 0).count()
    }
}

/// A rule that scores a guess by the partition it makes; the builder plays the lowest score.
///
/// Guesses with equal scores are ordered by the builder's tie-break ([`TieBreak`](crate::one_step::TieBreak)),
/// so a score need not break ties itself. Scores are compared with [`f64::total_cmp`]; a score
/// that gives equal partitions bit-identical values keeps the tree independent of the order
/// in which threads finish.
///
/// ```
/// use mastermind_strategy::{GuessScore, ClassSizes};
///
/// /// Fewest candidates left in the worst case, counting a win as one more class.
/// struct LargestClass;
///
/// impl GuessScore for LargestClass {
///     fn name(&self) -> String {
///         "largest-class".into()
///     }
///     fn score(&self, partition: &ClassSizes<'_>) -> f64 {
///         f64::from(partition.largest())
///     }
/// }
/// ```
pub trait GuessScore: Send + Sync {
    /// The name the tree file records as the strategy's; `custom` unless given.
    fn name(&self) -> String {
        "custom".to_owned()
    }

    /// The parameters the tree file records beside the name.
    fn parameters(&self) -> BTreeMap<String, Value> {
        BTreeMap::new()
    }

    /// The guess's score, lower is better.
    fn score(&self, partition: &ClassSizes<'_>) -> f64;

    /// Whether the score is exactly the size of the largest class. A builder that knows this
    /// stops counting a guess as soon as one of its classes outgrows the best so far, which
    /// makes minimax builds several times faster; [`GuessScore::score`] is then not called.
    fn is_largest_class(&self) -> bool {
        false
    }
}

/// The classic one-step heuristics.
///
/// | heuristic | the best guess … | source |
/// |---|---|---|
/// | [`Heuristic::Minimax`] | leaves the fewest candidates in its largest class | Knuth 1976 |
/// | [`Heuristic::ExpectedSize`] | minimises Σ nᵢ², the expected number left | Irving 1978 |
/// | [`Heuristic::Entropy`] | maximises the entropy of the split, −Σ (nᵢ/n) log (nᵢ/n) | Neuwirth 1982 |
/// | [`Heuristic::MostParts`] | splits the candidates into the most classes | Kooi 2005 |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Knuth's minimax: the smallest largest class.
    Minimax,
    /// Irving's expected size: the least Σ nᵢ².
    ExpectedSize,
    /// Neuwirth's entropy: the most informative split.
    Entropy,
    /// Kooi's most parts: the most classes.
    MostParts,
}

impl Heuristic {
    /// Every heuristic, in the order above.
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Minimax,
        Heuristic::ExpectedSize,
        Heuristic::Entropy,
        Heuristic::MostParts,
    ];

    /// The name tree files give the strategy: Knuth's for minimax.
    pub fn file_name(self) -> &'static str {
        match self {
            Heuristic::Minimax => "knuth",
            Heuristic::ExpectedSize => "expected-size",
            Heuristic::Entropy => "entropy",
            Heuristic::MostParts => "most-parts",
        }
    }
}

thread_local! {
    /// The sizes of one partition in ascending order, for [`Heuristic::Entropy`].
    static SORTED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

impl GuessScore for Heuristic {
    fn name(&self) -> String {
        self.file_name().to_owned()
    }

    fn score(&self, partition: &ClassSizes<'_>) -> f64 {
        let sizes = partition.sizes();
        match self {
            Heuristic::Minimax => f64::from(partition.largest()),
            Heuristic::ExpectedSize => sizes
                .iter()
                .map(|&n| u64::from(n) * u64::from(n))
                .sum::<u64>() as f64,
            Heuristic::MostParts => -(partition.parts() as f64),
            Heuristic::Entropy => SORTED.with_borrow_mut(|sorted| {
                // Maximising −Σ (nᵢ/n) log nᵢ/n is minimising Σ nᵢ log nᵢ for a fixed n. The
                // sizes are summed in ascending order so that partitions with the same sizes
                // get bit-identical scores whichever replies they fall on.
                sorted.clear();
                sorted.extend(sizes.iter().copied().filter(|&n| n > 1));
                sorted.sort_unstable();
                sorted
                    .iter()
                    .map(|&n| f64::from(n) * f64::from(n).log2())
                    .sum()
            }),
        }
    }

    fn is_largest_class(&self) -> bool {
        *self == Heuristic::Minimax
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::FeedbackKind;

    use super::*;

    #[test]
    fn the_heuristics_score_a_partition_as_their_papers_define() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackWhite).unwrap();
        let mut sizes = vec![0; game.feedback_slots()];
        sizes[0] = 4;
        sizes[3] = 2;
        sizes[7] = 2;
        let partition = ClassSizes::new(&game, &sizes, false);
        assert_eq!(partition.candidates(), 8);
        assert_eq!(Heuristic::Minimax.score(&partition), 4.0);
        assert_eq!(Heuristic::ExpectedSize.score(&partition), 24.0);
        assert_eq!(Heuristic::MostParts.score(&partition), -3.0);
        assert_eq!(Heuristic::Entropy.score(&partition), 4.0 * 2.0 + 2.0 + 2.0);
        let replies: Vec<_> = partition.classes().map(|(f, n)| (f.index(), n)).collect();
        assert_eq!(replies, [(0, 4), (3, 2), (7, 2)]);
    }
}
