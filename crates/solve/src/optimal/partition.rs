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

/// The shapes of the guesses tried at a node, to skip those that split the set like one
/// before. A node usually tries one guess only, so the first guess's shape is worked out only
/// once a second one comes.
pub(super) struct Shapes<'a> {
    scorer: &'a Scorer,
    set: &'a [Code],
    all_black: usize,
    first: Option<Code>,
    /// The shapes so far, one after another, each one byte per candidate.
    seen: Vec<u8>,
}

impl<'a> Shapes<'a> {
    pub(super) fn new(scorer: &'a Scorer, set: &'a [Code], all_black: usize) -> Shapes<'a> {
        Shapes {
            scorer,
            set,
            all_black,
            first: None,
            seen: Vec::new(),
        }
    }

    /// Whether `guess` splits the set unlike every guess before it; remembers its shape.
    pub(super) fn is_new(&mut self, guess: Code) -> bool {
        if self.seen.is_empty() {
            match self.first.replace(guess) {
                None => return true,
                Some(first) => self.push_shape(first),
            }
        }
        let n = self.set.len();
        let known = self.seen.len();
        self.push_shape(guess);
        let (before, shape) = self.seen.split_at(known);
        if before.chunks_exact(n).any(|seen| seen == shape) {
            self.seen.truncate(known);
            return false;
        }
        true
    }

    /// Appends the shape of `guess`'s split: each candidate's class, numbered in order of first
    /// appearance, with the all-black class (the guess itself) marked apart.
    fn push_shape(&mut self, guess: Code) {
        const SOLVED: u8 = u8::MAX;
        let mut label = [None; MAX_SLOTS];
        let mut labels = 0u8;
        let reply_of = replies_to(self.scorer, guess);
        let all_black = self.all_black;
        self.seen.extend(self.set.iter().map(|&secret| {
            let reply = reply_of(secret);
            if reply == all_black {
                return SOLVED;
            }
            *label[reply].get_or_insert_with(|| {
                labels += 1;
                labels - 1
            })
        }));
    }
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
