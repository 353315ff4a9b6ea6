//! The prover's memory of the facts it has written, by the canonical form of their sets
//! ([`canonical`](crate::optimal::table::canonical)): a set that is a renaming of one already proven gets a
//! renamed fact, which the checker confirms by renaming the set and looking up the fact,
//! instead of a proof of its own. Deep in a proof the same sets recur under other names: in
//! 4×7, half of the sets proven were renamings of sets proven before them. Sets of fewer than
//! [`SHARED_FROM`] codes, as in the search, are proven afresh: their proofs are short, and a
//! renamed fact's renaming takes more bytes than it saves (BENCHMARKS.md, "The code's
//! tuning").

use std::collections::HashMap;

use mastermind_certificate::Renaming;
use mastermind_core::{Code, Codebook};

use crate::optimal::search::shared_bounds::SHARED_FROM;
use crate::optimal::table::canonical::canonical_renaming;

/// The best bound written for each canonical form and budget (`None`: no cap), with the
/// renaming that takes the set it was written for to that form.
#[derive(Default)]
pub(in crate::optimal) struct RenamedFacts {
    by_form: HashMap<(Option<u8>, Vec<Code>), (u32, Renaming)>,
}

/// A set's canonical form and budget, as [`RenamedFacts`] files them, and the renaming that
/// takes the set there.
pub(in crate::optimal) struct Filed {
    key: (Option<u8>, Vec<Code>),
    to_form: Renaming,
}

impl RenamedFacts {
    /// Where `set`, with `budget` left, is filed; `None` if it has no canonical form.
    pub(in crate::optimal) fn file(
        book: &Codebook,
        set: &[Code],
        budget: Option<u8>,
    ) -> Option<Filed> {
        if set.len() < SHARED_FROM {
            return None;
        }
        canonical_renaming(book, set).map(|(form, to_form)| Filed {
            key: (budget, form),
            to_form,
        })
    }

    /// A fact written about a renaming of the filed set with its budget, if one proves at
    /// least `bound`: its bound, and the renaming that takes the filed set to that fact's.
    pub(in crate::optimal) fn proving(&self, filed: &Filed, bound: u32) -> Option<(u32, Renaming)> {
        let (proven, other_to_form) = self.by_form.get(&filed.key)?;
        (*proven >= bound).then(|| (*proven, then(&filed.to_form, &inverse(other_to_form))))
    }

    /// Remembers that the filed set was proven to need at least `bound`.
    pub(in crate::optimal) fn record(&mut self, filed: Filed, bound: u32) {
        let entry = self
            .by_form
            .entry(filed.key)
            .or_insert((bound, filed.to_form.clone()));
        if bound > entry.0 {
            *entry = (bound, filed.to_form);
        }
    }
}

/// The renaming that undoes `renaming`.
fn inverse(renaming: &Renaming) -> Renaming {
    let undo = |items: &[u8]| {
        let mut undone = vec![0u8; items.len()];
        for (from, &to) in items.iter().enumerate() {
            undone[usize::from(to)] = from as u8;
        }
        undone
    };
    Renaming {
        pegs: undo(&renaming.pegs),
        colours: undo(&renaming.colours),
    }
}

/// `first`, then `second`: peg `j` comes from the peg `first` took peg `second.pegs[j]`'s
/// colour from, and each colour is renamed by `first` and then by `second`.
fn then(first: &Renaming, second: &Renaming) -> Renaming {
    Renaming {
        pegs: second
            .pegs
            .iter()
            .map(|&peg| first.pegs[usize::from(peg)])
            .collect(),
        colours: first
            .colours
            .iter()
            .map(|&colour| second.colours[usize::from(colour)])
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;

    /// Two renamings of one set file under one form, and the renaming handed out takes the
    /// second set onto the first, which is what the checker looks up.
    #[test]
    fn the_renaming_handed_out_takes_the_set_to_the_one_proven() {
        let scorer = Scorer::new(Game::new(4, 6, true, FeedbackKind::BlackWhite).unwrap());
        let book = scorer.codebook();
        // The first class of 1123 that has a canonical form and is large enough to be filed.
        let guess = book.parse("1123").unwrap();
        let proven = book
            .codes()
            .map(|secret| -> Vec<Code> {
                let reply = scorer.feedback(guess, secret);
                book.codes()
                    .filter(|&code| scorer.feedback(guess, code) == reply)
                    .collect()
            })
            .find(|class| RenamedFacts::file(book, class, None).is_some())
            .expect("a class with a canonical form");
        let renamed = Renaming {
            pegs: vec![0, 3, 2, 1],
            colours: vec![3, 0, 2, 1, 4, 5],
        }
        .image(book, &proven);
        assert_ne!(renamed, proven);
        let mut facts = RenamedFacts::default();
        facts.record(RenamedFacts::file(book, &proven, None).unwrap(), 40);
        let filed = RenamedFacts::file(book, &renamed, None).unwrap();
        assert_eq!(
            facts.proving(&filed, 41),
            None,
            "a bound above the one proven"
        );
        let (bound, renaming) = facts.proving(&filed, 40).unwrap();
        assert_eq!(bound, 40);
        assert_eq!(renaming.misfit(book), None);
        assert_eq!(renaming.image(book, &renamed), proven);
        let capped = RenamedFacts::file(book, &renamed, Some(5)).unwrap();
        assert_eq!(facts.proving(&capped, 1), None, "another budget");
    }
}
