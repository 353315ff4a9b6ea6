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
    /// Each candidate's reply, in the order of the set: read from the table once, for the
    /// split and for its shape.
    replies: Vec<u8>,
}

impl Split {
    pub(super) fn new(table: &ReplyTable<'_>, guess: Code, set: &[Code]) -> Split {
        let slots = table.replies();
        let all_black = usize::from(table.all_black());
        let reply_of = table.replies_to(guess);
        // Reply numbers are below the slots, at most `MAX_SLOTS`, so they fit a byte.
        let replies: Vec<u8> = set.iter().map(|&secret| reply_of(secret) as u8).collect();
        let mut counts = [0u32; MAX_SLOTS];
        for &reply in &replies {
            counts[usize::from(reply)] += 1;
        }
        let mut starts = [0usize; MAX_SLOTS];
        for reply in 1..slots {
            starts[reply] = starts[reply - 1] + counts[reply - 1] as usize;
        }
        let mut codes = vec![Code(0); set.len()];
        let mut next = starts;
        for (&secret, &reply) in set.iter().zip(&replies) {
            let reply = usize::from(reply);
            codes[next[reply]] = secret;
            next[reply] += 1;
        }
        let mut classes: Vec<Range<usize>> = (0..slots)
            .filter(|&reply| reply != all_black && counts[reply] > 0)
            .map(|reply| starts[reply]..next[reply])
            .collect();
        classes.sort_by_key(|class| Reverse(class.len()));
        Split {
            codes,
            classes,
            replies,
        }
    }

    /// The classes, each in the order of the set, largest first.
    pub(super) fn classes(&self) -> impl ExactSizeIterator<Item = &[Code]> + '_ {
        self.classes.iter().map(|range| &self.codes[range.clone()])
    }

    /// Each candidate's reply, in the order of the set.
    pub(super) fn replies(&self) -> &[u8] {
        &self.replies
    }
}

/// The shapes of the guesses tried at a node, to skip those that split the set like one
/// before. Guesses that split alike have the same bound and are both candidates or both not,
/// so shapes are compared only for guesses alike in both; the replies of each guess tried are
/// kept for that, copied from its split.
pub(super) struct Shapes {
    all_black: u8,
    /// The guesses tried, each with its bound and whether it is not a candidate, and where
    /// its replies are in `seen`.
    tried: Vec<(Ranked, usize)>,
    /// The replies of the guesses tried, one after another, one byte per candidate.
    seen: Vec<u8>,
}

impl Shapes {
    pub(super) fn new(table: &ReplyTable<'_>) -> Shapes {
        Shapes {
            all_black: table.all_black(),
            tried: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Whether the guess of `ranked`, whose replies are `replies`, splits the set unlike every
    /// guess before it; if so, it is remembered as tried.
    pub(super) fn is_new(&mut self, ranked: Ranked, replies: &[u8]) -> bool {
        let (bound, not_candidate, _) = ranked;
        let n = replies.len();
        let alike = self
            .tried
            .iter()
            .filter(|&&((b, nc, _), _)| b == bound && nc == not_candidate)
            .any(|&(_, at)| same_split(&self.seen[at..at + n], replies, self.all_black));
        if alike {
            return false;
        }
        self.tried.push((ranked, self.seen.len()));
        self.seen.extend_from_slice(replies);
        true
    }
}

/// Whether two guesses whose replies to the same candidates are `first` and `second` split
/// them alike: the same classes, whatever their replies, with the all-black one (the guess
/// itself) the same in both.
fn same_split(first: &[u8], second: &[u8], all_black: u8) -> bool {
    const UNSEEN: u8 = u8::MAX;
    // Which reply of the other guess each reply stands for, both ways, so that the classes
    // correspond one to one; the all-black class stands for itself.
    let mut to_second = [UNSEEN; MAX_SLOTS];
    let mut to_first = [UNSEEN; MAX_SLOTS];
    to_second[usize::from(all_black)] = all_black;
    to_first[usize::from(all_black)] = all_black;
    first.iter().zip(second).all(|(&a, &b)| {
        let (a_to, b_to) = (
            &mut to_second[usize::from(a)],
            &mut to_first[usize::from(b)],
        );
        if *a_to == UNSEEN && *b_to == UNSEEN {
            (*a_to, *b_to) = (b, a);
        }
        *a_to == b && *b_to == a
    })
}

#[cfg(test)]
mod tests {
    use super::same_split;

    const ALL_BLACK: u8 = 9;

    #[test]
    fn splits_alike_whatever_their_replies() {
        assert!(same_split(&[0, 1, 0, 2], &[5, 3, 5, 0], ALL_BLACK));
        assert!(same_split(&[0, 9, 1], &[4, 9, 2], ALL_BLACK));
        assert!(same_split(&[], &[], ALL_BLACK));
    }

    #[test]
    fn splits_differ_in_their_classes_or_the_code_found() {
        // One class cut in two, two classes merged, the same class sizes with other codes.
        assert!(!same_split(&[0, 0, 1], &[0, 1, 1], ALL_BLACK));
        assert!(!same_split(&[0, 1, 2], &[0, 0, 2], ALL_BLACK));
        assert!(!same_split(&[0, 0, 1, 1], &[0, 1, 0, 1], ALL_BLACK));
        // The code the guess finds is a class of its own, not one like any other.
        assert!(!same_split(&[9, 0, 1], &[2, 0, 1], ALL_BLACK));
        assert!(!same_split(&[2, 0, 1], &[9, 0, 1], ALL_BLACK));
        assert!(!same_split(&[9, 0, 1], &[0, 9, 1], ALL_BLACK));
    }
}
