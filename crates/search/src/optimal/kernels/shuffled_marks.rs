//! The marking kernel on AVX2 for games of at most 32 replies: a reply's bit is looked up with
//! a byte shuffle, in a byte for every eight replies, so one instruction marks 32 guesses,
//! four times as many as the shifts of the portable kernel. The marks stay in registers for
//! a pass over the rows, and their bits are counted by shuffles too (the guesses' slacks, 32
//! at a time), which beats keeping the marks of a whole block in memory and counting them one
//! guess at a time (BENCHMARKS.md, "The code's tuning").
//!
//! Safe Rust cannot load a vector register from a slice yet, so this module is allowed the
//! `unsafe` of a load from a 32-byte array and of a call checked against the CPU.
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_storeu_si256, _mm256_sub_epi8,
};

use super::columns::{each_pass, Columns, Pass, BLOCK};

/// Guesses marked by one vector instruction.
const LANES: usize = 32;

/// Sets `slack` as [`mark_replies`](crate::optimal::kernels::counting::mark_replies) does. The CPU must have
/// AVX2, and every reply number of `rows` must be below `replies`, at most 32.
pub(in crate::optimal) fn mark(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    replies: usize,
    slack: &mut [u8; BLOCK],
) {
    assert!(std::is_x86_feature_detected!("avx2"), "the CPU has AVX2");
    assert!(solved < replies && replies <= 32, "at most 32 replies");
    // SAFETY: the CPU has AVX2, checked just above.
    unsafe {
        match replies.div_ceil(8) {
            1 | 2 => mark_avx2::<2>(rows, columns, solved, slack),
            3 => mark_avx2::<3>(rows, columns, solved, slack),
            _ => mark_avx2::<4>(rows, columns, solved, slack),
        }
    }
}

/// Vectors of guesses marked in one pass over the rows: their marks stay in registers, two
/// to four for each, 8 to 16 of AVX2's 16 (marking all of a block's 8 at once kept them in
/// memory, loaded and stored again for every row).
const VECTORS_PER_PASS: usize = 4;

/// Guesses marked in one pass.
const PASS: usize = VECTORS_PER_PASS * LANES;

/// Marks the replies below `8 * MARKS`.
#[target_feature(enable = "avx2")]
fn mark_avx2<const MARKS: usize>(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    slack: &mut [u8; BLOCK],
) {
    each_pass::<PASS>(rows, columns, slack, |pass, slacks| {
        match pass.width.div_ceil(LANES) {
            1 => mark_pass::<1, MARKS>(pass, solved, slacks),
            2 => mark_pass::<2, MARKS>(pass, solved, slacks),
            3 => mark_pass::<3, MARKS>(pass, solved, slacks),
            _ => mark_pass::<VECTORS_PER_PASS, MARKS>(pass, solved, slacks),
        }
    });
}

/// Sets the slacks of the pass's guesses, `VECTORS` vectors of them, each with `MARKS` bytes
/// of marks.
#[target_feature(enable = "avx2")]
fn mark_pass<const VECTORS: usize, const MARKS: usize>(
    pass: &Pass<'_, '_>,
    solved: usize,
    slacks: &mut [u8; PASS],
) {
    // Reply `r` sets bit `r % 8` of mark byte `r / 8`. A shuffle reads the low four bits
    // of each index byte, and gives 0 where its top bit is set: the low byte's table sets
    // the bits of replies below 8, the high byte's of those from 8 on. Both halves of the
    // register shuffle alike.
    let low = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, //
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let high = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, //
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
    );
    // With more than 16 replies the first two marks read each reply plus 112, whose top
    // bit is set from 16 on, and the others the reply minus 16, whose top bit is set below
    // 16 (it wraps past 240).
    let below_sixteen = _mm256_set1_epi8(112);
    let sixteen = _mm256_set1_epi8(16);
    let mut marks = [[_mm256_setzero_si256(); MARKS]; VECTORS];
    let mark_row = |got: &[u8; PASS]| {
        for (k, marks) in marks.iter_mut().enumerate() {
            let got = load(got[k * LANES..][..LANES].try_into().expect("32 lanes"));
            let lower = if MARKS <= 2 {
                got
            } else {
                _mm256_add_epi8(got, below_sixteen)
            };
            marks[0] = _mm256_or_si256(marks[0], _mm256_shuffle_epi8(low, lower));
            marks[1] = _mm256_or_si256(marks[1], _mm256_shuffle_epi8(high, lower));
            if MARKS > 2 {
                let upper = _mm256_sub_epi8(got, sixteen);
                marks[2] = _mm256_or_si256(marks[2], _mm256_shuffle_epi8(low, upper));
                if MARKS > 3 {
                    marks[3] = _mm256_or_si256(marks[3], _mm256_shuffle_epi8(high, upper));
                }
            }
        }
    };
    pass.each_row::<PASS>(mark_row);
    // The slack is the number of bits set, plus one where the solved reply's is: counted
    // a vector at a time, a nibble's bits looked up by a shuffle.
    let solved_bit = _mm256_set1_epi8((1u8 << (solved % 8)) as i8);
    for (k, marks) in marks.iter().enumerate() {
        let with_solved = marks[solved / 8];
        let solved_set = _mm256_cmpeq_epi8(_mm256_and_si256(with_solved, solved_bit), solved_bit);
        let ones = marks.iter().fold(_mm256_setzero_si256(), |sum, &mark| {
            _mm256_add_epi8(sum, ones(mark))
        });
        // Set lanes compare as −1.
        let slack = _mm256_sub_epi8(ones, solved_set);
        store(slack, &mut slacks[k * LANES..(k + 1) * LANES]);
    }
}

/// The number of bits set in each byte of `bytes`.
#[target_feature(enable = "avx2")]
fn ones(bytes: __m256i) -> __m256i {
    let per_nibble = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, //
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0f);
    let low = _mm256_and_si256(bytes, nibble);
    // Shifting the 16-bit lanes brings each byte's high nibble down, under the next byte's
    // low bits, which the mask clears.
    let high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble);
    _mm256_add_epi8(
        _mm256_shuffle_epi8(per_nibble, low),
        _mm256_shuffle_epi8(per_nibble, high),
    )
}

#[target_feature(enable = "avx2")]
fn load(lanes: &[u8; LANES]) -> __m256i {
    // SAFETY: the array holds the 32 bytes read; the load needs no alignment.
    unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
fn store(lanes: __m256i, into: &mut [u8]) {
    let into: &mut [u8; LANES] = into.try_into().expect("32 lanes");
    // SAFETY: the array has room for the 32 bytes written; the store needs no alignment.
    unsafe { _mm256_storeu_si256(into.as_mut_ptr().cast(), lanes) }
}
