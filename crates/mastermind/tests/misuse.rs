//! The library's public functions given values that are not of the game (a code index past
//! the codebook, a situation of another game, a tree deeper than any game needs): each
//! answers with an error or a report of the problem, never a panic or a wrong answer.

use mastermind::play::Codemaker;
use mastermind::strategy::{self, NoProgress, Situation, StrategyKind, StrategyOptions};
use mastermind::tree::{Node, Statistics, StrategyInfo, TreeFile};
use mastermind::verify::{verify_file, verify_node, VerifyOptions};
use mastermind::{Code, Feedback, FeedbackKind, Game, Scorer};

fn classic() -> Scorer {
    Scorer::new(Game::classic())
}

const PAST_THE_END: Code = Code(99_999);

#[test]
fn a_history_with_a_code_past_the_codebook_fits_no_code() {
    let scorer = classic();
    let reply = scorer.feedback(Code(0), Code(1));
    let after = Situation::after(&scorer, &[(Code(0), reply), (PAST_THE_END, reply)]);
    assert_eq!(after.unwrap_err().step, 1);
    let after = Situation::after(&scorer, &[(Code(0), Feedback::from_index(250))]);
    assert_eq!(after.unwrap_err().step, 0);
}

#[test]
fn a_situation_of_another_game_is_refused() {
    let small = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
    let big = classic();
    for (situation, scorer) in [
        (Situation::start(&big), &small),
        (Situation::start(&small), &big),
    ] {
        for kind in [StrategyKind::Knuth, StrategyKind::Optimal] {
            let built = strategy::build_from(
                kind,
                &StrategyOptions::default(),
                scorer,
                &situation,
                &NoProgress,
            );
            let Err(error) = built else {
                panic!("another game's situation was built from");
            };
            assert!(error.to_string().contains("another game"), "{error}");
        }
        let optimal = strategy::optimal_from(scorer, &Default::default(), &situation, &NoProgress);
        assert!(optimal.is_err());
    }
}

#[test]
fn an_opening_past_the_codebook_is_refused() {
    let options = StrategyOptions {
        opening: Some(PAST_THE_END),
        ..StrategyOptions::default()
    };
    let built = strategy::build(StrategyKind::Knuth, &options, &classic(), &NoProgress);
    assert!(built.is_err());
}

#[test]
fn a_tree_with_a_code_past_the_codebook_is_reported_not_followed() {
    let scorer = classic();
    let root = Node {
        guess: PAST_THE_END,
        candidates: 1296,
        children: Vec::new(),
    };
    let report = verify_node(&scorer, &root, &VerifyOptions::default());
    assert!(!report.is_valid());
    // Written, the index is named as no code, and the file does not read back as a tree.
    let file = TreeFile::new(scorer.codebook(), StrategyInfo::named("mine"), &root);
    let text = file.to_json();
    assert!(text.contains("#99999 (not a code of 4×6)"), "{text}");
    let read = TreeFile::from_json(&text).unwrap();
    assert!(read.tree.to_node(scorer.codebook()).is_err());
    let verified = verify_file(&read, &VerifyOptions::default());
    assert!(verified.map_or(true, |report| !report.is_valid()));
}

#[test]
fn a_codemaker_with_a_secret_past_the_codebook_is_refused() {
    let scorer = classic();
    assert!(Codemaker::new(&scorer, PAST_THE_END).is_err());
    let mut maker = Codemaker::new(&scorer, Code(0)).unwrap();
    assert!(maker.guess("1122").is_ok());
}

#[test]
fn a_very_deep_tree_is_counted_and_dropped_without_a_deep_stack() {
    let mut node = Node {
        guess: Code(0),
        candidates: 1,
        children: Vec::new(),
    };
    for _ in 0..200_000 {
        node = Node {
            guess: Code(0),
            candidates: 1,
            children: vec![(Feedback::from_index(0), node)],
        };
    }
    let statistics = Statistics::of_tree(&node);
    assert_eq!(statistics.worst_case(), 200_001);
    // Dropped on a thread of a small stack (64 KiB), where a drop by a call per level
    // overflows at once.
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(move || drop(node))
        .unwrap()
        .join()
        .expect("the deep tree was dropped without overflowing the stack");
}
