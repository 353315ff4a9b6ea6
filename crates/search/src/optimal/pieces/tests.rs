//! The pieces against the whole search: solved apart, taken up from notes, refused.

use mastermind_core::{FeedbackKind, Game};

use std::sync::Mutex;

use mastermind_core::{Code, Scorer};

use super::plan::plan;
use super::solve::{solve_piece_noted, solve_piece_noting};
use std::time::Duration;

use super::{
    assemble, heuristic_completion, solve_pieces, tightened_limits, AssembleError, Piece,
    PieceError, PieceResult,
};
use crate::optimal;
use crate::optimal::options::{NoStrategy, OptimalOptions};
use crate::optimal::search::notes::{GuessTried, ImpossibleNote, Note, Notebook, SetFact};
use mastermind_strategy::NoProgress;

fn check(game: Game, options: OptimalOptions) {
    let scorer = Scorer::new(game);
    let whole = optimal(&scorer, &options, &NoProgress).expect("a strategy");
    let plan = plan(&scorer, &options).expect("a plan");
    // Pieces solved in three groups, as separate machines would.
    let results: Vec<PieceResult> = plan
        .pieces
        .chunks(plan.pieces.len() / 3 + 1)
        .flat_map(|group| {
            solve_pieces(&scorer, &options, group, &NoProgress).expect("the pieces are solved")
        })
        .collect();
    let (tree, total) = assemble(&scorer, &options, &plan, &results).expect("a tree");
    assert_eq!(total, whole.total, "{} {options:?}", game.describe());
    assert_eq!(tree, whole.tree, "{} {options:?}", game.describe());
}

/// Pieces solved one after another, as a resumed run does, each against the limit that
/// the pieces before it leave: the limits only tighten, some pieces end in bounds below
/// their plan's limits, and the tree is the whole search's all the same.
#[test]
fn pieces_solved_against_tightened_limits_make_the_whole_search_tree() {
    let (mut tightened, mut below_plan) = (0, 0);
    for (game, options) in [
        (Game::classic(), OptimalOptions::default()),
        (
            Game::classic(),
            OptimalOptions {
                max_guesses: Some(5),
                consistent_only: false,
            },
        ),
        (
            Game::new(3, 5, false, FeedbackKind::BlackWhite).unwrap(),
            OptimalOptions {
                max_guesses: None,
                consistent_only: true,
            },
        ),
    ] {
        let scorer = Scorer::new(game);
        let whole = optimal(&scorer, &options, &NoProgress).expect("a strategy");
        let plan = plan(&scorer, &options).expect("a plan");
        let mut known: Vec<Option<PieceResult>> = vec![None; plan.pieces.len()];
        for index in 0..plan.pieces.len() {
            let limits = tightened_limits(&scorer, &plan, &known, &mut |index| {
                heuristic_completion(&scorer, &options, &plan.pieces[index])
            });
            for (limit, piece) in limits.iter().zip(&plan.pieces) {
                assert!(*limit <= piece.limit);
                tightened += usize::from(*limit < piece.limit);
            }
            let piece = Piece {
                limit: limits[index],
                ..plan.pieces[index].clone()
            };
            let mut solved = solve_pieces(&scorer, &options, &[piece], &NoProgress).unwrap();
            if let PieceResult::AtLeast(bound) = solved[0] {
                below_plan += usize::from(bound < u64::from(plan.pieces[index].limit));
            }
            known[index] = Some(solved.remove(0));
        }
        let results: Vec<PieceResult> = known.into_iter().map(Option::unwrap).collect();
        let (tree, total) = assemble(&scorer, &options, &plan, &results).expect("a tree");
        assert_eq!(total, whole.total, "{} {options:?}", game.describe());
        assert_eq!(tree, whole.tree, "{} {options:?}", game.describe());
    }
    assert!(tightened > 0, "no limit was tightened");
    assert!(below_plan > 0, "no piece ended below its plan's limit");
}

#[test]
fn pieces_solved_apart_make_the_whole_search_tree() {
    let black_white = FeedbackKind::BlackWhite;
    for (pegs, colours, repetition, feedback) in [
        (3, 4, true, black_white),
        (4, 4, true, black_white),
        (3, 5, false, black_white),
        (4, 4, true, FeedbackKind::BlackOnly),
        (4, 6, true, black_white),
    ] {
        let game = Game::new(pegs, colours, repetition, feedback).unwrap();
        check(game, OptimalOptions::default());
        check(
            game,
            OptimalOptions {
                max_guesses: None,
                consistent_only: true,
            },
        );
    }
    check(
        Game::classic(),
        OptimalOptions {
            max_guesses: Some(5),
            consistent_only: false,
        },
    );
}

/// Keeps every note, in order.
struct Kept(Mutex<Vec<Note>>);

impl Notebook for Kept {
    fn note(&self, note: Note) {
        self.0.lock().unwrap().push(note);
    }
}

/// A piece stopped part way and taken up from the notes it had made by then finds what it
/// finds in one go, and does not try again the guesses it had finished.
#[test]
fn a_piece_taken_up_from_its_notes_finds_what_it_finds_in_one_go() {
    let scorer = Scorer::new(Game::new(4, 7, true, FeedbackKind::BlackWhite).unwrap());
    let options = OptimalOptions::default();
    let plan = plan(&scorer, &options).unwrap();
    // The 0B1W class of 0012: 616 codes, searched a batch of guesses at a time.
    let piece = &plan.pieces[27];
    assert_eq!(piece.size, 616);
    let solve = |recalled: &[Note]| {
        let notebook = Kept(Mutex::default());
        let result = solve_piece_noting(
            &scorer,
            &options,
            piece,
            &NoProgress,
            recalled,
            &notebook,
            Duration::ZERO,
        )
        .unwrap()
        .0;
        (result, notebook.0.into_inner().unwrap())
    };
    let tried = |notes: &[Note]| -> Vec<GuessTried> {
        notes
            .iter()
            .filter_map(|note| match note {
                Note::Tried(tried) => Some(*tried),
                Note::Set(_) => None,
            })
            .collect()
    };
    // On one thread each guess is handed out against the same best total in every run,
    // so a run taken up from notes tries exactly the guesses the notes do not settle. On
    // more, the best total a guess meets depends on which guesses came back first, and a
    // guess whose noted bound lies below it is rightly tried again.
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (whole, notes) = one_thread.install(|| solve(&[]));
    assert!(
        tried(&notes).len() > 3,
        "{} guesses noted",
        tried(&notes).len()
    );
    assert!(notes.len() > 100, "{} notes", notes.len());
    for kept in [0, notes.len() / 3, 2 * notes.len() / 3, notes.len()] {
        let (taken_up, noted_again) = one_thread.install(|| solve(&notes[..kept]));
        assert_eq!(taken_up, whole, "{kept} notes, one thread");
        assert_eq!(
            tried(&noted_again).len() + tried(&notes[..kept]).len(),
            tried(&notes).len(),
            "{kept} notes, one thread: the guesses finished before are not tried again"
        );
        let (taken_up, noted_again) = solve(&notes[..kept]);
        assert_eq!(taken_up, whole, "{kept} notes, every thread");
        for again in tried(&noted_again) {
            assert!(
                !tried(&notes[..kept])
                    .iter()
                    .any(|before| before.guess == again.guess && before.exact),
                "{kept} notes, every thread: {again:?} was tried again, its total known"
            );
        }
    }
    // The last note is the piece's own set: taken up from every note, nothing is searched.
    assert!(matches!(notes.last(), Some(Note::Set(fact)) if fact.set.len() == 616));
    assert_eq!(solve(&notes).1, vec![]);
    let forged = [
        Note::Tried(GuessTried {
            guess: Code(0),
            total: 2 * 616 - 2,
            exact: true,
        }),
        Note::Set(SetFact {
            set: scorer.all_codes()[..100].to_vec(),
            guesses_left: None,
            total: 100,
            guess: None,
        }),
    ];
    for note in forged {
        let refused = solve_piece_noted(
            &scorer,
            &options,
            piece,
            &NoProgress,
            &[notes[0].clone(), note],
            &Kept(Mutex::default()),
        )
        .map(|(result, _)| result);
        assert!(
            matches!(
                refused,
                Err(PieceError::ImpossibleNote(ImpossibleNote { index: 1, .. }))
            ),
            "{refused:?}"
        );
    }
}

/// Notes that hold on their face but not in truth: a guess said to reach less than it
/// does, a set said to cost its least conceivable total. The search contradicts them, the
/// notebook is told, and the piece comes out as if there had been no notes.
#[test]
fn notes_the_search_contradicts_are_set_aside() {
    struct Told(Mutex<bool>);
    impl Notebook for Told {
        fn note(&self, _: Note) {}
        fn contradicted(&self) {
            *self.0.lock().unwrap() = true;
        }
    }
    // Guesses tried at a piece's node are recalled where they are tried side by side:
    // pieces of at least `PARALLEL_GUESSES_MIN_SET` codes. The smallest such of 4×6 that
    // its plan solves exactly.
    let scorer = Scorer::new(Game::classic());
    let options = OptimalOptions::default();
    let plan = plan(&scorer, &options).unwrap();
    let mut large: Vec<&Piece> = plan.pieces.iter().filter(|p| p.size >= 300).collect();
    large.sort_by_key(|piece| piece.size);
    let (piece, truth) = large
        .into_iter()
        .find_map(|piece| {
            let result = solve_pieces(&scorer, &options, std::slice::from_ref(piece), &NoProgress)
                .unwrap()
                .remove(0);
            matches!(result, PieceResult::Exact { .. }).then_some((piece, result))
        })
        .expect("a large piece solved exactly");
    let PieceResult::Exact { total, tree } = &truth else {
        unreachable!()
    };
    let class: Vec<Code> = scorer
        .all_codes()
        .into_iter()
        .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
        .collect();
    let lies = [
        Note::Tried(GuessTried {
            guess: tree.guess,
            total: *total as u32 - 1,
            exact: true,
        }),
        Note::Set(SetFact {
            set: class.clone(),
            guesses_left: None,
            // The least its size allows (13 classes at most in 4×6): plausible, and false.
            total: mastermind_certificate::size_bound(class.len(), 13, None),
            guess: Some(class[0]),
        }),
    ];
    for lie in lies {
        let told = Told(Mutex::new(false));
        let result = solve_piece_noted(
            &scorer,
            &options,
            piece,
            &NoProgress,
            std::slice::from_ref(&lie),
            &told,
        )
        .map(|(result, _)| result);
        assert_eq!(result.as_ref(), Ok(&truth), "{lie:?}");
        assert!(*told.0.lock().unwrap(), "not told of {lie:?}");
    }
}

#[test]
fn a_cap_no_strategy_meets_is_refused_whole() {
    let scorer = Scorer::new(Game::classic());
    let options = OptimalOptions {
        max_guesses: Some(4),
        consistent_only: false,
    };
    let refused = NoStrategy { max_guesses: 4 };
    let assembled = plan(&scorer, &options).map(|plan| {
        let results = solve_pieces(&scorer, &options, &plan.pieces, &NoProgress);
        results.map(|results| assemble(&scorer, &options, &plan, &results).map(drop))
    });
    // The plan itself may see it, or the pieces, or their assembly.
    assert!(
        matches!(
            assembled,
            Err(no) | Ok(Err(no)) | Ok(Ok(Err(AssembleError::NoStrategy(no)))) if no == refused
        ),
        "{assembled:?}"
    );
}
