//! One guess's split of a candidate set into reply classes, and the shape of that split: two
//! guesses with the same shape leave the same classes and cost the same.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::ops::Range;

use mastermind_core::{Code, MAX_PEGS};

use super::ranking::Ranked;
use crate::optimal::kernels::replies::ReplyTable;

/// Most feedback slots of any game: `(pegs + 1)²`.
pub(in crate::optimal) const MAX_SLOTS: usize = (MAX_PEGS as usize + 1) * (MAX_PEGS as usize + 1);

/// The classes a guess leaves, other than the all-black one, largest first: the largest
/// classes are the likeliest to exceed their bounds, so trying them first cuts soonest.
pub(in crate::optimal) struct Split {
    codes: Vec<Code>,
    classes: Vec<Range<usize>>,
    /// Each candidate's reply, in the order of the set: read from the table once, for the
    /// split and for its shape.
    replies: Vec<u8>,
}

/// The buffers of splits dropped on this thread, for the next splits to fill: a search makes
/// a split for each guess it tries, and allocating them afresh each time shows in its
/// profile.
struct Buffers {
    codes: Vec<Code>,
    classes: Vec<Range<usize>>,
    replies: Vec<u8>,
}

thread_local! {
    static SPARE: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
}

/// At most this many spare buffers are kept per thread: as many as splits alive at once down
/// one path of the search, with room to spare.
const MOST_SPARE: usize = 64;

impl Split {
    pub(in crate::optimal) fn new(table: &ReplyTable<'_>, guess: Code, set: &[Code]) -> Split {
        let slots = table.replies();
        let all_black = usize::from(table.all_black());
        let reply_of = table.replies_to(guess);
        let Buffers {
            mut codes,
            mut classes,
            mut replies,
        } = SPARE
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(|| Buffers {
                codes: Vec::new(),
                classes: Vec::new(),
                replies: Vec::new(),
            });
        // Reply numbers are below the slots, at most `MAX_SLOTS`, so they fit a byte.
        replies.clear();
        replies.extend(set.iter().map(|&secret| reply_of(secret) as u8));
        let mut counts = [0u32; MAX_SLOTS];
        for &reply in &replies {
            counts[usize::from(reply)] += 1;
        }
        let mut starts = [0usize; MAX_SLOTS];
        for reply in 1..slots {
            starts[reply] = starts[reply - 1] + counts[reply - 1] as usize;
        }
        codes.clear();
        codes.resize(set.len(), Code(0));
        let mut next = starts;
        for (&secret, &reply) in set.iter().zip(&replies) {
            let reply = usize::from(reply);
            codes[next[reply]] = secret;
            next[reply] += 1;
        }
        classes.clear();
        classes.extend(
            (0..slots)
                .filter(|&reply| reply != all_black && counts[reply] > 0)
                .map(|reply| starts[reply]..next[reply]),
        );
        classes.sort_by_key(|class| Reverse(class.len()));
        Split {
            codes,
            classes,
            replies,
        }
    }

    /// The classes, each in the order of the set, largest first.
    pub(in crate::optimal) fn classes(&self) -> impl ExactSizeIterator<Item = &[Code]> + '_ {
        self.classes.iter().map(|range| &self.codes[range.clone()])
    }

    /// Each candidate's reply, in the order of the set.
    pub(in crate::optimal) fn replies(&self) -> &[u8] {
        &self.replies
    }
}

impl Drop for Split {
    fn drop(&mut self) {
        let buffers = Buffers {
            codes: std::mem::take(&mut self.codes),
            classes: std::mem::take(&mut self.classes),
            replies: std::mem::take(&mut self.replies),
        };
        // A thread being torn down has no spares left to keep them in.
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < MOST_SPARE {
                spare.push(buffers);
            }
        });
    }
}

/// The shapes of the guesses tried at a node, to skip those that split the set like one
/// before. Guesses that split alike have the same bound and are both candidates or both not,
/// and guesses are tried in order of both, so a guess is compared only with those tried since
/// the last change of either; and a shape is only worked out when there is one to compare
/// with: most nodes try one or two guesses and never need one. The replies of those guesses
/// are kept for that, copied from their splits.
pub(in crate::optimal) struct Shapes {
    all_black: u8,
    /// The bound, and whether not a candidate, of the guesses in `tried`.
    alike: Option<(u32, bool)>,
    /// Where the replies of each guess tried since `alike` last changed are in `seen`, and
    /// whether they have been made its shape there.
    tried: Vec<(usize, bool)>,
    /// Their replies, one after another, one byte per candidate; each made a shape in place
    /// when first compared.
    seen: Vec<u8>,
}

impl Shapes {
    pub(in crate::optimal) fn new(table: &ReplyTable<'_>) -> Shapes {
        Shapes {
            all_black: table.all_black(),
            alike: None,
            tried: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Whether the guess of `ranked`, whose replies are `replies`, splits the set unlike every
    /// guess before it; if so, it is remembered as tried. Guesses come in the ranking's order.
    pub(in crate::optimal) fn is_new(&mut self, ranked: Ranked, replies: &[u8]) -> bool {
        let (bound, not_candidate, _) = ranked;
        if self.alike != Some((bound, not_candidate)) {
            self.alike = Some((bound, not_candidate));
            self.tried.clear();
            self.seen.clear();
            self.tried.push((0, false));
            self.seen.extend_from_slice(replies);
            return true;
        }
        let (at, n) = (self.seen.len(), replies.len());
        self.seen.extend_from_slice(replies);
        make_shape(&mut self.seen[at..], self.all_black);
        for (earlier, shaped) in &mut self.tried {
            let earlier = *earlier;
            if !*shaped {
                make_shape(&mut self.seen[earlier..earlier + n], self.all_black);
                *shaped = true;
            }
            if self.seen[earlier..earlier + n] == self.seen[at..at + n] {
                self.seen.truncate(at);
                return false;
            }
        }
        self.tried.push((at, true));
        true
    }
}

/// Turns the replies of one guess into the shape of its split: each candidate's class,
/// numbered in order of first appearance, with the all-black class (the guess itself) marked
/// apart. Two guesses split the candidates alike exactly when their shapes are equal.
fn make_shape(replies: &mut [u8], all_black: u8) {
    // Labels are below the replies' number, `MAX_SLOTS` at most.
    const SOLVED: u8 = u8::MAX;
    const UNSEEN: u8 = u8::MAX - 1;
    let mut label = [UNSEEN; MAX_SLOTS];
    label[usize::from(all_black)] = SOLVED;
    let mut labels = 0u8;
    for reply in replies {
        let slot = &mut label[usize::from(*reply)];
        if *slot == UNSEEN {
            *slot = labels;
            labels += 1;
        }
        *reply = *slot;
    }
}

#[cfg(test)]
mod tests {
    use super::make_shape;

    const ALL_BLACK: u8 = 9;

    fn same_split(first: &[u8], second: &[u8]) -> bool {
        let (mut first, mut second) = (first.to_vec(), second.to_vec());
        make_shape(&mut first, ALL_BLACK);
        make_shape(&mut second, ALL_BLACK);
        first == second
    }

    #[test]
    fn splits_alike_whatever_their_replies() {
        assert!(same_split(&[0, 1, 0, 2], &[5, 3, 5, 0]));
        assert!(same_split(&[0, 9, 1], &[4, 9, 2]));
        assert!(same_split(&[], &[]));
    }

    #[test]
    fn splits_differ_in_their_classes_or_the_code_found() {
        // One class cut in two, two classes merged, the same class sizes with other codes.
        assert!(!same_split(&[0, 0, 1], &[0, 1, 1]));
        assert!(!same_split(&[0, 1, 2], &[0, 0, 2]));
        assert!(!same_split(&[0, 0, 1, 1], &[0, 1, 0, 1]));
        // The code the guess finds is a class of its own, not one like any other.
        assert!(!same_split(&[9, 0, 1], &[2, 0, 1]));
        assert!(!same_split(&[2, 0, 1], &[9, 0, 1]));
        assert!(!same_split(&[9, 0, 1], &[0, 9, 1]));
    }
}
