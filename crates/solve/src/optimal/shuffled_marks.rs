//! The marking kernel for games of at most 16 replies (four pegs or fewer, numbered densely),
//! on AVX2: a reply's bit is looked up with a byte shuffle, in a low and a high byte, so one
//! instruction marks 32 guesses, four times as many as the shifts of the portable kernel.
//!
//! Safe Rust cannot load a vector register from a slice yet, so this one module is allowed
//! the `unsafe` of a load from a 32-byte array and of a call checked against the CPU.
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_loadu_si256, _mm256_or_si256, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_storeu_si256,
};

use super::columns::{Columns, BLOCK};

/// Guesses marked by one vector instruction.
const LANES: usize = 32;

/// Sets `slack` as [`mark_replies`](super::counting::mark_replies) does. The CPU must have
/// AVX2, and every reply number of `rows` must be below 16.
pub(super) fn mark(rows: &[&[u8]], columns: &Columns<'_>, solved: usize, slack: &mut [u8; BLOCK]) {
    assert!(std::is_x86_feature_detected!("avx2"), "the CPU has AVX2");
    // SAFETY: the CPU has AVX2, checked just above.
    unsafe { mark_avx2(rows, columns, solved, slack) };
}

#[target_feature(enable = "avx2")]
fn mark_avx2(rows: &[&[u8]], columns: &Columns<'_>, solved: usize, slack: &mut [u8; BLOCK]) {
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
    let width = match columns {
        Columns::Stretch(range) => range.len(),
        Columns::Listed(block) => block.len(),
    };
    let vectors = width.div_ceil(LANES);
    let mut lows = [_mm256_setzero_si256(); BLOCK / LANES];
    let mut highs = [_mm256_setzero_si256(); BLOCK / LANES];
    // Past the block's end the gathered row holds replies nobody reads.
    let mut gathered = [0u8; BLOCK];
    for row in rows {
        let got: &[u8] = match columns {
            Columns::Stretch(range) if range.start + vectors * LANES <= row.len() => {
                &row[range.start..range.start + vectors * LANES]
            }
            Columns::Stretch(range) => {
                gathered[..width].copy_from_slice(&row[range.clone()]);
                &gathered
            }
            Columns::Listed(block) => {
                for (lane, guess) in gathered.iter_mut().zip(block.iter()) {
                    *lane = row[guess.index()];
                }
                &gathered
            }
        };
        let accumulators = lows.iter_mut().zip(highs.iter_mut());
        for ((lows, highs), lanes) in accumulators.zip(got.chunks_exact(LANES)) {
            let got = load(lanes.try_into().expect("32 lanes"));
            *lows = _mm256_or_si256(*lows, _mm256_shuffle_epi8(low, got));
            *highs = _mm256_or_si256(*highs, _mm256_shuffle_epi8(high, got));
        }
    }
    let mut seen_low = [0u8; BLOCK];
    let mut seen_high = [0u8; BLOCK];
    for (k, (&lows, &highs)) in lows.iter().zip(&highs).enumerate().take(vectors) {
        store(lows, &mut seen_low[k * LANES..(k + 1) * LANES]);
        store(highs, &mut seen_high[k * LANES..(k + 1) * LANES]);
    }
    let lanes = slack.iter_mut().zip(seen_low.iter().zip(&seen_high));
    for (slack, (&low, &high)) in lanes.take(width) {
        let seen = u16::from(low) | u16::from(high) << 8;
        *slack = (seen.count_ones() + u32::from(seen >> solved & 1)) as u8;
    }
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
