//! One guess's split of a candidate set into reply classes, and the shape of that split: two
//! guesses with the same shape leave the same classes and cost the same.

use std::cmp::Reverse;
use std::ops::Range;

use mastermind_core::{Code, Scorer, MAX_PEGS};

/// Most feedback slots of any game: `(pegs + 1)²`.
pub(super) const MAX_SLOTS: usize = (MAX_PEGS as usize + 1) * (MAX_PEGS as usize + 1);

/// The classes a guess leaves, other than the all-black one, largest first: the largest
/// classes are the likeliest to exceed their bounds, so trying them first cuts soonest.
pub(super) struct Split {
    codes: Vec<Code>,
    classes: Vec<Range<usize>>,
}

impl Split {
    pub(super) fn new(scorer: &Scorer, guess: Code, set: &[Code], all_black: usize) -> Split {
        let slots = scorer.game().feedback_slots();
        let mut counts = [0u32; MAX_SLOTS];
        scorer.count_classes(guess, set, &mut counts[..slots]);
        let mut starts = [0usize; MAX_SLOTS];
        for reply in 1..slots {
            starts[reply] = starts[reply - 1] + counts[reply - 1] as usize;
        }
        let mut codes = vec![Code(0); set.len()];
        let mut next = starts;
        let reply_of = replies_to(scorer, guess);
        for &secret in set {
            let reply = reply_of(secret);
            codes[next[reply]] = secret;
            next[reply] += 1;
        }
        let mut classes: Vec<Range<usize>> = (0..slots)
            .filter(|&reply| reply != all_black && counts[reply] > 0)
            .map(|reply| starts[reply]..next[reply])
            .collect();
        classes.sort_by_key(|class| Reverse(class.len()));
        Split { codes, classes }
    }

    /// The classes, each in the order of the set, largest first.
    pub(super) fn classes(&self) -> impl ExactSizeIterator<Item = &[Code]> + '_ {
        self.classes.iter().map(|range| &self.codes[range.clone()])
    }
}

/// The shape of `guess`'s split of `set`: each candidate's class, numbered in order of first
/// appearance, with the all-black class (the guess itself) marked apart.
pub(super) fn shape(scorer: &Scorer, guess: Code, set: &[Code], all_black: usize) -> Box<[u8]> {
    const SOLVED: u8 = u8::MAX;
    let mut label = [None; MAX_SLOTS];
    let mut labels = 0u8;
    let reply_of = replies_to(scorer, guess);
    set.iter()
        .map(|&secret| {
            let reply = reply_of(secret);
            if reply == all_black {
                return SOLVED;
            }
            *label[reply].get_or_insert_with(|| {
                labels += 1;
                labels - 1
            })
        })
        .collect()
}

/// The reply index of each secret to `guess`, read from the guess's row of the table where
/// the scorer keeps one.
fn replies_to(scorer: &Scorer, guess: Code) -> impl Fn(Code) -> usize + '_ {
    let row = scorer.feedback_row(guess);
    move |secret| match row {
        Some(row) => usize::from(row[secret.index()]),
        None => scorer.feedback(guess, secret).index(),
    }
}
