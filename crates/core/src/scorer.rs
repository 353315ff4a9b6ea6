//! The scorer answers "what reply does this guess get against that secret?" for the hot loops.
//! For the exact searches, where the whole `codes × codes` table fits in memory it is
//! precomputed (one byte per pair); larger games, and builders that visit each node once,
//! compute each reply from the rules instead, many secrets at a time.

use rayon::prelude::*;

use crate::packed::{PackedCodes, SCREEN_BOUND, SCREEN_LANES};
use crate::{Code, Codebook, Feedback, FeedbackKind, Game};

/// Games with more pairs than this score on the fly (5×8 has 32768² ≈ 10⁹ pairs); 4×10, the
/// largest game an exhaustive search may finish, has 10⁸ and keeps its table of 100 MB.
const TABLE_LIMIT: usize = 100_000_000;

/// Scores guesses against secrets for one game.
#[derive(Clone, Debug)]
pub struct Scorer {
    book: Codebook,
    /// `table[guess * n + secret]` is the feedback index, when the game is small enough.
    table: Option<Vec<u8>>,
}

/// A node's candidates made ready for scoring many guesses against them: in games without the
/// table, their packed words copied side by side.
#[derive(Clone, Debug)]
pub struct Secrets<'a> {
    codes: &'a [Code],
    packed: Option<PackedCodes>,
}

impl<'a> Secrets<'a> {
    /// The candidates alone, not packed: for callers that read replies from rows of their
    /// own, where packing would be wasted. [`Scorer::replies_into`] scores these one code at
    /// a time when the scorer keeps no table.
    pub fn unpacked(codes: &'a [Code]) -> Secrets<'a> {
        Secrets {
            codes,
            packed: None,
        }
    }

    /// The candidates, in the order given.
    pub fn codes(&self) -> &[Code] {
        self.codes
    }
}

/// The candidates of a node split by the reply to one guess: non-empty classes in increasing
/// feedback order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Each reply that occurs with the codes that give it, in numeric order.
    pub classes: Vec<(Feedback, Vec<Code>)>,
}

impl Scorer {
    /// Builds the scorer, precomputing the feedback table when it fits.
    pub fn new(game: Game) -> Scorer {
        Scorer::with_table_limit(game, TABLE_LIMIT)
    }

    /// Like [`Scorer::new`], with the table for games of up to `most_pairs` pairs: a checker,
    /// which comes back to the same pairs far more often than a search and holds nothing
    /// else as large, keeps it for larger games than the searches do.
    pub fn with_table_up_to(game: Game, most_pairs: usize) -> Scorer {
        Scorer::with_table_limit(game, most_pairs)
    }

    /// Like [`Scorer::new`] but never builds a table: used to check the table against the rules.
    pub fn on_the_fly(game: Game) -> Scorer {
        Scorer::with_table_limit(game, 0)
    }

    /// A scorer for builders that score guesses against each node's candidates once and move
    /// on, such as the one-step heuristics: where the packed form fits, scoring against
    /// [`Secrets`] keeps pace with reading the table, so the table's time and memory are
    /// saved. Searches that come back to the same pairs again and again want [`Scorer::new`].
    pub fn for_one_pass(game: Game) -> Scorer {
        let book = Codebook::new(game);
        let limit = if book.packed().is_some() {
            0
        } else {
            TABLE_LIMIT
        };
        Scorer::from_book(book, limit)
    }

    /// The bytes of the feedback table [`Scorer::new`] builds for `game` (none past
    /// 10000 codes), for weighing a build against a memory limit before it starts.
    pub fn table_bytes(game: Game) -> usize {
        let n = game.code_count();
        match n.checked_mul(n) {
            Some(cells) if cells <= TABLE_LIMIT => cells,
            _ => 0,
        }
    }

    fn with_table_limit(game: Game, limit: usize) -> Scorer {
        Scorer::from_book(Codebook::new(game), limit)
    }

    fn from_book(book: Codebook, limit: usize) -> Scorer {
        let n = book.len();
        let table = (n.saturating_mul(n) <= limit && n > 0).then(|| {
            let mut table = vec![0u8; n * n];
            table
                .par_chunks_mut(n)
                .enumerate()
                .for_each(|(guess, row)| book.score_row(Code(guess as u32), row));
            table
        });
        Scorer { book, table }
    }

    /// The game being scored.
    pub fn game(&self) -> &Game {
        self.book.game()
    }

    /// Every code of the game.
    pub fn codebook(&self) -> &Codebook {
        &self.book
    }

    /// Whether replies come from a precomputed table.
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// The reply to `guess` when the secret is `secret`.
    #[inline(always)]
    pub fn feedback(&self, guess: Code, secret: Code) -> Feedback {
        match &self.table {
            Some(table) => {
                Feedback::from_index(table[guess.index() * self.book.len() + secret.index()])
            }
            None => self.book.score(guess, secret),
        }
    }

    /// The reply index of `guess` against every code, in code order, when the table is kept.
    /// Replies are symmetric, so this is also every code's reply index against `guess`.
    pub fn feedback_row(&self, guess: Code) -> Option<&[u8]> {
        let n = self.book.len();
        self.table
            .as_ref()
            .map(|table| &table[guess.index() * n..(guess.index() + 1) * n])
    }

    /// Counts the candidates per reply to `guess`. `counts` must have
    /// [`Game::feedback_slots`] entries; it is cleared first.
    #[inline]
    pub fn count_classes(&self, guess: Code, candidates: &[Code], counts: &mut [u32]) {
        counts.fill(0);
        match &self.table {
            Some(table) => {
                let n = self.book.len();
                let row = &table[guess.index() * n..(guess.index() + 1) * n];
                for &secret in candidates {
                    counts[usize::from(row[secret.index()])] += 1;
                }
            }
            None => {
                for &secret in candidates {
                    counts[self.book.score(guess, secret).index()] += 1;
                }
            }
        }
    }

    /// Makes `candidates` ready for [`Scorer::largest_class_within`] and
    /// [`Scorer::class_sizes`].
    pub fn secrets<'a>(&self, candidates: &'a [Code]) -> Secrets<'a> {
        let packed = match (&self.table, self.book.packed()) {
            (None, Some(packed)) => Some(packed.select(candidates.iter().map(|code| code.index()))),
            _ => None,
        };
        Secrets {
            codes: candidates,
            packed,
        }
    }

    /// Fills `replies` with the feedback index of `guess` against the secrets from `start`
    /// on, as many as `replies` holds: read from the secrets' rows of the table, or scored
    /// from their packed words a vector at a time, for loops that stop part-way through the
    /// secrets a chunk at a time.
    pub fn replies_into(
        &self,
        guess: Code,
        secrets: &Secrets<'_>,
        start: usize,
        replies: &mut [u8],
    ) {
        let codes = &secrets.codes[start..start + replies.len()];
        match (&self.table, &secrets.packed, self.book.packed()) {
            (Some(table), _, _) => {
                // Replies are symmetric: each secret's row is read where the guess's would be
                // read at scattered places.
                let n = self.book.len();
                for (reply, secret) in replies.iter_mut().zip(codes) {
                    *reply = table[secret.index() * n + guess.index()];
                }
            }
            (None, Some(packed), Some(guesses)) => {
                let whites = self.game().feedback_kind() == FeedbackKind::BlackWhite;
                packed.replies_from(guesses, guess.index(), whites, start, replies);
            }
            _ => {
                for (reply, &secret) in replies.iter_mut().zip(codes) {
                    *reply = self.book.score(guess, secret).index() as u8;
                }
            }
        }
    }

    /// Counts the secrets per reply to `guess`. `counts` must have [`Game::feedback_slots`]
    /// entries; it is cleared first.
    pub fn class_sizes(&self, guess: Code, secrets: &Secrets<'_>, counts: &mut [u32]) {
        self.largest_class_within(guess, secrets, counts, u32::MAX);
    }

    /// How many guesses [`Scorer::screen`] weighs at once.
    pub const SCREEN_LANES: usize = SCREEN_LANES;

    /// Of the first [`Scorer::SCREEN_LANES`] of `guesses` (the rest are not weighed), those
    /// that may leave no class of the secrets larger than `bound`, as a mask (bit `i` for
    /// `guesses[i]`): a quick test of several guesses side by side before
    /// [`Scorer::largest_class_within`] scores the ones kept. Every guess whose largest class
    /// is at most `bound` is kept; where no screen is faster (bounds past 7, games scored from
    /// the table), every guess is.
    pub fn screen(&self, guesses: &[Code], secrets: &Secrets<'_>, bound: u32) -> u32 {
        let guesses = &guesses[..guesses.len().min(SCREEN_LANES)];
        let every = (1 << guesses.len()) - 1;
        match (&self.table, &secrets.packed, self.book.packed()) {
            (None, Some(packed), Some(packed_guesses))
                if (1..=SCREEN_BOUND).contains(&bound) && !guesses.is_empty() =>
            {
                let mut batch = [0; SCREEN_LANES];
                for (index, guess) in batch.iter_mut().zip(guesses) {
                    *index = guess.index();
                }
                let whites = self.game().feedback_kind() == FeedbackKind::BlackWhite;
                packed.screen(packed_guesses, &batch[..guesses.len()], whites, bound)
            }
            _ => every,
        }
    }

    /// The size of the largest class of the secrets under `guess`, or `None` as soon as some
    /// class grows past `bound`: minimax searches discard most guesses after a few candidates.
    /// `counts` must have [`Game::feedback_slots`] entries; it is cleared first and holds the
    /// class sizes afterwards when the result is `Some`.
    #[inline]
    pub fn largest_class_within(
        &self,
        guess: Code,
        secrets: &Secrets<'_>,
        counts: &mut [u32],
        bound: u32,
    ) -> Option<u32> {
        if let (None, Some(packed), Some(guesses)) =
            (&self.table, &secrets.packed, self.book.packed())
        {
            let whites = self.game().feedback_kind() == FeedbackKind::BlackWhite;
            return packed.largest_class_within(guesses, guess.index(), whites, counts, bound);
        }
        counts.fill(0);
        let mut largest = 0;
        let mut add = |feedback: usize| {
            let count = counts[feedback] + 1;
            counts[feedback] = count;
            largest = largest.max(count);
            count <= bound
        };
        let within = match (&self.table, &secrets.packed, self.book.packed()) {
            (Some(table), _, _) => {
                let n = self.book.len();
                let row = &table[guess.index() * n..(guess.index() + 1) * n];
                secrets
                    .codes
                    .iter()
                    .all(|secret| add(usize::from(row[secret.index()])))
            }
            _ => secrets
                .codes
                .iter()
                .all(|&secret| add(self.book.score(guess, secret).index())),
        };
        within.then_some(largest)
    }

    /// Splits `candidates` (kept in their order within each class) by the reply to `guess`.
    pub fn split(&self, guess: Code, candidates: &[Code]) -> Partition {
        let mut buckets: Vec<Vec<Code>> = vec![Vec::new(); self.game().feedback_slots()];
        for &secret in candidates {
            buckets[self.feedback(guess, secret).index()].push(secret);
        }
        let classes = buckets
            .into_iter()
            .enumerate()
            .filter(|(_, class)| !class.is_empty())
            .map(|(index, class)| (Feedback::from_index(index as u8), class))
            .collect();
        Partition { classes }
    }

    /// Every code of the game.
    pub fn all_codes(&self) -> Vec<Code> {
        self.book.codes().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FeedbackKind;

    #[test]
    fn table_and_rules_agree() {
        for (pegs, colours, repetition) in [(4, 6, true), (3, 5, false), (4, 4, true)] {
            let game = Game::new(pegs, colours, repetition, FeedbackKind::BlackWhite).unwrap();
            let (table, rules) = (Scorer::new(game), Scorer::on_the_fly(game));
            assert!(table.has_table() && !rules.has_table());
            for guess in table.codebook().codes() {
                for secret in table.codebook().codes() {
                    assert_eq!(table.feedback(guess, secret), rules.feedback(guess, secret));
                }
            }
        }
    }

    #[test]
    fn one_pass_scorers_keep_the_table_only_where_codes_do_not_pack() {
        let packs = Game::classic();
        let too_wide = Game::new(8, 2, true, FeedbackKind::BlackWhite).unwrap();
        assert!(!Scorer::for_one_pass(packs).has_table());
        assert!(Scorer::for_one_pass(too_wide).has_table());
        let (one_pass, table) = (Scorer::for_one_pass(packs), Scorer::new(packs));
        let all = table.all_codes();
        let slots = packs.feedback_slots();
        let (mut by_pass, mut by_table) = (vec![0; slots], vec![0; slots]);
        let (packed, rows) = (one_pass.secrets(&all), table.secrets(&all));
        for guess in table.codebook().codes() {
            one_pass.class_sizes(guess, &packed, &mut by_pass);
            table.class_sizes(guess, &rows, &mut by_table);
            assert_eq!(by_pass, by_table);
        }
    }

    #[test]
    fn replies_into_gives_each_secrets_reply_from_any_start() {
        // A table, packed codes without one, and codes too wide to pack (8 pegs).
        let games = [
            (Game::classic(), true),
            (
                Game::new(5, 8, true, FeedbackKind::BlackWhite).unwrap(),
                false,
            ),
            (
                Game::new(4, 6, true, FeedbackKind::BlackOnly).unwrap(),
                false,
            ),
            (
                Game::new(8, 3, true, FeedbackKind::BlackWhite).unwrap(),
                false,
            ),
        ];
        for (game, table) in games {
            let scorer = if table {
                Scorer::new(game)
            } else {
                Scorer::on_the_fly(game)
            };
            assert_eq!(scorer.has_table(), table);
            let book = scorer.codebook();
            // Every 7th code: a set of codes not side by side in the codebook.
            let set: Vec<Code> = book.codes().step_by(7).take(100).collect();
            let secrets = scorer.secrets(&set);
            for guess in book.codes().step_by(97).take(12) {
                for (start, len) in [(0, 100), (0, 16), (3, 16), (90, 10), (41, 0), (99, 1)] {
                    let mut replies = vec![0u8; len];
                    scorer.replies_into(guess, &secrets, start, &mut replies);
                    let expected: Vec<u8> = set[start..start + len]
                        .iter()
                        .map(|&secret| scorer.feedback(guess, secret).index() as u8)
                        .collect();
                    assert_eq!(replies, expected, "{game:?}, from {start}");
                }
            }
        }
    }

    #[test]
    fn classic_game_has_fourteen_replies() {
        let scorer = Scorer::new(Game::classic());
        let mut seen = std::collections::BTreeSet::new();
        for guess in scorer.codebook().codes() {
            for secret in scorer.codebook().codes() {
                seen.insert(scorer.feedback(guess, secret));
            }
        }
        assert_eq!(seen.len(), 14);
        assert!(!seen.contains(&scorer.game().feedback(3, 1)));
    }

    #[test]
    fn knuth_first_guess_partition() {
        // Figure 1: 1122 leaves 1,16,96,256,256; 0,36,208,256; 4,32,114; 0,20; 1.
        let scorer = Scorer::new(Game::classic());
        let game = *scorer.game();
        let guess = scorer.codebook().parse("1122").unwrap();
        let mut counts = vec![0; game.feedback_slots()];
        scorer.count_classes(guess, &scorer.all_codes(), &mut counts);
        let by_slot: Vec<u32> = game
            .notation_feedbacks()
            .iter()
            .map(|f| counts[f.index()])
            .collect();
        assert_eq!(
            by_slot,
            [1, 16, 96, 256, 256, 0, 36, 208, 256, 4, 32, 114, 0, 20, 1]
        );
    }
}
