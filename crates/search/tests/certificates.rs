//! Certificates written by the prover check with the independent checker and prove exactly
//! the search's optima; every kind of forgery is refused.

use std::collections::HashMap;

use mastermind_certificate::{
    check as check_fast, check_given, check_reference, check_with, read_facts, Bound, Bounds,
    CertificateError, CertificateWriter, Fact, Header, PathSets, Proven, Renaming, Stabilizer,
    Step,
};
use mastermind_core::{Code, Codebook, FeedbackKind, Game, Scorer};
use mastermind_search::{build, build_certified, write_certificate};
use mastermind_strategy::{NoProgress, Objective, Situation, StrategyKind, StrategyOptions};
use mastermind_tree::Statistics;

/// The optimal tree's total and worst case for `game`, and its certificate's bytes.
fn certificate(game: Game, options: &StrategyOptions) -> (u64, usize, Vec<u8>) {
    let scorer = Scorer::new(game);
    let built = build(StrategyKind::Optimal, options, &scorer, &NoProgress).expect("a strategy");
    let statistics = Statistics::of_tree(&built.root);
    let (total, worst) = (statistics.total(), statistics.worst_case());
    let mut bytes = Vec::new();
    let start = Situation::start(&scorer);
    write_certificate(&scorer, options, &start, total, worst, &mut bytes).expect("certified");
    (total, worst, bytes)
}

fn game(pegs: u32, colours: u32) -> Game {
    Game::new(pegs, colours, true, FeedbackKind::BlackWhite).unwrap()
}

fn checked(bytes: &[u8]) -> Proven {
    check(bytes).expect("the certificate checks")
}

/// Checks `bytes` with the fast checker and with the reference checker, which must agree:
/// both refuse, or both accept with the same number of facts and the same bounds for the
/// whole game under every budget.
#[track_caller]
fn check(bytes: &[u8]) -> Result<Proven, CertificateError> {
    let fast = check_fast(bytes);
    let reference = check_reference(bytes);
    match (&fast, &reference) {
        (Ok(fast), Ok(reference)) => {
            assert_eq!(fast.facts(), Bounds::facts(reference));
            for budget in [None, Some(1), Some(3), Some(4), Some(5), Some(6), Some(8)] {
                assert_eq!(
                    fast.bound_at(&[], budget),
                    reference.bound_at(&[], budget),
                    "with a budget of {budget:?}"
                );
            }
        }
        (Err(_), Err(_)) => {}
        (fast, reference) => panic!(
            "the checkers disagree: fast {:?}, reference {:?}",
            fast.as_ref()
                .map(|_| "accepts")
                .map_err(ToString::to_string),
            reference
                .as_ref()
                .map(|_| "accepts")
                .map_err(ToString::to_string)
        ),
    }
    fast
}

/// The certificate with its facts changed by `change`, written again with a valid closing
/// record: only the checks of the facts can refuse it.
fn rewritten(bytes: &[u8], change: impl FnOnce(&mut Header, &mut Vec<Fact>)) -> Vec<u8> {
    let (mut header, mut facts) = read_facts(bytes).expect("a certificate");
    change(&mut header, &mut facts);
    let mut writer = CertificateWriter::new(Vec::new(), &header).unwrap();
    for fact in &facts {
        writer.fact(fact).unwrap();
    }
    writer.finish().unwrap()
}

#[track_caller]
fn refused(bytes: &[u8], expected: &str) -> CertificateError {
    let error = check(bytes).expect_err("the forgery is refused");
    assert!(error.to_string().contains(expected), "{error}");
    error
}

#[test]
fn published_small_optima_are_proven() {
    // Goddard's 3×4 206 and 3×5 451; 4×4 905 (Koyama and Lai's table, and this search).
    for (pegs, colours, expected) in [(3, 4, 206), (3, 5, 451), (4, 4, 905)] {
        let (total, _, bytes) = certificate(game(pegs, colours), &StrategyOptions::default());
        assert_eq!(total, expected);
        let proven = checked(&bytes);
        assert_eq!(
            proven.bound_at(&[], None),
            Bound::AtLeast(expected as u32),
            "{pegs}×{colours}"
        );
        // Nothing is proven beyond the truth.
        assert_eq!(
            proven.bound_at(&[], Some(3)),
            Bound::AtLeast(0).max(proven.bound_at(&[], Some(3)))
        );
    }
}

#[test]
fn least_worst_cases_and_caps_are_proven() {
    let options = StrategyOptions {
        minimize: Objective::Worst,
        ..StrategyOptions::default()
    };
    let (total, worst, bytes) = certificate(game(3, 4), &options);
    let proven = checked(&bytes);
    let worst = worst as u8;
    assert_eq!(proven.bound_at(&[], Some(worst - 1)), Bound::Infeasible);
    assert_eq!(
        proven.bound_at(&[], Some(worst)),
        Bound::AtLeast(total as u32)
    );
    // A capped certificate proves nothing about the game without the cap.
    assert!(proven.bound_at(&[], None) < Bound::AtLeast(total as u32));
}

#[test]
fn consistent_only_play_is_proven_with_its_own_guesses() {
    let options = StrategyOptions {
        consistent_only: true,
        ..StrategyOptions::default()
    };
    let (total, _, bytes) = certificate(game(4, 4), &options);
    let proven = checked(&bytes);
    assert!(proven.header().consistent_only);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(total as u32));
    // Consistent play costs more than free play's 905 here, so the same facts do not hold
    // when any code may be guessed: the header is part of the proof.
    assert!(total > 905, "{total}");
    let as_free = rewritten(&bytes, |header, _| header.consistent_only = false);
    refused(&as_free, "does not hold");
}

#[test]
fn a_raised_bound_is_refused_where_it_is_claimed() {
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    let at_root = rewritten(&bytes, |_, facts| {
        let last = facts.last_mut().unwrap();
        last.bound = Bound::AtLeast(last.bound.as_u32() + 1);
    });
    let error = refused(&at_root, "does not hold at the start");
    assert!(error.to_string().contains("not 207"), "{error}");
    let inner = rewritten(&bytes, |_, facts| {
        facts[0].bound = Bound::AtLeast(facts[0].bound.as_u32() + 1);
    });
    refused(&inner, "fact 0 does not hold");
}

/// The checker leans on the facts it is given: without any but the claim, the claim is
/// refused, and without any one of them, so is the certificate (the prover writes a fact only
/// where the checker's one step falls short, and proves each class only as far as the
/// others' one step leaves it short).
#[test]
fn every_fact_is_needed_and_a_dropped_one_is_missed() {
    let (_, _, bytes) = certificate(game(4, 4), &StrategyOptions::default());
    let count = read_facts(bytes.as_slice()).unwrap().1.len();
    assert!(count > 3, "{count} facts");
    let claim_alone = rewritten(&bytes, |_, facts| {
        facts.drain(..facts.len() - 1);
    });
    refused(&claim_alone, "does not hold at the start");
    for dropped in 0..count - 1 {
        let forged = rewritten(&bytes, |_, facts| {
            facts.remove(dropped);
        });
        assert!(
            check(forged.as_slice()).is_err(),
            "fact {dropped} was not needed"
        );
    }
}

/// Facts given as proven (as a caller gives the facts of proofs it checked before) stand in
/// for the facts they state: the claim about the start checks on top of the first guess's
/// classes alone, and fails without them; a given fact with a renaming is refused.
#[test]
fn facts_given_as_proven_stand_in_for_the_facts_they_state() {
    let (total, _, bytes) = certificate(game(4, 4), &StrategyOptions::default());
    let scorer = Scorer::new(game(4, 4));
    let (_, facts) = read_facts(bytes.as_slice()).unwrap();
    let given: Vec<Fact> = facts
        .iter()
        .filter(|fact| fact.path.len() == 1)
        .map(|fact| Fact {
            renaming: None,
            ..fact.clone()
        })
        .collect();
    assert!(!given.is_empty());
    let claim_alone = rewritten(&bytes, |_, facts| {
        facts.retain(|fact| fact.path.is_empty());
    });
    let proven = check_given(&scorer, &given, claim_alone.as_slice()).expect("it checks");
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(total as u32));
    assert!(check_given(&scorer, &[], claim_alone.as_slice()).is_err());
    let renamed = Fact {
        renaming: Some(Renaming {
            pegs: vec![0, 1, 2, 3],
            colours: vec![0, 1, 2, 3],
        }),
        ..given[0].clone()
    };
    let error = check_given(&scorer, &[renamed], claim_alone.as_slice())
        .expect_err("a renamed fact given is refused");
    assert!(error.to_string().contains("given as proven"), "{error}");
}

/// The certificate written again with a forget record after each fact for which `forget`
/// names a depth.
fn with_forget_records(bytes: &[u8], forget: impl Fn(usize, &Fact) -> Option<usize>) -> Vec<u8> {
    let (header, facts) = read_facts(bytes).expect("a certificate");
    let mut writer = CertificateWriter::new(Vec::new(), &header).unwrap();
    for (index, fact) in facts.iter().enumerate() {
        writer.fact(fact).unwrap();
        if let Some(depth) = forget(index, fact) {
            writer.forget(depth).unwrap();
        }
    }
    writer.finish().unwrap()
}

#[test]
fn a_forget_record_frees_only_what_no_later_fact_cites() {
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    let facts = read_facts(bytes.as_slice()).unwrap().1;
    // Forgetting nothing, after every fact (each ends a batch of the checker): still proven.
    let deepest = facts.iter().map(|fact| fact.path.len()).max().unwrap();
    checked(&with_forget_records(&bytes, |_, _| Some(deepest)));
    // Every fact is needed (see above): forgetting one as soon as it is checked is refused.
    for (forgotten, fact) in facts.iter().enumerate().take(facts.len() - 1) {
        let Some(shallower) = fact.path.len().checked_sub(1) else {
            continue;
        };
        let forged =
            with_forget_records(&bytes, |index, _| (index == forgotten).then_some(shallower));
        assert!(
            check(forged.as_slice()).is_err(),
            "fact {forgotten} was forgotten, yet the certificate checked"
        );
    }
}

#[test]
fn one_search_builds_and_proves_what_two_would() {
    // The search that found the optimum proves it: the same tree and the same certificate as
    // building first and proving afresh, for the least total (capped or not, any guess or
    // consistent ones) and for the least worst case.
    let options = [
        StrategyOptions::default(),
        StrategyOptions {
            max_guesses: Some(5),
            ..StrategyOptions::default()
        },
        StrategyOptions {
            consistent_only: true,
            ..StrategyOptions::default()
        },
        StrategyOptions {
            minimize: Objective::Worst,
            ..StrategyOptions::default()
        },
    ];
    for options in &options {
        let scorer = Scorer::new(game(4, 5));
        let mut bytes = Vec::new();
        let (built, facts) =
            build_certified(options, &scorer, &NoProgress, &mut bytes).expect("certified");
        let (total, worst, apart) = certificate(game(4, 5), options);
        let statistics = Statistics::of_tree(&built.root);
        assert_eq!(
            (statistics.total(), statistics.worst_case()),
            (total, worst)
        );
        assert_eq!(bytes, apart, "{options:?}");
        assert_eq!(checked(&bytes).facts(), facts);
    }
}

#[test]
fn the_proof_is_the_same_bytes_on_any_number_of_threads() {
    // 4×7's 2401 codes are enough for the claim's classes to be proven side by side. The
    // search is run once; each pool proves its result again.
    let scorer = Scorer::new(game(4, 7));
    let options = StrategyOptions::default();
    let built = build(StrategyKind::Optimal, &options, &scorer, &NoProgress).expect("a strategy");
    let statistics = Statistics::of_tree(&built.root);
    let (total, worst) = (statistics.total(), statistics.worst_case());
    let start = Situation::start(&scorer);
    let proofs: Vec<Vec<u8>> = [1, 2, 3]
        .map(|threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut bytes = Vec::new();
            pool.install(|| write_certificate(&scorer, &options, &start, total, worst, &mut bytes))
                .expect("certified");
            bytes
        })
        .into();
    assert!(proofs.iter().all(|proof| proof == &proofs[0]));
    // The fast checker alone: the reference one takes minutes over 4×7.
    let proven = check_fast(proofs[0].as_slice()).expect("the certificate checks");
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(total as u32));
    // Classes proven side by side may prove the same set twice: the second is left out.
    let facts = read_facts(proofs[0].as_slice()).unwrap().1;
    let mut sets = PathSets::new(&scorer);
    // For each set and budget, the bound and depth of each fact about it.
    type Proven = HashMap<(Vec<Code>, Option<u8>), Vec<(Bound, usize)>>;
    let mut proven = Proven::new();
    for (index, fact) in facts.iter().enumerate() {
        let (bound, depth) = (fact.bound, fact.path.len());
        let set = sets.at(&fact.path).to_vec();
        let before = proven.entry((set, fact.budget)).or_default();
        assert!(
            !before.iter().any(|&(b, d)| b >= bound && d <= depth),
            "fact {index} proves no more than one before it"
        );
        before.push((bound, depth));
    }
}

#[test]
fn a_fact_cites_only_facts_before_it_on_any_number_of_threads() {
    // The checker records a batch of facts before checking them side by side; a fact moved
    // after the facts that need it must still be missed by them, and the first fact in file
    // order that fails is reported whatever the number of threads.
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    let count = read_facts(bytes.as_slice()).unwrap().1.len();
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let (one, four) = (pool(1), pool(4));
    for moved in 0..count - 1 {
        let forged = rewritten(&bytes, |_, facts| {
            let fact = facts.remove(moved);
            facts.push(fact);
        });
        let alone = one.install(|| check(forged.as_slice())).map(|_| ());
        let shared = four.install(|| check(forged.as_slice())).map(|_| ());
        let error = alone.expect_err("a fact moved after its users is missed by them");
        assert_eq!(
            error.to_string(),
            shared.expect_err("on four threads too").to_string()
        );
    }
}

#[test]
fn a_fact_moved_to_another_class_is_refused() {
    let (_, _, bytes) = certificate(game(4, 4), &StrategyOptions::default());
    let book = Codebook::new(game(4, 4));
    let (_, facts) = read_facts(bytes.as_slice()).unwrap();
    let moved = facts
        .iter()
        .position(|fact| fact.path.len() == 1)
        .expect("a fact one guess deep");
    let forged = rewritten(&bytes, |_, facts| {
        // The same guess, another reply: the fact now speaks of another set.
        let step = &mut facts[moved].path[0];
        let other = (0..book.game().feedback_slots() as u8)
            .map(mastermind_core::Feedback::from_index)
            .find(|&reply| {
                reply != step.reply
                    && book.game().is_feedback(reply)
                    && reply != book.game().all_black()
            })
            .unwrap();
        step.reply = other;
    });
    assert!(check(forged.as_slice()).is_err());
}

#[test]
fn a_certificate_of_another_game_or_a_cut_file_is_refused() {
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    // 3×4's 206 in 3×3, whose 27 codes need far fewer.
    let other_game = rewritten(&bytes, |header, _| header.game = game(3, 3));
    assert!(check(other_game.as_slice()).is_err());
    for cut in [1, 10, bytes.len() / 2, bytes.len() - 33, bytes.len() - 1] {
        let error = check(&bytes[..cut]).expect_err("a cut file is refused");
        assert!(
            matches!(
                error,
                CertificateError::Truncated { .. }
                    | CertificateError::Format(_)
                    | CertificateError::Damaged(_)
            ),
            "{cut}: {error}"
        );
    }
    let mut flipped = bytes.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x01;
    assert!(check(flipped.as_slice()).is_err());
    let mut longer = bytes.clone();
    longer.push(0);
    refused(&longer, "bytes follow");
}

/// A scorer made once for many certificates of a game checks each as a scorer of its own
/// does, with the table or without it, and refuses a certificate of another game.
#[test]
fn a_scorer_made_once_checks_as_its_own_would() {
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    let own = checked(&bytes);
    for scorer in [Scorer::new(game(3, 4)), Scorer::on_the_fly(game(3, 4))] {
        let shared = check_with(&scorer, bytes.as_slice()).expect("the certificate checks");
        assert_eq!(shared.facts(), own.facts());
        assert_eq!(shared.bound_at(&[], None), own.bound_at(&[], None));
    }
    let other = Scorer::new(game(3, 3));
    let refused = check_with(&other, bytes.as_slice()).expect_err("another game");
    assert!(
        refused.to_string().contains("for 3×4, not 3×3"),
        "{refused}"
    );
}

#[test]
fn knuths_tree_is_never_proven_optimal() {
    // The optimum's certificate proves 5625 guesses at least, never 5801.
    let (total, _, bytes) = certificate(Game::classic(), &StrategyOptions::default());
    assert_eq!(total, 5625);
    let proven = checked(&bytes);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(5625));
    let claims_5801 = rewritten(&bytes, |_, facts| {
        facts.last_mut().unwrap().bound = Bound::AtLeast(5801);
    });
    refused(&claims_5801, "does not hold at the start");
}

#[test]
fn the_capped_optimum_5626_is_proven() {
    let options = StrategyOptions {
        max_guesses: Some(5),
        ..StrategyOptions::default()
    };
    let (total, worst, bytes) = certificate(Game::classic(), &options);
    assert_eq!((total, worst), (5626, 5));
    let proven = checked(&bytes);
    assert_eq!(proven.bound_at(&[], Some(5)), Bound::AtLeast(5626));
}

/// Every ordering of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for shorter in permutations(n - 1) {
        for place in 0..n {
            let mut longer = shorter.clone();
            longer.insert(place, n - 1);
            all.push(longer);
        }
    }
    all
}

/// Every transformation of a small game, by brute force: a position permutation with a
/// colour permutation, or with black pegs only a colour permutation per position.
fn all_transformations(book: &Codebook) -> Vec<Vec<Code>> {
    let game = book.game();
    let (pegs, colours) = (game.pegs(), game.colours());
    let maps = match game.feedback_kind() {
        FeedbackKind::BlackOnly => pegs,
        FeedbackKind::BlackWhite => 1,
    };
    // Every choice of a colour permutation for each map.
    let mut colourings: Vec<Vec<Vec<usize>>> = vec![vec![]];
    for _ in 0..maps {
        colourings = colourings
            .into_iter()
            .flat_map(|chosen| {
                permutations(colours).into_iter().map(move |colour| {
                    let mut more = chosen.clone();
                    more.push(colour);
                    more
                })
            })
            .collect();
    }
    let mut all = Vec::new();
    for to in &permutations(pegs) {
        for colouring in &colourings {
            all.push(
                book.codes()
                    .map(|code| {
                        let pegs_of = book.colours_of(code);
                        let mut image = vec![0u8; pegs];
                        for (i, &c) in pegs_of.iter().enumerate() {
                            image[to[i]] = colouring[i % maps][usize::from(c)] as u8;
                        }
                        book.index_of(&image).unwrap()
                    })
                    .collect(),
            );
        }
    }
    all
}

/// The orbits of the transformations that fix every guess of each history, by brute force,
/// against the checker's own representatives.
fn stabilizer_matches_brute_force(book: &Codebook, histories: &[&[&str]]) {
    let transformations = all_transformations(book);
    for history in histories {
        let history: Vec<Code> = history.iter().map(|g| book.parse(g).unwrap()).collect();
        let fixing: Vec<&Vec<Code>> = transformations
            .iter()
            .filter(|t| history.iter().all(|&g| t[g.index()] == g))
            .collect();
        let stabilizer = Stabilizer::of(book, &history);
        for code in book.codes() {
            let least = fixing.iter().map(|t| t[code.index()]).min().unwrap();
            assert_eq!(
                stabilizer.is_representative(book.colours_of(code)),
                least == code,
                "{} after {:?}",
                book.format(code),
                history.iter().map(|&g| book.format(g)).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn the_checkers_symmetry_is_exactly_the_history_stabilizer() {
    // All 24 × 24 transformations of 4×4.
    let book = Codebook::new(game(4, 4));
    stabilizer_matches_brute_force(
        &book,
        &[
            &[],
            &["1122"],
            &["1123"],
            &["1123", "2314"],
            &["1234", "1111"],
        ],
    );
}

#[test]
fn with_black_pegs_only_each_position_renames_its_colours() {
    // All 6 × 6³ transformations of black-peg 3×3, and 2 × 24² of black-peg 2×4: each
    // position has a colour permutation of its own.
    for (pegs, colours, histories) in [
        (
            3,
            3,
            &[
                &[][..],
                &["111"],
                &["112"],
                &["123", "111"],
                &["112", "221"],
            ][..],
        ),
        (
            2,
            4,
            &[&[][..], &["11"], &["12"], &["12", "34"], &["11", "23"]][..],
        ),
    ] {
        let game = Game::new(pegs, colours, true, FeedbackKind::BlackOnly).unwrap();
        let book = Codebook::new(game);
        stabilizer_matches_brute_force(&book, histories);
        // Every code is one orbit before anything is played.
        let everything = Stabilizer::of(&book, &[]);
        assert_eq!(
            everything
                .representatives(&book, &book.codes().collect::<Vec<_>>())
                .len(),
            1
        );
    }
}

#[test]
fn a_path_that_names_no_code_is_refused_with_where() {
    let (_, _, bytes) = certificate(game(3, 4), &StrategyOptions::default());
    let forged = rewritten(&bytes, |_, facts| {
        facts.insert(
            0,
            Fact {
                path: vec![Step {
                    guess: Code(9999),
                    reply: mastermind_core::Feedback::from_index(0),
                }],
                budget: None,
                bound: Bound::AtLeast(1),
                renaming: None,
            },
        );
    });
    refused(&forged, "guess number 9999 is not a code");
}

#[test]
fn a_renamed_fact_holds_only_by_a_renaming_onto_a_set_proven_before() {
    let (_, _, bytes) = certificate(Game::classic(), &StrategyOptions::default());
    let (_, facts) = read_facts(bytes.as_slice()).unwrap();
    let renamed: Vec<usize> = (0..facts.len())
        .filter(|&index| facts[index].renaming.is_some())
        .collect();
    assert!(!renamed.is_empty(), "the prover wrote no renamed fact");
    let plain = facts
        .iter()
        .position(|fact| fact.renaming.is_none())
        .unwrap();
    let first = renamed[0];
    let forge = |index: usize, change: &dyn Fn(&mut Renaming)| {
        rewritten(&bytes, |_, facts| {
            let renaming = facts[index].renaming.get_or_insert(Renaming {
                pegs: vec![0, 1, 2, 3],
                colours: vec![0, 1, 2, 3, 4, 5],
            });
            change(renaming);
        })
    };
    // Not a renaming of the game.
    let twice = forge(first, &|renaming| renaming.colours[0] = renaming.colours[1]);
    refused(&twice, "is not a permutation of the 6 colours");
    let short = forge(first, &|renaming| {
        renaming.pegs.pop();
    });
    assert!(check(short.as_slice()).is_err());
    // A renaming onto the set itself, or onto any set no earlier fact proves enough of.
    let identity = |renaming: &mut Renaming| {
        *renaming = Renaming {
            pegs: vec![0, 1, 2, 3],
            colours: vec![0, 1, 2, 3, 4, 5],
        }
    };
    for index in [first, plain] {
        let onto_itself = forge(index, &identity);
        let error = refused(&onto_itself, "its renaming leads to a set");
        assert!(
            error.to_string().contains(&format!("fact {index} ")),
            "{error}"
        );
    }
    // The same facts with every renaming kept, but the one it cites moved after it.
    let renaming = facts[first].renaming.clone().unwrap();
    let book = Codebook::new(Game::classic());
    let sets = |path: &[Step]| -> Vec<Code> {
        book.codes()
            .filter(|&code| {
                path.iter()
                    .all(|step| book.score(step.guess, code) == step.reply)
            })
            .collect()
    };
    let image = renaming.image(&book, &sets(&facts[first].path));
    let cited = facts[..first]
        .iter()
        .rposition(|fact| sets(&fact.path) == image)
        .expect("the fact the renamed one cites comes before it");
    let cited_later = rewritten(&bytes, |_, facts| {
        let fact = facts.remove(cited);
        facts.insert(first, fact);
    });
    refused(&cited_later, "its renaming leads to a set");
}

/// The committed certificate of 4×7 (gzip-compressed) proves the 11228 that
/// the search finds: no strategy does better. Checking it takes a minute or two.
#[test]
fn the_committed_certificate_of_4x7_proves_11228() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../trees/certificates/optimal-4x7.cert.gz");
    let bytes = std::fs::read(&path).expect("the committed certificate");
    let proven = check(bytes.as_slice()).expect("the certificate checks");
    let game = game(4, 7);
    assert_eq!(proven.header().game, game);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(11228));
    let scorer = Scorer::new(game);
    let built = build(
        StrategyKind::Optimal,
        &StrategyOptions::default(),
        &scorer,
        &NoProgress,
    )
    .unwrap();
    assert_eq!(Statistics::of_tree(&built.root).total(), 11228);
}

/// A forgery for each rule that no other rule catches, refused by both checkers: a renamed
/// fact about a set proven before it, whose renaming leads elsewhere (only renaming the set
/// before the look-up refuses it); a set claimed not to fit a budget it fits (only the size
/// bound of its classes within the budget refuses it); and a certificate that every rule
/// accepts but whose digest is not its own (only the digest refuses it). The rules that
/// check every guess of an orbit and each class's bound have theirs above: a raised bound,
/// a dropped fact, a fact moved to another class.
#[test]
fn each_rule_refuses_a_forgery_that_only_it_catches() {
    let (_, _, bytes) = certificate(Game::classic(), &StrategyOptions::default());
    let (_, facts) = read_facts(bytes.as_slice()).unwrap();
    // A fact about a set no size bound settles, so that it holds only by its facts.
    let proven = facts
        .iter()
        .position(|fact| fact.renaming.is_none() && fact.path.len() == 2 && fact.budget.is_none())
        .unwrap();
    let swap_colours = Renaming {
        pegs: vec![0, 1, 2, 3],
        colours: vec![5, 1, 2, 3, 4, 0],
    };
    let renamed_elsewhere = rewritten(&bytes, |_, facts| {
        // One more than the earlier fact about the same set proves, so that only the renaming
        // could carry it (a bound that fact proves holds by that fact alone).
        let mut again = facts[proven].clone();
        again.renaming = Some(swap_colours.clone());
        if let Bound::AtLeast(bound) = again.bound {
            again.bound = Bound::AtLeast(bound + 1);
        }
        facts.push(again);
    });
    let book = Codebook::new(Game::classic());
    let set = |path: &[Step]| -> Vec<Code> {
        book.codes()
            .filter(|&code| path.iter().all(|s| book.score(s.guess, code) == s.reply))
            .collect()
    };
    let image = swap_colours.image(&book, &set(&facts[proven].path));
    assert_ne!(
        image,
        set(&facts[proven].path),
        "the renaming moves the set"
    );
    refused(&renamed_elsewhere, "its renaming leads to a set");

    // Two codes fit two guesses: guess one, then the other.
    // A path to two codes: the replies a secret gives, to guesses that narrow the set down
    // and never to one code.
    let secret = Code(100);
    let mut pair: Vec<Step> = Vec::new();
    for guess in book.codes() {
        let reply = book.score(guess, secret);
        let mut longer = pair.clone();
        longer.push(Step { guess, reply });
        let (now, then) = (set(&pair).len(), set(&longer).len());
        if reply != book.game().all_black() && then >= 2 && then < now {
            pair = longer;
        }
        if set(&pair).len() == 2 {
            break;
        }
    }
    assert_eq!(set(&pair).len(), 2, "a path to two codes");
    let unfitting = rewritten(&bytes, |_, facts| {
        facts.push(Fact {
            path: pair.clone(),
            budget: Some(2),
            bound: Bound::Infeasible,
            renaming: None,
        });
    });
    refused(
        &unfitting,
        "not more than the budget allows (with 2 guesses left)",
    );
    // One step settles a class at what its guesses' classes cost by size, never more: the two
    // codes need 3 guesses (one, then the other), and a claim of 4 finds no fact to rest on.
    let overclaimed = rewritten(&bytes, |_, facts| {
        facts.push(Fact {
            path: pair.clone(),
            budget: None,
            bound: Bound::AtLeast(4),
            renaming: None,
        });
    });
    refused(
        &overclaimed,
        "costs at least 3 by the rules and the facts before it, not 4",
    );

    // Every rule accepts the certificate with a bound weakened; only its digest, left as the
    // original's, refuses it.
    let weakened = rewritten(&bytes, |_, facts| {
        let last = facts.last_mut().unwrap();
        last.bound = Bound::AtLeast(last.bound.as_u32() - 1);
    });
    checked(&weakened);
    let mut foreign_digest = weakened.clone();
    let (end, original) = (foreign_digest.len() - 32, &bytes[bytes.len() - 32..]);
    foreign_digest[end..].copy_from_slice(original);
    refused(&foreign_digest, "SHA-256 digest does not match");
}
