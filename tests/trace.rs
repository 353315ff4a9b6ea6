//! `mastermind trace` and `mastermind next`: a strategy played against a known secret turn by
//! turn, and the next guess after a game so far.

use serde_json::Value;

use crate::support::{knuth_classic_json, mastermind, says, write_file};

fn json(args: &[&str]) -> Value {
    let run = mastermind(args).expect_status(0);
    serde_json::from_str(&run.stdout).expect("trace --json prints JSON")
}

#[test]
fn knuths_game_for_3632_follows_the_tree_file_node_for_node() {
    let directory = tempfile::tempdir().unwrap();
    let tree_json = knuth_classic_json();
    let path = write_file(directory.path(), "knuth.json", &tree_json);
    let tree: Value = serde_json::from_str(&tree_json).unwrap();
    let traced = json(&["trace", "3632", "--tree", &path, "--json"]);
    let turns = traced["games"][0]["turns"].as_array().unwrap();
    let mut node = &tree["tree"];
    for turn in &turns[..turns.len() - 1] {
        assert_eq!(turn["guess"], node["guess"]);
        node = &node["children"][turn["reply"].as_str().unwrap()];
        assert_eq!(turn["candidates_left"], node["candidates"]);
    }
    let last = turns.last().unwrap();
    assert_eq!(last["guess"], "3632");
    assert_eq!(last["guess"], node["guess"]);
    assert_eq!(last["reply"], "4B0W");
    // The built strategy and the file agree too.
    assert_eq!(json(&["trace", "3632", "--json"])["games"], traced["games"]);
}

#[test]
fn tracing_every_code_of_4x6_through_knuths_tree_costs_5801() {
    let traced = json(&["trace", "--all", "--json"]);
    let games = traced["games"].as_array().unwrap();
    assert_eq!(games.len(), 1296);
    let total: u64 = games.iter().map(|g| g["guesses"].as_u64().unwrap()).sum();
    assert_eq!(total, 5801);
    assert_eq!(traced["total_guesses"], 5801);
    // The same figure the verifier finds for the same tree.
    let directory = tempfile::tempdir().unwrap();
    let path = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let verified = mastermind(&["verify", &path]).expect_status(0);
    assert!(verified.stdout.contains("total guesses: 5801"));
    let text = mastermind(&["trace", "--all"]).expect_status(0).stdout;
    assert!(
        text.ends_with(
            "total 5801 guesses over 1296 codes, average 5801/1296 = 4.4761, worst case 5\n"
        ),
        "{text}"
    );
}

#[test]
fn trace_shows_each_turn_and_lists_few_candidates() {
    let run = mastermind(&["trace", "3632"]).expect_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "knuth on 4×6, secret 3632");
    assert_eq!(lines[1], "guess 1: 1122  reply 1B0W  256 codes left");
    assert!(lines[3].ends_with("7 codes left: 3632 3662 4562 4625 5532 6425 6623"));
    assert_eq!(
        lines.last().unwrap(),
        &"guess 5: 3632  reply 4B0W  solved in 5 guesses"
    );
}

#[test]
fn trace_works_for_other_games_and_every_strategy() {
    for (secret, game) in [
        (
            "0123",
            &["--pegs", "4", "--colours", "10", "--no-repeat"][..],
        ),
        ("2131", &["--pegs", "4", "--colours", "3"][..]),
        (
            "3512",
            &["--pegs", "4", "--colours", "5", "--black-only"][..],
        ),
    ] {
        for strategy in ["knuth", "entropy", "first-consistent", "random-consistent"] {
            let mut args = vec!["trace", secret, "--strategy", strategy, "--json"];
            args.extend_from_slice(game);
            let traced = json(&args);
            let turns = traced["games"][0]["turns"].as_array().unwrap();
            assert_eq!(
                turns.last().unwrap()["guess"],
                secret,
                "{strategy} {game:?}"
            );
        }
    }
}

#[test]
fn trace_refuses_bad_secrets_and_broken_trees() {
    let run = mastermind(&["trace", "3637"]).expect_status(2);
    says(&run.stderr, "`7` at position 4");
    let run = mastermind(&[
        "trace",
        "1234",
        "--no-repeat",
        "--pegs",
        "4",
        "--colours",
        "6",
        "1123",
    ])
    .expect_status(2);
    says(&run.stderr, "repeats a colour");
    let run = mastermind(&["trace"]).expect_status(2);
    says(&run.stderr, "or --all for every code");
    let directory = tempfile::tempdir().unwrap();
    let broken = knuth_classic_json().replacen("\"candidates\": 256", "\"candidates\": 255", 1);
    let path = write_file(directory.path(), "broken.json", &broken);
    let run = mastermind(&["trace", "3632", "--tree", &path]).expect_status(1);
    says(&run.stderr, "does not verify");
}

#[test]
fn next_continues_a_game_with_any_strategy() {
    let run = mastermind(&["next"]).expect_status(0);
    assert!(run.stdout.starts_with("guess 1: 1122"), "{}", run.stdout);
    let first = json(&["next", "--after", "1122=1B0W", "--json"]);
    assert_eq!(first["guess"], "1344");
    assert_eq!(first["candidates_left"], 256);
    assert_eq!(first["guess_is_candidate"], true);
    // Replies in every spelling, and guesses off Knuth's own path.
    let a = json(&["next", "--after", "1122=1B0W,1344=0B1W", "--json"]);
    let b = json(&["next", "--after", "1122=B, 1344=W", "--json"]);
    let c = json(&["next", "--after", "1122=1 0,1344=0 1", "--json"]);
    assert_eq!(a["guess"], "3526");
    assert_eq!((&a["guess"], &a["guess"]), (&b["guess"], &c["guess"]));
    let off_path = json(&["next", "--after", "1234=-", "--json"]);
    assert_eq!(off_path["candidates_left"], 16);
    let optimal = json(&[
        "next",
        "--strategy",
        "optimal",
        "--after",
        "1123=0B2W,2434=1B1W",
        "--json",
    ]);
    assert_eq!(optimal["guess"], "5236");
    let black_only = json(&["next", "--black-only", "--after", "1122=1", "--json"]);
    assert_eq!(black_only["turn"], 2);
}

#[test]
fn next_names_the_first_reply_no_code_fits() {
    let steps = ["1122=0B0W", "3456=1B0W", "1344=2B0W", "5566=0B4W"];
    // Some code fits the first three replies, none all four.
    mastermind(&["next", "--after", &steps[..3].join(",")]).expect_status(0);
    let run = mastermind(&["next", "--after", &steps.join(",")]).expect_status(2);
    says(&run.stderr, "no code fits these replies");
    says(&run.stderr, "the reply 0B4W to guess 4 (5566) is the first");
    let run = mastermind(&["next", "--after", "1122=4B"]).expect_status(2);
    says(&run.stderr, "the game is over");
    let run = mastermind(&["next", "--after", "1122=3B1W"]).expect_status(2);
    says(&run.stderr, "cannot happen");
    let run = mastermind(&["next", "--after", "1122"]).expect_status(2);
    says(&run.stderr, "GUESS=REPLY");
}

#[test]
fn next_follows_a_tree_file_and_says_when_the_game_left_it() {
    let directory = tempfile::tempdir().unwrap();
    let path = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let on_tree = json(&[
        "next",
        "--tree",
        &path,
        "--after",
        "1122=1B0W,1344=0B1W",
        "--json",
    ]);
    assert_eq!(on_tree["guess"], "3526");
    let run = mastermind(&["next", "--tree", &path, "--after", "1123=1B0W"]).expect_status(2);
    says(&run.stderr, "the tree plays 1122 as guess 1, not 1123");
    let notation = mastermind(&["print", &path]).expect_status(0).stdout;
    let knuth_text = write_file(directory.path(), "knuth.txt", &notation);
    let from_notation = json(&[
        "next",
        "--tree",
        &knuth_text,
        "--after",
        "1122=1B0W,1344=0B1W",
        "--json",
    ]);
    assert_eq!(from_notation["guess"], "3526");
}

#[test]
fn usage_errors_say_what_to_give_and_quote_the_input_once() {
    let run = mastermind(&["trace"]).expect_status(2);
    says(&run.stderr, "such as 3632, or --all for every code");
    let run = mastermind(&["trace", "1237"]).expect_status(2);
    assert_eq!(run.stderr.matches("`1237`").count(), 1, "{}", run.stderr);
    says(&run.stderr, "`7` at position 4 is not a colour");
}

#[test]
fn the_last_code_left_is_named_as_the_code() {
    let run = mastermind(&["next", "--after", "1122=1B0W,1344=0B1W,3526=1B2W,1462=1B1W"])
        .expect_status(0);
    says(&run.stdout, "guess 5: 3632 (the code: the only one left)");
}

/// `next --explain` ranks the alternatives by the strategy's own score: the guess it plays is
/// first, its classes hold every candidate, and a score the paper gives is the one shown.
#[test]
fn next_explains_its_guess_by_the_strategys_own_score() {
    for strategy in ["knuth", "expected-size", "entropy", "most-parts", "optimal"] {
        for after in ["", "1122=1B0W", "1123=0B2W,2435=1B1W"] {
            let mut args = vec!["next", "--json", "--explain", "--strategy", strategy];
            if !after.is_empty() {
                args.extend(["--after", after]);
            }
            let answer = json(&args);
            let explanation = &answer["explanation"];
            let held: u64 = explanation["classes"]
                .as_object()
                .unwrap()
                .values()
                .map(|size| size.as_u64().unwrap())
                .sum();
            assert_eq!(
                held,
                answer["candidates_left"].as_u64().unwrap(),
                "{args:?}"
            );
            let Some(alternatives) = explanation["alternatives"].as_array() else {
                // Only the optimum below its first guess is not ranked (too many guesses to
                // search each exactly); every one-step strategy ranks its guesses everywhere.
                assert!(strategy == "optimal" && !after.is_empty(), "{args:?}");
                continue;
            };
            assert_eq!(alternatives[0]["guess"], answer["guess"], "{args:?}");
            // Ranked best first, by the strategy's own order, each guess once.
            let larger_is_better = explanation["score"]
                .as_str()
                .unwrap()
                .contains("larger is better");
            let scores: Vec<f64> = alternatives
                .iter()
                .map(|alternative| alternative["score"].as_f64().unwrap())
                .collect();
            assert!(
                scores.windows(2).all(|pair| if larger_is_better {
                    pair[0] >= pair[1]
                } else {
                    pair[0] <= pair[1]
                }),
                "{args:?}: {scores:?}"
            );
            let mut guesses: Vec<&str> = alternatives
                .iter()
                .map(|alternative| alternative["guess"].as_str().unwrap())
                .collect();
            guesses.sort_unstable();
            guesses.dedup();
            assert_eq!(guesses.len(), alternatives.len(), "{args:?}");
        }
    }
    // Knuth's opening leaves at most 256 codes; the optimum's 1123 totals 5625.
    let knuth = json(&["next", "--json", "--explain"]);
    assert_eq!(knuth["explanation"]["alternatives"][0]["score"], 256.0);
    let optimal = json(&["next", "--json", "--explain", "--strategy", "optimal"]);
    assert_eq!(optimal["explanation"]["alternatives"][0]["score"], 5625.0);
    assert_eq!(optimal["explanation"]["alternatives"][1]["guess"], "1234");
    let run = mastermind(&["next", "--explain"]).expect_status(0);
    says(
        &run.stdout,
        "1. 1122         256  may be the code  ← played",
    );
}

/// Below the root the optimum ranks its alternatives exactly where the codes left are few:
/// after three guesses of the committed optimal 4×6 tree, with 9 codes left, the guess the
/// tree plays comes first with the total its subtree needs, and every alternative needs at
/// least as much.
#[test]
fn the_optimum_ranks_by_exact_totals_below_the_root() {
    let history = [("1123", "1B1W"), ("1415", "1B1W"), ("3155", "0B1W")];
    let after: Vec<String> = history
        .iter()
        .map(|(guess, reply)| format!("{guess}={reply}"))
        .collect();
    let answer = json(&[
        "next",
        "--json",
        "--explain",
        "--strategy",
        "optimal",
        "--after",
        &after.join(","),
    ]);
    assert_eq!(answer["candidates_left"], 9);
    // The subtree the committed tree plays there, and the guesses its codes need from it on.
    let tree: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("trees/optimal-4x6.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let mut node = &tree["tree"];
    for (guess, reply) in history {
        assert_eq!(node["guess"], guess);
        node = &node["children"][reply];
    }
    fn guesses_below(node: &serde_json::Value) -> u64 {
        node["candidates"].as_u64().unwrap()
            + node["children"]
                .as_object()
                .map_or(0, |children| children.values().map(guesses_below).sum())
    }
    let alternatives = answer["explanation"]["alternatives"]
        .as_array()
        .expect("ranked below the root");
    assert_eq!(alternatives[0]["guess"], node["guess"]);
    assert_eq!(alternatives[0]["guess"], answer["guess"]);
    let best = guesses_below(node) as f64;
    assert_eq!(alternatives[0]["score"].as_f64(), Some(best));
    assert!(alternatives
        .iter()
        .all(|alternative| alternative["score"].as_f64().unwrap() >= best));
}

/// A secret that is not a code of the game is refused, naming it and the colour at fault.
#[test]
fn a_secret_that_is_no_code_is_named() {
    let run = crate::support::mastermind(&["trace", "12a4"]).expect_status(2);
    assert!(
        run.stderr
            .starts_with("error: the secret `12a4`: `a` at position 3 is not a colour"),
        "{}",
        run.stderr
    );
}
