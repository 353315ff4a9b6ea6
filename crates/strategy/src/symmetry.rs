//! Koyama–Lai symmetry reduction, shared by the searches (the strategy builders here and the
//! static search). A transformation permutes the positions and the colours of
//! every code; it keeps replies unchanged, so one that maps every guess played so far to itself
//! maps the candidate set to itself, and guesses in one orbit of those transformations cost the
//! same. Only the least code of each orbit is tried. Colours never played yet are
//! interchangeable, which is what makes the root of 4×6 offer only 1111, 1112, 1122, 1123 and
//! 1234.
//!
//! Black-only replies count matches position by position, so there each position may rename
//! its colours on its own: the group is far larger, every code is the same opening, and a
//! colour stays interchangeable at a position until it has been played there.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use mastermind_core::{Code, Codebook, ColourSet, FeedbackKind, MAX_COLOURS, MAX_PEGS};

/// Games with more pegs than this only use colour symmetry: enumerating every position
/// permutation would cost more than it saves.
const MOST_PEGS_PERMUTED: usize = 7;

/// No colour assigned yet, in a colour map.
const UNMAPPED: u8 = u8::MAX;

/// How a transformation renames colours. Opaque outside this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colouring {
    /// One renaming for every position: replies count colours wherever they stand.
    Shared,
    /// A renaming per position: black-only replies only count matches at each position, and
    /// with repetition allowed every such renaming maps codes to codes.
    PerPosition,
}

impl Colouring {
    fn of(book: &Codebook) -> Colouring {
        let game = book.game();
        if game.feedback_kind() == FeedbackKind::BlackOnly && game.repetition() {
            Colouring::PerPosition
        } else {
            Colouring::Shared
        }
    }

    /// The colour map that position `j` uses.
    fn map(self, j: usize) -> usize {
        match self {
            Colouring::Shared => 0,
            Colouring::PerPosition => j,
        }
    }

    /// How many colour maps a transformation of a `pegs`-peg game has.
    fn maps(self, pegs: usize) -> usize {
        match self {
            Colouring::Shared => 1,
            Colouring::PerPosition => pegs,
        }
    }
}

/// The transformations that fix every guess of the history.
#[derive(Clone, Debug)]
pub enum Symmetry {
    /// Only the identity: every code is its own orbit.
    Trivial,
    /// Some transformations fix the history, as `transforms` and `colouring` list them.
    Group {
        /// One entry per position permutation that some colour renaming completes.
        transforms: Vec<Transform>,
        /// How colours may be renamed along with each position permutation.
        colouring: Colouring,
        /// Per colour map, bit `c` is set when colour `c` has been played where the map
        /// applies (anywhere, for a shared map).
        played: Box<Played>,
        /// The least code of each orbit, in numeric order, found when first needed: every node
        /// below the same guesses shares them, and often none needs them.
        representatives: OnceLock<Arc<Orbits>>,
    },
}

/// Per colour map, the colours played where it applies.
type Played = [ColourSet; MAX_PEGS as usize];

/// A position permutation with the colour maps it forces on the played colours; unplayed
/// colours may be permuted freely among themselves. Opaque outside this module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Position `j` of the image takes the peg at `source[j]`.
    source: [u8; MAX_PEGS as usize],
    /// Per colour map (one, or one per position: only those the colouring uses, as every
    /// node's group copies, hashes and compares them), the image of each played colour.
    colour: Box<[[u8; MAX_COLOURS as usize]]>,
}

impl Symmetry {
    /// Every transformation: nothing has been played yet.
    pub fn full(book: &Codebook) -> Symmetry {
        Symmetry::permuting_up_to(book, MOST_PEGS_PERMUTED)
    }

    /// Every transformation, with position permutations only when the game has at most
    /// `most_pegs` pegs: for searches whose nodes are costlier than enumerating them.
    pub fn permuting_up_to(book: &Codebook, most_pegs: usize) -> Symmetry {
        let pegs = book.game().pegs();
        let mut transforms = Vec::new();
        let identity: Vec<u8> = (0..pegs as u8).collect();
        let colouring = Colouring::of(book);
        let maps = colouring.maps(pegs);
        if pegs <= most_pegs {
            permutations(&mut identity.clone(), 0, &mut |order| {
                transforms.push(Transform::new(order, maps))
            });
        } else {
            transforms.push(Transform::new(&identity, maps));
        }
        let played = [0; MAX_PEGS as usize];
        Symmetry::group(book, transforms, colouring, played)
    }

    /// The transformations that also fix `guess`.
    pub fn after(&self, book: &Codebook, guess: Code) -> Symmetry {
        let Symmetry::Group {
            transforms,
            colouring,
            played,
            ..
        } = self
        else {
            return Symmetry::Trivial;
        };
        let pegs = book.colours_of(guess);
        let transforms = transforms
            .iter()
            .filter_map(|t| t.fixing(pegs, *colouring))
            .collect();
        let mut played = **played;
        for (j, &c) in pegs.iter().enumerate() {
            played[colouring.map(j)] |= 1 << c;
        }
        Symmetry::group(book, transforms, *colouring, played)
    }

    fn group(
        book: &Codebook,
        transforms: Vec<Transform>,
        colouring: Colouring,
        played: Played,
    ) -> Symmetry {
        let colours = book.game().colours();
        let maps = colouring.maps(book.game().pegs());
        let renames_colours = played[..maps]
            .iter()
            .any(|played| colours - played.count_ones() as usize > 1);
        if transforms.len() == 1 && !renames_colours {
            return Symmetry::Trivial;
        }
        Symmetry::Group {
            transforms,
            colouring,
            played: Box::new(played),
            representatives: OnceLock::new(),
        }
    }

    /// The least code of each orbit among `pool`: all codes (`whole`) or a candidate set,
    /// which the transformations map to itself; in numeric order.
    pub fn representatives<'p>(
        &'p self,
        book: &Codebook,
        pool: &'p [Code],
        whole: bool,
        orbits: &OrbitLists,
    ) -> Cow<'p, [Code]> {
        let Some(representatives) = self.orbit_leaders(book, orbits) else {
            return Cow::Borrowed(pool);
        };
        if whole {
            Cow::Borrowed(representatives)
        } else {
            Cow::Owned(
                pool.iter()
                    .copied()
                    .filter(|code| representatives.binary_search(code).is_ok())
                    .collect(),
            )
        }
    }

    /// The least code of each orbit among all codes, in numeric order; `None` for the
    /// trivial group, whose orbits are single codes. Every symmetry of the same group shares
    /// one list, held by `orbits`.
    pub fn orbit_leaders(&self, book: &Codebook, orbits: &OrbitLists) -> Option<&Arc<[Code]>> {
        self.orbits(book, orbits).map(|found| &found.leaders)
    }

    /// The codes of `set` (in numeric order) that are the least of their orbit, in numeric
    /// order: all of them for the trivial group.
    pub fn leaders_among(&self, book: &Codebook, set: &[Code], orbits: &OrbitLists) -> Vec<Code> {
        match self.orbits(book, orbits) {
            None => set.to_vec(),
            Some(found) => set
                .iter()
                .copied()
                .filter(|code| found.leads(*code))
                .collect(),
        }
    }

    /// The group's orbits, found the first time any symmetry of the group asks.
    fn orbits(&self, book: &Codebook, orbits: &OrbitLists) -> Option<&Arc<Orbits>> {
        let Symmetry::Group {
            transforms,
            colouring,
            played,
            representatives,
        } = self
        else {
            return None;
        };
        Some(representatives.get_or_init(|| {
            let group = GroupKey {
                transforms: transforms.clone(),
                colouring: *colouring,
                played: **played,
            };
            orbits.of(group, || {
                let free = FreeColours::new(book, *colouring, played);
                // Neighbouring codes are mostly lowered by the same transformation: trying
                // the last one that lowered a code first rules most codes out at once.
                let mut last = 0;
                let leaders = book
                    .codes()
                    .filter(|&code| {
                        let pegs = book.colours_of(code);
                        if transforms.get(last).is_some_and(|t| t.lowers(pegs, &free)) {
                            return false;
                        }
                        match transforms.iter().position(|t| t.lowers(pegs, &free)) {
                            Some(lowering) => {
                                last = lowering;
                                false
                            }
                            None => true,
                        }
                    })
                    .collect();
                Orbits::new(book, leaders)
            })
        }))
    }
}

/// The least code of each orbit, listed and as bits by code index: a node asks for the
/// candidates among them, and finding each in the list shows in the search's profile.
#[derive(Debug)]
pub struct Orbits {
    leaders: Arc<[Code]>,
    bits: Box<[u64]>,
}

impl Orbits {
    fn new(book: &Codebook, leaders: Vec<Code>) -> Orbits {
        let mut bits = vec![0u64; book.len().div_ceil(64)].into_boxed_slice();
        for code in &leaders {
            bits[code.index() / 64] |= 1 << (code.index() % 64);
        }
        Orbits {
            leaders: leaders.into(),
            bits,
        }
    }

    fn leads(&self, code: Code) -> bool {
        self.bits[code.index() / 64] >> (code.index() % 64) & 1 == 1
    }
}

/// What decides a group's orbits: its transformations and the colours played.
#[derive(PartialEq, Eq, Hash)]
struct GroupKey {
    transforms: Vec<Transform>,
    colouring: Colouring,
    played: Played,
}

/// The least code of each orbit, per group met so far. The same group fixes many different
/// histories (deep in the tree most groups only rename unplayed colours), so a search keeps
/// one of these and finds each group's orbits once.
#[derive(Default)]
pub struct OrbitLists {
    /// Keyed with a fast hash: every new history's group is looked up, and its key holds all
    /// its transformations.
    lists: Mutex<HashMap<GroupKey, Arc<Orbits>, foldhash::fast::RandomState>>,
}

impl OrbitLists {
    /// No list made yet.
    pub fn new() -> OrbitLists {
        OrbitLists::default()
    }

    /// The orbits of `group`, from `find` the first time.
    fn of(&self, group: GroupKey, find: impl FnOnce() -> Orbits) -> Arc<Orbits> {
        let known = self.lock().get(&group).cloned();
        known.unwrap_or_else(|| {
            // Found outside the lock: other threads need not wait. Two finding the same group
            // at once find the same list.
            let found = Arc::new(find());
            self.lock().entry(group).or_insert(found).clone()
        })
    }

    fn lock(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<GroupKey, Arc<Orbits>, foldhash::fast::RandomState>>
    {
        self.lists
            .lock()
            .expect("no thread panics holding the orbit lists")
    }
}

/// The names the least image of a code gives colours not played yet.
enum FreeColours {
    /// The unplayed colours, smallest first: the least image names them in order of first
    /// appearance, one name per colour.
    Shared(Vec<u8>),
    /// Per position, its least unplayed colour: positions rename on their own, so every
    /// unplayed colour at a position may take that name.
    PerPosition([u8; MAX_PEGS as usize]),
}

impl FreeColours {
    fn new(book: &Codebook, colouring: Colouring, played: &Played) -> Self {
        let colours = book.game().colours() as u8;
        let unplayed =
            move |played: ColourSet| (0..colours).filter(move |&c| played & (1 << c) == 0);
        match colouring {
            Colouring::Shared => FreeColours::Shared(unplayed(played[0]).collect()),
            Colouring::PerPosition => {
                let mut least = [UNMAPPED; MAX_PEGS as usize];
                for (least, &played) in least.iter_mut().zip(played) {
                    *least = unplayed(played).next().unwrap_or(UNMAPPED);
                }
                FreeColours::PerPosition(least)
            }
        }
    }
}

impl Transform {
    fn new(source: &[u8], maps: usize) -> Transform {
        let mut t = Transform {
            source: [0; MAX_PEGS as usize],
            colour: vec![[UNMAPPED; MAX_COLOURS as usize]; maps].into_boxed_slice(),
        };
        t.source[..source.len()].copy_from_slice(source);
        t
    }

    /// This transformation extended to fix `pegs` as well, if some extension does: colours new
    /// to the history (where a map applies) must map to colours new to it, one to one.
    fn fixing(&self, pegs: &[u8], colouring: Colouring) -> Option<Transform> {
        // Worked out in place of the maps it changes, and copied only if it fixes `pegs`:
        // most transformations do not, and a copy of each cost an allocation.
        let mut changes = [(0u8, 0u8, 0u8); MAX_PEGS as usize];
        let mut changed = 0;
        let mut taken: [ColourSet; MAX_PEGS as usize] = [0; MAX_PEGS as usize];
        let maps = colouring.maps(pegs.len());
        for (taken, map) in taken[..maps].iter_mut().zip(&self.colour) {
            for &image in map.iter().filter(|&&c| c != UNMAPPED) {
                *taken |= 1 << image;
            }
        }
        for (j, &target) in pegs.iter().enumerate() {
            let m = colouring.map(j);
            let from = pegs[usize::from(self.source[j])];
            let image = changes[..changed]
                .iter()
                .find(|&&(map, colour, _)| usize::from(map) == m && colour == from)
                .map_or(self.colour[m][usize::from(from)], |&(_, _, image)| image);
            match image {
                UNMAPPED if taken[m] & (1 << target) == 0 => {
                    changes[changed] = (m as u8, from, target);
                    changed += 1;
                    taken[m] |= 1 << target;
                }
                image if image == target => {}
                _ => return None,
            }
        }
        let mut next = self.clone();
        for &(map, colour, image) in &changes[..changed] {
            next.colour[usize::from(map)][usize::from(colour)] = image;
        }
        Some(next)
    }

    /// Whether some image of `pegs` under this position permutation, its colour maps and
    /// any renaming of the unplayed colours is a smaller code.
    fn lowers(&self, pegs: &[u8], free: &FreeColours) -> bool {
        // Shared unplayed colours met so far, in order of first appearance.
        let mut met = [UNMAPPED; MAX_PEGS as usize];
        let mut names = 0;
        for (j, &original) in pegs.iter().enumerate() {
            let from = pegs[usize::from(self.source[j])];
            let image = match free {
                FreeColours::Shared(unplayed) => match self.colour[0][usize::from(from)] {
                    UNMAPPED => {
                        let known = met[..names].iter().position(|&c| c == from);
                        let name = known.unwrap_or_else(|| {
                            met[names] = from;
                            names += 1;
                            names - 1
                        });
                        unplayed[name]
                    }
                    image => image,
                },
                FreeColours::PerPosition(least) => match self.colour[j][usize::from(from)] {
                    UNMAPPED => least[j],
                    image => image,
                },
            };
            if image != original {
                return image < original;
            }
        }
        false
    }
}

/// Calls `visit` with every permutation of `items[start..]` (after the fixed prefix).
pub fn permutations<T>(items: &mut [T], start: usize, visit: &mut impl FnMut(&[T])) {
    if start == items.len() {
        visit(items);
        return;
    }
    for i in start..items.len() {
        items.swap(start, i);
        permutations(items, start + 1, visit);
        items.swap(start, i);
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};

    use super::*;

    fn representatives(book: &Codebook, history: &[&str]) -> Vec<String> {
        let symmetry = history
            .iter()
            .fold(Symmetry::full(book), |symmetry, guess| {
                symmetry.after(book, book.parse(guess).unwrap())
            });
        let codes: Vec<Code> = book.codes().collect();
        symmetry
            .representatives(book, &codes, true, &OrbitLists::new())
            .iter()
            .map(|&code| book.format(code))
            .collect()
    }

    #[test]
    fn classic_root_offers_five_openings() {
        let book = Codebook::new(Game::classic());
        assert_eq!(
            representatives(&book, &[]),
            ["1111", "1112", "1122", "1123", "1234"]
        );
    }

    #[test]
    fn bulls_and_cows_root_offers_one_opening() {
        let book = Codebook::new(Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap());
        assert_eq!(representatives(&book, &[]), ["0123"]);
    }

    #[test]
    fn black_only_positions_rename_their_colours_on_their_own() {
        let book = Codebook::new(Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap());
        assert_eq!(representatives(&book, &[]), ["1111"]);
        // After 1111 only which positions hold colour 1 matters, up to their order.
        assert_eq!(
            representatives(&book, &["1111"]),
            ["1111", "1112", "1122", "1222", "2222"]
        );
        // 1122 fixes colour 1 at the first two positions and 2 at the last two: a position
        // holds one of those, or a colour new there; the two pairs may each be swapped.
        let after = representatives(&book, &["1111", "1122"]);
        assert_eq!(after.len(), 3 * 6);
        assert!(after.contains(&"1213".to_owned()) && !after.contains(&"2113".to_owned()));
    }

    #[test]
    fn after_1123_only_the_fixing_transformations_remain() {
        let book = Codebook::new(Game::classic());
        let after = representatives(&book, &["1123"]);
        // Swapping the first two pegs fixes 1123, so 2113 stands for 1213; colours 4, 5 and 6
        // are still interchangeable, so 1145 stands for 1146 and 1156.
        assert!(after.contains(&"1213".to_owned()) && !after.contains(&"2113".to_owned()));
        assert!(after.contains(&"1145".to_owned()) && !after.contains(&"1146".to_owned()));
        assert!(after.len() < 1296 / 4);
    }

    proptest::proptest! {
        /// The codes of a set found to lead their orbit by their bits are those of its codes
        /// in the list of leaders; with nothing to rename, every code leads its own.
        #[test]
        fn leaders_among_a_set_are_the_listed_leaders_in_it(
            guesses in proptest::collection::vec(0u32..1296, 0..=3),
            picks in proptest::collection::btree_set(0u32..1296, 0..200),
        ) {
            let book = Codebook::new(Game::classic());
            let symmetry = guesses
                .iter()
                .fold(Symmetry::full(&book), |symmetry, &guess| symmetry.after(&book, Code(guess)));
            let orbits = OrbitLists::new();
            let set: Vec<Code> = picks.into_iter().map(Code).collect();
            let listed: Vec<Code> = match symmetry.orbit_leaders(&book, &orbits) {
                Some(leaders) => set
                    .iter()
                    .copied()
                    .filter(|code| leaders.binary_search(code).is_ok())
                    .collect(),
                None => set.clone(),
            };
            proptest::prop_assert_eq!(symmetry.leaders_among(&book, &set, &orbits), listed);
        }
    }
}
