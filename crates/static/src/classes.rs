//! The codes a set of guesses has not told apart yet: classes of two or more codes that get the
//! same reply to every guess so far. Codes already alone in their class are dropped, so the
//! work of each further guess shrinks as the set grows.

use mastermind_core::{Code, Codebook, Scorer};

/// The classes of two or more codes, stored one after another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    codes: Vec<Code>,
    /// Class `i` is `codes[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Vec<u32>,
}

impl Classes {
    /// Before any guess: every code in one class (none when the game has one code).
    pub fn all(book: &Codebook) -> Classes {
        Classes::of(book.codes().collect())
    }

    /// `codes` as one class (none when there are fewer than two).
    pub fn of(codes: Vec<Code>) -> Classes {
        if codes.len() < 2 {
            return Classes::default();
        }
        Classes {
            ends: vec![codes.len() as u32],
            codes,
        }
    }

    /// Whether every code is told apart.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// How many codes share their replies with another code.
    pub fn ambiguous_codes(&self) -> usize {
        self.codes.len()
    }

    /// Each class, in the order the guesses split them.
    pub fn iter(&self) -> impl Iterator<Item = &[Code]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let class = &self.codes[start..end as usize];
            start = end as usize;
            class
        })
    }

    /// The size of the largest class (0 when every code is told apart): the first.
    pub fn largest(&self) -> usize {
        self.iter().next().map_or(0, <[Code]>::len)
    }

    /// These classes split by the replies to `guess`, written into `into` (whose buffers are
    /// reused). `counts` is scratch space of at least the game's number of reply slots.
    pub fn refine(&self, scorer: &Scorer, guess: Code, into: &mut Classes, counts: &mut [u32]) {
        self.refine_within(scorer, guess, into, counts, usize::MAX);
    }

    /// Like [`Classes::refine`], but gives up (returning `false`, with `into` unusable) as soon
    /// as some class would keep more than `most` codes. Classes are visited largest first, as
    /// they are kept, so a guess that fails usually fails early.
    pub fn refine_within(
        &self,
        scorer: &Scorer,
        guess: Code,
        into: &mut Classes,
        counts: &mut [u32],
        most: usize,
    ) -> bool {
        into.codes.clear();
        into.ends.clear();
        let row = scorer.feedback_row(guess);
        let reply = |code: Code| match row {
            Some(row) => usize::from(row[code.index()]),
            None => scorer.feedback(guess, code).index(),
        };
        for class in self.iter() {
            counts.fill(0);
            for &code in class {
                let count = &mut counts[reply(code)];
                *count += 1;
                if *count as usize > most {
                    return false;
                }
            }
            // Each reply that two or more codes share becomes a class; `counts` turns into
            // the place where each such class starts (or u32::MAX for a reply left out).
            let mut next = into.codes.len() as u32;
            for count in counts.iter_mut() {
                if *count >= 2 {
                    let size = *count;
                    *count = next;
                    next += size;
                    into.ends.push(next);
                } else {
                    *count = u32::MAX;
                }
            }
            into.codes.resize(next as usize, Code(0));
            for &code in class {
                let slot = &mut counts[reply(code)];
                if *slot != u32::MAX {
                    into.codes[*slot as usize] = code;
                    *slot += 1;
                }
            }
        }
        into.largest_first();
        true
    }

    /// Whether `guess` leaves at most `most` codes of the largest class together: a quick test
    /// that most guesses fail where that class is large.
    pub fn largest_splits_within(
        &self,
        scorer: &Scorer,
        guess: Code,
        counts: &mut [u32],
        most: usize,
    ) -> bool {
        let Some(largest) = self.iter().next() else {
            return true;
        };
        counts.fill(0);
        let row = scorer.feedback_row(guess);
        largest.iter().all(|&code| {
            let reply = match row {
                Some(row) => usize::from(row[code.index()]),
                None => scorer.feedback(guess, code).index(),
            };
            let count = &mut counts[reply];
            *count += 1;
            *count as usize <= most
        })
    }

    /// Reorders the classes by decreasing size (stable, so the result does not depend on how
    /// they were found beyond their order).
    fn largest_first(&mut self) {
        let sorted = self
            .iter()
            .zip(self.iter().skip(1))
            .all(|(a, b)| a.len() >= b.len());
        if sorted {
            return;
        }
        let mut order: Vec<(usize, usize)> = Vec::with_capacity(self.ends.len());
        let mut start = 0;
        for &end in &self.ends {
            order.push((start, end as usize));
            start = end as usize;
        }
        order.sort_by_key(|&(start, end)| std::cmp::Reverse(end - start));
        let mut codes = Vec::with_capacity(self.codes.len());
        self.ends.clear();
        for (start, end) in order {
            codes.extend_from_slice(&self.codes[start..end]);
            self.ends.push(codes.len() as u32);
        }
        self.codes = codes;
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    #[test]
    fn refining_keeps_only_codes_still_together() {
        let scorer =
            Scorer::new(Game::new(2, 3, true, mastermind_core::FeedbackKind::BlackWhite).unwrap());
        let book = scorer.codebook();
        let mut counts = vec![0; scorer.game().feedback_slots()];
        let all = Classes::all(book);
        assert_eq!((all.ambiguous_codes(), all.largest()), (9, 9));
        // The seed's example: 13 and 23 (colours 0–2 there, 1–3 here) tell all nine apart.
        let mut after_one = Classes::default();
        all.refine(
            &scorer,
            book.parse("13").unwrap(),
            &mut after_one,
            &mut counts,
        );
        assert!(!after_one.is_empty());
        let mut after_two = Classes::default();
        after_one.refine(
            &scorer,
            book.parse("23").unwrap(),
            &mut after_two,
            &mut counts,
        );
        assert!(after_two.is_empty());
        // The same guess again splits nothing further.
        let mut again = Classes::default();
        after_one.refine(&scorer, book.parse("13").unwrap(), &mut again, &mut counts);
        assert_eq!(again, after_one);
    }
}
