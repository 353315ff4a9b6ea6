//! What a large build faces, said before it starts: a user who asked for Knuth's tree on a
//! million codes, or an exact search past what was measured, learns at once that it is a
//! matter of hours, not after minutes of a bar that has not moved.
//!
//! The exact search's forecast comes from measured figures: the wall times of whole searches
//! from nothing in `measured.csv` (the benchmarks document says where each was measured). A
//! game measured is quoted; a larger one is projected by the growth between the two largest
//! measured games of its kind (repetition and replies) below it, for the search's cost grows
//! as a high power of the codes.

use std::fmt;

use mastermind_core::{FeedbackKind, Game};

use crate::by_name::StrategyKind;

/// The measured searches: `strategy,pegs,colours,repetition,feedback,threads,seconds`.
const MEASURED: &str = include_str!("measured.csv");
/// One-step builds past this many codes are announced: the root alone scores codes² pairs.
const LARGE_ONE_STEP: usize = 1 << 16;
/// Exact searches expected to take at least this long are announced; shorter ones have their
/// progress bar's estimate.
const ANNOUNCED_SECONDS: f64 = 300.0;

/// One measured search from nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// The game.
    pub game: Game,
    /// The threads it ran on.
    pub threads: usize,
    /// Its wall time, in seconds.
    pub seconds: f64,
}

/// The exact searches measured from nothing, in the order of the table.
pub fn measured() -> Vec<Measured> {
    MEASURED
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let [strategy, pegs, colours, repetition, feedback, threads, seconds] = fields[..]
            else {
                return None;
            };
            let feedback = match feedback {
                "black-only" => FeedbackKind::BlackOnly,
                _ => FeedbackKind::BlackWhite,
            };
            let game = Game::new(
                pegs.parse().ok()?,
                colours.parse().ok()?,
                repetition == "repeat",
                feedback,
            );
            (strategy == "optimal").then_some(Measured {
                game: game.ok()?,
                threads: threads.parse().ok()?,
                seconds: seconds.parse().ok()?,
            })
        })
        .collect()
}

/// What a build is expected to cost.
#[derive(Clone, Debug, PartialEq)]
pub enum Forecast {
    /// An exact search on a game measured before.
    Measured {
        /// The game.
        game: Game,
        /// How it was measured.
        measured: Measured,
    },
    /// An exact search on a game larger than any measured of its kind, projected by the growth
    /// between two measured ones (`None` when too few of its kind were measured).
    Projected {
        /// The game.
        game: Game,
        /// The two measured games the growth is taken between, and the seconds projected.
        from: Option<(Measured, Measured, f64)>,
    },
    /// A one-step build, whose first guess alone scores this many guess-code pairs.
    OneStep {
        /// The strategy.
        strategy: StrategyKind,
        /// The game.
        game: Game,
    },
}

/// The forecast of a build of `strategy` on `game`, if it is large enough to announce.
pub fn forecast(strategy: StrategyKind, game: &Game) -> Option<Forecast> {
    let codes = game.code_count();
    match strategy {
        StrategyKind::Optimal => search_seconds(game)
            .is_none_or(|seconds| seconds >= ANNOUNCED_SECONDS)
            .then(|| search_forecast(game, &measured())),
        _ if codes > LARGE_ONE_STEP => Some(Forecast::OneStep {
            strategy,
            game: *game,
        }),
        _ => None,
    }
}

/// The seconds the exact search on `game` is expected to take from nothing on the threads
/// it was measured on: measured, or projected by the growth between measured games of its
/// kind ([`forecast`]'s model); `None` when too few of its kind were measured.
pub fn search_seconds(game: &Game) -> Option<f64> {
    match search_forecast(game, &measured()) {
        Forecast::Measured { measured, .. } => Some(measured.seconds),
        Forecast::Projected { from, .. } => from.map(|(_, _, seconds)| seconds),
        Forecast::OneStep { .. } => None,
    }
}

/// The model's record: each measured game it could have projected from the games of its kind
/// measured below it, with the seconds it projects. The stated error of a projection (the
/// frontier README's plan quotes it) is how far these fall from the measured times.
pub fn hindcasts() -> Vec<(Measured, f64)> {
    let rows = measured();
    rows.iter()
        .filter_map(|row| {
            let others: Vec<Measured> = rows
                .iter()
                .filter(|o| o.game != row.game)
                .copied()
                .collect();
            match search_forecast(&row.game, &others) {
                Forecast::Projected {
                    from: Some((_, _, seconds)),
                    ..
                } => Some((*row, seconds)),
                _ => None,
            }
        })
        .collect()
}

/// Searches measured in less than this are left out of the model's stated error: their
/// times are mostly start-up and the machine's noise.
const HINDCAST_FROM_SECONDS: f64 = 10.0;

/// The model's stated error: the largest factor, either way, between a hindcast and the time
/// measured, over the searches measured at 10 s or more.
pub fn stated_error() -> f64 {
    hindcasts()
        .iter()
        .filter(|(measured, _)| measured.seconds >= HINDCAST_FROM_SECONDS)
        .map(|(measured, projected)| {
            (projected / measured.seconds).max(measured.seconds / projected)
        })
        .fold(1.0, f64::max)
}

/// The exact search's forecast on `game` from the `measured` searches.
fn search_forecast(game: &Game, measured: &[Measured]) -> Forecast {
    if let Some(&measured) = measured.iter().find(|m| m.game == *game) {
        return Forecast::Measured {
            game: *game,
            measured,
        };
    }
    let mut below: Vec<Measured> = measured
        .iter()
        .filter(|m| same_kind(&m.game, game) && m.game.code_count() < game.code_count())
        .copied()
        .collect();
    below.sort_by_key(|m| m.game.code_count());
    let from = match below[..] {
        [.., smaller, larger] => {
            let growth = (larger.seconds / smaller.seconds).ln()
                / (larger.game.code_count() as f64 / smaller.game.code_count() as f64).ln();
            let ratio = game.code_count() as f64 / larger.game.code_count() as f64;
            Some((smaller, larger, larger.seconds * ratio.powf(growth)))
        }
        _ => None,
    };
    Forecast::Projected { game: *game, from }
}

fn same_kind(a: &Game, b: &Game) -> bool {
    a.repetition() == b.repetition() && a.feedback_kind() == b.feedback_kind()
}

impl fmt::Display for Forecast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const RESUME: &str = "--resume DIR keeps each settled piece, so a stopped run goes on \
                              where it stopped, and --table-memory MIB, where memory allows, \
                              lets it keep more of what it learns";
        match self {
            Forecast::Measured { game, measured } => write!(
                f,
                "the exact search on {} ({} codes) took {} from nothing on {} threads where it \
                 was measured (docs/BENCHMARKS.md): expect about that on a machine like it; \
                 {RESUME}",
                game.describe(),
                game.code_count(),
                duration(measured.seconds),
                measured.threads
            ),
            Forecast::Projected {
                game,
                from: Some((smaller, larger, seconds)),
            } => write!(
                f,
                "the exact search on {} ({} codes) goes past the games measured in one go: by \
                 the growth from {} ({}) to {} ({}) on {} threads, expect roughly {} (the \
                 same projection came within {:.1}× of each game measured from 10 s up); \
                 {RESUME}",
                game.describe(),
                game.code_count(),
                smaller.game.describe(),
                duration(smaller.seconds),
                larger.game.describe(),
                duration(larger.seconds),
                larger.threads,
                duration(*seconds),
                stated_error()
            ),
            Forecast::Projected { game, from: None } => write!(
                f,
                "the exact search on {} ({} codes) goes past the games measured in one go: \
                 expect hours or more; {RESUME}",
                game.describe(),
                game.code_count()
            ),
            Forecast::OneStep { strategy, game } => {
                let codes = game.code_count();
                let pairs = (codes as f64).powi(2);
                write!(
                    f,
                    "{} on {} ({codes} codes) scores about 10^{:.0} guess-code pairs at the \
                     first guess alone: expect {}",
                    strategy.file_name(),
                    game.describe(),
                    pairs.log10(),
                    if pairs > 1e11 { "hours" } else { "minutes" }
                )
            }
        }
    }
}

/// Seconds as a person says them: `0.2 s`, `12 s`, `35 min`, `20 hours`, `80 days`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 10.0 => format!("{s:.1} s"),
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 90.0 * 60.0 => format!("{:.0} min", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.0} hours", s / 3600.0),
        s => format!("{:.0} days", s / 86400.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(pegs: u32, colours: u32) -> Game {
        Game::new(pegs, colours, true, FeedbackKind::BlackWhite).unwrap()
    }

    #[test]
    fn every_measured_row_reads() {
        let rows = MEASURED.lines().skip(1).count();
        assert_eq!(measured().len(), rows);
        assert!(measured().iter().all(|m| m.seconds > 0.0 && m.threads > 0));
    }

    #[test]
    fn quick_builds_are_not_announced() {
        assert_eq!(forecast(StrategyKind::Knuth, &game(4, 6)), None);
        assert_eq!(forecast(StrategyKind::Optimal, &game(4, 8)), None);
        assert_eq!(forecast(StrategyKind::Optimal, &game(4, 9)), None);
    }

    #[test]
    fn a_measured_search_is_quoted_and_a_larger_one_projected() {
        let rows = measured();
        let Forecast::Measured { measured, .. } = search_forecast(&game(4, 10), &rows) else {
            panic!("4×10 is measured");
        };
        assert!(rows.contains(&measured));
        let Forecast::Projected {
            from: Some((smaller, larger, seconds)),
            ..
        } = search_forecast(&game(5, 8), &rows)
        else {
            panic!("5×8 is projected");
        };
        // The two largest of its kind below it, and more than the larger took.
        assert!(smaller.game.code_count() < larger.game.code_count());
        assert!(rows
            .iter()
            .all(|m| !same_kind(&m.game, &game(5, 8))
                || m.game.code_count() <= larger.game.code_count()));
        assert!(seconds > larger.seconds);
        let text = forecast(StrategyKind::Optimal, &game(5, 8))
            .unwrap()
            .to_string();
        assert!(text.contains("expect roughly"), "{text}");
        assert!(text.contains("--resume DIR"), "{text}");
    }

    #[test]
    fn the_model_projects_the_larger_measured_games_within_its_stated_error() {
        let hindcasts = hindcasts();
        let projected = |pegs, colours| {
            hindcasts
                .iter()
                .find(|(measured, _)| measured.game == game(pegs, colours))
                .unwrap_or_else(|| panic!("{pegs}×{colours} is projected from smaller games"))
        };
        for (pegs, colours) in [(4, 9), (5, 6), (4, 10), (5, 7)] {
            let (measured, seconds) = projected(pegs, colours);
            let factor = (seconds / measured.seconds).max(measured.seconds / seconds);
            assert!(factor <= stated_error(), "{pegs}×{colours}: {factor}");
        }
        // A model that is no better than a guess of the order of magnitude is not stated.
        assert!(stated_error() < 3.0, "{}", stated_error());
        let text = forecast(StrategyKind::Optimal, &game(5, 8))
            .unwrap()
            .to_string();
        assert!(
            text.contains(&format!("within {:.1}×", stated_error())),
            "{text}"
        );
    }

    #[test]
    fn a_game_of_a_kind_too_little_measured_is_said_to_take_hours() {
        let black = Game::new(6, 6, true, FeedbackKind::BlackOnly).unwrap();
        let no_repeat = Game::new(5, 10, false, FeedbackKind::BlackWhite).unwrap();
        let text = forecast(StrategyKind::Optimal, &no_repeat)
            .unwrap()
            .to_string();
        assert!(text.contains("expect hours or more"), "{text}");
        let text = forecast(StrategyKind::Optimal, &black).unwrap().to_string();
        assert!(
            text.contains("by the growth from 4×6, black pegs only (0.2 s)"),
            "{text}"
        );
    }

    #[test]
    fn a_huge_one_step_build_is_announced() {
        let knuth = forecast(StrategyKind::Knuth, &game(10, 4))
            .unwrap()
            .to_string();
        assert!(
            knuth.contains("(1048576 codes) scores about 10^12"),
            "{knuth}"
        );
        assert!(knuth.ends_with("expect hours"), "{knuth}");
    }
}
