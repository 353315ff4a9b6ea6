//! The hot loop: the reply table as rows of bytes, and the kernels that count and mark a
//! block of guesses' replies on them.
//!
//! - [`replies`]: the reply table as rows;
//! - [`columns`]: which guesses a block of the kernels scores;
//! - [`counting`]: the kernels on the reply rows;
//! - `permuted_marks`: the marking kernel of games of at most 32 replies, on AVX-512 with VBMI;
//! - `shuffled_marks`: the marking kernel of games of at most 32 replies, on AVX2;
//! - `swizzled_marks`: the marking kernel in the browser, on WebAssembly's 128-bit vectors.

pub(in crate::optimal) mod columns;
pub(in crate::optimal) mod counting;
#[cfg(target_arch = "x86_64")]
pub(in crate::optimal) mod permuted_marks;
pub(in crate::optimal) mod replies;
#[cfg(target_arch = "x86_64")]
pub(in crate::optimal) mod shuffled_marks;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(in crate::optimal) mod swizzled_marks;
