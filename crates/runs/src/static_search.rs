//! Static Mastermind's least-set search in shards. The single process searches sizes downward
//! from one fewer than the greedy set until a size has no set; each size's walk is cut into
//! subproblems (the partial sets of the first guesses, the first one over symmetry
//! representatives). A shard cannot know where the single process will stop, so it walks its
//! share of every size that counting allows, stopping within a size at its first set found.
//! The merge replays the downward loop with each size's outcome put together from the parts:
//! the same set, proof and counts as one process, and no time, since no process saw it all.

use std::path::PathBuf;

use mastermind_core::{Game, Scorer};
use mastermind_static::{
    least_set_with, sizes_to_search, SearchProgress, SizeWalk, StaticFile, SubproblemResult,
};
use mastermind_tree::FileGame;
use serde::{Deserialize, Serialize};

use crate::part::{digest, read_parts, PartFile, PlanHeader};
use crate::{deal, MergeError, ShardId};

/// The `search` field of a static search's parts.
pub const SEARCH: &str = "static";

/// What a part records of one size: the shard's subproblems up to its first set found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WalkedSize {
    pub size: usize,
    pub subproblems: Vec<WalkedSubproblem>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WalkedSubproblem {
    pub index: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<Vec<String>>,
    pub partial_sets: u64,
    pub sets_checked: u64,
}

/// What one shard did: its part and how many subproblems it walked.
pub struct ShardRun {
    pub part: PartFile<WalkedSize>,
    pub subproblems: usize,
}

/// The walks of every size a shard searches, with the subproblems each is cut into.
fn walks(scorer: &Scorer) -> Vec<SizeWalk<'_>> {
    sizes_to_search(scorer)
        .into_iter()
        .map(|size| SizeWalk::new(scorer, size))
        .collect()
}

fn plan_header(scorer: &Scorer, walks: &[SizeWalk<'_>]) -> PlanHeader {
    let game = FileGame::of(scorer.codebook());
    let sizes: Vec<(usize, usize)> = walks
        .iter()
        .map(|walk| (walk.size(), walk.subproblems()))
        .collect();
    let options = serde_json::json!({});
    PlanHeader {
        search: SEARCH.to_owned(),
        digest: digest(&(SEARCH, &game, &options, &sizes)),
        game,
        options,
        pieces: sizes.iter().map(|&(_, count)| count).sum(),
    }
}

/// Each subproblem of a size dealt to the shards: they cost alike as far as is known.
fn dealt(walk: &SizeWalk<'_>, shards: u32) -> Vec<Vec<usize>> {
    deal(&vec![1; walk.subproblems()], shards)
}

/// Walks shard `id`'s share of every size for the scorer's game.
pub fn run_shard(scorer: &Scorer, id: ShardId, progress: &dyn SearchProgress) -> ShardRun {
    let walks = walks(scorer);
    let header = plan_header(scorer, &walks);
    let book = scorer.codebook();
    let mut walked = 0;
    let sizes = walks
        .iter()
        .map(|walk| {
            let mine = dealt(walk, id.count).swap_remove(id.index as usize);
            walked += mine.len();
            let results = walk.run(&mine, progress);
            WalkedSize {
                size: walk.size(),
                subproblems: results
                    .into_iter()
                    .map(|result| WalkedSubproblem {
                        index: result.index,
                        found: result
                            .found
                            .map(|set| set.iter().map(|&code| book.format(code)).collect()),
                        partial_sets: result.partial_sets,
                        sets_checked: result.sets_checked,
                    })
                    .collect(),
            }
        })
        .collect();
    ShardRun {
        part: PartFile::new(header, id, sizes),
        subproblems: walked,
    }
}

/// Merges the parts (path and text) of one run into the static result file.
pub fn merge(files: &[(PathBuf, String)]) -> Result<StaticFile, MergeError> {
    let parts = read_parts::<WalkedSize>(files)?;
    let (first_path, first) = &parts[0];
    let game: Game = first
        .plan
        .game
        .checked()
        .map_err(|error| MergeError::Format {
            path: first_path.clone(),
            message: error.to_string(),
        })?;
    let scorer = Scorer::new(game);
    let walks = walks(&scorer);
    let expected = plan_header(&scorer, &walks);
    if expected.digest != first.plan.digest {
        return Err(MergeError::Plan(
            "the parts' plan is not the plan this build makes for them: they were made by another version of mastermind".to_owned(),
        ));
    }
    let book = scorer.codebook();
    let mut results: Vec<Vec<SubproblemResult>> = vec![Vec::new(); walks.len()];
    for (path, part) in &parts {
        let invalid = |message: String| MergeError::Invalid {
            path: path.clone(),
            index: part.shard,
            message,
        };
        if part.pieces.len() != walks.len() {
            return Err(invalid(format!(
                "it walks {} sizes, the plan {}",
                part.pieces.len(),
                walks.len()
            )));
        }
        for ((walked, walk), size_results) in part.pieces.iter().zip(&walks).zip(&mut results) {
            let mine = dealt(walk, part.shards).swap_remove(part.shard as usize);
            let indices: Vec<usize> = walked.subproblems.iter().map(|sub| sub.index).collect();
            // Its share in order, up to its first set found.
            let found_at = walked
                .subproblems
                .iter()
                .position(|sub| sub.found.is_some());
            let expected = match found_at {
                Some(at) => &mine[..=at.min(mine.len().saturating_sub(1))],
                None => &mine[..],
            };
            if walked.size != walk.size() || indices != expected {
                return Err(invalid(format!(
                    "for {} guesses it holds subproblems {indices:?}, the plan deals it {expected:?}",
                    walk.size()
                )));
            }
            for sub in &walked.subproblems {
                let found = sub
                    .found
                    .as_ref()
                    .map(|set| {
                        set.iter()
                            .map(|text| book.parse(text))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .transpose()
                    .map_err(|error| invalid(format!("subproblem {}: {error}", sub.index)))?;
                if let Some(set) = &found {
                    // The walk of a size finds sets of that size; a longer one would send the
                    // downward search back to a size it has walked.
                    if set.len() != walk.size() {
                        return Err(invalid(format!(
                            "subproblem {}'s set has {} guesses, but it walks sets of {}",
                            sub.index,
                            set.len(),
                            walk.size()
                        )));
                    }
                    if !mastermind_static::check(&scorer, set).determines() {
                        return Err(invalid(format!(
                            "subproblem {}'s set does not tell every code apart",
                            sub.index
                        )));
                    }
                }
                size_results.push(SubproblemResult {
                    index: sub.index,
                    found,
                    partial_sets: sub.partial_sets,
                    sets_checked: sub.sets_checked,
                });
            }
        }
    }
    let least = least_set_with(&scorer, |size| {
        let at = walks
            .iter()
            .position(|walk| walk.size() == size)
            .ok_or_else(|| MergeError::Plan(format!("the plan has no walk of {size} guesses")))?;
        walks[at].outcome(&results[at]).ok_or_else(|| {
            MergeError::Plan(format!(
                "the parts leave a subproblem of {size} guesses unwalked"
            ))
        })
    })?;
    Ok(StaticFile::of(book, &least, None))
}
