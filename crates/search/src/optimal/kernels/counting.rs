//! The ranking's kernels, on the reply table's byte rows: marking which replies a block of
//! guesses gets (their distinct replies, a cheap lower bound), and counting their classes
//! (the exact bound). Both loops are ones the compiler turns into wide vector instructions,
//! compiled also for wider vector units and picked at run time. Their AVX-512 versions ask
//! for VBMI as well, which leaves them to the CPUs that run 512-bit vectors at full clock
//! (Ice Lake, Zen 4 and later): a CPU that has AVX-512 but slows its clock for it runs the
//! search slower with them than with the AVX2 versions (BENCHMARKS.md, "The code's tuning").

use mastermind_core::Code;

use super::columns::{Columns, BLOCK};
use crate::optimal::bounds::least_totals::INFEASIBLE;

/// The lanes of a small block are counted in multiples of this many: AVX2's width in bytes
/// (AVX-512's 64 is no faster).
const LANES: usize = 32;

/// Games with at most this many replies mark them as bits of a `u32`.
pub(in crate::optimal) const REPLIES_MARKED: usize = 32;

/// Games with at most this many replies (numbered below it) mark them with byte shuffles, 32
/// guesses to an instruction, where the CPU has them.
pub(in crate::optimal) const REPLIES_SHUFFLED: usize = 16;

/// Whether marking a whole stretch of `width` codes, `listed` of them guesses, costs less
/// than gathering those guesses' replies one by one: with byte shuffles into two mark bytes
/// a vector lane costs about a sixteenth of a gathered reply; with more mark bytes, or with
/// shifts, a quarter will do (BENCHMARKS.md, "The code's tuning").
pub(in crate::optimal) fn stretch_pays(listed: usize, width: usize, replies: usize) -> bool {
    let lanes_per_gather = if shuffled(replies) { 16 } else { 4 };
    listed * lanes_per_gather >= width
}

/// Whether the games of `replies` replies mark them with byte shuffles into two mark bytes
/// on this CPU (AVX2 or wider, and not capped below it) or WebAssembly's swizzles.
#[cfg(target_arch = "x86_64")]
fn shuffled(replies: usize) -> bool {
    use mastermind_core::{vector_unit_in_use, VectorUnit};
    replies <= REPLIES_SHUFFLED && vector_unit_in_use() >= VectorUnit::Avx2
}

/// Whether every game marks its replies with byte permutations on this CPU (AVX-512 with
/// VBMI, and not capped below it).
#[cfg(target_arch = "x86_64")]
fn permuted() -> bool {
    use mastermind_core::{vector_unit_in_use, VectorUnit};
    vector_unit_in_use() >= VectorUnit::Avx512 && super::permuted_marks::runs_here()
}

/// In the browser every game marked at all is marked with byte swizzles.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn shuffled(_replies: usize) -> bool {
    true
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
fn shuffled(_replies: usize) -> bool {
    false
}

/// One guess's classes, counted: its least total, and what else the ranking keeps.
pub(in crate::optimal) struct Counted {
    pub(in crate::optimal) guess: Code,
    pub(in crate::optimal) bound: u64,
    pub(in crate::optimal) candidate: bool,
    /// Every candidate gave the same reply.
    pub(in crate::optimal) uniform: bool,
}

/// What counting the classes of a set's guesses needs: the set's reply rows, and the class
/// bounds by size.
pub(in crate::optimal) struct Counter<'a> {
    /// The reply rows of the set's codes.
    pub(in crate::optimal) rows: Vec<&'a [u8]>,
    /// The numbers replies take: `counts[k]` counts reply `occurring[k]`.
    pub(in crate::optimal) occurring: &'a [u8],
    /// Where the all-black reply is in `occurring`.
    pub(in crate::optimal) solved: usize,
    /// Guesses whose largest class is at most this take the `3n − d − [candidate]` shortcut.
    pub(in crate::optimal) largest_short: u8,
    /// The class bounds by size, for the sizes a byte counter holds.
    pub(in crate::optimal) class_bound: [u32; BLOCK],
    /// One byte-wide counter per (reply, guess of the block).
    pub(in crate::optimal) counts: Vec<[u8; BLOCK]>,
}

impl Counter<'_> {
    /// Counts the classes of up to [`BLOCK`] guesses and hands each one's bound to `take`.
    pub(in crate::optimal) fn score(&mut self, block: &[Code], mut take: impl FnMut(Counted)) {
        let n = self.rows.len() as u64;
        let (solved, class_bound) = (self.solved, &self.class_bound);
        let mut distinct = [0u8; BLOCK];
        let mut largest = [0u8; BLOCK];
        let counts = &mut *self.counts;
        count_block(
            &self.rows,
            self.occurring,
            block,
            counts,
            &mut distinct,
            &mut largest,
        );
        for (i, &guess) in block.iter().enumerate() {
            let classes = Classes {
                sizes: counts.iter().map(|count| count[i]),
                solved: counts[solved][i],
                distinct: distinct[i],
                largest: largest[i],
            };
            take(classes.counted(guess, n, self.largest_short, class_bound));
        }
    }
}

/// One guess's classes at a set of `n` codes: the size of each (in any order, the all-black
/// one among them, with any number of empty ones), and what the counting found of them.
pub(in crate::optimal) struct Classes<I> {
    pub(in crate::optimal) sizes: I,
    /// The size of the all-black class: 1 if the guess is a candidate, else 0.
    pub(in crate::optimal) solved: u8,
    pub(in crate::optimal) distinct: u8,
    pub(in crate::optimal) largest: u8,
}

impl<I: Iterator<Item = u8>> Classes<I> {
    /// The guess's bound, given the class bounds by size (at least up to the largest class)
    /// and the largest class for which the `3n − d − [candidate]` shortcut holds.
    pub(in crate::optimal) fn counted(
        self,
        guess: Code,
        n: u64,
        largest_short: u8,
        class_bound: &[u32],
    ) -> Counted {
        let candidate = self.solved > 0;
        let bound = if self.largest <= largest_short {
            3 * n - u64::from(self.distinct) - u64::from(candidate)
        } else if class_bound[usize::from(self.largest)] == INFEASIBLE {
            u64::from(INFEASIBLE)
        } else {
            // No class is larger than the largest, so every class bound is finite and the
            // sum needs no saturation.
            let sum = self
                .sizes
                .map(|size| class_bound[usize::from(size)])
                .fold(0u32, u32::wrapping_add);
            n + u64::from(sum.wrapping_sub(class_bound[usize::from(self.solved)]))
        };
        Counted {
            guess,
            bound,
            candidate,
            uniform: u64::from(self.largest) == n,
        }
    }
}

/// Sets `slack[i]` to the number of distinct replies the candidates (whose rows are `rows`)
/// give the block's guess `i`, plus one if one of them is that guess (its reply is `solved`).
/// Every game (its replies below `replies`) marks them with byte permutations on AVX-512
/// with VBMI, with byte shuffles on AVX2, and in the browser with byte swizzles.
pub(in crate::optimal) fn mark_replies(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    replies: usize,
    slack: &mut [u8; BLOCK],
) {
    debug_assert!(
        replies <= REPLIES_MARKED,
        "replies are marked as bits of a u32"
    );
    #[cfg(target_arch = "x86_64")]
    {
        use mastermind_core::{vector_unit_in_use, VectorUnit};
        if permuted() {
            super::permuted_marks::mark(rows, columns, solved, replies, slack);
            return;
        }
        if vector_unit_in_use() >= VectorUnit::Avx2 {
            super::shuffled_marks::mark(rows, columns, solved, replies, slack);
            return;
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        super::swizzled_marks::mark(rows, columns, solved, slack);
        return;
    }
    #[allow(unreachable_code)]
    mark_as_bits(rows, columns, solved, slack);
}

mastermind_core::vector_versions! {
    /// [`mark_replies`] for any game of at most 32 replies, with a bit per reply: compiled also
    /// for wider vector units and a bit-count instruction, picked at run time.
    fn mark_as_bits['a](rows: &[&[u8]], columns: &Columns<'a>, solved: usize, slack: &mut [u8; BLOCK])
        = mark_as_bits_plain, "x86_64+avx512f+avx512bw+avx512vl+avx512vbmi+popcnt", "x86_64+avx2+popcnt";
}

#[inline(always)]
fn mark_as_bits_plain<'a>(
    rows: &[&[u8]],
    columns: &Columns<'a>,
    solved: usize,
    slack: &mut [u8; BLOCK],
) {
    // Bit `r` of `seen[i]` is set when some candidate gives reply `r` to guess `i`.
    let mut seen = [0u32; BLOCK];
    // Past the block's end the gathered rows hold replies nobody reads. Rows are taken four
    // at a time, so that `seen` is read and written once for four of them.
    let [mut first, mut second, mut third, mut fourth] = [[0u8; BLOCK]; 4];
    let mut quads = rows.chunks_exact(4);
    for quad in &mut quads {
        let got = (
            columns.of(quad[0], &mut first),
            columns.of(quad[1], &mut second),
            columns.of(quad[2], &mut third),
            columns.of(quad[3], &mut fourth),
        );
        let lanes = seen.iter_mut().zip(got.0).zip(got.1).zip(got.2).zip(got.3);
        for ((((seen, &a), &b), &c), &d) in lanes {
            *seen |= 1 << a | 1 << b | 1 << c | 1 << d;
        }
    }
    for row in quads.remainder() {
        let got_by_guess = columns.of(row, &mut first);
        for (seen, &got) in seen.iter_mut().zip(got_by_guess) {
            *seen |= 1 << got;
        }
    }
    for (slack, seen) in slack.iter_mut().zip(seen.iter()) {
        *slack = (seen.count_ones() + (seen >> solved & 1)) as u8;
    }
}

mastermind_core::vector_versions! {
    /// Clears the slacks at most `keep_above` to 0 (those guesses leave); returns the largest
    /// slack left and the largest cleared one at most `most_cut` (the guesses at the limit: the
    /// least bound among them is `3n` minus it), each 0 if none.
    pub(in crate::optimal) fn keep_waiting[](slacks: &mut [u8], keep_above: u8, most_cut: u8) -> (u8, u8)
        = keep_waiting_plain, "x86_64+avx512f+avx512bw+avx512vl+avx512vbmi", "x86_64+avx2";
}

#[inline(always)]
fn keep_waiting_plain(slacks: &mut [u8], keep_above: u8, most_cut: u8) -> (u8, u8) {
    let (mut most_waiting, mut most_dropped) = (0, 0);
    for slack in slacks.iter_mut() {
        let dropped = if *slack <= most_cut { *slack } else { 0 };
        most_dropped = most_dropped.max(dropped);
        *slack = if *slack > keep_above { *slack } else { 0 };
        most_waiting = most_waiting.max(*slack);
    }
    (most_waiting, most_dropped)
}

mastermind_core::vector_versions! {
    /// Fills `counts[k][i]` with how many of the candidates (whose rows are `rows`) give reply
    /// `occurring[k]` to `block[i]`, then `distinct[i]` and `largest[i]` with its number of distinct replies and
    /// its largest class.
    fn count_block[](rows: &[&[u8]],
    occurring: &[u8],
    block: &[Code],
    counts: &mut [[u8; BLOCK]],
    distinct: &mut [u8; BLOCK],
    largest: &mut [u8; BLOCK])
        = count_block_plain, "x86_64+avx512f+avx512bw+avx512vl+avx512vbmi", "x86_64+avx2";
}

#[inline(always)]
fn count_block_plain(
    rows: &[&[u8]],
    occurring: &[u8],
    block: &[Code],
    counts: &mut [[u8; BLOCK]],
    distinct: &mut [u8; BLOCK],
    largest: &mut [u8; BLOCK],
) {
    // Small blocks are common (a group of equal marks), so only the lanes that hold guesses
    // are counted, in whole vector widths.
    let width = block.len().next_multiple_of(LANES).min(BLOCK);
    for count in counts.iter_mut() {
        count[..width].fill(0);
    }
    let columns = Columns::listed(block);
    // Past the block's end the gathered rows hold a reply that matches nothing. Rows are
    // taken four at a time, so that the counters are read and written once for four of them
    // rather than for each row.
    let mut gathered = [[u8::MAX; BLOCK]; 4];
    let mut quads = rows.chunks_exact(4);
    for quad in &mut quads {
        let [first, second, third, fourth] = &mut gathered;
        let got = (
            &columns.of(quad[0], first)[..width],
            &columns.of(quad[1], second)[..width],
            &columns.of(quad[2], third)[..width],
            &columns.of(quad[3], fourth)[..width],
        );
        for (&reply, count) in occurring.iter().zip(counts.iter_mut()) {
            let lanes = count[..width]
                .iter_mut()
                .zip(got.0)
                .zip(got.1)
                .zip(got.2)
                .zip(got.3);
            for ((((count, &a), &b), &c), &d) in lanes {
                *count += u8::from(a == reply)
                    + u8::from(b == reply)
                    + u8::from(c == reply)
                    + u8::from(d == reply);
            }
        }
    }
    for row in quads.remainder() {
        let got_by_guess = &columns.of(row, &mut gathered[0])[..width];
        for (&reply, count) in occurring.iter().zip(counts.iter_mut()) {
            for (count, &got) in count[..width].iter_mut().zip(got_by_guess) {
                *count += u8::from(got == reply);
            }
        }
    }
    for count in counts.iter() {
        let lanes = distinct[..width]
            .iter_mut()
            .zip(largest[..width].iter_mut());
        for ((distinct, largest), &count) in lanes.zip(&count[..width]) {
            *distinct += u8::from(count > 0);
            *largest = (*largest).max(count);
        }
    }
}

#[cfg(test)]
mod tests;
