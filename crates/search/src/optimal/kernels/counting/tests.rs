//! The kernels against plain references: every version this CPU runs (the dispatch picks the
//! widest the CPU has; `cargo xtask kernels` runs these tests again on emulated CPUs without
//! AVX2, with AVX2 only and, given an emulator, with AVX-512), fed random rows and the edges of
//! their widths: empty sets, one row, blocks that are not whole vectors, stretches that end at
//! a row's end.

use proptest::prelude::*;

use mastermind_core::Code;

use super::{count_block, keep_waiting, mark_as_bits, REPLIES_MARKED};
use crate::optimal::kernels::columns::{Columns, BLOCK};

/// Which versions the dispatch runs on this CPU, said once per test so that a log shows them.
fn say_versions(kernel: &str) {
    eprintln!("{kernel}: the {} version runs on this CPU", version());
}

/// The version the kernels' targets pick here: AVX-512 only with VBMI as well.
fn version() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
        {
            return "AVX-512";
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return "AVX2";
        }
    }
    "baseline"
}

/// A set's reply rows: `rows` rows of `codes` replies each, every reply below `replies`.
fn rows(replies: u8) -> impl Strategy<Value = Vec<Vec<u8>>> {
    (1usize..=300).prop_flat_map(move |codes| {
        prop::collection::vec(prop::collection::vec(0..replies, codes), 0..=255)
    })
}

/// Guesses of a block: up to [`BLOCK`] column numbers below `codes`.
fn listed(codes: usize) -> impl Strategy<Value = Vec<Code>> {
    prop::collection::vec((0..codes as u32).prop_map(Code), 1..=BLOCK)
}

/// What the block's guesses get from the rows, lane by lane, the plain way.
fn replies_of(rows: &[Vec<u8>], columns: &Columns<'_>) -> Vec<Vec<u8>> {
    let guesses: Vec<usize> = match columns {
        Columns::Stretch(range) => range.clone().collect(),
        Columns::Listed(listed) => listed.codes().iter().map(|code| code.index()).collect(),
    };
    guesses
        .iter()
        .map(|&guess| rows.iter().map(|row| row[guess]).collect())
        .collect()
}

/// The marking kernels' result for each lane: distinct replies, plus one if `solved` is one.
fn reference_marks(rows: &[Vec<u8>], columns: &Columns<'_>, solved: usize) -> Vec<u8> {
    replies_of(rows, columns)
        .iter()
        .map(|got| {
            let mut seen = [false; 256];
            for &reply in got {
                seen[usize::from(reply)] = true;
            }
            (seen.iter().filter(|&&s| s).count() + usize::from(seen[solved])) as u8
        })
        .collect()
}

/// A block or a stretch of the rows' columns, from the strategy's choices.
fn columns_of<'a>(codes: usize, listed: &'a [Code], start: usize, stretch: bool) -> Columns<'a> {
    if stretch {
        let start = start % codes;
        Columns::Stretch(start..(start + BLOCK).min(codes))
    } else {
        Columns::listed(listed)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn counting_a_block_matches_the_plain_count(
        (rows, block, replies) in (1u8..=REPLIES_MARKED as u8)
            .prop_flat_map(|replies| (rows(replies), Just(replies)))
            .prop_flat_map(|(rows, replies)| {
                let codes = rows.first().map_or(1, Vec::len);
                (Just(rows), listed(codes), Just(replies))
            })
    ) {
        prop_assume!(rows.first().is_none_or(|row| block.iter().all(|g| g.index() < row.len())));
        let occurring: Vec<u8> = (0..replies).collect();
        let mut counts = vec![[0u8; BLOCK]; occurring.len()];
        let (mut distinct, mut largest) = ([0u8; BLOCK], [0u8; BLOCK]);
        let row_refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        count_block(&row_refs, &occurring, &block, &mut counts, &mut distinct, &mut largest);
        let got = replies_of(&rows, &Columns::listed(&block));
        for (i, got) in got.iter().enumerate() {
            let expected: Vec<u8> = occurring
                .iter()
                .map(|&reply| got.iter().filter(|&&r| r == reply).count() as u8)
                .collect();
            let counted: Vec<u8> = counts.iter().map(|count| count[i]).collect();
            prop_assert_eq!(&counted, &expected, "guess {} of the block", i);
            prop_assert_eq!(distinct[i], expected.iter().filter(|&&c| c > 0).count() as u8);
            prop_assert_eq!(largest[i], expected.iter().copied().max().unwrap_or(0));
        }
    }

    #[test]
    fn marking_replies_as_bits_matches_the_plain_marks(
        (rows, listed, start, stretch, solved) in (1u8..=REPLIES_MARKED as u8)
            .prop_flat_map(rows)
            .prop_flat_map(|rows| {
                let codes = rows.first().map_or(1, Vec::len);
                (Just(rows), listed(codes), 0..codes, any::<bool>(), 0..REPLIES_MARKED)
            })
    ) {
        prop_assume!(!rows.is_empty());
        let codes = rows[0].len();
        let columns = columns_of(codes, &listed, start, stretch);
        let row_refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let mut slack = [0u8; BLOCK];
        mark_as_bits(&row_refs, &columns, solved, &mut slack);
        let expected = reference_marks(&rows, &columns, solved);
        prop_assert_eq!(&slack[..expected.len()], &expected[..]);
    }

    #[test]
    fn keeping_the_waiting_guesses_matches_the_plain_loop(
        slacks in prop::collection::vec(any::<u8>(), 0..=2 * BLOCK + 7),
        keep_above in any::<u8>(),
        most_cut in any::<u8>(),
    ) {
        let mut kept = slacks.clone();
        let (most_waiting, most_dropped) = keep_waiting(&mut kept, keep_above, most_cut);
        let expected: Vec<u8> = slacks
            .iter()
            .map(|&slack| if slack > keep_above { slack } else { 0 })
            .collect();
        prop_assert_eq!(&kept, &expected);
        prop_assert_eq!(most_waiting, expected.iter().copied().max().unwrap_or(0));
        let dropped = slacks.iter().copied().filter(|&slack| slack <= most_cut).max();
        prop_assert_eq!(most_dropped, dropped.unwrap_or(0));
    }
}

/// The byte-shuffle marks (games of at most 32 replies, on CPUs with AVX2) equal the bit
/// marks and the plain ones.
#[cfg(target_arch = "x86_64")]
mod shuffled {
    use super::*;
    use crate::optimal::kernels::shuffled_marks::mark;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn marking_replies_by_shuffles_matches_the_plain_marks(
            (rows, listed, start, stretch, solved) in (1u8..=REPLIES_MARKED as u8)
                .prop_flat_map(rows)
                .prop_flat_map(|rows| {
                    let codes = rows.first().map_or(1, Vec::len);
                    let replies = rows.iter().flatten().copied().max().map_or(1, |most| most as usize + 1);
                    (Just(rows), listed(codes), 0..codes, any::<bool>(), 0..replies)
                })
        ) {
            if !std::is_x86_feature_detected!("avx2") {
                return Ok(());
            }
            prop_assume!(!rows.is_empty());
            let codes = rows[0].len();
            let replies = rows.iter().flatten().copied().max().map_or(1, |most| most as usize + 1);
            let columns = columns_of(codes, &listed, start, stretch);
            let row_refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
            let (mut shuffled, mut bits) = ([0u8; BLOCK], [0u8; BLOCK]);
            mark(&row_refs, &columns, solved, replies.max(solved + 1), &mut shuffled);
            mark_as_bits(&row_refs, &columns, solved, &mut bits);
            let expected = reference_marks(&rows, &columns, solved);
            prop_assert_eq!(&shuffled[..expected.len()], &expected[..]);
            prop_assert_eq!(&bits[..expected.len()], &expected[..]);
        }
    }

    #[test]
    fn the_shuffles_run_where_the_cpu_has_them() {
        // The shuffles have one version, for AVX2, which CPUs with AVX-512 run as well.
        if std::is_x86_feature_detected!("avx2") {
            eprintln!("shuffled_marks::mark: the AVX2 version (its only one) runs on this CPU");
        } else {
            eprintln!("shuffled_marks::mark: not run, this CPU has no AVX2 (the search never calls it there)");
        }
    }
}

/// The byte-permutation marks (games of at most 32 replies, on CPUs with AVX-512 and VBMI)
/// equal the bit marks and the plain ones.
#[cfg(target_arch = "x86_64")]
mod permuted {
    use super::*;
    use crate::optimal::kernels::permuted_marks::{mark, runs_here};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn marking_replies_by_permutations_matches_the_plain_marks(
            (rows, listed, start, stretch, solved) in (1u8..=REPLIES_MARKED as u8)
                .prop_flat_map(rows)
                .prop_flat_map(|rows| {
                    let codes = rows.first().map_or(1, Vec::len);
                    let replies = rows.iter().flatten().copied().max().map_or(1, |most| most as usize + 1);
                    (Just(rows), listed(codes), 0..codes, any::<bool>(), 0..replies)
                })
        ) {
            if !runs_here() {
                return Ok(());
            }
            prop_assume!(!rows.is_empty());
            let codes = rows[0].len();
            let replies = rows.iter().flatten().copied().max().map_or(1, |most| most as usize + 1);
            let columns = columns_of(codes, &listed, start, stretch);
            let row_refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
            let (mut permuted, mut bits) = ([0u8; BLOCK], [0u8; BLOCK]);
            mark(&row_refs, &columns, solved, replies.max(solved + 1), &mut permuted);
            mark_as_bits(&row_refs, &columns, solved, &mut bits);
            let expected = reference_marks(&rows, &columns, solved);
            prop_assert_eq!(&permuted[..expected.len()], &expected[..]);
            prop_assert_eq!(&bits[..expected.len()], &expected[..]);
        }
    }

    #[test]
    fn the_permutations_run_where_the_cpu_has_them() {
        if runs_here() {
            eprintln!(
                "permuted_marks::mark: the AVX-512 VBMI version (its only one) runs on this CPU"
            );
        } else {
            eprintln!("permuted_marks::mark: not run, this CPU has no AVX-512 with VBMI (the search never calls it there)");
        }
    }
}

#[test]
fn the_versions_run_are_named() {
    for kernel in ["count_block", "mark_as_bits", "keep_waiting"] {
        say_versions(kernel);
    }
}
