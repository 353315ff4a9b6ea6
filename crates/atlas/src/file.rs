//! The atlas file: a versioned JSON document with one entry per game and one outcome per
//! measure, each a finished figure with its time, an unfinished one with how far it got in
//! its budget, or a failure with its reason. `trees/mastermind-atlas.schema.json` describes it.

use std::collections::BTreeMap;

use mastermind_tree::{check_format, read_document, DocumentError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Figures, GameKey, Measure};

/// The `format` field of every atlas file.
pub const FORMAT_NAME: &str = "mastermind-atlas";
/// The version of the format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The whole atlas, or a shard of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtlasFile {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// Always [`FORMAT_VERSION`] when written by this build.
    pub version: u32,
    /// The games, in the order the grid lists them.
    pub entries: Vec<Entry>,
}

/// One game's outcomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The game.
    #[serde(flatten)]
    pub game: GameKey,
    /// How many codes it has.
    pub codes: u64,
    /// Each measure's outcome, by the measure's name.
    pub results: BTreeMap<String, Outcome>,
}

/// What became of one measure of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Outcome {
    /// Computed (and, for a tree, verified) in `seconds`.
    Finished {
        /// A tree's total guesses over every code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<u64>,
        /// A tree's most guesses for one code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        worst_case: Option<u32>,
        /// The static number.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        least: Option<u32>,
        /// For a proven optimum, how many facts its checked certificate took.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facts: Option<u64>,
        /// Wall-clock seconds the computation took, on one thread.
        seconds: f64,
        /// A committed tree file with exactly these figures, relative to the atlas file.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tree: Option<String>,
    },
    /// Stopped when its time budget ran out.
    Unfinished {
        /// The budget it ran for, in seconds.
        seconds: f64,
        /// How far it had got, in words.
        reached: String,
    },
    /// Cannot be computed for this game, and why.
    Failed {
        /// Why, in words.
        reason: String,
    },
}

impl Outcome {
    /// The outcome of a computation that finished, its time kept to the millisecond.
    pub fn finished(figures: Figures, seconds: f64) -> Outcome {
        let seconds = (seconds * 1000.0).round() / 1000.0;
        Outcome::Finished {
            total: figures.total,
            worst_case: figures.worst_case,
            least: figures.least,
            facts: figures.facts,
            seconds,
            tree: None,
        }
    }

    /// The figures, when finished.
    pub fn figures(&self) -> Option<Figures> {
        match *self {
            Outcome::Finished {
                total,
                worst_case,
                least,
                facts,
                ..
            } => Some(Figures {
                total,
                worst_case,
                least,
                facts,
            }),
            _ => None,
        }
    }

    /// Whether the figures were taken in from a committed tree rather than computed by the
    /// atlas: they record no time of its own (0 s), and the tree's file is what checks them.
    pub fn is_taken_in(&self) -> bool {
        matches!(*self, Outcome::Finished { seconds, .. } if seconds == 0.0)
    }

    /// Whether a run with `budget` seconds per computation would learn nothing new by running
    /// this one again: it finished, cannot be done, or already ran out of at least as much time.
    pub fn settles(&self, budget: f64) -> bool {
        match *self {
            Outcome::Unfinished { seconds, .. } => seconds >= budget,
            _ => true,
        }
    }
}

/// What can be checked of a recorded outcome without computing it again, so that a figure
/// no strategy can reach is never reused as settled: the fields its measure has, times that
/// are times (and facts for a proof only), and figures within what `codes` codes allow (every code needs a guess and only
/// one can be solved by the first, so a tree of n codes needs at least 2n − 1 guesses in all
/// and, from two codes on, two for some code; no code needs more than the worst case).
fn check_outcome(measure: Measure, codes: u64, outcome: &Outcome) -> Result<(), String> {
    let time = |seconds: f64| {
        if seconds.is_finite() && seconds >= 0.0 {
            Ok(())
        } else {
            Err(format!("{seconds} is not a number of seconds"))
        }
    };
    match *outcome {
        Outcome::Unfinished { seconds, .. } => time(seconds),
        Outcome::Failed { .. } => Ok(()),
        Outcome::Finished {
            total,
            worst_case,
            least,
            facts,
            seconds,
            ..
        } => {
            time(seconds)?;
            match (measure.proves(), facts) {
                (Some(_), None) => {
                    return Err("a proven optimum says how many facts proved it".into())
                }
                (None, Some(_)) => return Err("only a proven optimum has facts".into()),
                _ => {}
            }
            match (measure.strategy(), total, worst_case, least) {
                (Some(_), Some(total), Some(worst), None) => {
                    let worst = u64::from(worst);
                    let least_total = (2 * codes).saturating_sub(1);
                    let least_worst = if codes >= 2 { 2 } else { 1 };
                    if total < least_total {
                        Err(format!(
                            "a total of {total} for {codes} codes, where every tree needs at \
                             least {least_total}"
                        ))
                    } else if worst < least_worst || total > codes * worst {
                        Err(format!(
                            "a worst case of {worst} with a total of {total} for {codes} codes \
                             cannot both hold"
                        ))
                    } else {
                        Ok(())
                    }
                }
                (None, None, None, Some(_)) => Ok(()),
                (Some(_), ..) => {
                    Err("a strategy's outcome has a total and a worst case, and no least".into())
                }
                (None, ..) => Err("a static outcome has a least number and nothing else".into()),
            }
        }
    }
}

/// Why a file cannot be read as an atlas.
#[derive(Debug, Error)]
pub enum AtlasError {
    /// Not the atlas's JSON, or another format or version.
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// An entry that does not hold together.
    #[error("entry {index} ({game}): {problem}")]
    Entry {
        /// The entry's place in the file, from 0.
        index: usize,
        /// The game it names.
        game: String,
        /// What is wrong.
        problem: String,
    },
}

impl AtlasFile {
    /// An atlas of these entries.
    pub fn new(entries: Vec<Entry>) -> AtlasFile {
        AtlasFile {
            format: FORMAT_NAME.to_owned(),
            version: FORMAT_VERSION,
            entries,
        }
    }

    /// Reads and checks an atlas: its format, its version, and that every entry names a game
    /// with the codes it says and only measures this build knows.
    pub fn from_json(text: &str) -> Result<AtlasFile, AtlasError> {
        let file: AtlasFile = read_document(text, "atlas")?;
        check_format(&file.format, file.version, FORMAT_NAME, FORMAT_VERSION)?;
        for (index, entry) in file.entries.iter().enumerate() {
            let problem = |problem: String| AtlasError::Entry {
                index,
                game: entry.game.to_string(),
                problem,
            };
            let game = entry.game.game().map_err(|e| problem(e.to_string()))?;
            if game.code_count() as u64 != entry.codes {
                return Err(problem(format!(
                    "says {} codes, but the game has {}",
                    entry.codes,
                    game.code_count()
                )));
            }
            for (name, outcome) in &entry.results {
                let Some(measure) = Measure::from_name(name) else {
                    return Err(problem(format!("`{name}` is not a measure of the atlas")));
                };
                check_outcome(measure, entry.codes, outcome)
                    .map_err(|why| problem(format!("{name}: {why}")))?;
            }
        }
        Ok(file)
    }

    /// The file's JSON text, ending with a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("an atlas serialises") + "\n"
    }

    /// The entry of `game`, if the atlas has one.
    pub fn entry(&self, game: GameKey) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.game == game)
    }

    /// The outcome of `measure` for `game`, if recorded.
    pub fn outcome(&self, game: GameKey, measure: Measure) -> Option<&Outcome> {
        self.entry(game)?.results.get(measure.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn sample() -> AtlasFile {
        let game = GameKey {
            pegs: 2,
            colours: 3,
            variant: Variant::NoRepeat,
        };
        let mut results = BTreeMap::new();
        let figures = Figures {
            total: Some(14),
            worst_case: Some(3),
            ..Figures::default()
        };
        results.insert("knuth".to_owned(), Outcome::finished(figures, 0.01));
        results.insert(
            "static".to_owned(),
            Outcome::Unfinished {
                seconds: 1.0,
                reached: "a set of 3 works".to_owned(),
            },
        );
        AtlasFile::new(vec![Entry {
            game,
            codes: 6,
            results,
        }])
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let file = sample();
        assert_eq!(AtlasFile::from_json(&file.to_json()).unwrap(), file);
    }

    #[test]
    fn wrong_codes_and_unknown_measures_say_which_entry() {
        let mut file = sample();
        file.entries[0].codes = 9;
        let error = AtlasFile::from_json(&file.to_json()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "entry 0 (2×3 no-repeat): says 9 codes, but the game has 6"
        );
        let text = sample().to_json().replace("\"knuth\"", "\"kunth\"");
        let error = AtlasFile::from_json(&text).unwrap_err();
        assert!(
            error.to_string().contains("`kunth` is not a measure"),
            "{error}"
        );
    }

    /// Figures no strategy reaches are refused on reading, so that they are never reused as
    /// settled; the sample's own (14 in all, worst case 3, for 6 codes) hold.
    #[test]
    fn impossible_figures_are_refused_with_their_entry() {
        let knuth = |total: u64, worst: u32, seconds: f64| {
            let mut file = sample();
            let figures = Figures {
                total: Some(total),
                worst_case: Some(worst),
                ..Figures::default()
            };
            file.entries[0]
                .results
                .insert("knuth".into(), Outcome::finished(figures, seconds));
            AtlasFile::from_json(&file.to_json()).map(|_| ())
        };
        assert!(knuth(14, 3, 0.01).is_ok());
        assert!(
            knuth(11, 3, 0.01).is_ok(),
            "2n − 1 is reachable in principle"
        );
        for (total, worst, seconds, says) in [
            (
                1,
                3,
                0.01,
                "a total of 1 for 6 codes, where every tree needs at least 11",
            ),
            (14, 1, 0.01, "a worst case of 1 with a total of 14"),
            (30, 4, 0.01, "a worst case of 4 with a total of 30"),
            (14, 3, -2.0, "-2 is not a number of seconds"),
        ] {
            let error = knuth(total, worst, seconds).unwrap_err().to_string();
            assert!(
                error.starts_with("entry 0 (2×3 no-repeat): knuth: "),
                "{error}"
            );
            assert!(error.contains(says), "{error}");
        }
        // A least number on a strategy, a total on the static measure.
        let text = sample()
            .to_json()
            .replace("\"total\": 14,", "\"total\": 14, \"least\": 2,");
        let error = AtlasFile::from_json(&text).unwrap_err().to_string();
        assert!(error.contains("and no least"), "{error}");
        let mut file = sample();
        let figures = Figures {
            total: Some(14),
            least: Some(2),
            ..Figures::default()
        };
        file.entries[0]
            .results
            .insert("static".into(), Outcome::finished(figures, 0.5));
        let error = AtlasFile::from_json(&file.to_json())
            .unwrap_err()
            .to_string();
        assert!(error.contains("a least number and nothing else"), "{error}");
    }

    /// Facts belong to proven optima, and a proven optimum says how many proved it.
    #[test]
    fn facts_go_with_proofs_only() {
        let with = |measure: &str, facts: Option<u64>| {
            let mut file = sample();
            let figures = Figures {
                total: Some(14),
                worst_case: Some(3),
                facts,
                ..Figures::default()
            };
            file.entries[0]
                .results
                .insert(measure.into(), Outcome::finished(figures, 0.5));
            AtlasFile::from_json(&file.to_json()).map(|_| ())
        };
        assert!(with("proven-optimal", Some(9)).is_ok());
        assert!(with("proven-least-worst", Some(9)).is_ok());
        let error = with("proven-optimal", None).unwrap_err().to_string();
        assert!(error.contains("how many facts proved it"), "{error}");
        let error = with("optimal", Some(9)).unwrap_err().to_string();
        assert!(error.contains("only a proven optimum has facts"), "{error}");
    }

    #[test]
    fn an_unfinished_outcome_is_settled_only_by_as_much_time() {
        let outcome = &sample().entries[0].results["static"];
        assert!(outcome.settles(1.0));
        assert!(!outcome.settles(2.0));
        assert!(sample().entries[0].results["knuth"].settles(100.0));
    }
}
