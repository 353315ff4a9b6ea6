//! One guess's split of a candidate set into reply classes, and the shape of that split: two
//! guesses with the same shape leave the same classes and cost the same.

use std::cmp::Reverse;
use std::ops::Range;

use mastermind_core::{Code, MAX_PEGS};

use super::ranking::Ranked;
use super::replies::ReplyTable;

/// Most feedback slots of any game: `(pegs + 1)²`.
pub(super) const MAX_SLOTS: usize = (MAX_PEGS as usize + 1) * (MAX_PEGS as usize + 1);

/// The classes a guess leaves, other than the all-black one, largest first: the largest
/// classes are the likeliest to exceed their bounds, so trying them first cuts soonest.
pub(super) struct Split {
    codes: Vec<Code>,
    classes: Vec<Range<usize>>,
}

impl Split {
    pub(super) fn new(replies: &ReplyTable<'_>, guess: Code, set: &[Code]) -> Split {
        let slots = replies.replies();
        let all_black = usize::from(replies.all_black());
        let reply_of = replies.replies_to(guess);
        let mut counts = [0u32; MAX_SLOTS];
        for &secret in set {
            counts[reply_of(secret)] += 1;
        }
        let mut starts = [0usize; MAX_SLOTS];
        for reply in 1..slots {
            starts[reply] = starts[reply - 1] + counts[reply - 1] as usize;
        }
        let mut codes = vec![Code(0); set.len()];
        let mut next = starts;
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
/// before. Guesses that split alike have the same bound and are both candidates or both not,
/// so a shape is only worked out when an earlier guess has the same of both: most nodes try
/// one or two guesses and never need one.
pub(super) struct Shapes<'a> {
    replies: &'a ReplyTable<'a>,
    set: &'a [Code],
    /// The guesses tried, each with its bound and whether it is not a candidate, and where
    /// its shape is in `seen` once worked out.
    tried: Vec<(Ranked, Option<usize>)>,
    /// The shapes worked out, one after another, each one byte per candidate.
    seen: Vec<u8>,
}

impl<'a> Shapes<'a> {
    pub(super) fn new(replies: &'a ReplyTable<'a>, set: &'a [Code]) -> Shapes<'a> {
        Shapes {
            replies,
            set,
            tried: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Whether the guess of `ranked` splits the set unlike every guess before it; if so, it
    /// is remembered as tried.
    pub(super) fn is_new(&mut self, ranked: Ranked) -> bool {
        let (bound, not_candidate, guess) = ranked;
        let alike = |&((b, n, _), _): &(Ranked, Option<usize>)| b == bound && n == not_candidate;
        if !self.tried.iter().any(alike) {
            self.tried.push((ranked, None));
            return true;
        }
        let shape = self.shape_at(guess);
        for k in 0..self.tried.len() {
            if !alike(&self.tried[k]) {
                continue;
            }
            let earlier = match self.tried[k].1 {
                Some(at) => at,
                None => {
                    let at = self.shape_at(self.tried[k].0 .2);
                    self.tried[k].1 = Some(at);
                    at
                }
            };
            let n = self.set.len();
            if self.seen[earlier..earlier + n] == self.seen[shape..shape + n] {
                return false;
            }
        }
        self.tried.push((ranked, Some(shape)));
        true
    }

    /// Appends the shape of `guess` to `seen`, returning where it starts.
    fn shape_at(&mut self, guess: Code) -> usize {
        let at = self.seen.len();
        self.push_shape(guess);
        at
    }

    /// Appends the shape of `guess`'s split: each candidate's class, numbered in order of first
    /// appearance, with the all-black class (the guess itself) marked apart.
    fn push_shape(&mut self, guess: Code) {
        const SOLVED: u8 = u8::MAX;
        let mut label = [None; MAX_SLOTS];
        let mut labels = 0u8;
        let reply_of = self.replies.replies_to(guess);
        let all_black = usize::from(self.replies.all_black());
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
