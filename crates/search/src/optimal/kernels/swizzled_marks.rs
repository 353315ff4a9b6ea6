//! The marking kernel in the browser: WebAssembly's 128-bit vectors shift every lane by one
//! amount only, so the portable kernel's `1 << reply` per guess runs a lane at a time there.
//! Here a reply's bit is looked up with a byte swizzle instead, in four bytes for up to 32
//! replies (a swizzle reads indices below 16 and gives 0 for the rest, so the upper two
//! bytes look up `reply - 16`), 16 guesses to an instruction, and the marks' bits are counted
//! by the vectors' own bit count.
//!
//! Safe Rust cannot load a vector register from a slice yet, so this module is allowed the
//! `unsafe` of a load from and a store to a 16-byte array.
#![allow(unsafe_code)]

use std::arch::wasm32::{
    i8x16, u8x16_add, u8x16_eq, u8x16_popcnt, u8x16_splat, u8x16_sub, u8x16_swizzle, v128,
    v128_and, v128_load, v128_or, v128_store,
};

use super::columns::{each_pass, Columns, Pass, BLOCK};

/// Guesses marked by one vector instruction.
const LANES: usize = 16;

/// Vectors of guesses marked in one pass over the rows: four marks each, kept in registers.
const VECTORS_PER_PASS: usize = 2;

/// Guesses marked in one pass.
const PASS: usize = VECTORS_PER_PASS * LANES;

/// Sets `slack` as [`mark_replies`](crate::optimal::kernels::counting::mark_replies) does.
/// Every reply number of `rows` must be below 32.
pub(in crate::optimal) fn mark(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    slack: &mut [u8; BLOCK],
) {
    each_pass::<PASS>(rows, columns, slack, |pass, slacks| {
        match pass.width.div_ceil(LANES) {
            1 => mark_pass::<1>(pass, solved, slacks),
            _ => mark_pass::<VECTORS_PER_PASS>(pass, solved, slacks),
        }
    });
}

/// Sets the slacks of the pass's guesses, `VECTORS` vectors of them.
fn mark_pass<const VECTORS: usize>(pass: &Pass<'_, '_>, solved: usize, slacks: &mut [u8; PASS]) {
    // Reply `r` sets bit `r % 8` of byte `r / 8` of its guess's 32-bit mark.
    let low = i8x16(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    let high = i8x16(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
    let sixteen = u8x16_splat(16);
    let zero = u8x16_splat(0);
    let mut marks = [[zero; 4]; VECTORS];
    let mark_row = |got: &[u8; PASS]| {
        for (k, marks) in marks.iter_mut().enumerate() {
            let got = load(got[k * LANES..][..LANES].try_into().expect("16 lanes"));
            // Replies below 16 wrap past 240 here, where a swizzle gives 0.
            let upper = u8x16_sub(got, sixteen);
            marks[0] = v128_or(marks[0], u8x16_swizzle(low, got));
            marks[1] = v128_or(marks[1], u8x16_swizzle(high, got));
            marks[2] = v128_or(marks[2], u8x16_swizzle(low, upper));
            marks[3] = v128_or(marks[3], u8x16_swizzle(high, upper));
        }
    };
    pass.each_row::<PASS>(mark_row);
    // The slack is the number of bits set, plus one where the solved reply's is.
    let solved_bit = u8x16_splat(1u8 << (solved % 8));
    for (k, marks) in marks.iter().enumerate() {
        let ones = marks
            .iter()
            .fold(zero, |sum, &mark| u8x16_add(sum, u8x16_popcnt(mark)));
        let with_solved = marks[solved / 8];
        // Set lanes compare as all ones, −1 as a byte.
        let solved_set = u8x16_eq(v128_and(with_solved, solved_bit), solved_bit);
        let slack = u8x16_sub(ones, solved_set);
        store(slack, &mut slacks[k * LANES..(k + 1) * LANES]);
    }
}

fn load(lanes: &[u8; LANES]) -> v128 {
    // SAFETY: the array holds the 16 bytes read; the load needs no alignment.
    unsafe { v128_load(lanes.as_ptr().cast()) }
}

fn store(lanes: v128, into: &mut [u8]) {
    let into: &mut [u8; LANES] = into.try_into().expect("16 lanes");
    // SAFETY: the array has room for the 16 bytes written; the store needs no alignment.
    unsafe { v128_store(into.as_mut_ptr().cast(), lanes) }
}
