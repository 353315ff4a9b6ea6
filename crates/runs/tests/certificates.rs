//! Certificates of runs in shards: a shard proves only what its pieces truly came to, and a
//! false fact copied from a part's certificate makes a merged certificate that does not check,
//! never a false "proven".

use std::path::PathBuf;

use mastermind_certificate::{check, Bound, CertificateWriter, Fact, Header, Step};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_runs::certificates::{certify_merge, PartProofs};
use mastermind_runs::optimal::PlannedRun;
use mastermind_runs::{MergeError, ShardId};
use mastermind_search::pieces::{Note, Notebook};
use mastermind_search::{CertifyError, OptimalOptions};
use mastermind_strategy::NoProgress;
use mastermind_tree::StrategyInfo;

fn game_4x5() -> Game {
    Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap()
}

const ONE: ShardId = ShardId { index: 0, count: 1 };

/// Runs `test` with the planned optimal search of 4×5.
fn with_optimal_4x5(test: impl FnOnce(&PlannedRun<'_>)) {
    let scorer = Scorer::new(game_4x5());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    test(&PlannedRun::new(&scorer, &options, &strategy).unwrap());
}

#[test]
fn a_shard_proves_what_its_pieces_came_to_and_nothing_more() {
    with_optimal_4x5(|run| {
        let shard = run.run_shard(ONE, &NoProgress).unwrap();
        let mut bytes = Vec::new();
        run.certify_pieces(&shard.proven, &mut bytes).unwrap();
        let proven = check(&bytes[..]).unwrap();
        for &(index, bound) in &shard.proven {
            let piece = &run.plan().pieces[index];
            let path = [Step {
                guess: piece.opening,
                reply: piece.reply,
            }];
            assert!(proven.bound_at(&path, None) >= Bound::AtLeast(bound as u32));
        }
        // One guess more than the search found, for the largest piece: no proof exists.
        let &(index, bound) = shard
            .proven
            .iter()
            .max_by_key(|(index, _)| run.plan().pieces[*index].size)
            .unwrap();
        let claimed = [(index, bound + 1)];
        match run.certify_pieces(&claimed, Vec::new()) {
            Err(CertifyError::Contradiction { needed, proven, .. }) => {
                assert_eq!(u64::from(needed), bound + 1);
                assert!(u64::from(proven) <= bound);
            }
            other => panic!("a false claim was certified: {other:?}"),
        }
    });
}

/// Notes nowhere: a piece's search that will not be stopped.
struct Unnoted;

impl Notebook for Unnoted {
    fn note(&self, _: Note) {}
}

/// A piece proven from the table of the search that solved it gets, byte for byte, the
/// certificate that a proof by a search started afresh writes: the table only tells the
/// proof sooner what each class costs against its limit.
#[test]
fn a_piece_proven_from_its_searchs_table_gets_the_certificate_a_fresh_search_gives() {
    with_optimal_4x5(|run| {
        let count = run.plan().pieces.len() as u32;
        let mut compared = 0;
        for index in 0..count {
            let id = ShardId { index, count };
            let piece = run.piece_of(id).unwrap();
            let limit = run.plan().pieces[piece].limit;
            let (shard, learnt) = run
                .run_piece_noted(id, piece, limit, &NoProgress, &[], &Unnoted)
                .unwrap();
            let learnt = learnt.expect("a search that took in no notes hands on its table");
            let prove = |learnt| {
                let mut writer =
                    CertificateWriter::new(Vec::new(), &run.certificate_header()).unwrap();
                run.certify_pieces_into(
                    &shard.proven,
                    learnt,
                    &mut std::iter::empty(),
                    &mut writer,
                )
                .unwrap();
                writer.finish().unwrap()
            };
            let from_table = prove(Some(learnt));
            assert_eq!(from_table, prove(None), "piece {piece}");
            let proven = check(&from_table[..]).unwrap();
            let (_, bound) = shard.proven[0];
            let path = [Step {
                guess: run.plan().pieces[piece].opening,
                reply: run.plan().pieces[piece].reply,
            }];
            assert!(proven.bound_at(&path, None) >= Bound::AtLeast(bound as u32));
            compared += 1;
        }
        assert!(compared > 10);
    });
}

/// A part's certificate is checked before any of its facts is copied: one with a false fact
/// is refused by its name, and no certificate is made of it.
#[test]
fn a_false_fact_in_a_parts_certificate_is_refused_by_name() {
    with_optimal_4x5(|run| {
        let shard = run.run_shard(ONE, &NoProgress).unwrap();
        let files = vec![(PathBuf::from("part-0.json"), shard.part.to_json())];
        // A part's certificate claiming one guess more than the truth for one piece.
        let &(index, bound) = shard.proven.first().unwrap();
        let piece = &run.plan().pieces[index];
        let header = Header {
            game: game_4x5(),
            consistent_only: false,
        };
        let mut writer = CertificateWriter::new(Vec::new(), &header).unwrap();
        writer
            .fact(&Fact {
                path: vec![Step {
                    guess: piece.opening,
                    reply: piece.reply,
                }],
                budget: None,
                bound: Bound::AtLeast(bound as u32 + 1),
                renaming: None,
            })
            .unwrap();
        let forged = writer.finish().unwrap();
        let mut merged = Vec::new();
        let refused = certify_merge(
            &files,
            vec![(PathBuf::from("forged.cert"), &forged[..])],
            PartProofs::Checked,
            &mut merged,
        );
        match refused {
            Err(MergeError::Certificate { path, message }) => {
                assert_eq!(path, PathBuf::from("forged.cert"));
                assert!(message.contains("fact 0 does not hold"), "{message}");
            }
            other => panic!("a forged fact was not refused: {other:?}"),
        }
        assert!(
            check(&merged[..]).is_err(),
            "no whole certificate was written"
        );
        // Without it, the merge proves the whole.
        let mut honest = Vec::new();
        let no_parts = Vec::<(PathBuf, &[u8])>::new();
        certify_merge(&files, no_parts, PartProofs::Checked, &mut honest).unwrap();
        let proven = check(&honest[..]).unwrap();
        assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(2463));
        // Copied unchecked, the forged fact is in the whole, whose check refuses it.
        let mut unchecked = Vec::new();
        let forged_part = vec![(PathBuf::from("forged.cert"), &forged[..])];
        certify_merge(&files, forged_part, PartProofs::Unchecked, &mut unchecked).unwrap();
        let refused = check(&unchecked[..]).map(|_| ()).unwrap_err().to_string();
        assert!(refused.contains("fact 0 does not hold"), "{refused}");
    });
}

#[test]
fn a_merged_certificate_keeps_of_each_part_only_what_the_whole_cites() {
    with_optimal_4x5(|run| {
        let mut files = Vec::new();
        let mut parts = Vec::new();
        for index in 0..2 {
            let shard = run
                .run_shard(ShardId { index, count: 2 }, &NoProgress)
                .unwrap();
            let mut bytes = Vec::new();
            run.certify_pieces(&shard.proven, &mut bytes).unwrap();
            files.push((
                PathBuf::from(format!("part-{index}.json")),
                shard.part.to_json(),
            ));
            parts.push(bytes);
        }
        let mut merged = Vec::new();
        let certificates = parts
            .iter()
            .enumerate()
            .map(|(index, bytes)| (PathBuf::from(format!("part-{index}.cert")), &bytes[..]))
            .collect();
        certify_merge(&files, certificates, PartProofs::Checked, &mut merged).unwrap();
        let whole = check(&merged[..]).unwrap();
        assert_eq!(whole.bound_at(&[], None), Bound::AtLeast(2463));
        // What each part proves one guess from the start, the whole still knows; what it proves
        // deeper, the checker of the whole forgot once the part was done.
        let mut forgotten = 0;
        for part in &parts {
            let alone = check(&part[..]).unwrap();
            for fact in mastermind_certificate::read_facts(&part[..]).unwrap().1 {
                let (kept, known) = (
                    whole.bound_at(&fact.path, fact.budget),
                    alone.bound_at(&fact.path, fact.budget),
                );
                if fact.path.len() <= 1 {
                    assert_eq!(kept, known, "{fact:?}");
                } else if kept < known {
                    forgotten += 1;
                }
            }
        }
        assert!(forgotten > 0, "no deeper fact was forgotten");
    });
}
