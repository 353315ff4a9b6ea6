//! The transformations the checker may use to skip guesses: a permutation of positions with a
//! permutation of colours that maps every guess of a path onto itself. Such a transformation
//! maps the set the path leads to onto itself (a code's replies to the path's guesses are
//! kept), so a guess and its image cost the same there.
//!
//! With black pegs only and repeated colours allowed, each position may have a colour
//! permutation of its own: a reply counts the positions where guess and code agree, and
//! `σⱼ(a) = σⱼ(b)` exactly when `a = b`, so renaming colours position by position (and moving
//! positions) keeps every reply, and with repetition every image is a code. Other games share
//! one colour permutation among all positions: their replies count colours wherever they
//! stand, and without repetition a code must keep its colours distinct.
//!
//! The checker finds the transformations itself: for each permutation of positions it derives
//! the colour maps that the path's guesses force, keeps it if each is a consistent one-to-one
//! map, and lets the colours no guess of the path uses (at that position, for maps of their
//! own) go anywhere among themselves. It then checks only the least guess of each orbit
//! (comparing colours from the first position on). Games of more than [`MOST_PEGS_PERMUTED`]
//! pegs keep positions in place, a smaller group: fewer guesses are skipped, never a wrong one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use mastermind_core::{
    Code, Codebook, ColourSet, FeedbackKind, MAX_COLOURS as MOST_COLOURS, MAX_PEGS as MOST_PEGS,
};

/// Positions are permuted for games of at most this many pegs (5040 permutations).
pub const MOST_PEGS_PERMUTED: usize = 7;

const UNSET: u8 = u8::MAX;
const MAX_PEGS: usize = MOST_PEGS as usize;
const MAX_COLOURS: usize = MOST_COLOURS as usize;

/// The transformations that fix every guess of a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stabilizer {
    /// For each position permutation kept: where each position goes, and the forced colour
    /// maps, `colours` entries per map (`UNSET` for colours no guess of the path uses where
    /// the map applies).
    maps: Vec<(Vec<u8>, Vec<u8>)>,
    /// Whether each position has a colour map of its own (black pegs only, with repetition)
    /// rather than one shared by all.
    per_position: bool,
    colours: usize,
    /// Per map (per target position when each has its own), the colours no guess of the path
    /// uses there, in increasing order.
    free: Vec<Vec<u8>>,
}

impl Stabilizer {
    /// The transformations fixing every one of `guesses`.
    pub fn of(book: &Codebook, guesses: &[Code]) -> Stabilizer {
        let game = book.game();
        let (pegs, colours) = (game.pegs(), game.colours());
        let per_position = game.feedback_kind() == FeedbackKind::BlackOnly && game.repetition();
        let map_count = if per_position { pegs } else { 1 };
        let slot = |position: usize| if per_position { position } else { 0 };
        let rows: Vec<&[u8]> = guesses.iter().map(|&g| book.colours_of(g)).collect();
        let mut used = vec![false; map_count * colours];
        for row in &rows {
            for (position, &colour) in row.iter().enumerate() {
                used[slot(position) * colours + usize::from(colour)] = true;
            }
        }
        let free = (0..map_count)
            .map(|map| {
                (0..colours as u8)
                    .filter(|&colour| !used[map * colours + usize::from(colour)])
                    .collect()
            })
            .collect();
        let mut maps = Vec::new();
        let mut search = Extend {
            rows: &rows,
            permute: pegs <= MOST_PEGS_PERMUTED,
            per_position,
            colours,
            to: vec![UNSET; pegs],
            taken: vec![false; pegs],
            colour: vec![UNSET; map_count * colours],
            inverse: vec![UNSET; map_count * colours],
        };
        search.extend(0, &mut maps);
        Stabilizer {
            maps,
            per_position,
            colours,
            free,
        }
    }

    /// How many position permutations the group holds (at least the identity).
    pub fn permutations(&self) -> usize {
        self.maps.len()
    }

    /// Whether the code with these colours is the least of its orbit: the one guess of the
    /// orbit that a certificate's checks cover.
    pub fn is_representative(&self, code: &[u8]) -> bool {
        let mut image = [0u8; MAX_PEGS];
        let mut free_at = [false; MAX_PEGS];
        let mut renamed = [UNSET; MAX_COLOURS];
        let image = &mut image[..code.len()];
        for (to, colour) in &self.maps {
            // Every colour a guess of the path uses has a forced image; the others are free.
            for (position, &c) in code.iter().enumerate() {
                let target = usize::from(to[position]);
                let map = if self.per_position { position } else { 0 };
                let mapped = colour[map * self.colours + usize::from(c)];
                free_at[target] = mapped == UNSET;
                image[target] = if mapped == UNSET { c } else { mapped };
            }
            if self.per_position {
                // Each position renames its free colour alone: to the least free there.
                for (target, cell) in image.iter_mut().enumerate() {
                    if free_at[target] {
                        *cell = self.free[target].first().copied().unwrap_or(*cell);
                    }
                }
            } else {
                // The least image names the free colours in order of first appearance.
                renamed.fill(UNSET);
                let mut next_free = self.free[0].iter();
                for (cell, _) in image.iter_mut().zip(&free_at).filter(|(_, &free)| free) {
                    let slot = &mut renamed[usize::from(*cell)];
                    if *slot == UNSET {
                        *slot = *next_free
                            .next()
                            .expect("no more free colours in a code than free");
                    }
                    *cell = *slot;
                }
            }
            // The first position where the two differ decides; equal codes are not less.
            if let Some((&a, &b)) = image.iter().zip(code).find(|(a, b)| a != b) {
                if a < b {
                    return false;
                }
            }
        }
        true
    }

    /// The guesses of `pool` that are the least of their orbits, in `pool`'s order.
    pub fn representatives(&self, book: &Codebook, pool: &[Code]) -> Vec<Code> {
        if self.maps.len() == 1 && self.free.iter().all(|free| free.len() < 2) {
            // The identity alone, with no free colours to rename: every orbit is one code.
            return pool.to_vec();
        }
        pool.iter()
            .copied()
            .filter(|&code| self.is_representative(book.colours_of(code)))
            .collect()
    }
}

/// The symmetries of paths met so far, by the guesses played (their order and replies do not
/// change the group), each with the least code of every orbit among all codes once asked for.
/// Paths whose groups are the same share one [`Known`], and so its lists of guesses: deep in a
/// game most paths leave no transformation but the renaming of colours none of them uses.
#[derive(Debug, Default)]
pub struct Symmetries {
    known: HashMap<Vec<Code>, Arc<Known>>,
    by_group: HashMap<Stabilizer, Arc<Known>>,
}

/// A path's symmetry, and its orbits' least codes among all codes once asked for.
#[derive(Debug)]
pub struct Known {
    /// The transformations fixing the path's guesses.
    pub stabilizer: Stabilizer,
    everywhere: OnceLock<Arc<[Code]>>,
    /// The lists of guesses renamed for sets that lack some colours, by those colours (a bit
    /// each): renaming every guess for each set was a large share of the proving.
    renamed: Mutex<HashMap<ColourSet, Arc<[Code]>>>,
}

/// Renamed lists a [`Known`] keeps before it forgets them all (a few megabytes).
const MOST_RENAMED: usize = 1 << 9;

/// Paths remembered before they are all forgotten.
const MOST_PATHS: usize = 1 << 11;

/// Groups remembered, with their lists, before they are all forgotten. Far fewer groups than
/// paths are met, and forgetting the groups with the paths makes a long proof rename the
/// same guesses over and over (BENCHMARKS.md, "The code's tuning").
const MOST_GROUPS: usize = 1 << 8;

impl Symmetries {
    /// None remembered yet.
    pub fn new() -> Symmetries {
        Symmetries::default()
    }

    /// The symmetry of a path that played `guesses`.
    pub fn of(&mut self, book: &Codebook, guesses: &[Code]) -> Arc<Known> {
        let mut key = guesses.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(known) = self.known.get(&key) {
            return Arc::clone(known);
        }
        if self.known.len() >= MOST_PATHS {
            self.known.clear();
        }
        if self.by_group.len() >= MOST_GROUPS {
            self.by_group.clear();
        }
        let stabilizer = Stabilizer::of(book, &key);
        let known = match self.by_group.get(&stabilizer) {
            Some(known) => Arc::clone(known),
            None => {
                let known = Arc::new(Known {
                    stabilizer: stabilizer.clone(),
                    everywhere: OnceLock::new(),
                    renamed: Mutex::new(HashMap::new()),
                });
                self.by_group.insert(stabilizer, Arc::clone(&known));
                known
            }
        };
        self.known.insert(key, Arc::clone(&known));
        known
    }
}

impl Known {
    /// The least code of each orbit among all codes, in numeric order.
    pub fn everywhere(&self, book: &Codebook) -> &Arc<[Code]> {
        self.everywhere.get_or_init(|| {
            let all: Vec<Code> = book.codes().collect();
            self.stabilizer.representatives(book, &all).into()
        })
    }

    /// The list `rename` makes for sets lacking the colours of `absent` (a bit each), made
    /// once while it is remembered.
    pub(crate) fn renamed(
        &self,
        absent: ColourSet,
        rename: impl FnOnce() -> Vec<Code>,
    ) -> Arc<[Code]> {
        // A poisoned lock only means another thread panicked; the lists it holds are whole.
        let lock = || {
            self.renamed
                .lock()
                .unwrap_or_else(|error| error.into_inner())
        };
        if let Some(list) = lock().get(&absent) {
            return Arc::clone(list);
        }
        let list: Arc<[Code]> = rename().into();
        let mut renamed = lock();
        if renamed.len() >= MOST_RENAMED {
            renamed.clear();
        }
        Arc::clone(renamed.entry(absent).or_insert(list))
    }

    /// The least code of each orbit among `set`'s codes (a set the path leads to, which the
    /// symmetry maps onto itself).
    pub fn among(&self, book: &Codebook, set: &[Code]) -> Vec<Code> {
        self.stabilizer.representatives(book, set)
    }
}

/// The backtracking that finds the position permutations and their forced colour maps.
struct Extend<'r> {
    rows: &'r [&'r [u8]],
    permute: bool,
    per_position: bool,
    colours: usize,
    to: Vec<u8>,
    taken: Vec<bool>,
    /// Per map, `colours` entries: the image of each colour, and the colour each image has.
    colour: Vec<u8>,
    inverse: Vec<u8>,
}

impl Extend<'_> {
    fn extend(&mut self, position: usize, maps: &mut Vec<(Vec<u8>, Vec<u8>)>) {
        let pegs = self.to.len();
        if position == pegs {
            maps.push((self.to.clone(), self.colour.clone()));
            return;
        }
        // The colour map of this position: its own, or the one all share.
        let base = if self.per_position {
            position * self.colours
        } else {
            0
        };
        for target in 0..pegs {
            if self.taken[target] || (!self.permute && target != position) {
                continue;
            }
            // Every guess must keep its colours: colour(row[position]) = row[target].
            let mut set_here = Vec::new();
            let consistent = self.rows.iter().all(|row| {
                let (from, onto) = (base + usize::from(row[position]), row[target]);
                let back = base + usize::from(onto);
                match (self.colour[from], self.inverse[back]) {
                    (UNSET, UNSET) => {
                        self.colour[from] = onto;
                        self.inverse[back] = row[position];
                        set_here.push(from);
                        true
                    }
                    (mapped, _) => mapped == onto && self.inverse[back] == row[position],
                }
            });
            if consistent {
                self.to[position] = target as u8;
                self.taken[target] = true;
                self.extend(position + 1, maps);
                self.taken[target] = false;
            }
            for from in set_here {
                let back = base + usize::from(self.colour[from]);
                self.colour[from] = UNSET;
                self.inverse[back] = UNSET;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game, Scorer};

    use super::*;

    /// Forgetting the paths keeps the groups, and with them the lists made for them: a path
    /// met again after many others finds its group's lists already made.
    #[test]
    fn groups_outlive_the_paths_forgotten() {
        let game = Game::new(4, 6, true, FeedbackKind::BlackWhite).unwrap();
        let scorer = Scorer::new(game);
        let book = scorer.codebook();
        let path = |codes: [&str; 3]| codes.map(|code| book.parse(code).unwrap());
        let mut symmetries = Symmetries::new();
        let first = symmetries.of(book, &path(["1123", "3456", "6152"]));
        first.everywhere(book);
        // Paths of three guesses, more of them than the paths remembered, most of them with no
        // transformation but the identity.
        let others = (0..64u32)
            .flat_map(|a| (600..700u32).map(move |b| [Code(a), Code(b), Code(1200)]))
            .take(MOST_PATHS + 1);
        for other in others {
            symmetries.of(book, &other);
        }
        assert!(symmetries.known.len() <= MOST_PATHS, "paths are forgotten");
        assert!(
            symmetries.by_group.len() < MOST_GROUPS,
            "few groups: {}",
            symmetries.by_group.len()
        );
        let again = symmetries.of(book, &path(["1123", "3456", "6152"]));
        assert!(Arc::ptr_eq(&first, &again), "the group was kept");
        assert!(again.everywhere.get().is_some(), "with its list");
    }
}
