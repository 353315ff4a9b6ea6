//! The expected-case optimum in shards: the plan is the optimal search's pieces (one class of
//! one opening each, see [`mastermind_search::pieces`]), dealt by their size; a shard solves
//! its pieces and records each one's total and tree, or the bound it reached; the merge
//! recomputes the plan (a fraction of a second), checks every part against it, picks the
//! opening as the whole search does, and verifies the assembled tree.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use mastermind_core::{Codebook, Game, Scorer};
use mastermind_search::pieces::{
    assemble, heuristic_completion, plan, solve_piece_noted, solve_pieces, tightened_limits,
    AssembleError, Learnt, Note, Notebook, Piece, PieceError, PieceResult, Plan,
};
use mastermind_search::{NoStrategy, OptimalOptions};
use mastermind_strategy::Progress;
use mastermind_tree::{FileGame, FileNode, Node, StrategyInfo, TreeFile};
use mastermind_verify::{verify_file, VerifyOptions};
use serde::{Deserialize, Serialize};

use crate::part::{digest, read_parts, read_some_parts, PartFile, PlanHeader};
use crate::{deal, MergeError, ShardId};

/// The `search` field of an optimal search's parts.
pub const SEARCH: &str = "optimal";

/// The options of the search, and the strategy record the tree file will carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OptionsRecord {
    max_guesses: Option<usize>,
    consistent_only: bool,
    strategy: StrategyInfo,
}

/// What a part records of one piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolvedPiece {
    /// The piece's index in the plan.
    pub piece: usize,
    pub opening: String,
    pub reply: String,
    pub codes: usize,
    /// The least total of the guesses after the opening, when the piece is exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    /// A bound at or above the piece's limit, when the piece proved its opening too costly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<FileNode>,
}

/// What one shard did: its part, how many pieces and codes it solved, and what each of its
/// pieces proves (its index in the plan and [`PieceResult::bound`]), for its certificate.
pub struct ShardRun {
    pub part: PartFile<SolvedPiece>,
    pub pieces: usize,
    pub codes: u64,
    pub proven: Vec<(usize, u64)>,
}

/// A run of the optimal search with its plan worked out, from which any of its shards can be
/// solved without working the plan out again (a resumed run solves many in one process).
pub struct PlannedRun<'a> {
    scorer: &'a Scorer,
    options: &'a OptimalOptions,
    plan: Plan,
    header: PlanHeader,
    /// The heuristic completions of pieces worked out so far (see [`heuristic_completion`]),
    /// by index in the plan.
    completions: Mutex<HashMap<usize, Option<u64>>>,
}

impl<'a> PlannedRun<'a> {
    /// Works out the plan of the search with `options` for the scorer's game.
    pub fn new(
        scorer: &'a Scorer,
        options: &'a OptimalOptions,
        strategy: &StrategyInfo,
    ) -> Result<PlannedRun<'a>, NoStrategy> {
        let plan = plan(scorer, options)?;
        let header = plan_header(scorer.codebook(), options, strategy, &plan);
        Ok(PlannedRun {
            scorer,
            options,
            plan,
            header,
            completions: Mutex::default(),
        })
    }

    /// How many pieces the plan has: cut into as many shards, each solves one.
    pub fn pieces(&self) -> usize {
        self.plan.pieces.len()
    }

    /// How many codes the pieces of shard `id` hold.
    pub fn codes_of(&self, id: ShardId) -> u64 {
        self.dealt(id)
            .iter()
            .map(|&index| self.plan.pieces[index].size as u64)
            .sum()
    }

    fn dealt(&self, id: ShardId) -> Vec<usize> {
        deal(&work(&self.plan), id.count).swap_remove(id.index as usize)
    }

    /// The plan: the pieces, their limits and the openings.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The scorer of the run's game.
    pub fn scorer(&self) -> &'a Scorer {
        self.scorer
    }

    /// The options of the run's search.
    pub fn options(&self) -> &'a OptimalOptions {
        self.options
    }

    /// The codes of the run's game.
    pub fn codebook(&self) -> &'a Codebook {
        self.scorer.codebook()
    }

    /// The digest of the plan, which a part or a piece's notes must carry.
    pub fn digest(&self) -> &str {
        &self.header.digest
    }

    /// The one piece of shard `id` of a run with a shard per piece, as its index in the plan.
    pub fn piece_of(&self, id: ShardId) -> Option<usize> {
        match self.dealt(id)[..] {
            [index] => Some(index),
            _ => None,
        }
    }

    /// Solves shard `id`.
    pub fn run_shard(&self, id: ShardId, progress: &dyn Progress) -> Result<ShardRun, NoStrategy> {
        let mine = self.dealt(id);
        let pieces: Vec<Piece> = mine
            .iter()
            .map(|&index| self.plan.pieces[index].clone())
            .collect();
        let results = solve_pieces(self.scorer, self.options, &pieces, progress)?;
        Ok(self.part(id, &mine, results))
    }

    /// What the parts of this run in `files` (path and text) say of each piece of the plan,
    /// checked as the merge checks them: `None` for the pieces none holds.
    pub fn results_in(
        &self,
        files: &[(PathBuf, String)],
    ) -> Result<Vec<Option<PieceResult>>, MergeError> {
        let parts = read_some_parts::<SolvedPiece>(files)?;
        if let Some((path, _)) = parts.iter().find(|(_, part)| part.plan != self.header) {
            return Err(MergeError::OtherRun {
                path: path.clone(),
                first: PathBuf::from("this run"),
                difference: "its plan is another".to_owned(),
            });
        }
        piece_results(self.scorer, &self.plan, &parts)
    }

    /// The limits of the plan's pieces given what is `known` of them (see
    /// [`PlannedRun::results_in`] and [`tightened_limits`]).
    pub fn limits_given(&self, known: &[Option<PieceResult>]) -> Vec<u32> {
        let mut completions = self
            .completions
            .lock()
            .expect("no thread panics holding the completions");
        tightened_limits(self.scorer, &self.plan, known, &mut |index| {
            *completions.entry(index).or_insert_with(|| {
                heuristic_completion(self.scorer, self.options, &self.plan.pieces[index])
            })
        })
    }

    /// Solves piece `index` of the plan as shard `id` of a run with a shard per piece, against
    /// `limit` (its limit in the plan, or one [`PlannedRun::limits_given`] tightened), taking
    /// in the notes of an earlier start and noting what it proves (see [`crate::notes`]); with
    /// what the search learnt, for the piece's proof, unless it took in notes.
    pub fn run_piece_noted(
        &self,
        id: ShardId,
        index: usize,
        limit: u32,
        progress: &dyn Progress,
        recalled: &[Note],
        notebook: &dyn Notebook,
    ) -> Result<(ShardRun, Option<Learnt>), PieceError> {
        let piece = Piece {
            limit,
            ..self.plan.pieces[index].clone()
        };
        let (result, learnt) = solve_piece_noted(
            self.scorer,
            self.options,
            &piece,
            progress,
            recalled,
            notebook,
        )?;
        Ok((self.part(id, &[index], vec![result]), learnt))
    }

    /// The part of shard `id`, whose pieces (indices in the plan) came to `results`.
    fn part(&self, id: ShardId, mine: &[usize], results: Vec<PieceResult>) -> ShardRun {
        let book = self.scorer.codebook();
        let game = self.scorer.game();
        let pieces: Vec<&Piece> = mine.iter().map(|&index| &self.plan.pieces[index]).collect();
        let proven = mine
            .iter()
            .zip(&results)
            .map(|(&index, result)| (index, result.bound()))
            .collect();
        let solved = mine
            .iter()
            .zip(&pieces)
            .zip(results)
            .map(|((&index, piece), result)| {
                let (total, at_least, tree) = match result {
                    PieceResult::Exact { total, tree } => {
                        (Some(total), None, Some(FileNode::from_node(book, &tree)))
                    }
                    PieceResult::AtLeast(bound) => (None, Some(bound), None),
                };
                SolvedPiece {
                    piece: index,
                    opening: book.format(piece.opening),
                    reply: game.feedback_name(piece.reply),
                    codes: piece.size,
                    total,
                    at_least,
                    tree,
                }
            })
            .collect();
        ShardRun {
            part: PartFile::new(self.header.clone(), id, solved),
            pieces: pieces.len(),
            codes: pieces.iter().map(|piece| piece.size as u64).sum(),
            proven,
        }
    }
}

/// Solves shard `id` of the optimal search with `options` for the scorer's game.
pub fn run_shard(
    scorer: &Scorer,
    options: &OptimalOptions,
    strategy: &StrategyInfo,
    id: ShardId,
    progress: &dyn Progress,
) -> Result<ShardRun, NoStrategy> {
    PlannedRun::new(scorer, options, strategy)?.run_shard(id, progress)
}

/// A piece's estimated work: the search grows much faster than the class, so its square.
fn work(plan: &Plan) -> Vec<u64> {
    plan.pieces
        .iter()
        .map(|piece| (piece.size as u64).pow(2))
        .collect()
}

fn plan_header(
    book: &Codebook,
    options: &OptimalOptions,
    strategy: &StrategyInfo,
    plan: &Plan,
) -> PlanHeader {
    let game = book.game();
    let record = OptionsRecord {
        max_guesses: options.max_guesses,
        consistent_only: options.consistent_only,
        strategy: strategy.clone(),
    };
    let options = serde_json::to_value(&record).expect("options always serialise");
    let pieces: Vec<(String, String, usize, u32)> = plan
        .pieces
        .iter()
        .map(|piece| {
            (
                book.format(piece.opening),
                game.feedback_name(piece.reply),
                piece.size,
                piece.limit,
            )
        })
        .collect();
    let openings: Vec<String> = plan
        .openings
        .iter()
        .map(|&code| book.format(code))
        .collect();
    let file_game = FileGame::of(book);
    let digest = digest(&(
        SEARCH,
        &file_game,
        &options,
        plan.upper_bound,
        &openings,
        &pieces,
    ));
    PlanHeader {
        search: SEARCH.to_owned(),
        game: file_game,
        options,
        pieces: plan.pieces.len(),
        digest,
    }
}

/// The run that parts belong to, worked out again from their first part's header.
pub(crate) struct RunOfParts {
    pub(crate) scorer: Scorer,
    pub(crate) options: OptimalOptions,
    strategy: StrategyInfo,
    pub(crate) plan: Plan,
}

impl RunOfParts {
    /// The run of `parts` (all of one run, as [`read_some_parts`] checks), if this build
    /// makes the plan they name.
    pub(crate) fn of(parts: &[(PathBuf, PartFile<SolvedPiece>)]) -> Result<RunOfParts, MergeError> {
        let (first_path, first) = parts.first().ok_or(MergeError::NoParts)?;
        let header = &first.plan;
        let record: OptionsRecord =
            serde_json::from_value(header.options.clone()).map_err(|error| MergeError::Format {
                path: first_path.clone(),
                message: format!("its options do not read: {error}"),
            })?;
        let game: Game = header.game.checked().map_err(|error| MergeError::Format {
            path: first_path.clone(),
            message: error.to_string(),
        })?;
        let scorer = Scorer::new(game);
        let options = OptimalOptions {
            max_guesses: record.max_guesses,
            consistent_only: record.consistent_only,
        };
        let plan = plan(&scorer, &options).map_err(no_strategy)?;
        let expected = plan_header(scorer.codebook(), &options, &record.strategy, &plan);
        if expected.digest != header.digest {
            return Err(MergeError::Plan(format!(
                "the parts' plan (digest {}) is not the plan this build makes for them ({}): they were made by another version of mastermind",
                short(&header.digest),
                short(&expected.digest)
            )));
        }
        Ok(RunOfParts {
            scorer,
            options,
            strategy: record.strategy,
            plan,
        })
    }

    /// What the parts say of each piece of the plan (see [`piece_results`]).
    pub(crate) fn results(
        &self,
        parts: &[(PathBuf, PartFile<SolvedPiece>)],
    ) -> Result<Vec<Option<PieceResult>>, MergeError> {
        piece_results(&self.scorer, &self.plan, parts)
    }
}

/// What `parts` (of one run of `plan`) say of each piece of it, each part holding the pieces
/// the plan deals its shard and each piece checked against the plan: `None` for the pieces no
/// part holds.
fn piece_results(
    scorer: &Scorer,
    plan: &Plan,
    parts: &[(PathBuf, PartFile<SolvedPiece>)],
) -> Result<Vec<Option<PieceResult>>, MergeError> {
    let shards = parts.first().map_or(1, |(_, part)| part.shards);
    let dealt = deal(&work(plan), shards);
    let mut results: Vec<Option<PieceResult>> = vec![None; plan.pieces.len()];
    for (path, part) in parts {
        let invalid = |message: String| MergeError::Invalid {
            path: path.clone(),
            index: part.shard,
            message,
        };
        let indices: Vec<usize> = part.pieces.iter().map(|piece| piece.piece).collect();
        if indices != dealt[part.shard as usize] {
            return Err(invalid(format!(
                "it holds pieces {indices:?}, the plan deals it {:?}",
                dealt[part.shard as usize]
            )));
        }
        for solved in &part.pieces {
            let piece = &plan.pieces[solved.piece];
            let result = piece_result(scorer, piece, solved).map_err(&invalid)?;
            results[solved.piece] = Some(result);
        }
    }
    Ok(results)
}

fn no_strategy(error: NoStrategy) -> MergeError {
    MergeError::Plan(error.to_string())
}

/// Checks the parts a run has written so far, before it is finished: each unchanged since it
/// was written, of the plan this build makes, and each exact piece's tree, verified as the
/// section after its opening and reply, solving its codes in the total it claims. Returns how
/// many pieces were checked.
pub fn check_unfinished(files: &[(PathBuf, String)]) -> Result<usize, MergeError> {
    let parts = read_some_parts::<SolvedPiece>(files)?;
    let run = RunOfParts::of(&parts)?;
    let results = run.results(&parts)?;
    for (path, part) in &parts {
        for solved in &part.pieces {
            let Some(PieceResult::Exact { tree, .. }) = &results[solved.piece] else {
                continue;
            };
            let piece = &run.plan.pieces[solved.piece];
            let file = TreeFile::section(
                run.scorer.codebook(),
                run.strategy.clone(),
                &[(piece.opening, piece.reply)],
                tree,
            );
            let report = verify_file(
                &file,
                &VerifyOptions {
                    max_guesses: run.options.max_guesses,
                },
            )
            .map_err(|error| MergeError::Plan(error.to_string()))?;
            if !report.is_valid() || report.codes != piece.size as u64 {
                return Err(MergeError::Invalid {
                    path: path.clone(),
                    index: part.shard,
                    message: format!(
                        "piece {}'s tree does not verify for its {} codes:\n{report}",
                        solved.piece, piece.size
                    ),
                });
            }
        }
    }
    Ok(results.iter().flatten().count())
}

/// Merges the parts (path and text) of one run into the verified tree file, the same the
/// single process writes.
pub fn merge(files: &[(PathBuf, String)]) -> Result<TreeFile, MergeError> {
    merged(files).map(|merged| merged.file)
}

/// A merged run: the tree file, its total, and what each piece of the plan came to.
pub(crate) struct Merged {
    pub(crate) file: TreeFile,
    pub(crate) total: u64,
    pub(crate) run: RunOfParts,
    pub(crate) results: Vec<PieceResult>,
}

/// [`merge`], keeping what the merge worked out.
pub(crate) fn merged(files: &[(PathBuf, String)]) -> Result<Merged, MergeError> {
    let parts = read_parts::<SolvedPiece>(files)?;
    let (first_path, first) = &parts[0];
    let run = RunOfParts::of(&parts)?;
    let RunOfParts {
        scorer,
        options,
        strategy,
        plan,
    } = &run;
    let results = run.results(&parts)?;
    let results: Vec<PieceResult> =
        results.into_iter().collect::<Option<_>>().ok_or_else(|| {
            MergeError::Plan("the parts leave a piece of the plan unsolved".to_owned())
        })?;
    let (root, total) = match assemble(scorer, options, plan, &results) {
        Ok(assembled) => assembled,
        Err(AssembleError::NoStrategy(error)) => return Err(no_strategy(error)),
        Err(unproven @ AssembleError::Unproven { piece, .. }) => {
            let (path, part) = parts
                .iter()
                .find(|(_, part)| part.pieces.iter().any(|solved| solved.piece == piece))
                .expect("every piece was read from a part");
            return Err(MergeError::Invalid {
                path: path.clone(),
                index: part.shard,
                message: format!(
                    "{unproven}: a bound that low does not prove the opening worse; solve the \
                     piece again"
                ),
            });
        }
    };
    // The checksum guards against accidents, not against a part rewritten with its checksum
    // recomputed. What can be checked cheaply: a heuristic tree of the plan's upper bound
    // exists, so the optimum is no larger; a larger result means some part claimed a bound
    // that rules out a better opening falsely.
    if let Some(bound) = plan.upper_bound.filter(|&bound| total > bound) {
        let claiming: Vec<String> = parts
            .iter()
            .filter(|(_, part)| part.pieces.iter().any(|piece| piece.at_least.is_some()))
            .map(|(path, _)| path.display().to_string())
            .collect();
        return Err(MergeError::Invalid {
            path: first_path.clone(),
            index: first.shard,
            message: format!(
                "the assembled tree needs {total} guesses, but a heuristic tree of this game \
                 needs only {bound}, so a part's bound that ruled out an opening is false; \
                 the parts claiming bounds: {}",
                claiming.join(", ")
            ),
        });
    }
    let file = TreeFile::new(scorer.codebook(), strategy.clone(), &root);
    let report = verify_file(
        &file,
        &VerifyOptions {
            max_guesses: options.max_guesses,
        },
    )
    .map_err(|error| MergeError::Plan(error.to_string()))?;
    if !report.is_valid() {
        return Err(MergeError::Invalid {
            path: first_path.clone(),
            index: first.shard,
            message: format!("the merged tree does not verify:\n{report}"),
        });
    }
    Ok(Merged {
        file,
        total,
        run,
        results,
    })
}

fn short(digest: &str) -> &str {
    &digest[..digest.len().min(12)]
}

/// Checks what a part says of `piece` against the plan and reads it back.
fn piece_result(
    scorer: &Scorer,
    piece: &Piece,
    solved: &SolvedPiece,
) -> Result<PieceResult, String> {
    let book = scorer.codebook();
    let game = scorer.game();
    let name = format!(
        "piece {} ({} = {})",
        solved.piece,
        book.format(piece.opening),
        game.feedback_name(piece.reply)
    );
    if solved.opening != book.format(piece.opening)
        || solved.reply != game.feedback_name(piece.reply)
        || solved.codes != piece.size
    {
        return Err(format!(
            "{name}: it records {} = {} with {} codes",
            solved.opening, solved.reply, solved.codes
        ));
    }
    match (solved.total, solved.at_least, &solved.tree) {
        (Some(total), None, Some(tree)) => {
            // The verifier checks the tree later.
            let node = tree
                .to_node(book)
                .map_err(|message| format!("{name}: {message}"))?;
            let tree_total = guesses_below(&node);
            if tree_total != total {
                return Err(format!(
                    "{name}: it claims a total of {total}, but its tree needs {tree_total}"
                ));
            }
            if total >= u64::from(piece.limit) {
                return Err(format!(
                    "{name}: its total {total} is not below its limit {}",
                    piece.limit
                ));
            }
            Ok(PieceResult::Exact { total, tree: node })
        }
        // Whether the bound rules its opening out is checked with the other pieces.
        (None, Some(bound), None) if bound >= u64::from(piece.least) => {
            Ok(PieceResult::AtLeast(bound))
        }
        _ => Err(format!(
            "{name}: expected a total with its tree, or a bound at or above {}, the least a \
             class of {} codes needs",
            piece.least, piece.size
        )),
    }
}

/// The guesses a subtree's codes need from its root on: each code counts one at every node
/// it passes through.
fn guesses_below(node: &Node) -> u64 {
    u64::from(node.candidates)
        + node
            .children
            .iter()
            .map(|(_, child)| guesses_below(child))
            .sum::<u64>()
}
