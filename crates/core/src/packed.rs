//! Scoring without a table, fast: each code packed into two words, its colours one per byte
//! (black pegs are the zero bytes of an XOR) and its colour counts one per nibble (the total
//! of hits is a nibble-wise minimum, summed by one multiplication). Games too large for the
//! feedback table, such as 5×8, score every reply this way.

/// High bit of every byte.
const BYTE_HIGH: u64 = 0x8080_8080_8080_8080;
/// Low seven bits of every byte.
const BYTE_LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// One in every byte: multiplying by it sums the bytes into the top one.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;
/// High bit of every nibble.
const NIBBLE_HIGH: u64 = 0x8888_8888_8888_8888;
/// One in every nibble: multiplying by it sums the nibbles into the top one.
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// Every code of a game packed for scoring, when the game fits: at most 7 pegs (so a colour
/// count leaves a nibble's high bit free) and at most 16 colours (one nibble each).
#[derive(Clone, Debug)]
pub(crate) struct PackedCodes {
    pegs: u32,
    /// Colour of peg `i` in byte `i`.
    colours: Vec<u64>,
    /// Count of colour `c` in nibble `c`.
    counts: Vec<u64>,
}

impl PackedCodes {
    /// Packs the codes given as `pegs` colours each, if the game fits.
    pub(crate) fn new(pegs: usize, colours: usize, digits: &[u8]) -> Option<PackedCodes> {
        if pegs > 7 || colours > 16 {
            return None;
        }
        let mut packed = PackedCodes {
            pegs: pegs as u32,
            colours: Vec::new(),
            counts: Vec::new(),
        };
        for code in digits.chunks_exact(pegs) {
            let (mut by_peg, mut by_colour) = (0u64, 0u64);
            for (peg, &colour) in code.iter().enumerate() {
                by_peg |= u64::from(colour) << (8 * peg);
                by_colour += 1 << (4 * u32::from(colour));
            }
            packed.colours.push(by_peg);
            packed.counts.push(by_colour);
        }
        Some(packed)
    }

    /// Black pegs and total hits (black + white) between codes `a` and `b`.
    #[inline]
    pub(crate) fn hits(&self, a: usize, b: usize) -> (usize, usize) {
        let (black, total) = hits(
            self.pegs,
            (self.colours[a], self.counts[a]),
            (self.colours[b], self.counts[b]),
        );
        (black as usize, total as usize)
    }

    /// Codes `indices` of this set, in that order, packed alike: a node's candidates side by
    /// side, so scoring a guess against them reads memory in order.
    pub(crate) fn select(&self, indices: impl Iterator<Item = usize>) -> PackedCodes {
        let (colours, counts) = indices
            .map(|index| (self.colours[index], self.counts[index]))
            .unzip();
        PackedCodes {
            pegs: self.pegs,
            colours,
            counts,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.colours.len()
    }

    /// Fills `row` with the reply index of code `guess` of `guesses` against the codes of this
    /// set from `start` on, one per cell, for replies numbered `black * (pegs + 1) + white`,
    /// whites counted only if `whites`.
    pub(crate) fn replies_to(
        &self,
        guesses: &PackedCodes,
        guess: usize,
        whites: bool,
        start: usize,
        row: &mut [u8],
    ) {
        let end = start + row.len();
        feedback_row(
            self.pegs,
            (guesses.colours[guess], guesses.counts[guess]),
            &self.colours[start..end],
            &self.counts[start..end],
            u64::from(whites),
            row,
        );
    }
}

/// Black pegs and total hits between two codes given as (colours, counts) words.
#[inline(always)]
fn hits(pegs: u32, (colours_a, x): (u64, u64), (colours_b, y): (u64, u64)) -> (u64, u64) {
    let differ = colours_a ^ colours_b;
    // A byte is nonzero exactly when adding 0x7F to its low bits or its own high bit sets it.
    let nonzero = (((differ & BYTE_LOW) + BYTE_LOW) | differ) & BYTE_HIGH;
    // One bit per differing byte, summed into the top byte by one multiplication: cheaper
    // than a bit count on processors without one.
    let differing = (nonzero >> 7).wrapping_mul(BYTE_ONES) >> 56;
    let black = u64::from(pegs) - differing;
    // Nibbles hold at most 7, so (x | 8) − y never borrows across nibbles, and its high bit
    // says x ≥ y.
    let x_at_least_y = (((x | NIBBLE_HIGH) - y) & NIBBLE_HIGH) >> 3;
    let take_y = x_at_least_y * 0xF;
    let smaller = (y & take_y) | (x & !take_y);
    let total = smaller.wrapping_mul(NIBBLE_ONES) >> 60;
    (black, total)
}

/// [`PackedCodes::replies_to`]: plain word arithmetic over every code, which the compiler
/// widens to whatever vector unit the machine has (picked at run time).
#[multiversion::multiversion(targets("x86_64+avx512f+avx512vl+avx512dq+avx512bw", "x86_64+avx2"))]
fn feedback_row(
    pegs: u32,
    guess: (u64, u64),
    colours: &[u64],
    counts: &[u64],
    whites: u64,
    row: &mut [u8],
) {
    let stride = u64::from(pegs) + 1;
    for ((cell, &colours), &counts) in row.iter_mut().zip(colours).zip(counts) {
        let (black, total) = hits(pegs, guess, (colours, counts));
        *cell = (black * stride + whites * (total - black)) as u8;
    }
}

#[cfg(test)]
mod tests {
    //! The packed scoring against the rules counted plainly, for every version of
    //! [`feedback_row`] this CPU runs (`cargo xtask kernels` runs it again on emulated CPUs).

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
        ) {
            let digits: Vec<u8> = codes.concat();
            let packed = PackedCodes::new(pegs, colours, &digits).expect("the game packs");
            let guess = guess.index(codes.len());
            let start = start.index(codes.len());
            let mut row = vec![0u8; codes.len() - start];
            packed.replies_to(&packed, guess, whites, start, &mut row);
            for (offset, &reply) in row.iter().enumerate() {
                let (black, total) = plain_hits(&codes[guess], &codes[start + offset]);
                let white = if whites { total - black } else { 0 };
                prop_assert_eq!(usize::from(reply), black * (pegs + 1) + white);
                prop_assert_eq!(packed.hits(guess, start + offset), (black, total));
            }
        }
    }

    #[test]
    fn the_version_run_is_named() {
        let version = crate::vector_unit();
        eprintln!("feedback_row: the {version} version runs on this CPU");
    }
}
