//! Which games the atlas covers: every pegs × colours in the ranges asked for, in each
//! variant, up to a number of codes.

use std::fmt;

use mastermind_core::{FeedbackKind, Game};
use serde::{Deserialize, Serialize};

/// The rules a game of the atlas follows besides its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Colours may repeat; black and white pegs (Mastermind).
    Repeat,
    /// No colour repeats in a code (Bulls and Cows for 4 × 10).
    NoRepeat,
    /// Colours may repeat; only black pegs are reported.
    BlackOnly,
}

impl Variant {
    /// Every variant, in the atlas's order.
    pub const ALL: [Variant; 3] = [Variant::Repeat, Variant::NoRepeat, Variant::BlackOnly];

    /// The name files and the command line use, such as `no-repeat`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Repeat => "repeat",
            Variant::NoRepeat => "no-repeat",
            Variant::BlackOnly => "black-only",
        }
    }

    /// Reads a name written by [`Variant::name`].
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == name)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One game of the atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameKey {
    /// Pegs in a code.
    pub pegs: u32,
    /// Colours.
    pub colours: u32,
    /// Repetition and feedback.
    pub variant: Variant,
}

impl GameKey {
    /// The game, or why these numbers make none.
    pub fn game(self) -> Result<Game, mastermind_core::GameError> {
        let (repetition, feedback) = match self.variant {
            Variant::Repeat => (true, FeedbackKind::BlackWhite),
            Variant::NoRepeat => (false, FeedbackKind::BlackWhite),
            Variant::BlackOnly => (true, FeedbackKind::BlackOnly),
        };
        Game::new(self.pegs, self.colours, repetition, feedback)
    }
}

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{} {}", self.pegs, self.colours, self.variant)
    }
}

/// The games of shard `index` (from 0) of `count`: every `count`-th game of the grid from the
/// `index`-th, so that the shards of one grid share its games out and put together cover it.
pub fn shard_of(games: Vec<GameKey>, index: u32, count: u32) -> Vec<GameKey> {
    let count = count.max(1) as usize;
    games
        .into_iter()
        .skip(index as usize)
        .step_by(count)
        .collect()
}

/// The games with `pegs` and `colours` in the ranges given, in each of `variants`, that exist
/// and have at most `max_codes` codes: variants first, then pegs, then colours.
pub fn grid(
    pegs: impl IntoIterator<Item = u32> + Clone,
    colours: impl IntoIterator<Item = u32> + Clone,
    variants: &[Variant],
    max_codes: usize,
) -> Vec<GameKey> {
    let mut games = Vec::new();
    for &variant in variants {
        for p in pegs.clone() {
            for c in colours.clone() {
                let key = GameKey {
                    pegs: p,
                    colours: c,
                    variant,
                };
                if key.game().is_ok_and(|game| game.code_count() <= max_codes) {
                    games.push(key);
                }
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_keeps_the_games_that_exist_and_fit() {
        let games = grid(2..=4, 2..=10, &Variant::ALL, 5040);
        let count = |variant| games.iter().filter(|key| key.variant == variant).count();
        // 4 pegs stop at 8 colours (4096 codes; 9^4 = 6561); without repetition 4 × 10 has
        // 5040 and 2 pegs need 2 colours, 3 pegs 3.
        assert_eq!(count(Variant::Repeat), 9 + 9 + 7);
        assert_eq!(count(Variant::BlackOnly), 9 + 9 + 7);
        assert_eq!(count(Variant::NoRepeat), 9 + 8 + 7);
        assert!(games.contains(&GameKey {
            pegs: 4,
            colours: 10,
            variant: Variant::NoRepeat
        }));
    }

    #[test]
    fn shards_share_the_grid_out() {
        let games = grid(2..=4, 2..=6, &Variant::ALL, 1296);
        let shards: Vec<Vec<GameKey>> = (0..3).map(|k| shard_of(games.clone(), k, 3)).collect();
        assert_eq!(shards[1][0], games[1]);
        assert_eq!(shards.iter().map(Vec::len).sum::<usize>(), games.len());
        let mut together: Vec<GameKey> = shards.concat();
        together.sort_by_key(|key| games.iter().position(|game| game == key));
        assert_eq!(together, games);
    }

    #[test]
    fn variant_names_read_back() {
        for variant in Variant::ALL {
            assert_eq!(Variant::from_name(variant.name()), Some(variant));
        }
        assert_eq!(Variant::from_name("bulls"), None);
    }
}
