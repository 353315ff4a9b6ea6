//! Scoring without a table, fast: each code packed into two words, its colours one per nibble
//! (black pegs are the zero nibbles of an XOR) and its colour counts one per nibble (the total
//! of hits is a nibble-wise minimum, summed by one multiplication). Games too large for the
//! feedback table, such as 5×8, score every reply this way. Games of at most 8 colours pack
//! into 32-bit words, so that a vector unit scores twice as many codes at once, and its
//! multiplications are native ones (AVX2 has no 64-bit multiply).

use std::ops::{BitAnd, BitOr, BitXor, Not, Shr};

/// Every code of a game packed for scoring, when the game fits: at most 7 pegs (so a colour
/// count leaves a nibble's high bit free) and at most 16 colours (one nibble each).
#[derive(Clone, Debug)]
pub(crate) struct PackedCodes {
    pegs: u32,
    words: Words,
}

/// The codes' two words each, as narrow as the game allows.
#[derive(Clone, Debug)]
enum Words {
    /// At most 8 colours.
    Narrow(Columns<u32>),
    /// At most 16 colours.
    Wide(Columns<u64>),
}

/// Colour of peg `i` in nibble `i`, and count of colour `c` in nibble `c`, one code per row.
#[derive(Clone, Debug)]
struct Columns<W> {
    colours: Vec<W>,
    counts: Vec<W>,
}

impl<W: Word> Columns<W> {
    fn pack(pegs: usize, digits: &[u8]) -> Columns<W> {
        let (colours, counts) = digits
            .chunks_exact(pegs)
            .map(|code| {
                code.iter()
                    .enumerate()
                    .fold((0u64, 0u64), |(by_peg, by_colour), (peg, &colour)| {
                        (
                            by_peg | u64::from(colour) << (4 * peg),
                            by_colour + (1 << (4 * u32::from(colour))),
                        )
                    })
            })
            .map(|(by_peg, by_colour)| (W::from_u64(by_peg), W::from_u64(by_colour)))
            .unzip();
        Columns { colours, counts }
    }

    fn select(&self, indices: impl Iterator<Item = usize>) -> Columns<W> {
        let (colours, counts) = indices
            .map(|index| (self.colours[index], self.counts[index]))
            .unzip();
        Columns { colours, counts }
    }

    fn code(&self, index: usize) -> (W, W) {
        (self.colours[index], self.counts[index])
    }
}

impl PackedCodes {
    /// Packs the codes given as `pegs` colours each, if the game fits.
    pub(crate) fn new(pegs: usize, colours: usize, digits: &[u8]) -> Option<PackedCodes> {
        let words = match (pegs, colours) {
            (8.., _) | (_, 17..) => return None,
            (_, ..=8) => Words::Narrow(Columns::pack(pegs, digits)),
            (_, 9..=16) => Words::Wide(Columns::pack(pegs, digits)),
        };
        Some(PackedCodes {
            pegs: pegs as u32,
            words,
        })
    }

    /// Black pegs and total hits (black + white) between codes `a` and `b`.
    #[inline]
    pub(crate) fn hits(&self, a: usize, b: usize) -> (usize, usize) {
        let (black, total) = match &self.words {
            Words::Narrow(codes) => hits(self.pegs, codes.code(a), codes.code(b)),
            Words::Wide(codes) => hits(self.pegs, codes.code(a), codes.code(b)),
        };
        (black as usize, total as usize)
    }

    /// Codes `indices` of this set, in that order, packed alike: a node's candidates side by
    /// side, so scoring a guess against them reads memory in order.
    pub(crate) fn select(&self, indices: impl Iterator<Item = usize>) -> PackedCodes {
        let words = match &self.words {
            Words::Narrow(codes) => Words::Narrow(codes.select(indices)),
            Words::Wide(codes) => Words::Wide(codes.select(indices)),
        };
        PackedCodes {
            pegs: self.pegs,
            words,
        }
    }

    /// Fills `out` with the reply index of code `guess` of `guesses` against every code of this
    /// set, one per cell, for replies numbered `black * (pegs + 1) + white`, whites counted only
    /// if `whites`.
    pub(crate) fn replies_to(
        &self,
        guesses: &PackedCodes,
        guess: usize,
        whites: bool,
        out: &mut [u8],
    ) {
        self.replies_from(guesses, guess, whites, 0, out);
    }

    /// [`PackedCodes::replies_to`] for this set's codes from `start` on, as many as `out` holds.
    pub(crate) fn replies_from(
        &self,
        guesses: &PackedCodes,
        guess: usize,
        whites: bool,
        start: usize,
        out: &mut [u8],
    ) {
        match (&self.words, &guesses.words) {
            (Words::Narrow(codes), Words::Narrow(guesses)) => {
                row(self.pegs, guesses.code(guess), codes, start, whites, out)
            }
            (Words::Wide(codes), Words::Wide(guesses)) => {
                row(self.pegs, guesses.code(guess), codes, start, whites, out)
            }
            _ => unreachable!("a set and its guesses are packed from one game"),
        }
    }

    /// The size of the largest class of this set's codes under code `guess` of `guesses`, or
    /// `None` as soon as some class grows past `bound`; then `counts` holds the class sizes, by
    /// reply index as for [`PackedCodes::replies_to`].
    pub(crate) fn largest_class_within(
        &self,
        guesses: &PackedCodes,
        guess: usize,
        whites: bool,
        counts: &mut [u32],
        bound: u32,
    ) -> Option<u32> {
        match (&self.words, &guesses.words) {
            (Words::Narrow(codes), Words::Narrow(guesses)) => {
                largest(self.pegs, guesses.code(guess), codes, whites, counts, bound)
            }
            (Words::Wide(codes), Words::Wide(guesses)) => {
                largest(self.pegs, guesses.code(guess), codes, whites, counts, bound)
            }
            _ => unreachable!("a set and its guesses are packed from one game"),
        }
    }

    /// Of the guesses `batch` of `guesses` (1 to [`SCREEN_LANES`] of them), those whose largest
    /// class of this set's codes is at most `bound` (1 to [`SCREEN_BOUND`]), as a mask: bit
    /// `i` for `batch[i]`.
    pub(crate) fn screen(
        &self,
        guesses: &PackedCodes,
        batch: &[usize],
        whites: bool,
        bound: u32,
    ) -> u32 {
        let every = (1 << batch.len()) - 1;
        every
            & match (&self.words, &guesses.words) {
                (Words::Narrow(codes), Words::Narrow(guesses)) => {
                    screen(self.pegs, lanes(guesses, batch), codes, whites, bound)
                }
                (Words::Wide(codes), Words::Wide(guesses)) => {
                    screen(self.pegs, lanes(guesses, batch), codes, whites, bound)
                }
                _ => unreachable!("a set and its guesses are packed from one game"),
            }
    }
}

/// The largest bound [`PackedCodes::screen`] takes: counts up to it fit four bits, and larger
/// bounds (five bits) or smaller ones are slower (BENCHMARKS.md, "The code's tuning").
pub(crate) const SCREEN_BOUND: u32 = 15;

/// How many codes a screen scores between its looks at whether every guess is out: a screen
/// mostly ends within its first few codes (BENCHMARKS.md, "The code's tuning").
const SCREEN_CHUNK: usize = 4;

/// How many guesses [`PackedCodes::screen`] weighs side by side: a vector register of 32-bit
/// words.
pub(crate) const SCREEN_LANES: usize = 8;

/// The words of the guesses `batch` of `guesses`, one per lane, the last repeated to fill them.
fn lanes<W: Word>(guesses: &Columns<W>, batch: &[usize]) -> [(W, W); SCREEN_LANES] {
    let last = *batch.last().expect("a batch has a guess");
    std::array::from_fn(|lane| guesses.code(*batch.get(lane).unwrap_or(&last)))
}

crate::vector_versions! {
    /// [`PackedCodes::screen`] in the version for the vector unit found at run time.
    fn screen[W: Word](pegs: u32,
    batch: [(W, W); SCREEN_LANES],
    codes: &Columns<W>,
    whites: bool,
    bound: u32) -> u32
        = screen_plain, "x86_64+avx512f+avx512vl+avx512dq+avx512bw", "x86_64+avx2";
}

#[inline(always)]
fn screen_plain<W: Word>(
    pegs: u32,
    batch: [(W, W); SCREEN_LANES],
    codes: &Columns<W>,
    whites: bool,
    bound: u32,
) -> u32 {
    // Replies numbered up to pegs × (pegs + 1) are bits of a 32-bit word up to 5 pegs, of a
    // 64-bit one beyond.
    match pegs {
        ..=5 => screen_counting_in::<W, u32>(pegs, batch, codes, whites, bound),
        _ => screen_counting_in::<W, u64>(pegs, batch, codes, whites, bound),
    }
}

/// [`screen`] with each reply a bit of a word `B`.
#[inline(always)]
fn screen_counting_in<W: Word, B: Word>(
    pegs: u32,
    batch: [(W, W); SCREEN_LANES],
    codes: &Columns<W>,
    whites: bool,
    bound: u32,
) -> u32 {
    match bound {
        1 => screen_within::<W, B, 1, 1>(pegs, batch, codes, whites),
        2 => screen_within::<W, B, 2, 2>(pegs, batch, codes, whites),
        3 => screen_within::<W, B, 3, 2>(pegs, batch, codes, whites),
        4 => screen_within::<W, B, 4, 3>(pegs, batch, codes, whites),
        5 => screen_within::<W, B, 5, 3>(pegs, batch, codes, whites),
        6 => screen_within::<W, B, 6, 3>(pegs, batch, codes, whites),
        7 => screen_within::<W, B, 7, 3>(pegs, batch, codes, whites),
        8 => screen_within::<W, B, 8, 4>(pegs, batch, codes, whites),
        9 => screen_within::<W, B, 9, 4>(pegs, batch, codes, whites),
        10 => screen_within::<W, B, 10, 4>(pegs, batch, codes, whites),
        11 => screen_within::<W, B, 11, 4>(pegs, batch, codes, whites),
        12 => screen_within::<W, B, 12, 4>(pegs, batch, codes, whites),
        13 => screen_within::<W, B, 13, 4>(pegs, batch, codes, whites),
        14 => screen_within::<W, B, 14, 4>(pegs, batch, codes, whites),
        15 => screen_within::<W, B, 15, 4>(pegs, batch, codes, whites),
        _ => unreachable!("screens take bounds of 1 to {SCREEN_BOUND}"),
    }
}

/// [`screen`] for one bound: each lane counts its replies in `PLACES` bits per reply (bit `i`
/// of every reply's count in register `i`), so that eight guesses score and count side by side
/// without a table or a wait on memory, and a lane remembers once any class passed `BOUND`
/// (its counts may wrap after that; they no longer matter).
#[inline(always)]
fn screen_within<W: Word, B: Word, const BOUND: u32, const PLACES: usize>(
    pegs: u32,
    batch: [(W, W); SCREEN_LANES],
    codes: &Columns<W>,
    whites: bool,
) -> u32 {
    let stride = pegs + 1;
    let whites = u32::from(whites);
    let mut counts = [[B::ZERO; PLACES]; SCREEN_LANES];
    let mut over = [B::ZERO; SCREEN_LANES];
    for (colours, colour_counts) in codes
        .colours
        .chunks(SCREEN_CHUNK)
        .zip(codes.counts.chunks(SCREEN_CHUNK))
    {
        for code in colours.iter().copied().zip(colour_counts.iter().copied()) {
            for lane in 0..SCREEN_LANES {
                let (black, total) = hits(pegs, batch[lane], code);
                let mut carry = B::bit(black * stride + whites * (total - black));
                // The replies counted `BOUND` times already (`count ≥ BOUND` bit by bit, from
                // the low place up): one more passes the bound.
                let mut full = !B::ZERO;
                for (place, &bits) in counts[lane].iter().enumerate() {
                    full = match BOUND >> place & 1 {
                        1 => full & bits,
                        _ => full | bits,
                    };
                }
                over[lane] = over[lane] | full & carry;
                for bits in &mut counts[lane] {
                    *bits = *bits ^ carry;
                    carry = carry & !*bits;
                }
            }
        }
        if over.iter().all(|&over| over != B::ZERO) {
            return 0;
        }
    }
    (0..SCREEN_LANES).fold(0, |kept, lane| {
        kept | u32::from(over[lane] == B::ZERO) << lane
    })
}

/// How many replies are scored at a time before they are counted: few enough that a guess
/// the bound rules out early is not scored to the end, and enough that the look at the
/// counts after each chunk costs little (BENCHMARKS.md, "The code's tuning").
const CHUNK: usize = 64;

crate::vector_versions! {
    /// [`PackedCodes::largest_class_within`]: scoring and counting in one function, so that the
    /// vector unit's version is picked once per guess rather than once per chunk.
    fn largest[W: Word](pegs: u32,
    guess: (W, W),
    codes: &Columns<W>,
    whites: bool,
    counts: &mut [u32],
    bound: u32) -> Option<u32>
        = largest_plain, "x86_64+avx512f+avx512vl+avx512dq+avx512bw", "x86_64+avx2";
}

#[inline(always)]
fn largest_plain<W: Word>(
    pegs: u32,
    guess: (W, W),
    codes: &Columns<W>,
    whites: bool,
    counts: &mut [u32],
    bound: u32,
) -> Option<u32> {
    let mut replies = [0u8; CHUNK];
    // Counted in a table of the most replies any game that packs has (8 × 8), so that it is
    // cleared in registers and read without bounds checks.
    let mut table = [0u32; 64];
    for (colours, colour_counts) in codes.colours.chunks(CHUNK).zip(codes.counts.chunks(CHUNK)) {
        let replies = &mut replies[..colours.len()];
        fill_row(pegs, guess, colours, colour_counts, whites, replies);
        for &reply in replies.iter() {
            table[usize::from(reply) & 63] += 1;
        }
        // Looked at once a chunk, in a few vector compares, rather than at every code.
        if table.iter().any(|&count| count > bound) {
            return None;
        }
    }
    counts.copy_from_slice(&table[..counts.len()]);
    table.iter().max().copied()
}

/// The word arithmetic [`hits`] needs, for 32- and 64-bit words of nibbles, and that
/// [`screen`] needs for words of bits.
trait Word:
    Copy
    + PartialEq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shr<u32, Output = Self>
{
    /// High bit of every nibble.
    const NIBBLE_HIGH: Self;
    /// Low three bits of every nibble.
    const NIBBLE_LOW: Self;
    /// One in every nibble: multiplying by it sums the nibbles into the top one.
    const NIBBLE_ONES: Self;
    /// Where the top nibble starts.
    const TOP: u32;
    const ZERO: Self;
    /// Bit `index` alone.
    fn bit(index: u32) -> Self;
    fn from_u64(word: u64) -> Self;
    fn to_u64(self) -> u64;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    fn wrapping_mul(self, other: Self) -> Self;
}

macro_rules! word {
    ($word:ty, $nibble:expr) => {
        impl Word for $word {
            const NIBBLE_HIGH: $word = $nibble * 8;
            const NIBBLE_LOW: $word = $nibble * 7;
            const NIBBLE_ONES: $word = $nibble;
            const TOP: u32 = <$word>::BITS - 4;
            const ZERO: $word = 0;
            fn bit(index: u32) -> $word {
                1 << (index % <$word>::BITS)
            }
            fn from_u64(word: u64) -> $word {
                <$word>::try_from(word).expect("the game's codes fit the word")
            }
            fn to_u64(self) -> u64 {
                u64::from(self)
            }
            fn wrapping_add(self, other: $word) -> $word {
                <$word>::wrapping_add(self, other)
            }
            fn wrapping_sub(self, other: $word) -> $word {
                <$word>::wrapping_sub(self, other)
            }
            fn wrapping_mul(self, other: $word) -> $word {
                <$word>::wrapping_mul(self, other)
            }
        }
    };
}

word!(u32, 0x1111_1111);
word!(u64, 0x1111_1111_1111_1111);

/// Black pegs and total hits between two codes given as (colours, counts) words.
#[inline(always)]
fn hits<W: Word>(pegs: u32, (colours_a, x): (W, W), (colours_b, y): (W, W)) -> (u32, u32) {
    let differ = colours_a ^ colours_b;
    // A nibble is nonzero exactly when adding 7 to its low bits or its own high bit sets it.
    let nonzero = (differ & W::NIBBLE_LOW).wrapping_add(W::NIBBLE_LOW) | differ;
    // One bit per differing nibble, summed into the top nibble by one multiplication (at most
    // 7, so no nibble carries): cheaper than a bit count on processors without one.
    let differing = ((nonzero & W::NIBBLE_HIGH) >> 3).wrapping_mul(W::NIBBLE_ONES) >> W::TOP;
    let black = pegs - differing.to_u64() as u32;
    // Nibbles hold at most 7, so (x | 8) − y never borrows across nibbles, and its high bit
    // says x ≥ y.
    let x_at_least_y = ((x | W::NIBBLE_HIGH).wrapping_sub(y) & W::NIBBLE_HIGH) >> 3;
    let take_y = x_at_least_y.wrapping_mul(W::from_u64(0xF));
    let smaller = (y & take_y) | (x & !take_y);
    let total = smaller.wrapping_mul(W::NIBBLE_ONES) >> W::TOP;
    (black, total.to_u64() as u32)
}

crate::vector_versions! {
    /// [`PackedCodes::replies_from`] in the version for the vector unit found at run time.
    fn row[W: Word](pegs: u32,
    guess: (W, W),
    codes: &Columns<W>,
    start: usize,
    whites: bool,
    row: &mut [u8])
        = row_plain, "x86_64+avx512f+avx512vl+avx512dq+avx512bw", "x86_64+avx2";
}

#[inline(always)]
fn row_plain<W: Word>(
    pegs: u32,
    guess: (W, W),
    codes: &Columns<W>,
    start: usize,
    whites: bool,
    row: &mut [u8],
) {
    let end = start + row.len();
    let (colours, counts) = (&codes.colours[start..end], &codes.counts[start..end]);
    fill_row(pegs, guess, colours, counts, whites, row);
}

/// The replies of `guess` against codes given as columns: plain word arithmetic over every
/// code, which the compiler widens to whatever vector unit it compiles for.
#[inline(always)]
fn fill_row<W: Word>(
    pegs: u32,
    guess: (W, W),
    colours: &[W],
    counts: &[W],
    whites: bool,
    row: &mut [u8],
) {
    let stride = pegs + 1;
    let whites = u32::from(whites);
    for ((cell, &colours), &counts) in row.iter_mut().zip(colours).zip(counts) {
        let (black, total) = hits(pegs, guess, (colours, counts));
        *cell = (black * stride + whites * (total - black)) as u8;
    }
}

#[cfg(test)]
mod tests {
    //! The packed scoring against the rules counted plainly, for every version of
    //! [`row`], [`largest`] and [`screen`] this CPU runs (`cargo xtask kernels` runs it again on emulated CPUs).

    use proptest::prelude::*;

    use super::PackedCodes;

    /// Black pegs and total hits between two codes, counted peg by peg and colour by colour.
    fn plain_hits(a: &[u8], b: &[u8]) -> (usize, usize) {
        let black = a.iter().zip(b).filter(|(x, y)| x == y).count();
        let total = (0..16u8)
            .map(|colour| {
                let in_a = a.iter().filter(|&&c| c == colour).count();
                let in_b = b.iter().filter(|&&c| c == colour).count();
                in_a.min(in_b)
            })
            .sum();
        (black, total)
    }

    /// A game that packs (at most 7 pegs, 16 colours) and some of its codes.
    fn codes() -> impl Strategy<Value = (usize, usize, Vec<Vec<u8>>)> {
        (1usize..=7, 1u8..=16).prop_flat_map(|(pegs, colours)| {
            let code = prop::collection::vec(0..colours, pegs);
            (
                Just(pegs),
                Just(usize::from(colours)),
                prop::collection::vec(code, 1..=200),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn a_row_of_replies_is_the_rules_counted_plainly(
            (pegs, colours, codes) in codes(),
            whites in any::<bool>(),
            guess in any::<prop::sample::Index>(),
            start in any::<prop::sample::Index>(),
            bound in 0u32..80,
        ) {
            let digits: Vec<u8> = codes.concat();
            let packed = PackedCodes::new(pegs, colours, &digits).expect("the game packs");
            let guess = guess.index(codes.len());
            let start = start.index(codes.len());
            let set = packed.select(start..codes.len());
            let mut row = vec![0u8; codes.len() - start];
            set.replies_to(&packed, guess, whites, &mut row);
            let slots = (pegs + 1) * (pegs + 1);
            let mut classes = vec![0u32; slots];
            for (offset, &reply) in row.iter().enumerate() {
                let (black, total) = plain_hits(&codes[guess], &codes[start + offset]);
                let white = if whites { total - black } else { 0 };
                prop_assert_eq!(usize::from(reply), black * (pegs + 1) + white);
                prop_assert_eq!(packed.hits(guess, start + offset), (black, total));
                classes[usize::from(reply)] += 1;
            }
            let largest = classes.iter().copied().max().unwrap_or(0);
            let mut counts = vec![u32::MAX; slots];
            match set.largest_class_within(&packed, guess, whites, &mut counts, bound) {
                Some(found) => {
                    prop_assert!(largest <= bound);
                    prop_assert_eq!(found, largest);
                    prop_assert_eq!(counts, classes);
                }
                None => prop_assert!(largest > bound),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn a_screen_keeps_exactly_the_guesses_within_the_bound(
            (pegs, colours, codes) in codes(),
            whites in any::<bool>(),
            batch in prop::collection::vec(any::<prop::sample::Index>(), 1..=super::SCREEN_LANES),
            bound in 1..=super::SCREEN_BOUND,
        ) {
            let digits: Vec<u8> = codes.concat();
            let packed = PackedCodes::new(pegs, colours, &digits).expect("the game packs");
            let batch: Vec<usize> = batch.iter().map(|index| index.index(codes.len())).collect();
            let kept = packed.screen(&packed, &batch, whites, bound);
            for (lane, &guess) in batch.iter().enumerate() {
                let mut classes = vec![0u32; (pegs + 1) * (pegs + 1)];
                for code in &codes {
                    let (black, total) = plain_hits(&codes[guess], code);
                    classes[black * (pegs + 1) + if whites { total - black } else { 0 }] += 1;
                }
                let within = classes.iter().all(|&class| class <= bound);
                prop_assert_eq!(kept >> lane & 1 == 1, within, "lane {}", lane);
            }
            prop_assert_eq!(kept >> batch.len(), 0);
        }
    }

    #[test]
    fn the_version_run_is_named() {
        let version = crate::vector_unit();
        eprintln!("row, largest, screen: the {version} version runs on this CPU");
    }
}
