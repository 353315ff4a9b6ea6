//! The last guesses of a set, found pair by pair. Every two codes a partial set leaves in one
//! class must be told apart by a guess still to come; for each such pair this keeps, as bits
//! over the whole codebook, the guesses that give both codes the same reply (so cannot tell
//! them apart). A last guess works when its bit is clear in the union over every pair; a last
//! two `first, last` work when `last`'s bit is clear in the union over the pairs `first` leaves
//! together. The union usually covers every code after a few dozen pairs, so most first
//! guesses are dismissed without splitting a single class.
//!
//! The guesses alike for a pair come from [`ReplyPlanes`]: each code's replies to every guess,
//! one bit of the reply number per plane, so two codes are compared 64 guesses at a time.

use mastermind_core::{Code, Scorer};

use crate::Classes;

/// How many unions are made between tests of whether every code is covered.
const UNIONS_PER_TEST: usize = 4;

/// The pairs of one partial set, with the guesses that cannot split each, worked out when a
/// first guess leaves the pair together.
#[derive(Default)]
pub(crate) struct Pairs {
    /// Every two codes of one class, largest class first.
    pairs: Vec<(Code, Code)>,
    /// For each pair worked out, `words` bits set for each guess that gives both codes the
    /// same reply, valid from word `known_from` of the pair on; `slot` says where (in words),
    /// so a partial set with many pairs keeps only those it needs.
    alike: Vec<u64>,
    slot: Vec<u32>,
    known_from: Vec<u32>,
    /// The codebook's size, and the 64-bit words it takes.
    codes: usize,
    words: usize,
    /// Scratch for the union.
    covered: Vec<u64>,
}

impl Pairs {
    /// Starts over with the pairs of `classes`.
    pub(crate) fn reset(&mut self, scorer: &Scorer, classes: &Classes) {
        self.codes = scorer.codebook().len();
        self.words = self.codes.div_ceil(64);
        self.pairs.clear();
        for class in classes.iter() {
            for (i, &a) in class.iter().enumerate() {
                self.pairs.extend(class[i + 1..].iter().map(|&b| (a, b)));
            }
        }
        self.known_from.clear();
        self.known_from.resize(self.pairs.len(), u32::MAX);
        self.slot.clear();
        self.slot.resize(self.pairs.len(), u32::MAX);
        self.alike.clear();
    }

    /// The first of `candidates` that tells every pair apart: the last guess of a set.
    pub(crate) fn last(&mut self, planes: &ReplyPlanes, candidates: &[Code]) -> Option<Code> {
        let mut covered = std::mem::take(&mut self.covered);
        covered.clear();
        covered.resize(self.words, 0);
        for pair in 0..self.pairs.len() {
            for (word, alike) in covered.iter_mut().zip(self.alike(planes, pair, 0)) {
                *word |= alike;
            }
        }
        let last = candidates
            .iter()
            .copied()
            .find(|code| covered[code.index() / 64] & (1 << (code.index() % 64)) == 0);
        self.covered = covered;
        last
    }

    /// The least code after `first` that, with `first`, tells every pair apart. Only the
    /// words from `first`'s on are looked at: the codes before it are not candidates.
    pub(crate) fn last_after(
        &mut self,
        scorer: &Scorer,
        planes: &ReplyPlanes,
        first: Code,
    ) -> Option<Code> {
        let from = first.index() / 64;
        let mut covered = std::mem::take(&mut self.covered);
        covered.clear();
        covered.resize(self.words - from, 0);
        // `first` itself and the codes before it in its word are covered, and so are the bits
        // past the codebook's end.
        covered[0] = u64::MAX >> (63 - first.index() % 64);
        if !self.codes.is_multiple_of(64) {
            *covered.last_mut().expect("a word at least") |= !0 << (self.codes % 64);
        }
        let row = scorer.feedback_row(first);
        let reply = |code: Code| match row {
            Some(row) => usize::from(row[code.index()]),
            None => scorer.feedback(first, code).index(),
        };
        let mut unions = 0;
        for pair in 0..self.pairs.len() {
            let (a, b) = self.pairs[pair];
            if reply(a) != reply(b) {
                continue;
            }
            for (word, alike) in covered.iter_mut().zip(self.alike(planes, pair, from)) {
                *word |= alike;
            }
            unions += 1;
            if unions % UNIONS_PER_TEST == 0 && covered.iter().all(|&word| word == !0) {
                self.covered = covered;
                return None;
            }
        }
        let last = covered.iter().position(|&word| word != !0).map(|word| {
            Code(((from + word) * 64 + (!covered[word]).trailing_zeros() as usize) as u32)
        });
        self.covered = covered;
        last
    }

    /// The guesses that give both codes of pair `pair` the same reply, from word `from` on,
    /// worked out once for each pair (first guesses come in increasing order, so later calls
    /// rarely ask for words before the first call's).
    fn alike(&mut self, planes: &ReplyPlanes, pair: usize, from: usize) -> &[u64] {
        if self.slot[pair] == u32::MAX {
            self.slot[pair] = u32::try_from(self.alike.len()).expect("pairs' bits fit in memory");
            self.alike.resize(self.alike.len() + self.words, 0);
        }
        let start = self.slot[pair] as usize;
        let bits = &mut self.alike[start..start + self.words];
        let known = &mut self.known_from[pair];
        if from < *known as usize {
            let (a, b) = self.pairs[pair];
            planes.alike(a, b, from, &mut bits[from..]);
            *known = from as u32;
        }
        &bits[from..]
    }
}

/// Every code's reply to every guess, as bit planes: plane `k` of a code has bit `g` set when
/// bit `k` of its reply number to guess `g` is.
pub(crate) struct ReplyPlanes {
    /// Per code, per 64-bit word of guesses, `planes` words.
    bits: Vec<u64>,
    planes: usize,
    words: usize,
}

impl ReplyPlanes {
    pub(crate) fn new(scorer: &Scorer) -> ReplyPlanes {
        let book = scorer.codebook();
        let words = book.len().div_ceil(64);
        let highest = scorer.game().feedback_slots() - 1;
        let planes = (usize::BITS - highest.leading_zeros()) as usize;
        let mut bits = vec![0; book.len() * words * planes];
        for code in book.codes() {
            let own = &mut bits[code.index() * words * planes..][..words * planes];
            for guess in book.codes() {
                // Replies are symmetric: a code's row holds every guess's reply to it.
                let reply = match scorer.feedback_row(code) {
                    Some(row) => usize::from(row[guess.index()]),
                    None => scorer.feedback(guess, code).index(),
                };
                for (plane, word) in own[guess.index() / 64 * planes..][..planes]
                    .iter_mut()
                    .enumerate()
                {
                    *word |= u64::from(reply >> plane & 1 == 1) << (guess.index() % 64);
                }
            }
        }
        ReplyPlanes {
            bits,
            planes,
            words,
        }
    }

    /// Writes into `into` (one bit per guess, from word `from` on) the guesses that give `a`
    /// and `b` the same reply.
    fn alike(&self, a: Code, b: Code, from: usize, into: &mut [u64]) {
        let size = self.words * self.planes;
        let of_a = &self.bits[a.index() * size + from * self.planes..][..size - from * self.planes];
        let of_b = &self.bits[b.index() * size + from * self.planes..][..size - from * self.planes];
        for ((word, a), b) in into
            .iter_mut()
            .zip(of_a.chunks_exact(self.planes))
            .zip(of_b.chunks_exact(self.planes))
        {
            *word = !a.iter().zip(b).fold(0, |differ, (a, b)| differ | (a ^ b));
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;

    /// Whether `guesses` give the two codes of every pair within a class different replies,
    /// checked plainly.
    fn splits_every_pair(scorer: &Scorer, classes: &Classes, guesses: &[Code]) -> bool {
        classes.iter().all(|class| {
            class.iter().enumerate().all(|(i, &a)| {
                class[i + 1..].iter().all(|&b| {
                    guesses
                        .iter()
                        .any(|&guess| scorer.feedback(guess, a) != scorer.feedback(guess, b))
                })
            })
        })
    }

    #[test]
    fn the_last_guesses_agree_with_a_plain_check() {
        let (mut found, mut not_found) = (0, 0);
        for game in [
            Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(3, 5, true, FeedbackKind::BlackWhite).unwrap(),
            Game::new(2, 5, true, FeedbackKind::BlackOnly).unwrap(),
        ] {
            let scorer = Scorer::new(game);
            let book = scorer.codebook();
            let codes: Vec<Code> = book.codes().collect();
            let planes = ReplyPlanes::new(&scorer);
            let mut counts = vec![0; game.feedback_slots()];
            let mut pairs = Pairs::default();
            for &opening in codes.iter().step_by(5) {
                // Two guesses before, the second spread over the codebook.
                let second = codes[(opening.index() * 7 + 3) % codes.len()];
                let (mut after_one, mut classes) = (Classes::default(), Classes::default());
                Classes::all(book).refine(&scorer, opening, &mut after_one, &mut counts);
                after_one.refine(&scorer, second, &mut classes, &mut counts);
                pairs.reset(&scorer, &classes);
                let plain_last = codes
                    .iter()
                    .copied()
                    .find(|&last| splits_every_pair(&scorer, &classes, &[last]));
                assert_eq!(
                    pairs.last(&planes, &codes),
                    plain_last,
                    "{}",
                    game.describe()
                );
                for &first in &codes {
                    let plain = codes[first.index() + 1..]
                        .iter()
                        .copied()
                        .find(|&last| splits_every_pair(&scorer, &classes, &[first, last]));
                    assert_eq!(
                        pairs.last_after(&scorer, &planes, first),
                        plain,
                        "{} after {} then {}",
                        game.describe(),
                        book.format(opening),
                        book.format(first)
                    );
                    found += usize::from(plain.is_some());
                    not_found += usize::from(plain.is_none());
                }
            }
        }
        // Both outcomes occur, so the comparison is not one-sided.
        assert!(found > 0 && not_found > 0, "{found} found, {not_found} not");
    }
}
