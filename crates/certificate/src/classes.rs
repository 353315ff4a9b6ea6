//! A guess's classes at a set, and the least the checker's rule lets that guess cost there.
//! Shared by the checker and by provers, so that a prover computes exactly what the checker
//! will.

use mastermind_core::{Code, Feedback, Scorer, Secrets};

use crate::{size_bound, FactTable};

/// Replies scored together before the codes are counted one by one: few enough that a guess
/// ruled out after a few codes is not scored much further.
const SCORED_AT_ONCE: usize = 16;

/// The classes one guess makes of one set, in buffers kept from guess to guess.
#[derive(Debug)]
pub struct Classes {
    all_black: u8,
    replies: Vec<u8>,
    /// How many codes of the set got each reply.
    counts: Vec<u32>,
    /// The replies that occur, in the order first met.
    present: Vec<u8>,
    sorted: Vec<Code>,
    /// Where each reply's class starts in `sorted`, once sorted.
    starts: Vec<usize>,
    sorted_valid: bool,
}

/// [`size_bound`] for every size up to `most`, with `budget` left: a guess's classes are
/// bounded by table look-ups.
pub fn size_bounds(most: usize, fan_out: usize, budget: Option<u8>) -> Vec<u32> {
    (0..=most)
        .map(|size| size_bound(size, fan_out, budget))
        .collect()
}

/// What a guess's classes are held to at one fact: the size bound of each class by its size
/// ([`size_bounds`]), the classes' budget, the facts before this one, and the fact's bound.
#[derive(Clone, Copy, Debug)]
pub struct Held<'a> {
    /// [`size_bound`] by class size, with the classes' budget.
    pub sizes: &'a [u32],
    /// The classes' budget (`None`: no cap).
    pub budget: Option<u8>,
    /// The facts recorded so far, of which only those before `before` count.
    pub facts: &'a FactTable,
    /// The place of the fact being checked in the order of recording ([`u64::MAX`]: every
    /// fact recorded counts).
    pub before: u64,
    /// What every guess must cost.
    pub bound: u32,
}

impl Classes {
    /// Buffers for `scorer`'s game.
    pub fn new(scorer: &Scorer) -> Classes {
        let game = scorer.game();
        Classes {
            all_black: game.all_black().index() as u8,
            replies: Vec::new(),
            counts: vec![0; game.feedback_slots()],
            present: Vec::new(),
            sorted: Vec::new(),
            starts: vec![0; game.feedback_slots() + 1],
            sorted_valid: false,
        }
    }

    /// Splits the set `secrets` by its replies to `guess`, but stops as soon as the size bound
    /// alone (`bounds`, as for [`Classes::size_cost`]) shows the guess costs at least `bound`:
    /// each code not yet scored adds at least one more (its class's bound grows by at least
    /// one), except the one code the guess may find outright. Returns whether it stopped so;
    /// otherwise the split is whole.
    pub fn split_below(
        &mut self,
        scorer: &Scorer,
        secrets: &Secrets<'_>,
        guess: Code,
        bounds: &[u32],
        bound: u32,
    ) -> bool {
        for &reply in &self.present {
            self.counts[usize::from(reply)] = 0;
        }
        self.present.clear();
        self.replies.clear();
        self.sorted_valid = false;
        let n = secrets.codes().len();
        // The set's own guesses, plus the classes' bounds so far.
        let mut cost = n as u64;
        let mut chunk = [0u8; SCORED_AT_ONCE];
        for start in (0..n).step_by(SCORED_AT_ONCE) {
            let chunk = &mut chunk[..SCORED_AT_ONCE.min(n - start)];
            scorer.replies_into(guess, secrets, start, chunk);
            for (scored, &reply) in (start..).zip(chunk.iter()) {
                self.replies.push(reply);
                let count = &mut self.counts[usize::from(reply)];
                if *count == 0 {
                    self.present.push(reply);
                }
                *count += 1;
                if reply != self.all_black {
                    let grown = bounds[*count as usize];
                    cost += u64::from(grown - bounds[*count as usize - 1]);
                    // Codes left to score, less the one the guess may find outright.
                    let left = (n - scored - 1).saturating_sub(1) as u64;
                    if grown == u32::MAX || cost + left >= u64::from(bound) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Splits the set `secrets` by `guess` and says whether the size bounds of its classes
    /// (`bounds`, as for [`Classes::size_cost`]) fall short of `bound`, which only then the
    /// facts and the one step ([`Settler::raise`](crate::Settler::raise)) may still reach.
    /// The split is then whole, for [`Classes::classes`].
    pub fn short_by_size(
        &mut self,
        scorer: &Scorer,
        secrets: &Secrets<'_>,
        guess: Code,
        bounds: &[u32],
        bound: u32,
    ) -> bool {
        !self.split_below(scorer, secrets, guess, bounds, bound) && self.size_cost(bounds) < bound
    }

    /// The least the guess costs by the size bound alone: one guess per code of the set, plus
    /// each class's bound from `bounds` (by size, with the classes' budget: [`size_bounds`]).
    pub fn size_cost(&self, bounds: &[u32]) -> u32 {
        self.present
            .iter()
            .filter(|&&reply| reply != self.all_black)
            .fold(self.replies.len() as u32, |cost, &reply| {
                cost.saturating_add(bounds[self.counts[usize::from(reply)] as usize])
            })
    }

    /// The classes other than all-black, with their replies, in reply order.
    pub fn classes<'s>(&'s mut self, set: &[Code]) -> impl Iterator<Item = (Feedback, &'s [Code])> {
        if !self.sorted_valid {
            self.starts[0] = 0;
            for (reply, &count) in self.counts.iter().enumerate() {
                self.starts[reply + 1] = self.starts[reply] + count as usize;
            }
            self.sorted.clear();
            self.sorted.resize(set.len(), Code(0));
            let mut next = self.starts.clone();
            for (&code, &reply) in set.iter().zip(&self.replies) {
                let slot = &mut next[usize::from(reply)];
                self.sorted[*slot] = code;
                *slot += 1;
            }
            self.sorted_valid = true;
        }
        let (starts, sorted, all_black) = (&self.starts, &self.sorted, usize::from(self.all_black));
        (0..starts.len() - 1).filter_map(move |reply| {
            let class = &sorted[starts[reply]..starts[reply + 1]];
            (reply != all_black && !class.is_empty())
                .then(|| (Feedback::from_index(reply as u8), class))
        })
    }
}
