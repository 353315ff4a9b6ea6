//! Telling Knuth's notation from Irving's when the user does not say: a `*` is Irving's, an
//! `x` form is Knuth's, and otherwise the number of slots in the first full form decides
//! (15 for Knuth, 14 for Irving with 4 pegs). When nothing tells them apart (black-only games
//! have the same slots in both), the text is read as Knuth's.

use mastermind_core::Game;

use super::syntax::{Body, Document, Guessed, Written};
use crate::Notation;

/// The notation `document` is written in, for `game`.
pub(super) fn detect(document: &Document, game: &Game) -> Notation {
    let knuth_slots = slot_count(Notation::Knuth, game);
    let irving_slots = slot_count(Notation::Irving, game);
    let mut star = false;
    let mut pairs = false;
    let mut first_full = None;
    let mut look = |written: &Written| {
        if let Body::Guessed(guessed) = &written.body {
            star |= guessed.star;
            pairs |= guessed.pairs;
            if let Guessed {
                slots: Some(list), ..
            } = guessed
            {
                first_full.get_or_insert(list.written);
            }
        }
    };
    let situations = document
        .root
        .iter()
        .chain(document.definitions.iter().map(|d| &d.situation));
    for written in situations {
        written.each(&mut look);
    }
    match (star, pairs, first_full) {
        (true, _, _) => Notation::Irving,
        (false, true, _) => Notation::Knuth,
        (_, _, Some(slots)) if slots == irving_slots && slots != knuth_slots => Notation::Irving,
        _ => Notation::Knuth,
    }
}

pub(super) fn slot_count(notation: Notation, game: &Game) -> usize {
    notation.slot_groups(game).iter().map(Vec::len).sum()
}
