//! The marking kernel for games of at most 16 replies (four pegs or fewer, numbered densely),
//! on AVX2: a reply's bit is looked up with a byte shuffle, in a low and a high byte, so one
//! instruction marks 32 guesses, four times as many as the shifts of the portable kernel. The
//! marks stay in registers for a pass over the rows, and their bits are counted by shuffles
//! too (the guesses' slacks, 32 at a time), which beats keeping the marks of a whole block in
//! memory and counting them one guess at a time (BENCHMARKS.md, "The code's tuning").
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
/// AVX2, and every reply number of `rows` must be below 16.
pub(in crate::optimal) fn mark(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    slack: &mut [u8; BLOCK],
) {
    assert!(std::is_x86_feature_detected!("avx2"), "the CPU has AVX2");
    // SAFETY: the CPU has AVX2, checked just above.
    unsafe { mark_avx2(rows, columns, solved, slack) };
}

/// Vectors of guesses marked in one pass over the rows: their marks stay in registers, two
/// for each with the two tables, 10 of AVX2's 16 (marking all of a block's 8 at once kept
/// them in memory, loaded and stored again for every row).
const VECTORS_PER_PASS: usize = 4;

/// Guesses marked in one pass.
const PASS: usize = VECTORS_PER_PASS * LANES;

#[target_feature(enable = "avx2")]
fn mark_avx2(rows: &[&[u8]], columns: &Columns<'_>, solved: usize, slack: &mut [u8; BLOCK]) {
    each_pass::<PASS>(rows, columns, slack, |pass, slacks| {
        match pass.width.div_ceil(LANES) {
            1 => mark_pass::<1>(pass, solved, slacks),
            2 => mark_pass::<2>(pass, solved, slacks),
            3 => mark_pass::<3>(pass, solved, slacks),
            _ => mark_pass::<VECTORS_PER_PASS>(pass, solved, slacks),
        }
    });
}

/// Sets the slacks of the pass's guesses, `VECTORS` vectors of them.
#[target_feature(enable = "avx2")]
fn mark_pass<const VECTORS: usize>(pass: &Pass<'_, '_>, solved: usize, slacks: &mut [u8; PASS]) {
    // A shuffle reads the low four bits of each byte: reply `r` sets bit `r` of the low
    // byte's table below 8, of the high byte's from 8 on. Both halves of the register
    // shuffle alike.
    let low = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, //
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let high = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, //
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
    );
    let mut lows = [_mm256_setzero_si256(); VECTORS];
    let mut highs = [_mm256_setzero_si256(); VECTORS];
    let mark_row = |got: &[u8; PASS]| {
        for (k, (lows, highs)) in lows.iter_mut().zip(highs.iter_mut()).enumerate() {
            let got = load(got[k * LANES..][..LANES].try_into().expect("32 lanes"));
            *lows = _mm256_or_si256(*lows, _mm256_shuffle_epi8(low, got));
            *highs = _mm256_or_si256(*highs, _mm256_shuffle_epi8(high, got));
        }
    };
    pass.each_row::<PASS>(mark_row);
    // The slack is the number of bits set, plus one where the solved reply's is: counted
    // a vector at a time, a nibble's bits looked up by a shuffle.
    let solved_bit = _mm256_set1_epi8((1u8 << (solved % 8)) as i8);
    for (k, (&lows, &highs)) in lows.iter().zip(&highs).enumerate() {
        let with_solved = if solved < 8 { lows } else { highs };
        let solved_set = _mm256_cmpeq_epi8(_mm256_and_si256(with_solved, solved_bit), solved_bit);
        // Set lanes compare as −1.
        let slack = _mm256_sub_epi8(_mm256_add_epi8(ones(lows), ones(highs)), solved_set);
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
