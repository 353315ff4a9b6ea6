//! Guesses ruled out by their colours alone, before any reply is read.
//!
//! A reply's black and white pegs add up to the colours the guess and the code have in common
//! (as multisets). With `k` colours in common the reply is one of at most `k + 1` (black from
//! 0 to `k`), and with all `p` in common, all black aside, one of at most `p − 1` (black from
//! 0 to `p − 2`). So a guess gets at most `Σ min(cₖ, k + 1)` distinct replies other than all
//! black from a set where `cₖ` codes have `k` colours in common with it (`p − 1` in place of
//! `p + 1` for `k = p`), and its floor (`3n − d − [one of the codes]`, see
//! [`floor`](crate::floor), where a code of the set counts its all-black reply in `d` too) can
//! fall short of a bound only if that many replies are enough. The counts depend only on the
//! guess's multiset of colours and those of the set's codes, so the rule is worked out once
//! for each multiset, from a table of the colours each two multisets have in common. Deep in a
//! proof that leaves a few guesses of thousands, found without reading a reply.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use mastermind_core::{Code, Codebook, FeedbackKind, Game, MAX_PEGS};

/// The numbering of each game met, made once for all the checker's threads and the prover's.
static NUMBERED: Mutex<Vec<(Game, Option<Arc<CommonColours>>)>> = Mutex::new(Vec::new());

/// Games of more multisets than this have no table of colours in common (64 MiB at most),
/// and their colours tell nothing.
const MOST_MULTISETS: usize = 8192;

/// Each code's colours as a multiset, numbered, for a game with black and white pegs.
#[derive(Debug)]
pub struct CommonColours {
    /// The number of each code's multiset of colours, by code index.
    multiset: Vec<u32>,
    /// The codes of each multiset, in increasing order.
    codes: Vec<Vec<Code>>,
    /// How many colours each two multisets have in common, a row for each.
    in_common: Vec<u8>,
    pegs: usize,
}

impl CommonColours {
    /// The multisets of `book`'s codes, or `None` for a game of black pegs only, whose replies
    /// do not count colours in common, or with too many multisets to table.
    pub fn of(book: &Codebook) -> Option<Arc<CommonColours>> {
        let game = *book.game();
        if game.feedback_kind() != FeedbackKind::BlackWhite {
            return None;
        }
        let mut numbered = NUMBERED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, common)) = numbered.iter().find(|(other, _)| *other == game) {
            return common.clone();
        }
        let common = CommonColours::number(book).map(Arc::new);
        numbered.push((game, common.clone()));
        common
    }

    fn number(book: &Codebook) -> Option<CommonColours> {
        let game = book.game();
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
        let kinds = numbers.len();
        if kinds > MOST_MULTISETS {
            return None;
        }
        let mut colours = vec![Vec::new(); kinds];
        for (counts, number) in numbers {
            colours[number as usize] = counts;
        }
        let mut in_common = Vec::with_capacity(kinds * kinds);
        for a in &colours {
            for b in &colours {
                in_common.push(a.iter().zip(b).map(|(&a, &b)| a.min(b)).sum());
            }
        }
        let mut codes = vec![Vec::new(); kinds];
        for (index, &number) in multiset.iter().enumerate() {
            codes[number as usize].push(Code(index as u32));
        }
        Some(CommonColours {
            multiset,
            codes,
            in_common,
            pegs: game.pegs(),
        })
    }

    /// The numbers of the multisets whose guesses' floor at `set` may fall short of the set's
    /// `3n` less `slack`, in increasing order, or `None` if a guess with colours no code of the
    /// set has may: with `own`, for the set's own codes (and so for every other guess too),
    /// else for the guesses other than the set's codes.
    fn falling_short(&self, set: &[Code], slack: u64, own: bool) -> Option<Vec<u32>> {
        let pegs = self.pegs;
        // A guess whose colours no code has gets at most this many replies: k + 1 for each k
        // below p.
        let apart = (pegs * (pegs + 1) / 2) as u64;
        let excess = slack.checked_sub(apart)?;
        // So only the multisets of the set's codes may, with more of them than this, where a
        // code of the set gets its all-black reply from itself and one less for being a code.
        let fewest = match own {
            true => excess,
            false => excess + 1,
        };
        let mut numbers: Vec<u32> = set.iter().map(|code| self.multiset[code.index()]).collect();
        numbers.sort_unstable();
        let runs: Vec<(usize, u32)> = numbers
            .chunk_by(|a, b| a == b)
            .map(|run| (run[0] as usize, run.len() as u32))
            .collect();
        let kinds = self.codes.len();
        let mut kept = Vec::new();
        for &(number, count) in &runs {
            if u64::from(count) < fewest {
                continue;
            }
            let in_common = &self.in_common[number * kinds..][..kinds];
            let mut by_common = [0u32; MAX_PEGS as usize + 1];
            for &(other, count) in &runs {
                by_common[usize::from(in_common[other])] += count;
            }
            let mut replies: u64 = (0..pegs)
                .map(|k| u64::from(by_common[k].min(k as u32 + 1)))
                .sum();
            let all = by_common[pegs] - u32::from(own);
            replies += u64::from(all.min(pegs as u32 - 1)) + 2 * u64::from(own);
            if replies > slack {
                kept.push(number as u32);
            }
        }
        Some(kept)
    }

    /// The guesses of `guesses` (in the same order) whose floor at `set` may fall short of
    /// `bound`, as far as their colours tell, or `None` where the colours tell nothing.
    pub fn may_fall_short(&self, set: &[Code], guesses: &[Code], bound: u32) -> Option<Vec<Code>> {
        let slack = (3 * set.len() as u64).checked_sub(u64::from(bound))?;
        let kept = self.falling_short(set, slack, true)?;
        let shared = |guess: &&Code| kept.binary_search(&self.multiset[guess.index()]).is_ok();
        Some(guesses.iter().filter(shared).copied().collect())
    }

    /// Every guess other than the codes of `set` whose floor there may fall short of `bound`,
    /// as far as its colours tell, in increasing order, and some of the set's codes with them;
    /// `None` where the colours tell nothing.
    pub fn sharing(&self, set: &[Code], bound: u32) -> Option<Vec<Code>> {
        let slack = (3 * set.len() as u64).checked_sub(u64::from(bound))?;
        let multisets = self.falling_short(set, slack, false)?;
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
    /// colours do drop guesses somewhere, so the test is not empty, some of them for the codes
    /// with fewer than all their colours in common.
    #[test]
    fn the_colours_keep_every_guess_the_floor_keeps() {
        let (mut dropped, mut dropped_for_fewer) = (0, 0);
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
                        // Those that as many replies as `k` colours in common allow for each
                        // `k` below all of them would have kept.
                        let apart = pegs * (pegs + 1) / 2;
                        let multiset = |code: &Code| common.multiset[code.index()];
                        for guess in all.iter().filter(|guess| !set.contains(guess)) {
                            let alike = set.iter().filter(|c| multiset(c) == multiset(guess));
                            let most = apart + alike.count().min(pegs as usize - 1) as u32;
                            if most + bound > n && !sharing.contains(guess) {
                                dropped_for_fewer += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(dropped > 1000, "only {dropped} guesses dropped");
        assert!(
            dropped_for_fewer > 10_000,
            "only {dropped_for_fewer} for fewer in common"
        );
    }

    #[test]
    fn black_pegs_only_have_no_colours_in_common() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap();
        assert!(CommonColours::of(Scorer::new(game).codebook()).is_none());
    }
}
