//! The optimal search against a plain exhaustive search on small games, and against Koyama and
//! Lai's figures for 4×6. Every tree it returns is replayed code by code.

use std::collections::HashMap;
use std::sync::Mutex;

use mastermind_core::{Code, FeedbackKind, Game, Scorer};
use mastermind_search::{least_worst_case, optimal, OptimalOptions, OptimalResult};
use mastermind_strategy::{knuth, NoProgress, Progress};
use mastermind_tree::{Node, Statistics};

/// The least total for `set` when at most `budget` more guesses are allowed (any number if
/// `None`), trying every guess at every node, with no bounds and no symmetry; `None` when no
/// strategy fits the budget.
fn least_total(
    scorer: &Scorer,
    set: &[Code],
    budget: Option<usize>,
    consistent_only: bool,
    memo: &mut HashMap<(Vec<Code>, Option<usize>), Option<u64>>,
) -> Option<u64> {
    if set.is_empty() {
        return Some(0);
    }
    if budget == Some(0) {
        return None;
    }
    if let Some(&known) = memo.get(&(set.to_vec(), budget)) {
        return known;
    }
    let all_black = scorer.game().all_black();
    let guesses = if consistent_only {
        set.to_vec()
    } else {
        scorer.all_codes()
    };
    let mut best: Option<u64> = None;
    for guess in guesses {
        let classes = scorer.split(guess, set).classes;
        if classes.len() == 1 && classes[0].0 != all_black {
            continue; // Learns nothing: trying it again and again would never end.
        }
        let mut total = Some(set.len() as u64);
        for (reply, class) in classes {
            if reply != all_black {
                let rest =
                    least_total(scorer, &class, budget.map(|b| b - 1), consistent_only, memo);
                total = total.zip(rest).map(|(a, b)| a + b);
            }
        }
        if let Some(total) = total {
            best = Some(best.map_or(total, |b| b.min(total)));
        }
    }
    memo.insert((set.to_vec(), budget), best);
    best
}

/// Plays every code through the tree and checks that it is solved, that the candidate counts
/// are right, and that the costs add up to `total` within `max_guesses`.
fn check_tree(scorer: &Scorer, result: &OptimalResult, max_guesses: Option<usize>) {
    let mut visits: HashMap<*const Node, u32> = HashMap::new();
    let mut replayed = 0;
    let mut worst = 0;
    for secret in scorer.codebook().codes() {
        let mut node = &result.tree;
        let mut guesses = 1;
        loop {
            *visits.entry(node as *const Node).or_default() += 1;
            if node.guess == secret {
                break;
            }
            node = node
                .child(scorer.feedback(node.guess, secret))
                .expect("every reply that occurs has a child");
            guesses += 1;
        }
        replayed += guesses;
        worst = worst.max(guesses);
    }
    fn check_counts(node: &Node, visits: &HashMap<*const Node, u32>) {
        assert_eq!(visits.get(&(node as *const Node)), Some(&node.candidates));
        for (_, child) in &node.children {
            check_counts(child, visits);
        }
    }
    check_counts(&result.tree, &visits);
    assert_eq!(replayed, result.total);
    assert_eq!(Statistics::of_tree(&result.tree).total(), result.total);
    assert!(max_guesses.is_none_or(|cap| worst <= cap as u64));
}

fn search(
    scorer: &Scorer,
    max_guesses: Option<usize>,
    consistent_only: bool,
) -> Option<OptimalResult> {
    let options = OptimalOptions {
        max_guesses,
        consistent_only,
    };
    let result = optimal(scorer, &options, &NoProgress).ok()?;
    check_tree(scorer, &result, max_guesses);
    Some(result)
}

fn small_games() -> Vec<Game> {
    let mut games = Vec::new();
    for (pegs, colours) in [(2, 3), (3, 3), (2, 4), (3, 4), (4, 3)] {
        for repetition in [true, false] {
            if let Ok(game) = Game::new(pegs, colours, repetition, FeedbackKind::BlackWhite) {
                games.push(game);
            }
        }
    }
    // Black-only games rename colours position by position, a larger group than the others.
    for (pegs, colours) in [(3, 3), (2, 4), (2, 5), (4, 2), (3, 4)] {
        games.push(Game::new(pegs, colours, true, FeedbackKind::BlackOnly).unwrap());
    }
    games
}

#[test]
fn small_games_match_an_exhaustive_search() {
    for game in small_games() {
        let scorer = Scorer::new(game);
        let codes = scorer.all_codes();
        for consistent_only in [false, true] {
            let mut memo = HashMap::new();
            let expected = least_total(&scorer, &codes, None, consistent_only, &mut memo);
            let found =
                search(&scorer, None, consistent_only).expect("uncapped games are solvable");
            let describe = format!("{} consistent_only={consistent_only}", game.describe());
            assert_eq!(Some(found.total), expected, "{describe}");
            // Tighten the cap from the optimum's worst case until nothing fits.
            let mut cap = Statistics::of_tree(&found.tree).worst_case();
            loop {
                let expected = least_total(&scorer, &codes, Some(cap), consistent_only, &mut memo);
                let found = search(&scorer, Some(cap), consistent_only).map(|r| r.total);
                assert_eq!(found, expected, "{describe} cap {cap}");
                if found.is_none() {
                    break;
                }
                cap -= 1;
            }
        }
    }
}

#[test]
fn least_worst_case_matches_an_exhaustive_search() {
    for game in small_games() {
        let scorer = Scorer::new(game);
        let codes = scorer.all_codes();
        for consistent_only in [false, true] {
            let mut memo = HashMap::new();
            // The exhaustive answer: the first cap under which any strategy fits, and its least
            // total.
            let (cap, total) = (1..)
                .find_map(|cap| {
                    least_total(&scorer, &codes, Some(cap), consistent_only, &mut memo)
                        .map(|total| (cap, total))
                })
                .expect("some cap fits");
            let found = least_worst_case(&scorer, consistent_only, &NoProgress);
            check_tree(&scorer, &found, Some(cap));
            let describe = format!("{} consistent_only={consistent_only}", game.describe());
            assert_eq!(
                Statistics::of_tree(&found.tree).worst_case(),
                cap,
                "{describe}"
            );
            assert_eq!(found.total, total, "{describe}");
        }
    }
}

#[test]
fn classic_least_worst_case_is_five_then_5626() {
    let scorer = Scorer::new(Game::classic());
    let found = least_worst_case(&scorer, false, &NoProgress);
    check_tree(&scorer, &found, Some(5));
    assert_eq!(found.total, 5626);
    assert_eq!(Statistics::of_tree(&found.tree).worst_case(), 5);
}

#[test]
fn classic_optimum_is_5625_with_six_guesses_at_worst() {
    let scorer = Scorer::new(Game::classic());
    let result = search(&scorer, None, false).unwrap();
    assert_eq!(result.total, 5625);
    assert_eq!(Statistics::of_tree(&result.tree).worst_case(), 6);
    assert_eq!(scorer.codebook().format(result.tree.guess), "1123");
}

#[test]
fn classic_optimum_within_five_guesses_is_5626() {
    let scorer = Scorer::new(Game::classic());
    let result = search(&scorer, Some(5), false).unwrap();
    assert_eq!(result.total, 5626);
    assert_eq!(Statistics::of_tree(&result.tree).worst_case(), 5);
    assert!(search(&scorer, Some(4), false).is_none());
}

/// Keeps every report of subproblems settled.
#[derive(Default)]
struct Reports(Mutex<Vec<(u64, u64, Option<u64>)>>);

impl Progress for Reports {
    fn codes_settled(&self, _codes: u64) {}

    fn subproblems_settled(&self, settled: u64, total: u64, best_total: Option<u64>) {
        self.0.lock().unwrap().push((settled, total, best_total));
    }
}

#[test]
fn progress_ends_with_every_subproblem_settled_and_the_best_total() {
    for game in [
        Game::new(3, 3, true, FeedbackKind::BlackWhite).unwrap(),
        Game::classic(),
    ] {
        let scorer = Scorer::new(game);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let progress = Reports::default();
            let result = pool
                .install(|| optimal(&scorer, &OptimalOptions::default(), &progress))
                .unwrap();
            let reports = progress.0.into_inner().unwrap();
            let &(settled, total, best) = reports.last().expect("progress was reported");
            assert!(total > 0);
            assert_eq!(settled, total);
            assert_eq!(best, Some(result.total));
            // The search itself settled every subproblem, before the end said so.
            let counted = reports[..reports.len() - 1].iter().map(|r| r.0).max();
            assert_eq!(
                counted,
                Some(total),
                "{}, {threads} thread(s)",
                game.describe()
            );
        }
    }
}

fn tree_with_threads(scorer: &Scorer, threads: usize, max_guesses: Option<usize>) -> Node {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| search(scorer, max_guesses, false).unwrap().tree)
}

#[test]
fn the_tree_does_not_depend_on_the_thread_count() {
    let small = Scorer::new(Game::new(4, 4, true, FeedbackKind::BlackWhite).unwrap());
    let one = tree_with_threads(&small, 1, None);
    assert_eq!(one, tree_with_threads(&small, 2, None));
    assert_eq!(one, tree_with_threads(&small, 3, None));
    // More threads than cores: guesses handed out side by side finish in every order, and an
    // earlier guess's equal total found late must still win over a later guess's.
    let five = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let one = tree_with_threads(&five, 1, None);
    for threads in [4, 8] {
        assert_eq!(
            one,
            tree_with_threads(&five, threads, None),
            "{threads} threads"
        );
    }
    let classic = Scorer::new(Game::classic());
    for max_guesses in [None, Some(5)] {
        assert_eq!(
            tree_with_threads(&classic, 1, max_guesses),
            tree_with_threads(&classic, 2, max_guesses)
        );
    }
}

/// Runs a long search and reports what it took.
fn timed(game: Game) -> OptimalResult {
    let start = std::time::Instant::now();
    let scorer = Scorer::new(game);
    let result = search(&scorer, None, false).unwrap();
    eprintln!(
        "{}: total {}, {:?}, {} nodes",
        game.describe(),
        result.total,
        start.elapsed(),
        result.statistics.nodes
    );
    result
}

/// 4×7 (Ville 2013 reports an optimal average of 4.676; 11228/2401 = 4.6764). The solve
/// crate is optimised in dev builds too, so this takes about a second.
#[test]
fn four_by_seven_optimum_is_11228() {
    let result = timed(Game::new(4, 7, true, FeedbackKind::BlackWhite).unwrap());
    assert_eq!(result.total, 11228);
    assert_eq!(Statistics::of_tree(&result.tree).worst_case(), 6);
}

/// Bulls and Cows (Koyama and Lai 1993): about ten seconds on two cores.
#[test]
fn bulls_and_cows_optimum_is_26274() {
    let result = timed(Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap());
    assert_eq!(result.total, 26274);
    assert_eq!(Statistics::of_tree(&result.tree).worst_case(), 7);
}

/// Games with more than 10000 codes score every reply on the fly instead of reading a table;
/// forcing that path on small games must give the very same trees.
#[test]
fn scoring_on_the_fly_gives_the_same_trees() {
    let mut games = small_games();
    games.push(Game::classic());
    for game in games {
        for max_guesses in [None, Some(5)] {
            let options = OptimalOptions {
                max_guesses,
                consistent_only: false,
            };
            let with_table = optimal(&Scorer::new(game), &options, &NoProgress);
            let on_the_fly = optimal(&Scorer::on_the_fly(game), &options, &NoProgress);
            assert!(!Scorer::on_the_fly(game).has_table());
            match (with_table, on_the_fly) {
                (Ok(a), Ok(b)) => assert_eq!(a.tree, b.tree, "{}", game.describe()),
                (Err(_), Err(_)) => {}
                _ => panic!("{}: only one path found a strategy", game.describe()),
            }
        }
    }
    let classic = Game::classic();
    assert_eq!(
        knuth(&Scorer::on_the_fly(classic), &NoProgress),
        knuth(&Scorer::new(classic), &NoProgress)
    );
}
