//! The marking kernel on AVX-512 with VBMI: a byte permutation (`vpermb`) looks each reply's
//! bit up in a 64-byte table, 64 guesses to an instruction, a byte of bits for every eight
//! replies (up to 32), where the bit marks shift a 32-bit word for each guess (16 to an
//! instruction). The marks' bits are counted by nibbles with byte shuffles.
//!
//! Safe Rust cannot load a vector register from a slice yet, so this module is allowed the
//! `unsafe` of a load from and a store to a 64-byte array, and of entering the kernel once the
//! CPU is known to have its instructions.
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_loadu_si512,
    _mm512_mask_add_epi8, _mm512_or_si512, _mm512_permutexvar_epi8, _mm512_set1_epi8,
    _mm512_setzero_si512, _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_storeu_si512,
    _mm512_test_epi8_mask, _mm_setr_epi8,
};

use super::columns::{each_pass, Columns, Pass, BLOCK};

/// Guesses marked by one vector instruction.
const LANES: usize = 64;

/// Vectors of guesses marked in one pass over the rows: with four mark bytes each, 16 of
/// AVX-512's 32 registers.
const VECTORS_PER_PASS: usize = 4;

/// Guesses marked in one pass.
const PASS: usize = VECTORS_PER_PASS * LANES;

/// Whether this CPU has the kernel's instructions.
pub(in crate::optimal) fn runs_here() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
}

/// Sets `slack` as [`mark_replies`](crate::optimal::kernels::counting::mark_replies) does.
/// Every reply number of `rows` must be below `replies`, at most 32.
pub(in crate::optimal) fn mark(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    replies: usize,
    slack: &mut [u8; BLOCK],
) {
    assert!(runs_here(), "the CPU has AVX-512 with VBMI");
    assert!(solved < replies && replies <= 32, "at most 32 replies");
    // SAFETY: the CPU has AVX-512F, BW and VBMI, checked just above.
    unsafe {
        match replies.div_ceil(8) {
            1 | 2 => mark_vbmi::<2>(rows, columns, solved, slack),
            3 => mark_vbmi::<3>(rows, columns, solved, slack),
            _ => mark_vbmi::<4>(rows, columns, solved, slack),
        }
    }
}

/// Marks the replies below `8 * BYTES`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn mark_vbmi<const BYTES: usize>(
    rows: &[&[u8]],
    columns: &Columns<'_>,
    solved: usize,
    slack: &mut [u8; BLOCK],
) {
    each_pass::<PASS>(rows, columns, slack, |pass, slacks| {
        match pass.width.div_ceil(LANES) {
            1 => mark_pass::<1, BYTES>(pass, solved, slacks),
            2 => mark_pass::<2, BYTES>(pass, solved, slacks),
            3 => mark_pass::<3, BYTES>(pass, solved, slacks),
            _ => mark_pass::<VECTORS_PER_PASS, BYTES>(pass, solved, slacks),
        }
    });
}

/// Sets the slacks of the pass's guesses, `VECTORS` vectors of them, with `BYTES` mark
/// bytes each.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn mark_pass<const VECTORS: usize, const BYTES: usize>(
    pass: &Pass<'_, '_>,
    solved: usize,
    slacks: &mut [u8; PASS],
) {
    // Table `b` holds reply `r`'s bit in mark byte `b`: bit `r % 8` where `r / 8 == b`.
    let tables: [__m512i; 4] = std::array::from_fn(|byte| bits_of_byte(byte));
    // A mark byte's vectors in an array of their own: held as one array of arrays, the marks
    // were written back to memory at every row.
    let zero = _mm512_setzero_si512();
    let (mut first, mut second, mut third, mut fourth) = (
        [zero; VECTORS],
        [zero; VECTORS],
        [zero; VECTORS],
        [zero; VECTORS],
    );
    let mark_row = |got: &[u8; PASS]| {
        for k in 0..VECTORS {
            let got = load(got[k * LANES..][..LANES].try_into().expect("64 lanes"));
            first[k] = _mm512_or_si512(first[k], _mm512_permutexvar_epi8(got, tables[0]));
            second[k] = _mm512_or_si512(second[k], _mm512_permutexvar_epi8(got, tables[1]));
            if BYTES > 2 {
                third[k] = _mm512_or_si512(third[k], _mm512_permutexvar_epi8(got, tables[2]));
            }
            if BYTES > 3 {
                fourth[k] = _mm512_or_si512(fourth[k], _mm512_permutexvar_epi8(got, tables[3]));
            }
        }
    };
    pass.each_row::<PASS>(mark_row);
    // The slack is the number of bits set, plus one where the solved reply's is.
    let solved_bit = _mm512_set1_epi8((1u8 << (solved % 8)) as i8);
    let one = _mm512_set1_epi8(1);
    for k in 0..VECTORS {
        let marks = [first[k], second[k], third[k], fourth[k]];
        let ones = marks[..BYTES]
            .iter()
            .fold(zero, |sum, &mark| _mm512_add_epi8(sum, bits_set(mark)));
        let solved_seen = _mm512_test_epi8_mask(marks[solved / 8], solved_bit);
        let lanes = (&mut slacks[k * LANES..][..LANES])
            .try_into()
            .expect("64 lanes");
        store(lanes, _mm512_mask_add_epi8(ones, solved_seen, ones, one));
    }
}

/// The 64-byte table of mark byte `byte`: at index `r`, bit `r % 8` where `r / 8 == byte`.
#[target_feature(enable = "avx512f,avx512bw")]
fn bits_of_byte(byte: usize) -> __m512i {
    let table: [u8; LANES] = std::array::from_fn(|reply| {
        if reply / 8 == byte {
            1 << (reply % 8)
        } else {
            0
        }
    });
    load(&table)
}

/// The number of bits set in each byte of `bytes`, a nibble at a time.
#[target_feature(enable = "avx512f,avx512bw")]
fn bits_set(bytes: __m512i) -> __m512i {
    let counts = _mm512_broadcast_i32x4(_mm_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    ));
    let nibble = _mm512_set1_epi8(0x0f);
    let low = _mm512_and_si512(bytes, nibble);
    let high = _mm512_and_si512(_mm512_srli_epi16::<4>(bytes), nibble);
    _mm512_add_epi8(
        _mm512_shuffle_epi8(counts, low),
        _mm512_shuffle_epi8(counts, high),
    )
}

#[target_feature(enable = "avx512f")]
fn load(bytes: &[u8; LANES]) -> __m512i {
    // SAFETY: the array is 64 bytes, all of them read; the load needs no alignment.
    unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
}

#[target_feature(enable = "avx512f")]
fn store(bytes: &mut [u8; LANES], vector: __m512i) {
    // SAFETY: the array is 64 bytes, all of them written; the store needs no alignment.
    unsafe { _mm512_storeu_si512(bytes.as_mut_ptr().cast(), vector) }
}
