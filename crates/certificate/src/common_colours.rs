//! Guesses ruled out by their colours alone, before any reply is read.
//!
//! A reply's black and white pegs add up to the colours the guess and the code have in common
//! (as multisets). With `p` pegs, the replies with fewer than `p` in common are at most
//! `p(p + 1) / 2` (black from 0 to `k` with `k` in common), and those with all `p` in common,
//! all black aside, at most `p − 1` (black from 0 to `p − 2`), and only from the codes with
//! the guess's own colours. So a guess whose colours `m` other codes of a set have gets at
//! most `p(p + 1) / 2 + min(m, p − 1)` distinct replies other than all black, and its floor
//! (`3n − d − [one of the codes]`, see [`floor`](crate::floor), where a code of the set counts
//! its all-black reply in `d` too) can fall short of a bound only if `m` is large enough.
//! Deep in a proof that leaves a hundred or so guesses of thousands, found from the set's
//! colours without reading a reply.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use mastermind_core::{Code, Codebook, FeedbackKind, Game};

/// The numbering of each game met, made once for all the checker's threads and the prover's.
static NUMBERED: Mutex<Vec<(Game, Arc<CommonColours>)>> = Mutex::new(Vec::new());

/// Each code's colours as a multiset, numbered, for a game with black and white pegs.
#[derive(Debug)]
pub struct CommonColours {
    /// The number of each code's multiset of colours, by code index.
    multiset: Vec<u32>,
    /// The codes of each multiset, in increasing order.
    codes: Vec<Vec<Code>>,
    /// The most distinct replies a guess can get at a set where no code has its colours.
    most_replies_apart: u64,
    pegs: u64,
}

impl CommonColours {
    /// The multisets of `book`'s codes, or `None` for a game of black pegs only, whose replies
    /// do not count colours in common.
    pub fn of(book: &Codebook) -> Option<Arc<CommonColours>> {
        let game = *book.game();
        if game.feedback_kind() != FeedbackKind::BlackWhite {
            return None;
        }
        let mut numbered = NUMBERED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, common)) = numbered.iter().find(|(other, _)| *other == game) {
            return Some(Arc::clone(common));
        }
        let common = Arc::new(CommonColours::number(book));
        numbered.push((game, Arc::clone(&common)));
        Some(common)
    }

    fn number(book: &Codebook) -> CommonColours {
        let game = book.game();
        let pegs = game.pegs();
        let mut numbers: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut counts = vec![0u8; game.colours()];
        let multiset: Vec<u32> = (0..book.len())
            .map(|index| {
                counts.fill(0);
                for &colour in book.colours_of(Code(index as u32)) {
                    counts[usize::from(colour)] += 1;
                }
                let next = numbers.len() as u32;
                *numbers.entry(counts.clone()).or_insert(next)
            })
            .collect();
        let mut codes = vec![Vec::new(); numbers.len()];
        for (index, &number) in multiset.iter().enumerate() {
            codes[number as usize].push(Code(index as u32));
        }
        CommonColours {
            multiset,
            codes,
            // With k colours in common, black runs from 0 to k: k + 1 replies, for k below p.
            most_replies_apart: (pegs * (pegs + 1) / 2) as u64,
            pegs: pegs as u64,
        }
    }

    /// How many codes of a set of `n` codes must have a guess's colours for its floor to fall
    /// short of `bound` there: for one of the set's codes (counting itself), and for any other
    /// guess; `None` if a guess whose colours no code has may. More than `n` where none may.
    fn least_sharing(&self, n: usize, bound: u32) -> Option<(u64, u64)> {
        let slack = (3 * n as u64).checked_sub(u64::from(bound))?;
        let excess = slack.checked_sub(self.most_replies_apart)?;
        // A code of the set with `m − 1` others of its colours falls short only if
        // `p(p + 1) / 2 + min(m − 1, p − 1) + 2 > slack`; any other guess with `m` only if
        // `p(p + 1) / 2 + min(m, p − 1) > slack`.
        let own = match excess <= self.pegs {
            true => excess.max(1),
            false => u64::MAX,
        };
        let other = match excess + 1 < self.pegs {
            true => excess + 1,
            false => u64::MAX,
        };
        Some((own, other))
    }

    /// The numbers of the multisets of colours that at least `least` codes of `set` have, in
    /// increasing order.
    fn multisets_of(&self, set: &[Code], least: u64) -> Vec<u32> {
        let mut numbers: Vec<u32> = set.iter().map(|code| self.multiset[code.index()]).collect();
        numbers.sort_unstable();
        let mut kept = Vec::new();
        for run in numbers.chunk_by(|a, b| a == b) {
            if run.len() as u64 >= least {
                kept.push(run[0]);
            }
        }
        kept
    }

    /// The guesses of `guesses` (in the same order) whose floor at `set` may fall short of
    /// `bound`, as far as their colours tell, or `None` where the colours tell nothing.
    pub fn may_fall_short(&self, set: &[Code], guesses: &[Code], bound: u32) -> Option<Vec<Code>> {
        // A code of the set needs no more of its colours than another guess.
        let (least, _) = self.least_sharing(set.len(), bound)?;
        let kept = self.multisets_of(set, least);
        let shared = |guess: &&Code| kept.binary_search(&self.multiset[guess.index()]).is_ok();
        Some(guesses.iter().filter(shared).copied().collect())
    }

    /// Every guess other than the codes of `set` whose floor there may fall short of `bound`,
    /// as far as its colours tell, in increasing order, and some of the set's codes with them;
    /// `None` where the colours tell nothing.
    pub fn sharing(&self, set: &[Code], bound: u32) -> Option<Vec<Code>> {
        let (_, least) = self.least_sharing(set.len(), bound)?;
        let multisets = self.multisets_of(set, least);
        // In increasing order by a bit for each code, cheaper than sorting the lists' codes.
        let sharing = SHARING_BITS.with(|bits| {
            let mut bits = bits.borrow_mut();
            bits.resize(self.multiset.len().div_ceil(64), 0);
            let (mut first, mut last) = (usize::MAX, 0);
            for &number in &multisets {
                for code in &self.codes[number as usize] {
                    let word = code.index() / 64;
                    bits[word] |= 1 << (code.index() % 64);
                    (first, last) = (first.min(word), last.max(word));
                }
            }
            let kept = multisets
                .iter()
                .map(|&number| self.codes[number as usize].len());
            let mut sharing = Vec::with_capacity(kept.sum());
            for word in first..=last {
                let mut bits = std::mem::take(&mut bits[word]);
                while bits != 0 {
                    sharing.push(Code((word * 64) as u32 + bits.trailing_zeros()));
                    bits &= bits - 1;
                }
            }
            sharing
        });
        Some(sharing)
    }
}

thread_local! {
    /// [`CommonColours::sharing`]'s bits, left all clear between calls.
    static SHARING_BITS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use mastermind_core::{Game, Scorer};

    use super::*;
    use crate::floor::short_of_floor;

    /// Every guess the floor keeps, the colours keep too, in games with and without repeated
    /// colours, at sets of several sizes, for bounds around where the filter starts; and the
    /// colours do drop guesses somewhere, so the test is not empty.
    #[test]
    fn the_colours_keep_every_guess_the_floor_keeps() {
        let mut dropped = 0;
        for (pegs, colours, repetition) in [(4, 6, true), (4, 7, false), (3, 5, true), (5, 5, true)]
        {
            let game = Game::new(pegs, colours, repetition, FeedbackKind::BlackWhite).unwrap();
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let common = CommonColours::of(book).expect("black and white pegs");
            let all: Vec<Code> = book.codes().collect();
            for (first, step) in [(0, 3), (5, 17), (11, 41), (2, 97)] {
                for secret in all.iter().step_by(step.max(1) * 7) {
                    let guess = all[first * 13 % all.len()];
                    let reply = scorer.feedback(guess, *secret);
                    let set: Vec<Code> = all
                        .iter()
                        .copied()
                        .filter(|&code| scorer.feedback(guess, code) == reply)
                        .step_by(1 + step % 3)
                        .collect();
                    let n = 3 * set.len() as u32;
                    for bound in n.saturating_sub(20)..=n {
                        let floor = short_of_floor(&scorer, None, &set, &all, bound);
                        let Some(kept) = common.may_fall_short(&set, &all, bound) else {
                            continue;
                        };
                        let at = format!("{} codes after {guess:?}, bound {bound}", set.len());
                        assert!(floor.iter().all(|g| kept.contains(g)), "{at}");
                        let others = |list: &[Code]| -> Vec<Code> {
                            list.iter().filter(|g| !set.contains(g)).copied().collect()
                        };
                        let sharing = common.sharing(&set, bound).expect("the same rule");
                        assert!(others(&floor).iter().all(|g| sharing.contains(g)), "{at}");
                        assert!(others(&sharing).iter().all(|g| kept.contains(g)), "{at}");
                        assert!(sharing.windows(2).all(|w| w[0] < w[1]), "{at}");
                        dropped += all.len() - kept.len();
                    }
                }
            }
        }
        assert!(dropped > 1000, "only {dropped} guesses dropped");
    }

    #[test]
    fn black_pegs_only_have_no_colours_in_common() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        assert!(CommonColours::of(Scorer::new(game).codebook()).is_none());
    }
}
