//! The resumable run as a library: pieces asked for one at a time land in the directory, the
//! run waits for the others, and the last run merges them into the optimum, with a
//! certificate that the independent checker accepts.

use std::sync::atomic::{AtomicU64, Ordering};

use mastermind_certificate::{check, Bound};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_shard::resume::{
    piece_path, Finished, Request, ResumableRun, ResumeError, ResumeWatcher, Unwatched,
};
use mastermind_shard::ShardId;
use mastermind_solve::OptimalOptions;
use mastermind_tree::StrategyInfo;

/// Counts the codes a run reports settled.
#[derive(Default)]
struct Counted(AtomicU64);

impl ResumeWatcher for Counted {
    fn codes_settled(&self, codes: u64) {
        self.0.fetch_add(codes, Ordering::Relaxed);
    }
}

#[test]
fn pieces_solved_one_at_a_time_merge_into_the_proven_optimum() {
    // 4×5: the optimum is 2463 (Koyama and Lai's figure for this game).
    let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    let directory = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, directory.path()).unwrap();
    let shards = run.shards();
    let count = shards.len() as u32;
    assert!(count > 2, "the plan has {count} pieces");

    let first = ShardId { index: 0, count };
    let counted = Counted::default();
    let one = Request {
        only: Some(first),
        certify: true,
    };
    match run.run(one, &counted).unwrap() {
        Finished::Waiting {
            missing,
            held,
            solved_here,
            ..
        } => {
            assert_eq!(missing, shards.len() - 1);
            assert!(held.is_empty());
            assert_eq!(solved_here, 1);
        }
        other => panic!("one piece of {count} made {other:?}"),
    }
    assert!(run.is_in(first) && piece_path(directory.path(), first).is_file());
    assert!(
        counted.0.load(Ordering::Relaxed) > 0,
        "no progress was reported"
    );
    assert!(run.codes_in() < run.codes());

    let wrong = Request {
        only: Some(ShardId {
            index: 0,
            count: count + 1,
        }),
        certify: false,
    };
    assert!(matches!(
        run.run(wrong, &Unwatched),
        Err(ResumeError::OtherCount { .. })
    ));
    // Past the last piece: refused, where a plain index would panic.
    let past = Request {
        only: Some(ShardId {
            index: count,
            count,
        }),
        certify: false,
    };
    assert!(matches!(
        run.run(past, &Unwatched),
        Err(ResumeError::OtherCount { .. })
    ));

    let rest = Request {
        only: None,
        certify: true,
    };
    let Finished::Tree {
        file,
        certificate: Some(certificate),
        solved_here,
    } = run.run(rest, &Unwatched).unwrap()
    else {
        panic!("the whole run wrote no tree");
    };
    assert_eq!(solved_here, shards.len() - 1);
    assert_eq!(file.claims.total_guesses, 2463);
    assert_eq!(run.codes_in(), run.codes());
    let size = certificate.file.metadata().unwrap().len();
    assert!(
        size > 0 && certificate.bytes == size,
        "{} of {size} bytes",
        certificate.bytes
    );
    let proven = check(&certificate.file).unwrap();
    assert_eq!(proven.facts(), certificate.facts);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(2463));
}
