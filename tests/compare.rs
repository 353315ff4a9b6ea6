//! `mastermind compare` and the strategies behind it: the table, the JSON, the literature's
//! heuristic totals on 4×6, and the optimum never above any heuristic on the same game.

use serde_json::Value;

use crate::support::{mastermind, mastermind_with_input, says};

fn compare_json(args: &[&str]) -> Value {
    let run = mastermind(&[&["compare", "--json", "-q"], args].concat()).expect_status(0);
    serde_json::from_str(&run.stdout).expect("compare --json writes JSON")
}

fn totals(comparison: &Value) -> Vec<(String, u64)> {
    comparison["strategies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["name"].as_str().unwrap().to_owned(),
                row["total_guesses"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn classic_game_totals_match_the_literature() {
    let comparison = compare_json(&[]);
    let totals = totals(&comparison);
    let total = |name: &str| totals.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(total("knuth"), 5801);
    assert_eq!(total("expected-size"), 5696);
    // The literature's 5719–5723 spans tie-breaks and rounding; Knuth's tie-break gives 5722.
    assert_eq!(total("entropy"), 5722);
    assert_eq!(total("most-parts"), 5668);
    assert_eq!(total("optimal"), 5625);
}

#[test]
fn the_optimum_is_never_above_any_heuristic() {
    for game in [
        &["--pegs", "4", "--colours", "6", "--no-repeat"][..],
        &["--pegs", "3", "--colours", "5"],
        &["--pegs", "3", "--colours", "5", "--black-only"],
        &["--pegs", "3", "--colours", "4", "--consistent-only"],
    ] {
        let totals = totals(&compare_json(game));
        let optimal = totals.iter().find(|(name, _)| name == "optimal").unwrap().1;
        for (name, total) in &totals {
            assert!(
                optimal <= *total,
                "{game:?}: optimal {optimal} > {name} {total}"
            );
        }
    }
}

#[test]
fn the_table_shows_every_strategy_with_a_bar() {
    let run = mastermind(&["compare", "-q", "--pegs", "3", "--colours", "4"]).expect_status(0);
    assert!(run.stdout.starts_with("3×4 (64 codes)"), "{}", run.stdout);
    for name in ["knuth", "expected-size", "entropy", "most-parts", "optimal"] {
        let bars = run
            .stdout
            .lines()
            .filter(|line| line.starts_with(name))
            .count();
        assert_eq!(bars, 2, "{name} has a row and a bar:\n{}", run.stdout);
    }
    let bar = run.stdout.lines().last().unwrap();
    assert_eq!(bar.split('|').nth(1).unwrap().chars().count(), 60, "{bar}");
}

#[test]
fn strategies_can_be_chosen() {
    let comparison = compare_json(&[
        "--pegs",
        "3",
        "--colours",
        "3",
        "--strategies",
        "most-parts,knuth",
    ]);
    let names: Vec<String> = totals(&comparison)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, ["most-parts", "knuth"]);
    let run = mastermind(&["compare", "--strategies", "nonsense"]).expect_status(2);
    assert!(run.stderr.contains("nonsense"), "{}", run.stderr);
}

#[test]
fn every_heuristic_tree_verifies_in_every_variant() {
    for game in [
        &["--pegs", "4", "--colours", "6", "--no-repeat"][..],
        &["--pegs", "3", "--colours", "5"],
        &["--pegs", "4", "--colours", "6", "--black-only"],
    ] {
        for strategy in ["expected-size", "entropy", "most-parts"] {
            for consistent in [&[][..], &["--consistent-only"]] {
                let args = [
                    &["generate", "-q", "--strategy", strategy],
                    game,
                    consistent,
                ]
                .concat();
                let tree = mastermind(&args).expect_status(0);
                let run = mastermind_with_input(&["verify", "-"], &tree.stdout).expect_status(0);
                assert!(run.stdout.starts_with("valid"), "{args:?}");
            }
        }
    }
}

#[test]
fn least_worst_case_then_least_total() {
    let tree = mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "optimal",
        "--minimize",
        "worst",
    ])
    .expect_status(0);
    let file: Value = serde_json::from_str(&tree.stdout).unwrap();
    assert_eq!(file["claims"]["worst_case"], 5);
    assert_eq!(file["claims"]["total_guesses"], 5626);
    assert_eq!(file["strategy"]["parameters"]["minimize"], "worst");
}

#[test]
fn optimal_with_a_cap() {
    let tree = mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "optimal",
        "--max-guesses",
        "5",
    ])
    .expect_status(0);
    let file: Value = serde_json::from_str(&tree.stdout).unwrap();
    assert_eq!(file["claims"]["total_guesses"], 5626);
    assert_eq!(file["claims"]["worst_case"], 5);
    let run = mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "optimal",
        "--max-guesses",
        "4",
    ])
    .expect_status(2);
    assert!(
        run.stderr
            .contains("no strategy solves every code within 4 guesses"),
        "{}",
        run.stderr
    );
}

#[test]
fn options_that_do_not_apply_are_refused() {
    for args in [
        &["generate", "--strategy", "knuth", "--max-guesses", "5"][..],
        &[
            "generate",
            "--strategy",
            "optimal",
            "--tie-break",
            "lowest-code",
        ],
        &[
            "generate",
            "--strategy",
            "optimal",
            "--minimize",
            "worst",
            "--max-guesses",
            "5",
        ],
    ] {
        let run = mastermind(args).expect_status(2);
        assert!(run.stderr.starts_with("error:"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn every_heuristic_verifies_on_bulls_and_cows() {
    // compare verifies every tree it builds before reporting it.
    let comparison = compare_json(&[
        "--pegs",
        "4",
        "--colours",
        "10",
        "--no-repeat",
        "--strategies",
        "knuth,expected-size,entropy,most-parts",
    ]);
    for (name, total) in totals(&comparison) {
        // 26274 is the proven optimum (Koyama and Lai); a heuristic cannot beat it.
        assert!(total >= 26274, "{name}: {total}");
    }
    assert_eq!(comparison["game"]["codes"], 5040);
}

#[test]
fn the_consistent_strategies_verify_print_and_keep_their_seed_in_every_variant() {
    for game in [
        &["--pegs", "4", "--colours", "6"][..],
        &["--pegs", "4", "--colours", "6", "--no-repeat"],
        &["--pegs", "3", "--colours", "5"],
        &["--pegs", "4", "--colours", "6", "--black-only"],
        &["--pegs", "4", "--colours", "10", "--no-repeat"],
    ] {
        for strategy in [
            &["first-consistent"][..],
            &["random-consistent", "--seed", "4"],
        ] {
            let args = [&["generate", "-q", "--strategy"], strategy, game].concat();
            let tree = mastermind(&args).expect_status(0);
            assert_eq!(
                mastermind(&args).stdout,
                tree.stdout,
                "a seed gives one tree"
            );
            let run = mastermind_with_input(&["verify", "-"], &tree.stdout).expect_status(0);
            assert!(run.stdout.starts_with("valid"), "{args:?}");
            let printed =
                mastermind_with_input(&["print", "-", "--notation", "irving"], &tree.stdout);
            printed.expect_status(0);
        }
    }
    let tree = random_consistent_tree("4");
    let file: Value = serde_json::from_str(&tree.stdout).unwrap();
    assert_eq!(file["strategy"]["parameters"]["seed"], 4);
}

#[test]
fn first_consistent_is_the_simple_strategy_of_the_literature() {
    // Playing the first consistent code from 1111 on costs 7471 guesses on 4×6, the figure
    // other solvers report for their "simple" strategy.
    let comparison = compare_json(&["--strategies", "first-consistent"]);
    assert_eq!(totals(&comparison), [("first-consistent".to_owned(), 7471)]);
    let opened = compare_json(&["--strategies", "first-consistent", "--opening", "1123"]);
    assert_eq!(opened["strategies"][0]["parameters"]["opening"], "1123");
}

#[test]
fn random_consistent_is_sampled_over_seeds_with_its_spread() {
    let comparison = compare_json(&[
        "--strategies",
        "random-consistent",
        "--samples",
        "12",
        "--seed",
        "30",
    ]);
    let row = &comparison["strategies"][0];
    let samples = &row["samples"];
    assert_eq!(samples["trees"], 12);
    assert_eq!(samples["seeds"], serde_json::json!([30, 41]));
    let mean = samples["mean_total_guesses"].as_f64().unwrap();
    let (least, greatest) = (
        samples["least_total"].as_f64().unwrap(),
        samples["greatest_total"].as_f64().unwrap(),
    );
    assert!(
        least <= mean && mean <= greatest && least < greatest,
        "{samples}"
    );
    // The row's counts add up every tree: 12 × 1296 codes.
    let codes: u64 = row["solved_by_guess"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(codes, 12 * 1296);
    // One seed alone gives the total of the tree `generate` builds with it.
    let single = compare_json(&[
        "--strategies",
        "random-consistent",
        "--samples",
        "1",
        "--seed",
        "30",
    ]);
    let tree = random_consistent_tree("30");
    let verified = mastermind_with_input(&["verify", "-"], &tree.stdout).expect_status(0);
    let total = single["strategies"][0]["samples"]["mean_total_guesses"]
        .as_f64()
        .unwrap();
    assert!(
        verified.stdout.contains(&format!("total guesses: {total}")),
        "{}",
        verified.stdout
    );
    let table = mastermind(&[
        "compare",
        "-q",
        "--strategies",
        "random-consistent",
        "--samples",
        "5",
    ])
    .expect_status(0);
    assert!(
        table
            .stdout
            .contains("random-consistent: 5 trees (seeds 0–4); total mean"),
        "{}",
        table.stdout
    );
}

#[test]
fn options_of_the_consistent_strategies_are_refused_elsewhere() {
    for (args, says) in [
        (
            &["generate", "--seed", "3"][..],
            "--seed applies to --strategy random-consistent only",
        ),
        (
            &[
                "generate",
                "--strategy",
                "optimal",
                "--opening",
                "1123",
                "--minimize",
                "worst",
            ],
            "--opening with --minimize worst is not supported",
        ),
        (
            &[
                "generate",
                "--strategy",
                "first-consistent",
                "--tie-break",
                "lowest-code",
            ],
            "no ties to break",
        ),
        (
            &[
                "generate",
                "--strategy",
                "first-consistent",
                "--opening",
                "1128",
            ],
            "--opening 1128",
        ),
    ] {
        let run = mastermind(args).expect_status(2);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}

/// The `random-consistent` tree `generate` builds with `seed`.
fn random_consistent_tree(seed: &str) -> crate::support::Run {
    mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "random-consistent",
        "--seed",
        seed,
    ])
    .expect_status(0)
}

/// Options for one kind of strategy apply to the entries of that kind in a comparison, and
/// are refused when the list has none of them; an opening applies to every entry.
#[test]
fn compare_applies_each_option_to_the_strategies_it_belongs_to() {
    let comparison = compare_json(&[
        "--strategies",
        "knuth,optimal,first-consistent",
        "--max-guesses",
        "5",
    ]);
    assert_eq!(
        totals(&comparison),
        [
            ("knuth".to_owned(), 5801),
            ("optimal".to_owned(), 5626),
            ("first-consistent".to_owned(), 7471),
        ]
    );
    let opened = compare_json(&[
        "--strategies",
        "optimal,first-consistent",
        "--opening",
        "1123",
    ]);
    assert_eq!(
        totals(&opened),
        [
            ("optimal".to_owned(), 5625),
            ("first-consistent".to_owned(), 6527),
        ]
    );
    for args in [
        &["compare", "--strategies", "knuth", "--max-guesses", "5"][..],
        &[
            "compare",
            "--strategies",
            "optimal",
            "--tie-break",
            "lowest-code",
        ],
    ] {
        let run = mastermind(args).expect_status(2);
        says(&run.stderr, "which the list of strategies leaves out");
    }
}

fn generated(args: &[&str]) -> Value {
    let run = mastermind(&[&["generate", "-q"], args].concat()).expect_status(0);
    serde_json::from_str(&run.stdout).unwrap()
}

/// Every strategy takes a fixed first guess: a heuristic's own opening gives its own tree,
/// and the optimum is the least of the optima for the five openings that differ (Koyama and
/// Lai's 1111, 1112, 1122, 1123, 1234), reached at 1123.
#[test]
fn every_strategy_takes_an_opening() {
    let knuth = generated(&[]);
    let opened = generated(&["--opening", "1122"]);
    assert_eq!(opened["tree"], knuth["tree"]);
    assert_eq!(opened["strategy"]["parameters"]["opening"], "1122");
    let irving = generated(&["--strategy", "expected-size"]);
    assert_eq!(
        generated(&["--strategy", "expected-size", "--opening", "1123"])["tree"],
        irving["tree"]
    );
    let totals: Vec<(String, u64)> = ["1111", "1112", "1122", "1123", "1234"]
        .iter()
        .map(|&opening| {
            let file = generated(&["--strategy", "optimal", "--opening", opening]);
            assert_eq!(file["tree"]["guess"], opening);
            (
                opening.to_owned(),
                file["claims"]["total_guesses"].as_u64().unwrap(),
            )
        })
        .collect();
    let best = totals.iter().min_by_key(|(_, total)| *total).unwrap();
    assert_eq!(best, &("1123".to_owned(), 5625), "{totals:?}");
    assert!(
        totals.iter().filter(|(_, total)| *total == 5625).count() == 1,
        "{totals:?}"
    );
    // With a cap, the best that opens with 1123 is the capped optimum.
    let capped = generated(&[
        "--strategy",
        "optimal",
        "--opening",
        "1123",
        "--max-guesses",
        "5",
    ]);
    assert_eq!(capped["claims"]["total_guesses"], 5626);
    // A game already under way must have opened with it.
    let run = mastermind(&[
        "next",
        "--strategy",
        "knuth",
        "--opening",
        "1123",
        "--after",
        "1122=1B0W",
    ])
    .expect_status(2);
    says(&run.stderr, "opened with 1122, not with --opening 1123");
    let run = mastermind(&[
        "next",
        "--strategy",
        "optimal",
        "--opening",
        "1234",
        "--after",
        "1234=0B0W",
    ])
    .expect_status(0);
    says(&run.stdout, "guess 2: ");
}

/// `compare --openings`: the five openings Koyama and Lai name for 4×6, every strategy from
/// each, the best marked; Knuth's own choice and the optimum's are the best of theirs.
#[test]
fn compare_openings_builds_every_strategy_from_every_opening() {
    let table = compare_json(&["--openings", "--strategies", "knuth,most-parts,optimal"]);
    assert_eq!(
        table["openings"],
        serde_json::json!(["1111", "1112", "1122", "1123", "1234"])
    );
    let strategies = table["strategies"].as_array().unwrap();
    let best: Vec<(&str, &str)> = strategies
        .iter()
        .map(|row| {
            (
                row["name"].as_str().unwrap(),
                row["best_opening"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        best,
        [
            ("knuth", "1122"),
            ("most-parts", "1123"),
            ("optimal", "1123")
        ]
    );
    let total = |row: &Value, opening: &str| -> u64 {
        row["by_opening"]
            .as_array()
            .unwrap()
            .iter()
            .find(|entry| entry["opening"] == opening)
            .unwrap()["total_guesses"]
            .as_u64()
            .unwrap()
    };
    // The heuristics from their own first guess are their own trees.
    assert_eq!(total(&strategies[0], "1122"), 5801);
    assert_eq!(total(&strategies[1], "1123"), 5668);
    assert_eq!(total(&strategies[2], "1123"), 5625);
    // Each entry is the tree generate builds with that opening.
    for opening in ["1111", "1234"] {
        let file = generated(&["--strategy", "optimal", "--opening", opening]);
        assert_eq!(
            file["claims"]["total_guesses"].as_u64(),
            Some(total(&strategies[2], opening))
        );
    }
    let run = mastermind(&["compare", "--openings", "--strategies", "knuth"]).expect_status(0);
    says(&run.stdout, "5 openings up to symmetry");
    says(&run.stdout, "5801/1296 = 4.4761          5 *");
    let run = mastermind(&["compare", "--openings", "--strategies", "random-consistent"])
        .expect_status(2);
    says(&run.stderr, "leave it out of --strategies");
}

#[test]
fn compare_writes_csv_for_spreadsheets() {
    let run = mastermind(&[
        "compare",
        "--csv",
        "-q",
        "--strategies",
        "knuth,optimal",
        "--max-guesses",
        "5",
        "--opening",
        "1123",
    ])
    .expect_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "strategy,total,average,worst_case,solved_in_1,solved_in_2,solved_in_3,solved_in_4,solved_in_5,solved_in_6,build_seconds"
    );
    assert!(
        lines[1].starts_with("knuth (opening=1123),5803,4.4776,6,1,8,66,521,696,4,"),
        "{}",
        lines[1]
    );
    // A name with a comma is quoted.
    assert!(
        lines[2].starts_with("\"optimal (max_guesses=5, opening=1123)\",5626,4.3410,5,"),
        "{}",
        lines[2]
    );
    let run = mastermind(&[
        "compare",
        "--csv",
        "-q",
        "--openings",
        "--strategies",
        "optimal",
    ])
    .expect_status(0);
    says(
        &run.stdout,
        "strategy,opening,total,average,worst_case,best\n",
    );
    says(&run.stdout, "optimal,1123,5625,4.3403,6,true\n");
    says(&run.stdout, "optimal,1234,5673,4.3773,6,false\n");
    // Koyama and Lai's table of the best totals after each opening.
    for (opening, total) in [("1111", 6318), ("1112", 5791), ("1122", 5702)] {
        says(&run.stdout, &format!("optimal,{opening},{total},"));
    }
}

/// Michael Magruder's solver publishes each heuristic's average from its best opening (to four
/// decimals; times the codes, the total): ours for Knuth's rule and most parts, whose scores
/// are whole numbers, are the same totals from the same openings. (The guide says where
/// expected size and entropy differ, and why.)
#[test]
fn best_openings_match_another_solvers_published_totals() {
    // (pegs, colours, strategy, average from the best opening, that opening).
    let published = [
        (3, 5, "knuth", 3.6400, "112"),
        (3, 5, "most-parts", 3.6240, "123"),
        (4, 4, "knuth", 3.5898, "1123"),
        (4, 4, "most-parts", 3.5547, "1123"),
        (4, 5, "knuth", 4.0336, "1123"),
        (4, 5, "most-parts", 3.9568, "1123"),
        (6, 3, "knuth", 3.7435, "111223"),
        (6, 3, "most-parts", 3.6653, "111223"),
    ];
    for (pegs, colours, strategy, average, opening) in published {
        let (p, c) = (pegs.to_string(), colours.to_string());
        let openings = compare_json(&[
            "--pegs",
            &p,
            "--colours",
            &c,
            "--strategies",
            strategy,
            "--openings",
        ]);
        let codes = openings["game"]["codes"].as_u64().unwrap();
        let ours = &openings["strategies"][0];
        let best = ours["by_opening"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["best"] == true)
            .unwrap();
        let total = (average * codes as f64).round() as u64;
        assert_eq!(best["total_guesses"], total, "{pegs}×{colours} {strategy}");
        assert_eq!(ours["best_opening"], opening, "{pegs}×{colours} {strategy}");
    }
}

/// `compare --tree FILE` puts a strategy of one's own, as a verified tree file, in a row
/// beside the built-in ones, in the table, the CSV and the JSON; the file's game is the
/// comparison's, and a tree of another game or one that does not verify is refused.
#[test]
fn a_tree_file_is_compared_beside_the_built_in_strategies() {
    let directory = tempfile::tempdir().unwrap();
    let at = |name: &str| directory.path().join(name).display().to_string();
    let mine = at("first-3x4.json");
    mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "first-consistent",
        "--pegs",
        "3",
        "--colours",
        "4",
        "-o",
        &mine,
    ])
    .expect_status(0);
    // No game flags: the file's 3×4 is the comparison's game.
    let comparison = compare_json(&["--tree", &mine, "--strategies", "knuth,optimal"]);
    assert_eq!(comparison["game"]["pegs"], 3);
    assert_eq!(
        totals(&comparison),
        [
            ("knuth".to_owned(), 216),
            ("optimal".to_owned(), 206),
            ("first-consistent".to_owned(), 250)
        ]
    );
    let rows = comparison["strategies"].as_array().unwrap();
    assert_eq!(rows[2]["tree"], mine.as_str());
    assert!(rows[0].get("tree").is_none());
    let table = mastermind(&["compare", "--tree", &mine, "--strategies", "knuth"])
        .expect_status(0)
        .stdout;
    says(&table, &format!("first-consistent from {mine}"));
    let csv = mastermind(&["compare", "--csv", "--tree", &mine, "--strategies", "knuth"])
        .expect_status(0)
        .stdout;
    says(
        &csv,
        &format!("first-consistent from {mine},250,3.9063,6,1,3,12,35,11,2,"),
    );
    // A tree in Knuth's notation names no strategy; the game flags give its game.
    let knuth = at("knuth.txt");
    let printed = mastermind(&["print", &mine]).expect_status(0).stdout;
    std::fs::write(&knuth, printed).unwrap();
    let comparison = compare_json(&[
        "--tree",
        &knuth,
        "--pegs",
        "3",
        "--colours",
        "4",
        "--strategies",
        "knuth",
    ]);
    assert_eq!(totals(&comparison)[1], ("tree".to_owned(), 250));
    // Two games, a tree that does not verify, and --openings are refused.
    let refused = mastermind(&[
        "compare",
        "--tree",
        &mine,
        "--tree",
        &format!("{}/trees/knuth-4x6.json", env!("CARGO_MANIFEST_DIR")),
    ])
    .expect_status(2);
    says(&refused.stderr, "compare trees of one game");
    let text = std::fs::read_to_string(&mine).unwrap();
    let lying = at("lying.json");
    std::fs::write(
        &lying,
        text.replace("\"total_guesses\": 250", "\"total_guesses\": 249"),
    )
    .unwrap();
    let refused = mastermind(&["compare", "--tree", &lying, "--strategies", "knuth"]);
    let refused = refused.expect_status(1);
    says(&refused.stderr, "does not verify, so it is not compared");
    let refused = mastermind(&["compare", "--tree", &mine, "--openings"]).expect_status(2);
    says(&refused.stderr, "--openings");
}
