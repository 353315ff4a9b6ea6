//! `mastermind verify` on JSON tree files: the valid tree and its report, one test per kind of
//! defect (each names the path where it is), exit statuses, and unreadable input.

use std::process::Command;

use serde_json::{json, Value};

use crate::support::{knuth_classic_json, mastermind, mastermind_with_input, says, write_file};

fn knuth_classic() -> Value {
    serde_json::from_str(&knuth_classic_json()).unwrap()
}

/// Verifies `file` given on stdin and returns the run, which must have exit status `status`.
fn verify(file: &Value, extra: &[&str], status: i32) -> crate::support::Run {
    let text = serde_json::to_string_pretty(file).unwrap();
    mastermind_with_input(&[&["verify", "-"], extra].concat(), &text).expect_status(status)
}

/// Verifies a defective file and checks that the report names `path` and says `message`.
#[track_caller]
fn assert_defect(file: &Value, path: &str, message: &str) {
    let run = verify(file, &[], 1);
    let line = run
        .stdout
        .lines()
        .find(|line| line.contains(message))
        .unwrap_or_else(|| panic!("no problem says `{message}`:\n{}", run.stdout));
    assert!(
        line.contains(path),
        "`{line}` does not name the path `{path}`"
    );
}

#[test]
fn knuth_tree_is_valid_and_reported_exactly() {
    let directory = tempfile::tempdir().unwrap();
    let path = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let run = mastermind(&["verify", &path]).expect_status(0);
    for line in [
        "total guesses: 5801",
        "average: 5801/1296 = 4.4761",
        "worst case: 5 guesses",
        "solved with 1, 2, 3, 4, 5 guesses: 1, 6, 62, 533, 694",
    ] {
        assert!(
            run.stdout.contains(line),
            "missing `{line}` in\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout.contains("4.478"),
        "the note on the quoted average:\n{}",
        run.stdout
    );
    assert!(run.stdout.contains("5803 or 5804"), "{}", run.stdout);
}

#[test]
fn max_guesses_is_enforced() {
    let file = knuth_classic();
    verify(&file, &["--max-guesses", "5"], 0);
    let run = verify(&file, &["--max-guesses", "4"], 1);
    // One problem for each of the 694 codes that need a fifth guess, each at its own node.
    says(&run.stdout, "694 problems:");
    says(
        &run.stdout,
        "at 1122 → 0B0W → 3345 → 0B1W → 6646 → 1B2W → 1416 → 0B2W: this node plays guess number 5, past the limit of 4",
    );
}

#[test]
fn wrong_candidate_count_is_found_at_its_path() {
    let mut file = knuth_classic();
    file["tree"]["children"]["1B0W"]["candidates"] = json!(255);
    assert_defect(&file, "1122 → 1B0W", "256");
}

#[test]
fn guess_that_is_not_a_code_is_found() {
    let mut file = knuth_classic();
    file["tree"]["children"]["0B3W"]["guess"] = json!("1273");
    assert_defect(&file, "1122 → 0B3W", "1273");
}

#[test]
fn missing_reply_is_found() {
    let mut file = knuth_classic();
    file["tree"]["children"]
        .as_object_mut()
        .unwrap()
        .remove("2B0W");
    assert_defect(&file, "1122", "2B0W");
}

#[test]
fn extra_and_impossible_replies_are_found() {
    let mut file = knuth_classic();
    let leaf = json!({"guess": "1111", "candidates": 1});
    file["tree"]["children"]["0B4W"]["children"] = json!({"1B0W": leaf.clone()});
    assert_defect(&file, "1122 → 0B4W → 2211", "1B0W");

    let mut file = knuth_classic();
    file["tree"]["children"]["3B1W"] = leaf.clone();
    assert_defect(&file, "1122", "3B1W");

    let mut file = knuth_classic();
    file["tree"]["children"]["nonsense"] = leaf;
    assert_defect(&file, "1122", "nonsense");
}

#[test]
fn child_after_the_all_black_reply_is_found() {
    let mut file = knuth_classic();
    file["tree"]["children"]["4B0W"] = json!({"guess": "1122", "candidates": 1});
    assert_defect(&file, "1122", "4B0W");
}

#[test]
fn leaf_that_never_reaches_all_black_is_found() {
    let mut file = knuth_classic();
    file["tree"]["children"]["0B4W"]["guess"] = json!("1111");
    let run = verify(&file, &[], 1);
    assert!(run.stdout.contains("1122 → 0B4W"), "{}", run.stdout);
}

#[test]
fn every_false_claim_is_found() {
    let claims: [(&str, Value); 5] = [
        ("codes", json!(1295)),
        ("total_guesses", json!(5803)),
        (
            "average",
            json!({"fraction": "5803/1296", "decimal": "4.478"}),
        ),
        ("worst_case", json!(4)),
        ("solved_by_guess", json!([1, 6, 62, 534, 693])),
    ];
    for (claim, value) in claims {
        let mut file = knuth_classic();
        file["claims"][claim] = value;
        let run = verify(&file, &[], 1);
        assert!(
            run.stdout.lines().any(|line| line.contains("claim")),
            "{claim}: {}",
            run.stdout
        );
    }
}

#[test]
fn several_problems_are_reported_in_one_run() {
    let mut file = knuth_classic();
    file["tree"]["children"]["1B0W"]["candidates"] = json!(255);
    file["tree"]["children"]["0B3W"]["guess"] = json!("1273");
    file["claims"]["codes"] = json!(1295);
    let run = verify(&file, &[], 1);
    assert!(run.stdout.starts_with("3 problems"), "{}", run.stdout);
}

#[test]
fn unreadable_input_is_a_usage_error() {
    let knuth = knuth_classic_json();
    let cases: [(&str, &str); 6] = [
        ("", "line 1"),
        ("{\"format\": \"mastermind-strategy-tree\",", "line 1"),
        ("\u{0}\u{1}binary junk", "line 1"),
        (
            &knuth.replacen("\"version\": 1", "\"version\": 99", 1),
            "version 99",
        ),
        (&knuth.replacen("\"pegs\": 4", "\"pegs\": 400", 1), "pegs"),
        (
            &knuth.replacen("\"candidates\": 1296", "\"candidates\": \"many\"", 1),
            "line",
        ),
    ];
    for (text, message) in cases {
        let run = mastermind_with_input(&["verify", "-"], text).expect_status(2);
        assert!(
            run.stderr.contains(message),
            "`{message}` not in {}",
            run.stderr
        );
    }
    let run = mastermind(&["verify", "/nonexistent/tree.json"]).expect_status(2);
    assert!(
        run.stderr.contains("/nonexistent/tree.json"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_tree_for_another_game_does_not_verify() {
    let five = mastermind(&["generate", "-q", "--colours", "5"])
        .expect_status(0)
        .stdout;
    let mut file: Value = serde_json::from_str(&five).unwrap();
    file["game"] = knuth_classic()["game"].clone();
    let run = verify(&file, &[], 1);
    assert!(run.stdout.contains("the root"), "{}", run.stdout);
}

#[test]
fn generated_trees_for_other_games_verify() {
    for game in [
        &["--pegs", "3", "--colours", "4"][..],
        &["--pegs", "4", "--colours", "5"],
        &["--pegs", "4", "--colours", "4", "--no-repeat"],
        &["--pegs", "4", "--colours", "6", "--black-only"],
    ] {
        let tree = mastermind(&[&["generate", "-q"], game].concat()).expect_status(0);
        let run = mastermind_with_input(&["verify", "-"], &tree.stdout).expect_status(0);
        assert!(run.stdout.starts_with("valid"), "{game:?}: {}", run.stdout);
    }
}

/// A JSON tree file names its own game: flags that say another are refused, not ignored, by
/// every command that reads one.
#[test]
fn game_flags_that_contradict_the_file_are_refused() {
    let directory = tempfile::tempdir().unwrap();
    let path = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let page = directory.path().join("page.html");
    let page = page.to_str().unwrap();
    for args in [
        &["verify", &path, "--pegs", "5"][..],
        &["print", &path, "--colours", "7"],
        &["html", &path, "--black-only", "-o", page],
        &["trace", "--tree", &path, "--no-repeat", "3632"],
    ] {
        let run = mastermind(args).expect_status(2);
        says(&run.stderr, "is a tree of 4×6, but --");
        says(&run.stderr, "says otherwise");
    }
    // Flags that agree are fine.
    mastermind(&["verify", &path, "--pegs", "4", "--colours", "6"]).expect_status(0);
}

/// `verify --json`: the report as data, every problem with its path (all of them, where the
/// text lists fifty), stamped with its format and version like every `--json` output.
#[test]
fn verify_reports_as_json_with_every_problem() {
    let directory = tempfile::tempdir().unwrap();
    let path = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let run = mastermind(&["verify", &path, "--json"]).expect_status(0);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["format"], "mastermind-verification");
    assert_eq!(report["version"], 1);
    assert_eq!(report["valid"], true);
    assert_eq!(report["total_guesses"], 5801);
    assert_eq!(report["solved_by_guess"], json!([1, 6, 62, 533, 694]));
    let run = mastermind(&["verify", &path, "--json", "--max-guesses", "4"]).expect_status(1);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["valid"], false);
    let problems = report["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 694);
    assert_eq!(problems[0]["path"][0], json!(["1122", "0B0W"]));
    assert!(problems[0]["message"]
        .as_str()
        .unwrap()
        .contains("past the limit of 4"));
}

#[test]
fn every_json_output_names_its_format_and_version() {
    for (args, format) in [
        (
            &["compare", "--json", "-q", "--strategies", "knuth"][..],
            "comparison",
        ),
        (
            &[
                "compare",
                "--json",
                "-q",
                "--openings",
                "--strategies",
                "knuth",
            ],
            "openings",
        ),
        (&["trace", "3632", "--json"], "trace"),
        (&["next", "--json"], "next"),
        (
            &["verify", "trees/knuth-4x6.json", "--json"],
            "verification",
        ),
    ] {
        let run = Command::new(env!("CARGO_BIN_EXE_mastermind"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(run.status.success(), "{args:?}");
        let output: Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(output["format"], format!("mastermind-{format}"), "{args:?}");
        assert_eq!(output["version"], 1, "{args:?}");
    }
}

/// Text that is no tree is quoted as it stands in the message, not as an empty token.
#[test]
fn a_word_that_is_no_tree_is_quoted_in_the_error() {
    let run = mastermind_with_input(&["verify", "-"], "not a tree\n").expect_status(2);
    says(
        &run.stderr,
        "line 1, column 1: `not` cannot be read as a count",
    );
}
