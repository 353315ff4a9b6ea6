//! The interval a resumable run's directory proves at any stop: the lower bound's certificate
//! checks and says what the run says, the upper bound's tree is a strategy that verifies, and
//! the two close in as pieces come in, the optimum between them at every stop.

use mastermind_certificate::{check, Bound};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_runs::resume::{Request, ResumableRun, Unwatched};
use mastermind_search::OptimalOptions;
use mastermind_strategy::{knuth, NoProgress};
use mastermind_tree::Statistics;
use mastermind_tree::{Node, StrategyInfo, TreeFile};
use mastermind_verify::{verify_file, VerifyOptions};

/// What the run's directory proves now, each bound checked on its own: the certificate by
/// the checker, the tree by replaying every code.
fn interval(run: &ResumableRun<'_>, scorer: &Scorer, base: Option<&Node>) -> (u64, u64) {
    let mut certificate = Vec::new();
    let lower = run.certify_lower_bound(&mut certificate).unwrap();
    let proven = check(&certificate[..]).unwrap();
    assert_eq!(proven.facts(), lower.facts);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(lower.bound));
    let (tree, upper) = run.best_known(base).unwrap().expect("a heuristic tree");
    let file = TreeFile::new(scorer.codebook(), StrategyInfo::named("best-known"), &tree);
    let report = verify_file(&file, &VerifyOptions::default()).unwrap();
    assert!(report.is_valid(), "{:?}", report.problems);
    assert_eq!(report.statistics.total(), upper);
    (u64::from(lower.bound), upper)
}

#[test]
fn the_proven_interval_closes_in_on_the_optimum_as_pieces_come_in() {
    // 4×5: the optimum is 2463 (Koyama and Lai's figure for this game).
    const OPTIMUM: u64 = 2463;
    let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    let directory = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, directory.path()).unwrap();

    // Knuth's tree opens with 1122, one of the plan's openings: its classes give way to the
    // exact pieces as they come in.
    let knuth = knuth(&scorer, &NoProgress);
    let knuth_total = Statistics::of_tree(&knuth).total();
    let (mut lower, mut upper) = interval(&run, &scorer, None);
    assert!(
        lower < OPTIMUM && OPTIMUM < upper,
        "[{lower}, {upper}] with no piece in"
    );
    assert_eq!(Some(upper), run.planned().plan().upper_bound);
    for id in run.shards() {
        let one = Request {
            only: Some(id),
            certify: true,
            ..Request::default()
        };
        run.run(one, &Unwatched).unwrap();
        let (now_lower, now_upper) = interval(&run, &scorer, None);
        assert!(
            lower <= now_lower
                && now_lower <= OPTIMUM
                && OPTIMUM <= now_upper
                && now_upper <= upper,
            "piece {id} took [{lower}, {upper}] to [{now_lower}, {now_upper}]"
        );
        (lower, upper) = (now_lower, now_upper);
        let (_, from_knuth) = interval(&run, &scorer, Some(&knuth));
        assert!(OPTIMUM <= from_knuth && from_knuth <= knuth_total);
    }
    assert_eq!((lower, upper), (OPTIMUM, OPTIMUM), "every piece in");
    let (_, from_knuth) = interval(&run, &scorer, Some(&knuth));
    assert!(
        from_knuth < knuth_total,
        "no piece of 1122 did better than Knuth's subtree"
    );
}
