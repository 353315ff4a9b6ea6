//! Parts rewritten with their checksums recomputed, as a careless or hostile hand could: the
//! merge must refuse each quickly and say why, never loop, exhaust memory or bless a tree that
//! is not the optimum.

use std::path::PathBuf;

use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_runs::part::PartFile;
use mastermind_runs::{optimal, static_search, MergeError, ShardId};
use mastermind_search::OptimalOptions;
use mastermind_static::NoProgress as NoSearchProgress;
use mastermind_strategy::NoProgress;
use mastermind_tree::StrategyInfo;
use serde::de::DeserializeOwned;
use serde::Serialize;

fn shard(index: u32, count: u32) -> ShardId {
    format!("{index}/{count}").parse().expect("a shard")
}

/// The part rewritten by `forge`, its checksum made to match again.
fn forged<R: Serialize + DeserializeOwned + Clone>(
    part: &PartFile<R>,
    forge: impl FnOnce(&mut PartFile<R>),
) -> PartFile<R> {
    let mut part = part.clone();
    forge(&mut part);
    // Built directly: a forged count need not be one `--shard` accepts.
    let id = ShardId {
        index: part.shard,
        count: part.shards,
    };
    PartFile::new(part.plan.clone(), id, part.pieces)
}

fn files<R: Serialize + DeserializeOwned>(parts: &[PartFile<R>]) -> Vec<(PathBuf, String)> {
    parts
        .iter()
        .map(|part| {
            (
                PathBuf::from(format!("part-{}.json", part.shard)),
                part.to_json(),
            )
        })
        .collect()
}

/// The parts of the 4×6 optimal search in `count` shards.
fn classic_parts(count: u32) -> Vec<PartFile<optimal::SolvedPiece>> {
    let scorer = Scorer::new(Game::classic());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    (0..count)
        .map(|index| {
            optimal::run_shard(
                &scorer,
                &options,
                &strategy,
                shard(index, count),
                &NoProgress,
            )
            .expect("4×6 has a strategy")
            .part
        })
        .collect()
}

#[test]
fn a_static_set_longer_than_its_walk_is_refused() {
    let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
    let parts: Vec<_> = (0..2)
        .map(|index| static_search::run_shard(&scorer, shard(index, 2), &NoSearchProgress).part)
        .collect();
    let (at, _) = parts
        .iter()
        .enumerate()
        .find(|(_, part)| {
            part.pieces
                .iter()
                .any(|size| size.subproblems.iter().any(|sub| sub.found.is_some()))
        })
        .expect("some shard finds a set");
    let mut parts = parts;
    parts[at] = forged(&parts[at], |part| {
        let sub = part
            .pieces
            .iter_mut()
            .flat_map(|size| size.subproblems.iter_mut())
            .find(|sub| sub.found.is_some())
            .unwrap();
        let set = sub.found.as_mut().unwrap();
        // One guess more still tells every code apart, but it is not a set of the walk's size.
        set.push(set[0].clone());
    });
    let error = static_search::merge(&files(&parts)).expect_err("a forged part");
    assert!(
        matches!(&error, MergeError::Invalid { .. })
            && error.to_string().contains("but it walks sets of"),
        "{error}"
    );
}

#[test]
fn a_part_claiming_too_many_shards_is_refused_before_anything_is_listed() {
    let scorer = Scorer::new(Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap());
    let part = static_search::run_shard(&scorer, shard(0, 1), &NoSearchProgress).part;
    let part = forged(&part, |part| part.shards = 100_000_000);
    let error = static_search::merge(&files(&[part])).expect_err("a forged count");
    let message = error.to_string();
    assert!(matches!(error, MergeError::Format { .. }), "{message}");
    assert!(
        message.contains("100000000 shards; a run has 1 to 100000"),
        "{message}"
    );
}

#[test]
fn a_long_list_of_missing_shards_is_cut_short() {
    let scorer = Scorer::new(Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap());
    let part = static_search::run_shard(&scorer, shard(0, 100_000), &NoSearchProgress).part;
    let message = static_search::merge(&files(&[part]))
        .expect_err("shards are missing")
        .to_string();
    assert!(message.contains("and 99989 more"), "{message}");
    assert!(message.len() < 1000, "{message}");
}

/// On 4×6 the plan's heuristic bound is most parts' 5668. Opening 1234's best is 5673, solved
/// exactly all the same because each piece is judged against its siblings' lower bounds; a
/// part that falsely bounds a piece of 1123 (the real optimum, 5625) would make it the choice.
#[test]
fn a_false_bound_that_leaves_a_worse_opening_than_the_heuristics_is_refused() {
    let parts = classic_parts(2);
    let honest = optimal::merge(&files(&parts)).expect("the honest parts merge");
    assert_eq!(honest.claims.total_guesses, 5625);
    let mut parts = parts;
    let at = parts
        .iter()
        .position(|part| part.pieces.iter().any(|piece| piece.opening == "1123"))
        .expect("a part holds 1123's pieces");
    parts[at] = forged(&parts[at], |part| {
        let piece = part
            .pieces
            .iter_mut()
            .find(|piece| piece.opening == "1123")
            .unwrap();
        piece.total = None;
        piece.tree = None;
        piece.at_least = Some(1_000_000);
    });
    let error = optimal::merge(&files(&parts)).expect_err("a forged bound");
    let message = error.to_string();
    assert!(error.fails_verification(), "{message}");
    assert!(
        message.contains("needs 5673 guesses, but a heuristic tree of this game needs only 5668"),
        "{message}"
    );
}

/// A bound below a piece's limit is taken when its opening's pieces still add up to more than
/// the best opening (a run that knew its siblings' totals solved it against a tighter limit),
/// and refused, naming the part, when they do not: here a piece of 1234, whose real best is
/// 5673, bounded so low that 1234 could still beat 1123's 5625.
#[test]
fn a_bound_that_does_not_rule_its_opening_out_is_refused() {
    let parts = classic_parts(2);
    let at = parts
        .iter()
        .position(|part| part.pieces.iter().any(|piece| piece.opening == "1234"))
        .expect("a part holds 1234's pieces");
    let bounded = |slack: u64| {
        let mut parts = parts.clone();
        parts[at] = forged(&parts[at], |part| {
            let piece = part
                .pieces
                .iter_mut()
                .filter(|piece| piece.opening == "1234")
                .max_by_key(|piece| piece.codes)
                .unwrap();
            let total = piece.total.take().unwrap();
            piece.tree = None;
            // 1234 totals 5673, 48 above 1123's 5625.
            piece.at_least = Some(total - slack);
        });
        optimal::merge(&files(&parts))
    };
    let kept = bounded(47).expect("1234 is still ruled out by a bound 47 below its total");
    assert_eq!(kept.claims.total_guesses, 5625);
    let error = bounded(48).expect_err("a bound that leaves 1234 level with 1123");
    let message = error.to_string();
    assert!(error.fails_verification(), "{message}");
    assert!(
        message.contains(&format!("part-{at}.json"))
            && message.contains("leaves its opening at 5625 guesses or more")
            && message.contains("the best opening's 5625"),
        "{message}"
    );
}

/// The parts of a run not yet finished are checked piece by piece: a tree whose totals add up
/// but that does not solve its codes (one leaf's guess changed) is refused, with its part.
#[test]
fn an_unfinished_run_with_a_piece_that_does_not_solve_its_codes_is_refused() {
    let part = classic_parts(4).swap_remove(0);
    assert_eq!(
        optimal::check_unfinished(&files(std::slice::from_ref(&part))).unwrap(),
        part.pieces.len()
    );
    let broken = forged(&part, |part| {
        let piece = part
            .pieces
            .iter_mut()
            .find(|piece| piece.tree.is_some())
            .unwrap();
        let mut node = piece.tree.as_mut().unwrap();
        while let Some((_, child)) = node.children.first_mut() {
            node = child;
        }
        node.guess = if node.guess == "6666" { "5555" } else { "6666" }.to_owned();
    });
    let error = optimal::check_unfinished(&files(&[broken])).expect_err("a leaf that is wrong");
    let message = error.to_string();
    assert!(error.fails_verification(), "{message}");
    assert!(
        message.contains("part-0.json") && message.contains("does not verify"),
        "{message}"
    );
}
