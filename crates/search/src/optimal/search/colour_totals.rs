//! What a guess's colours alone tell of the replies it can get from a set. Black plus white
//! counts the colours a guess and a secret share, wherever they stand, so it depends on the
//! two codes' colour multisets only; and an outside guess has few replies of each such total
//! (`t + 1` below `pegs`, `pegs − 1` at `pegs`). A multiset whose totals put more codes of a
//! set at one total than that total has replies cannot tell the set apart in any order of its
//! pegs, so the scan for a guess that tells a set apart skips every code of it.

use mastermind_core::{Code, Codebook, ColourSet, FeedbackKind};

/// Games whose codes have more colour multisets than this go without the filter: the table
/// of shared colours grows as their square.
const MOST_MULTISETS: usize = 2048;

/// The colours shared by every pair of colour multisets, and the codes of each multiset.
pub(in crate::optimal) struct ColourTotals {
    /// Each code's multiset, as an index into the lists below.
    multiset_of: Vec<u16>,
    /// The colours each multiset names.
    colours: Vec<ColourSet>,
    /// The codes of each multiset, in numeric order: `codes[starts[m]..starts[m + 1]]`.
    codes: Vec<Code>,
    starts: Vec<usize>,
    /// `shared[a * multisets + b]`: the colours multisets `a` and `b` share, counted with
    /// repeats (the black plus white pegs of any code of one against any of the other).
    shared: Vec<u8>,
    /// Byte `t`: 127 less the replies of total `t` an outside guess can get, so that a count
    /// of codes at total `t` added to it sets the byte's top bit when it is too many.
    room: u64,
    /// Codes in the game.
    code_count: usize,
}

impl ColourTotals {
    /// The table for `book`'s game, where it pays and its sums fit: black and white replies,
    /// at most 7 pegs (a byte per total in a `u64`), and few enough multisets.
    pub(in crate::optimal) fn new(book: &Codebook) -> Option<ColourTotals> {
        let game = book.game();
        let pegs = game.pegs();
        if game.feedback_kind() != FeedbackKind::BlackWhite || pegs > 7 {
            return None;
        }
        let colours = game.colours();
        let counts_of = |code: Code| {
            let mut counts = vec![0u8; colours];
            for &colour in book.colours_of(code) {
                counts[usize::from(colour)] += 1;
            }
            counts
        };
        let mut index = std::collections::HashMap::new();
        let mut multisets: Vec<Vec<u8>> = Vec::new();
        let mut multiset_of = Vec::with_capacity(book.len());
        for code in book.codes() {
            let counts = counts_of(code);
            let next = multisets.len();
            let at = *index.entry(counts.clone()).or_insert_with(|| {
                multisets.push(counts);
                next
            });
            if multisets.len() > MOST_MULTISETS {
                return None;
            }
            multiset_of.push(at as u16);
        }
        let count = multisets.len();
        let mut starts = vec![0usize; count + 1];
        for &at in &multiset_of {
            starts[usize::from(at) + 1] += 1;
        }
        for at in 0..count {
            starts[at + 1] += starts[at];
        }
        let mut filled = starts.clone();
        let mut codes = vec![Code(0); book.len()];
        for (code, &at) in book.codes().zip(&multiset_of) {
            codes[filled[usize::from(at)]] = code;
            filled[usize::from(at)] += 1;
        }
        let shared = multisets
            .iter()
            .flat_map(|a| {
                multisets
                    .iter()
                    .map(move |b| a.iter().zip(b).map(|(x, y)| x.min(y)).sum::<u8>())
            })
            .collect();
        let colours = multisets
            .iter()
            .map(|counts| {
                (0..colours)
                    .filter(|&colour| counts[colour] > 0)
                    .fold(0, |set: ColourSet, colour| set | 1 << colour)
            })
            .collect();
        let room = (0..=pegs).fold(0u64, |room, total| {
            // A guess outside the set never scores all black, and never all but one black
            // with the last peg white: the last peg's colour would then be in place too.
            let replies = if total < pegs { total + 1 } else { pegs - 1 };
            room | (127 - replies as u64) << (8 * total)
        });
        Some(ColourTotals {
            multiset_of,
            colours,
            codes,
            starts,
            shared,
            room,
            code_count: book.len(),
        })
    }

    /// The codes that may tell every code of `set` apart, as far as their colours say, in
    /// numeric order; of codes naming colours `absent` from the set, only those naming the
    /// least of them, as [`GuessPool::naming_absent_first`] keeps (with repeated colours; in
    /// games without, every order of them). `None` for a set of 128 codes or more, whose
    /// counts would not fit a byte: no set that small guesses can tell apart is that large.
    ///
    /// [`GuessPool::naming_absent_first`]: mastermind_strategy::guesses::GuessPool::naming_absent_first
    pub(in crate::optimal) fn may_tell_apart(
        &self,
        set: &[Code],
        absent: ColourSet,
        repetition: bool,
    ) -> Option<Vec<Code>> {
        // A byte per total holds counts below 128.
        if set.len() >= 128 {
            return None;
        }
        let count = self.colours.len();
        let mut in_set: Vec<u16> = set
            .iter()
            .map(|code| self.multiset_of[code.index()])
            .collect();
        in_set.sort_unstable();
        // Per multiset, the set's codes at each total, a byte per total.
        let mut at_total = vec![0u64; count];
        for run in in_set.chunk_by(|a, b| a == b) {
            let shared = &self.shared[usize::from(run[0]) * count..][..count];
            add_at_totals(&mut at_total, shared, run.len() as u64);
        }
        let mut left = vec![0u64; self.code_count.div_ceil(64)];
        let mut kept = 0;
        for (multiset, &sum) in at_total.iter().enumerate() {
            if (sum + self.room) & 0x8080_8080_8080_8080 != 0 {
                continue;
            }
            let used = self.colours[multiset] & absent;
            if !names_least_absent(used, absent, repetition) {
                continue;
            }
            for code in &self.codes[self.starts[multiset]..self.starts[multiset + 1]] {
                left[code.index() / 64] |= 1 << (code.index() % 64);
                kept += 1;
            }
        }
        if kept == 0 {
            return Some(Vec::new());
        }
        let mut codes = Vec::with_capacity(kept);
        for (word_at, &word) in left.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                codes.push(Code((word_at * 64) as u32 + word.trailing_zeros()));
                word &= word - 1;
            }
        }
        Some(codes)
    }
}

mastermind_core::vector_versions! {
    /// Adds `codes` to each multiset's count at the total it has with theirs (`shared`): a
    /// shift by a different amount in every lane, which only AVX2 and wider do in one
    /// instruction.
    fn add_at_totals[](at_total: &mut [u64], shared: &[u8], codes: u64)
        = add_at_totals_plain, "x86_64+avx512f+avx512bw+avx512vl", "x86_64+avx2";
}

#[inline(always)]
fn add_at_totals_plain(at_total: &mut [u64], shared: &[u8], codes: u64) {
    for (sum, &total) in at_total.iter_mut().zip(shared) {
        *sum += codes << (8 * total);
    }
}

/// Whether a multiset naming the absent colours `used` of `absent` stands for its codes in the
/// scan: with repeated colours, one naming only the least absent colour, if any (any absent
/// colour scores as any other); without, one naming the least `k` of them.
fn names_least_absent(used: ColourSet, absent: ColourSet, repetition: bool) -> bool {
    if repetition && used.count_ones() > 1 {
        return false;
    }
    let mut least = 0;
    let mut rest = absent;
    for _ in 0..used.count_ones() {
        let next = rest & rest.wrapping_neg();
        least |= next;
        rest &= !next;
    }
    used == least
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use mastermind_core::{Code, Codebook, FeedbackKind, Game};
    use mastermind_strategy::guesses::GuessPool;

    use super::ColourTotals;

    /// Checks that every guess outside `set` that tells its codes apart (by the rules) and that
    /// the pool keeps for the set is kept by the filter too.
    fn keeps_every_guess_that_tells_apart(
        book: &Codebook,
        set: &[Code],
    ) -> Result<(), TestCaseError> {
        let totals = ColourTotals::new(book).expect("a table for the game");
        let pool = GuessPool::new(book);
        let kept = totals
            .may_tell_apart(set, pool.absent_colours(set), book.game().repetition())
            .expect("a list");
        prop_assert!(
            kept.windows(2).all(|pair| pair[0] < pair[1]),
            "in numeric order"
        );
        for &guess in pool.naming_absent_first(book, set).iter() {
            let replies: BTreeSet<_> = set.iter().map(|&code| book.score(guess, code)).collect();
            if set.binary_search(&guess).is_err() && replies.len() == set.len() {
                prop_assert!(
                    kept.binary_search(&guess).is_ok(),
                    "{} tells the set apart but is dropped",
                    book.format(guess)
                );
            }
        }
        Ok(())
    }

    /// The codes of `pegs`, each peg naming a colour of `palette`, in numeric order.
    fn set_of(book: &Codebook, palette: &[u8], pegs: &[Vec<usize>]) -> Vec<Code> {
        pegs.iter()
            .map(|pegs| {
                let colours: Vec<u8> = pegs
                    .iter()
                    .map(|&peg| palette[peg % palette.len()])
                    .collect();
                book.index_of(&colours).expect("a code of the game")
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Super Mastermind's sets of a few colours, where most guesses are ruled out and some
        /// colours are absent.
        #[test]
        fn no_guess_of_five_pegs_that_tells_a_set_apart_is_dropped(
            palette in prop::collection::vec(0u8..8, 1..=8),
            pegs in prop::collection::vec(prop::collection::vec(0usize..8, 5), 1..=19),
        ) {
            let book = Codebook::new(Game::new(5, 8, true, FeedbackKind::BlackWhite).expect("a game"));
            keeps_every_guess_that_tells_apart(&book, &set_of(&book, &palette, &pegs))?;
        }

        /// Without repeated colours, where a multiset is a set of colours.
        #[test]
        fn no_guess_without_repeats_that_tells_a_set_apart_is_dropped(
            codes in prop::collection::btree_set(0u32..840, 1..=14),
        ) {
            let book = Codebook::new(Game::new(4, 7, false, FeedbackKind::BlackWhite).expect("a game"));
            let set: Vec<Code> = codes.into_iter().map(Code).collect();
            keeps_every_guess_that_tells_apart(&book, &set)?;
        }
    }

    /// Six orders of one multiset all share every colour count with any guess, and no total
    /// has six replies: the filter leaves no guess, and indeed none tells them apart.
    #[test]
    fn six_orders_of_one_multiset_leave_no_guess() {
        let book = Codebook::new(Game::new(5, 8, true, FeedbackKind::BlackWhite).expect("a game"));
        let set: Vec<Code> = ["12345", "12354", "12435", "12453", "12534", "12543"]
            .iter()
            .map(|code| book.parse(code).expect("a code"))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let totals = ColourTotals::new(&book).expect("a table for the game");
        assert_eq!(totals.may_tell_apart(&set, 0, true), Some(Vec::new()));
        assert!(book.codes().all(|guess| {
            let replies: BTreeSet<_> = set.iter().map(|&code| book.score(guess, code)).collect();
            replies.len() < set.len()
        }));
    }

    /// Games the table would not pay for, or whose sums would not fit, go without it.
    #[test]
    fn black_pegs_only_and_eight_pegs_go_without() {
        let game = |pegs, colours, feedback| {
            Codebook::new(Game::new(pegs, colours, true, feedback).expect("a game"))
        };
        assert!(ColourTotals::new(&game(4, 6, FeedbackKind::BlackOnly)).is_none());
        assert!(ColourTotals::new(&game(8, 2, FeedbackKind::BlackWhite)).is_none());
        assert!(ColourTotals::new(&game(4, 6, FeedbackKind::BlackWhite)).is_some());
    }
}
