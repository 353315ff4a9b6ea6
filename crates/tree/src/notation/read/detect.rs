//! Telling Knuth's notation from Irving's when the user does not say: a `*` is Irving's, an
//! `x` form is Knuth's, and otherwise the number of slots of the full forms decides (15 for
//! Knuth, 14 for Irving with 4 pegs), by majority so that one damaged form does not decide.
//! When nothing tells them apart (black-only games have the same slots in both), the text is
//! read as Knuth's.

use mastermind_core::Game;

use super::syntax::{Body, Document, Guessed, Written};
use crate::Notation;

/// The notation `document` is written in, for `game`.
pub(super) fn detect(document: &Document, game: &Game) -> Notation {
    let knuth_slots = slot_count(Notation::Knuth, game);
    let irving_slots = slot_count(Notation::Irving, game);
    let mut star = false;
    let mut pairs = false;
    // Full forms with Knuth's number of slots, less those with Irving's.
    let mut knuth_lead = 0i64;
    let mut look = |written: &Written| {
        if let Body::Guessed(guessed) = &written.body {
            star |= guessed.star;
            pairs |= guessed.pairs;
            if let Guessed {
                slots: Some(list), ..
            } = guessed
            {
                knuth_lead += i64::from(list.written == knuth_slots);
                knuth_lead -= i64::from(list.written == irving_slots);
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
    match (star, pairs) {
        (true, _) => Notation::Irving,
        (false, true) => Notation::Knuth,
        _ if knuth_lead < 0 => Notation::Irving,
        _ => Notation::Knuth,
    }
}

pub(super) fn slot_count(notation: Notation, game: &Game) -> usize {
    notation.slot_groups(game).iter().map(Vec::len).sum()
}
