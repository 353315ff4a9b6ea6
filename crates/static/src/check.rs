//! Checking a static set: do the replies to these guesses tell every code apart, and if not,
//! which codes share their replies.

use mastermind_core::{Code, Scorer};

use crate::Classes;

/// What a set of guesses tells apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The codes of the game.
    pub codes: usize,
    /// Each group of two or more codes that get the same reply to every guess: largest first,
    /// then by their least code; each group in increasing order.
    pub groups: Vec<Vec<Code>>,
}

impl Check {
    /// Whether the replies determine every code.
    pub fn determines(&self) -> bool {
        self.groups.is_empty()
    }

    /// How many codes share their replies with another code.
    pub fn ambiguous(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }
}

/// Checks `guesses` in `scorer`'s game.
pub fn check(scorer: &Scorer, guesses: &[Code]) -> Check {
    let mut counts = vec![0; scorer.game().feedback_slots()];
    let mut classes = Classes::all(scorer.codebook());
    let mut next = Classes::default();
    for &guess in guesses {
        classes.refine(scorer, guess, &mut next, &mut counts);
        std::mem::swap(&mut classes, &mut next);
    }
    let mut groups: Vec<Vec<Code>> = classes
        .iter()
        .map(|class| {
            let mut group = class.to_vec();
            group.sort_unstable();
            group
        })
        .collect();
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a[0].cmp(&b[0])));
    Check {
        codes: scorer.codebook().len(),
        groups,
    }
}
