//! The least set in words, as `mastermind static search` prints it, and the scorer the search
//! needs.

use mastermind_core::{Game, Scorer};
use thiserror::Error;

use crate::{LeastSet, Proof};

/// A game whose replies do not fit in the table the search keeps.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error(
    "the static search keeps every reply in a table, which {} with its {} codes is too large for",
    .0.describe(),
    .0.code_count()
)]
pub struct TooLargeToSearch(pub Game);

/// The scorer the search needs: one that keeps every reply in a table.
pub fn searchable(game: Game) -> Result<Scorer, TooLargeToSearch> {
    let scorer = Scorer::new(game);
    match scorer.has_table() {
        true => Ok(scorer),
        false => Err(TooLargeToSearch(game)),
    }
}

impl LeastSet {
    /// Why no smaller set works, with the work the search did, in a game of `codes` codes.
    pub fn proof_text(&self, codes: usize) -> String {
        match &self.proof {
            Proof::Counting { .. } if self.guesses.is_empty() => {
                "a game of one code needs no guess".to_owned()
            }
            Proof::Counting { size, replies } => {
                let vectors = u32::try_from(*size)
                    .ok()
                    .and_then(|size| (*replies as u128).checked_pow(size))
                    .map_or(String::new(), |vectors| format!(" = {vectors}"));
                let (guesses, have) = match size {
                    1 => ("1 guess".to_owned(), "has"),
                    n => (format!("{n} guesses"), "have"),
                };
                format!(
                    "{guesses} {have} at most {replies}^{size}{vectors} reply vectors, fewer \
                     than the {codes} codes"
                )
            }
            Proof::Exhaustive(search) => format!(
                "no set of {} works: an exhaustive search up to symmetry followed {} partial \
                 sets and checked {} whole sets",
                search.size, search.partial_sets, search.sets_checked
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::FeedbackKind;

    use super::*;
    use crate::{least_set, NoProgress};

    #[test]
    fn small_games_are_proven_in_words() {
        let game = |pegs, colours| Game::new(pegs, colours, true, FeedbackKind::BlackWhite);
        let scorer = searchable(game(1, 1).unwrap()).unwrap();
        let least = least_set(&scorer, &NoProgress);
        assert_eq!(least.proof_text(1), "a game of one code needs no guess");
        let scorer = searchable(game(2, 3).unwrap()).unwrap();
        let least = least_set(&scorer, &NoProgress);
        let words = least.proof_text(9);
        assert!(
            words.ends_with("reply vectors, fewer than the 9 codes")
                || words.starts_with("no set of "),
            "{words}"
        );
    }
}
