//! Certificates of optimality, and the checker that replays them.
//!
//! A certificate is a list of *facts*. Each names a candidate set by the path of guesses and
//! replies that leads to it from the start of the game, a budget (how many guesses may still be
//! played there, or no cap), and a lower bound: every strategy for that set within that budget
//! needs at least that many guesses in all, summed over its codes (or no strategy fits the
//! budget at all). The last facts are about the whole game; a tree whose total equals such a
//! bound is optimal.
//!
//! This crate is written to be reviewed alone. It shares nothing with the search but the
//! rules of the game ([`mastermind_core`]'s codes and scoring), and it trusts no number it can
//! compute. It checks each fact, in file order, by one rule:
//!
//! 1. It rebuilds the set from the path, scoring every code against each guess of the path.
//! 2. It takes every guess that may be played there: every code of the game, or only the set's
//!    own codes when the certificate is for consistent-only play. It checks one guess per orbit
//!    of the transformations (a permutation of positions with a permutation of colours, or,
//!    with black pegs only and repetition, a permutation of colours per position) that map
//!    every guess of the path onto itself; it finds those transformations itself
//!    ([`Stabilizer`]). Such a transformation maps the set onto itself and keeps every reply, so
//!    guesses in one orbit cost the same. Colours that no code of the set has are renamed in
//!    each guess checked, since they score nothing against the set ([`to_check`]).
//! 3. For each guess it splits the set by reply. Each class other than the all-black one
//!    costs at least the larger of two lower bounds, with one guess fewer in the budget:
//!    [`size_bound`] (the best any tree could do, given that no guess splits a set into more
//!    than [`fan_out`] classes besides all-black), and the best bound of an *earlier* fact
//!    about exactly that set with at least that budget ([`FactTable`]).
//! 4. The guess then costs at least the set's size plus those class bounds. Where that falls
//!    short of the fact's bound, each class may be *settled in one step* ([`Settler`]): it
//!    costs at least the least, over the guesses that would be checked there, of its size plus
//!    the size bounds of that guess's classes, which the checker works out itself. The fact
//!    holds if every guess costs at least its bound.
//!
//! So a certificate states no fact that one step of the rule with size bounds alone proves:
//! the checker finds those itself where a class needs them (the prover calls the same
//! [`Settler`], so that it knows what the checker will). Version 4 of the file layout is the
//! first whose certificates rely on it.
//!
//! A *renamed* fact rests on one earlier fact instead: it gives a renaming of pegs and colours
//! ([`Renaming`], which the checker requires to be a permutation of each), the checker
//! renames every code of the set, and the fact holds if an earlier fact about exactly that
//! image, with at least the budget, proves at least its bound. A renaming keeps every reply,
//! so a strategy for the set is one for its image, guess for guess, at the same cost.
//!
//! Two shortcuts, also computed from the rules. A guess with `d` distinct replies from the `n`
//! codes, one of them all black when it is one of the codes, costs at least
//! `3n − d − [one of the codes]` by the size bound (a class of `c` codes costs at least
//! `2c − 1`), so it is ruled out without a split when that reaches the fact's bound; the
//! replies that occur are marked for many guesses at once (`floor`). And a guess that is
//! not one of the set's codes puts all of them in at most [`fan_out`] classes, so it costs at
//! least the set's size plus [`spread_bound`]. When that reaches the fact's bound, only the
//! set's own codes are checked as guesses.
//!
//! Facts are checked on every thread, a batch at a time: the batch's sets are rebuilt and
//! recorded in file order first, and each fact then sees only the facts recorded before it
//! ([`FactTable::get_before`]). The first fact in file order that fails is the one reported,
//! so the outcome is the same on any number of threads. A *forget* record (see the file
//! layout) ends a batch and drops the facts about sets deeper than it says: a merged
//! certificate forgets each piece's inner facts after the piece, so checking it takes the
//! memory of its largest piece. Forgetting plays no part in soundness: every fact was checked
//! when it was recorded, and a dropped fact that a later one needed only makes that one fail.
//!
//! Soundness is induction on file order: a strategy's first guess is one of the guesses
//! checked (or maps onto one), and each of its sub-strategies costs at least the class bound,
//! by an earlier fact, the size bound, or one step (a sub-strategy starts with some guess, whose
//! classes cost at least their size bounds). A fact can never cite itself or a later one.
//!
//! A file ends with the number of facts and a SHA-256 digest of everything before it, so a
//! truncated or damaged file is refused before any conclusion is drawn; the digest guards
//! against accidents only, since soundness comes from the checks.

#![warn(missing_docs)]

mod check;
mod classes;
mod common_colours;
mod counting;
mod error;
mod floor;
mod format;
mod guesses;
mod reference;
mod renaming;
mod rules;
mod settle;
mod symmetry;
mod table;
mod verdict;

pub use check::{
    check, check_for, check_given, check_partial, check_with, PathSets, Proven, CHECKED_TABLE_PAIRS,
};
pub use classes::{size_bounds, Classes, Held};
pub use common_colours::CommonColours;
pub use error::CertificateError;
pub use floor::short_of_floor;
pub use format::{
    packed, read_facts, Bound, CertificateWriter, Fact, FactReader, Header, Step, FORMAT_VERSION,
    MAGIC,
};
pub use guesses::{other_guesses, to_check};
pub use reference::{check_reference, check_reference_for, ReferenceProven};
pub use renaming::Renaming;
pub use rules::{fan_out, size_bound, spread_bound};
pub use settle::Settler;
pub use symmetry::{Known, Stabilizer, Symmetries};
pub use table::{FactTable, Key, KeyHasher, SetKeys};
pub use verdict::{verdict, Bounds, Claim, Measure, Optimality, Play};
