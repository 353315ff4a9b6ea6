//! The part file a shard writes: the plan it belongs to (the search, the game, the options, the
//! number of pieces and a digest of them), which shard of how many it is, its pieces' results,
//! and a checksum of all that, so that a part changed after it was written is refused.
//! [`read_parts`] checks that a set of parts is one run, complete, each shard once.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mastermind_tree::FileGame;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::id::MAX_SHARDS;
use crate::{MergeError, ShardId};

/// The value of the `format` field.
pub const PART_FORMAT: &str = "mastermind-shard-part";
/// The version of the part layout this build writes and reads.
pub const PART_VERSION: u32 = 1;

/// What every part of one run shares.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanHeader {
    /// Which search was cut: `optimal`.
    pub search: String,
    pub game: FileGame,
    /// The search's options, as it records them.
    pub options: serde_json::Value,
    /// How many pieces the plan has, over all shards.
    pub pieces: usize,
    /// A digest of everything that decides the pieces and how they are solved.
    pub digest: String,
}

/// One shard's part of a run; `R` is what the search records of a piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartFile<R> {
    pub format: String,
    pub version: u32,
    pub plan: PlanHeader,
    pub shard: u32,
    pub shards: u32,
    pub pieces: Vec<R>,
    pub checksum: String,
}

/// The SHA-256 of `value`'s compact JSON, in hex.
pub fn digest<T: Serialize + ?Sized>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("plan records always serialise");
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

impl<R: Serialize + DeserializeOwned> PartFile<R> {
    pub fn new(plan: PlanHeader, id: ShardId, pieces: Vec<R>) -> PartFile<R> {
        let mut part = PartFile {
            format: PART_FORMAT.to_owned(),
            version: PART_VERSION,
            plan,
            shard: id.index,
            shards: id.count,
            pieces,
            checksum: String::new(),
        };
        part.checksum = part.contents_checksum();
        part
    }

    /// The part as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a part always serialises");
        text.push('\n');
        text
    }

    fn contents_checksum(&self) -> String {
        digest(&(&self.plan, self.shard, self.shards, &self.pieces))
    }
}

/// The search a part file is of, read before the part itself, so that the merge knows which
/// kind of piece to expect.
pub fn search_of(path: &Path, text: &str) -> Result<String, MergeError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|error| format_error(path, &error))?;
    value["plan"]["search"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| MergeError::Format {
            path: path.to_owned(),
            message: "it names no search (`plan.search`)".to_owned(),
        })
}

fn format_error(path: &Path, error: &serde_json::Error) -> MergeError {
    let message = error.to_string();
    // serde_json ends its messages with the position, which leads here instead.
    let message = match message.rfind(" at line ") {
        Some(at) => &message[..at],
        None => &message,
    };
    MergeError::Format {
        path: path.to_owned(),
        message: format!(
            "line {}, column {}: {message}",
            error.line(),
            error.column()
        ),
    }
}

/// What a part says of the run it belongs to, read before its pieces, so that a part of
/// another run is named as such rather than as a part whose pieces do not read.
#[derive(Deserialize)]
struct RunOf {
    plan: PlanHeader,
    shards: u32,
}

/// Reads `files` (path and text) as the parts of one run: each a part, unchanged since it was
/// written, all of the same plan and number of shards, every shard present once. Returns them
/// in shard order.
pub fn read_parts<R: Serialize + DeserializeOwned>(
    files: &[(PathBuf, String)],
) -> Result<Vec<(PathBuf, PartFile<R>)>, MergeError> {
    let mut parts = read_some_parts(files)?;
    let Some((_, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let count = first.shards;
    let mut by_shard: BTreeMap<u32, PathBuf> = BTreeMap::new();
    for (path, part) in &parts {
        if let Some(earlier) = by_shard.insert(part.shard, path.clone()) {
            return Err(MergeError::Duplicate {
                index: part.shard,
                count,
                first: earlier,
                second: path.clone(),
            });
        }
    }
    let missing: Vec<u32> = (0..count)
        .filter(|index| !by_shard.contains_key(index))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, count });
    }
    parts.sort_by_key(|(_, part)| part.shard);
    Ok(parts)
}

/// Reads `files` as parts of one run, as [`read_parts`] does, without asking for every shard:
/// the parts a run stopped part way has written so far.
pub fn read_some_parts<R: Serialize + DeserializeOwned>(
    files: &[(PathBuf, String)],
) -> Result<Vec<(PathBuf, PartFile<R>)>, MergeError> {
    let mut first_run: Option<(&PathBuf, RunOf)> = None;
    for (path, text) in files {
        let run: RunOf = serde_json::from_str(text).map_err(|error| format_error(path, &error))?;
        // The same limit as `--shard`: no run is cut into more, and the merge's lists of
        // shards stay small.
        if run.shards == 0 || run.shards > MAX_SHARDS {
            return Err(MergeError::Format {
                path: path.clone(),
                message: format!(
                    "it says its run has {} shards; a run has 1 to {MAX_SHARDS}",
                    run.shards
                ),
            });
        }
        match &first_run {
            None => first_run = Some((path, run)),
            Some((first_path, first)) => {
                if let Some(difference) =
                    difference(&first.plan, first.shards, &run.plan, run.shards)
                {
                    return Err(MergeError::OtherRun {
                        path: path.clone(),
                        first: (*first_path).clone(),
                        difference,
                    });
                }
            }
        }
    }
    let mut parts: Vec<(PathBuf, PartFile<R>)> = Vec::new();
    for (path, text) in files {
        let part: PartFile<R> =
            serde_json::from_str(text).map_err(|error| format_error(path, &error))?;
        if part.format != PART_FORMAT || part.version != PART_VERSION {
            return Err(MergeError::Format {
                path: path.clone(),
                message: format!(
                    "its format is `{}` version {}, expected `{PART_FORMAT}` version {PART_VERSION}",
                    part.format, part.version
                ),
            });
        }
        if part.checksum != part.contents_checksum() {
            return Err(MergeError::Tampered { path: path.clone() });
        }
        if part.shard >= part.shards {
            return Err(MergeError::Format {
                path: path.clone(),
                message: format!("it calls itself shard {} of {}", part.shard, part.shards),
            });
        }
        parts.push((path.clone(), part));
    }
    Ok(parts)
}

/// How a part's plan differs from the first part's, if it does.
fn difference(
    first: &PlanHeader,
    shards: u32,
    other: &PlanHeader,
    other_shards: u32,
) -> Option<String> {
    let describe = |game: &FileGame| {
        game.game()
            .map_or_else(|error| error.to_string(), |game| game.describe())
    };
    if first.search != other.search {
        Some(format!(
            "it is of the {} search, not the {}",
            other.search, first.search
        ))
    } else if first.game != other.game {
        Some(format!(
            "its game is {}, not {}",
            describe(&other.game),
            describe(&first.game)
        ))
    } else if first.options != other.options {
        Some(format!(
            "its options are {}, not {}",
            other.options, first.options
        ))
    } else if shards != other_shards {
        Some(format!("it is one of {other_shards} shards, not {shards}"))
    } else if first.digest != other.digest || first.pieces != other.pieces {
        Some("its plan's digest differs (made by another build?)".to_owned())
    } else {
        None
    }
}
