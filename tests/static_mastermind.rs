//! Static Mastermind from the command line: the published six-guess sets for 4×6 and damaged
//! copies of them, the seed's small examples, the search with its result file, the table, and
//! the errors a user can make.

use crate::support::{mastermind, mastermind_with_input, says, write_file};

/// Greenwell's set and Lewicki's two, as the cut-the-knot page gives them with colours 0–5,
/// written here with this tool's symbols 1–6.
const PUBLISHED_4X6: [&str; 3] = [
    "1221 2354 3311 4524 5656 6643",
    "1462 3361 4314 5252 5516 6634",
    "1451 3361 4314 5252 5516 6634",
];

fn static_verify(set: &str, extra: &[&str]) -> crate::support::Run {
    let mut args = vec!["static", "verify"];
    args.extend(set.split(' '));
    args.extend(extra);
    mastermind(&args)
}

#[test]
fn the_published_sets_determine_every_code_and_one_changed_peg_breaks_them() {
    for set in PUBLISHED_4X6 {
        let run = static_verify(set, &[]).expect_status(0);
        says(
            &run.stdout,
            "determines every code: the replies to these 6 guesses differ for all 1296 codes of 4×6",
        );
    }
    // The last peg of the last guess changed.
    let run = static_verify("1221 2354 3311 4524 5656 6644", &[]).expect_status(1);
    says(&run.stdout, "2 of the 1296 codes of 4×6 share their replies to these 6 guesses with another code, in 1 group\n  3434 4343\n");
    let run = static_verify("1462 3361 4314 5252 5516 6635", &[]).expect_status(1);
    says(&run.stdout, "14 of the 1296 codes of 4×6 share their replies to these 6 guesses with another code, in 7 groups\n  1214 4112\n");
    says(&run.stdout, "  … and 2 more groups");
    let run = static_verify("1451 3361 4314 5252 5516 6635", &["--groups", "8"]).expect_status(1);
    says(&run.stdout, "16 of the 1296 codes of 4×6 share");
    assert!(!run.stdout.contains("more group"), "{}", run.stdout);
}

#[test]
fn the_seeds_small_examples_determine_every_code() {
    // (0, 2), (1, 2) for two pegs and three colours; Felzmann's (0, 0, 1), (0, 2, 2), (3, 1, 2)
    // for three pegs and four colours.
    static_verify("13 23", &["--pegs", "2", "--colours", "3"]).expect_status(0);
    static_verify("112 133 423", &["--pegs", "3", "--colours", "4"]).expect_status(0);
    let run = static_verify("13", &["--pegs", "2", "--colours", "3"]).expect_status(1);
    says(&run.stdout, "share their replies to this guess");
}

/// `static search` of 3×5 (with `extra` options first), writing `path`.
fn search_3x5(path: &str, extra: &[&str]) -> crate::support::Run {
    let search = [
        "static",
        "search",
        "--pegs",
        "3",
        "--colours",
        "5",
        "-o",
        path,
        "-q",
    ];
    mastermind(&[extra, &search[..]].concat()).expect_status(0)
}

#[test]
fn a_search_writes_a_file_that_verify_rechecks() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("3x5.json");
    let path = path.to_str().unwrap();
    let run = search_3x5(path, &[]);
    says(&run.stdout, "least number of static guesses for 3×5: 4\n");
    says(
        &run.stdout,
        "proof: no set of 3 works: an exhaustive search",
    );
    let text = std::fs::read_to_string(path).unwrap();
    let run = mastermind(&["static", "verify", "--file", path]).expect_status(0);
    says(
        &run.stdout,
        "the file says 4 is the least number of static guesses",
    );
    // The same search on one thread gives the same file, but for its timing.
    search_3x5(path, &["-j", "1"]);
    let untimed = |text: &str| -> String {
        text.lines()
            .filter(|line| !line.contains("\"seconds\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        untimed(&std::fs::read_to_string(path).unwrap()),
        untimed(&text)
    );
    // A file whose set is damaged, or whose claim does not fit its set.
    let broken = write_file(
        directory.path(),
        "broken.json",
        &text.replacen("\"355\"", "\"123\"", 1),
    );
    let run = mastermind(&["static", "verify", "--file", &broken]).expect_status(1);
    says(&run.stdout, "does not determine every code");
    let wrong = write_file(
        directory.path(),
        "wrong.json",
        &text.replacen("\"least\": 4", "\"least\": 3", 1),
    );
    let run = mastermind(&["static", "verify", "--file", &wrong]).expect_status(1);
    says(
        &run.stdout,
        "the file says the least number is 3, but it lists 4 guesses",
    );
    let bad = write_file(
        directory.path(),
        "bad.json",
        &text.replacen("\"355\"", "\"356\"", 1),
    );
    let run = mastermind(&["static", "verify", "--file", &bad]).expect_status(2);
    says(&run.stderr, "guess 4 `356` is not a code of 3×5");
}

/// A static set given to `verify`, or a tree given to `static verify`, is refused with the
/// command that reads it.
#[test]
fn each_file_given_to_the_other_command_points_to_its_own() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let set = root.join("trees/static/2x3.json");
    let run = mastermind(&["verify", set.to_str().unwrap()]).expect_status(2);
    assert!(
        run.stderr
            .contains("`mastermind static verify --file FILE`"),
        "{}",
        run.stderr
    );
    let tree = root.join("trees/knuth-4x6.json");
    let run = mastermind(&["static", "verify", "--file", tree.to_str().unwrap()]).expect_status(2);
    assert!(
        run.stderr.contains("`mastermind verify FILE`"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_table_is_laid_out_as_the_seeds() {
    let run = mastermind(&[
        "static",
        "table",
        "--colours",
        "2..4",
        "--pegs",
        "2..3",
        "-q",
    ])
    .expect_status(0);
    let values: Vec<Vec<String>> = run
        .stdout
        .lines()
        .skip(1)
        .map(|line| {
            line.split_whitespace()
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect()
        })
        .collect();
    // The seed's table: colours down, pegs across.
    assert_eq!(
        values,
        [["2", "2"], ["2", "3"], ["3", "3"]],
        "{}",
        run.stdout
    );
    says(&run.stdout, "colours\\pegs");
}

#[test]
fn mistakes_are_explained() {
    let run = mastermind(&["static", "verify", "1122", "7777"]).expect_status(2);
    says(&run.stderr, "guess 2");
    says(
        &run.stderr,
        "`7` at position 1 is not a colour of this game",
    );
    let run = mastermind(&["static", "search", "--pegs", "5", "--colours", "8"]).expect_status(2);
    says(&run.stderr, "the static search keeps every reply in a table, which 5×8 with its 32768 codes is too large for");
    let run = mastermind(&["static", "table", "--colours", "5..2"]).expect_status(2);
    says(&run.stderr, "5..2 is empty");
    let run = mastermind_with_input(&["static", "verify", "--file", "-"], "{").expect_status(2);
    says(&run.stderr, "not valid static-set JSON");
}

/// The cut-the-knot page's final table: (colours, pegs, least). Its "5?" for 3 colours and 7
/// pegs is the value our search settled; 3 pegs with 10 colours (9) is out of reach and has no
/// result file.
const SEED_TABLE: &[(u32, u32, usize)] = &[
    (2, 2, 2),
    (2, 3, 2),
    (2, 4, 3),
    (2, 5, 3),
    (2, 6, 4),
    (2, 7, 5),
    (2, 8, 5),
    (3, 2, 2),
    (3, 3, 3),
    (3, 4, 3),
    (3, 5, 4),
    (3, 6, 4),
    (3, 7, 5),
    (4, 2, 3),
    (4, 3, 3),
    (4, 4, 4),
    (4, 5, 5),
    (5, 2, 4),
    (5, 3, 4),
    (5, 4, 5),
    (6, 2, 4),
    (6, 3, 5),
    (6, 4, 6),
    (7, 2, 5),
    (7, 3, 6),
    (8, 2, 6),
    (8, 3, 7),
    (9, 2, 6),
    (9, 3, 8),
    (10, 2, 7),
    (10, 3, 9),
];

#[test]
fn the_committed_results_reproduce_the_seeds_table() {
    let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("trees/static");
    let mut files = 0;
    for &(colours, pegs, least) in SEED_TABLE {
        let path = directory.join(format!("{pegs}x{colours}.json"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(file["search"]["least"], least, "{}", path.display());
        assert_eq!(file["guesses"].as_array().unwrap().len(), least);
        let path = path.to_str().unwrap();
        mastermind(&["static", "verify", "--file", path]).expect_status(0);
        files += 1;
    }
    let committed = std::fs::read_dir(&directory).unwrap().count();
    assert_eq!(
        committed, files,
        "a result under trees/static/ that the seed's table lacks"
    );
}

#[test]
fn one_guess_one_code_and_long_groups_are_worded_for_what_they_are() {
    let run = mastermind(&["static", "verify", "1122"]).expect_status(1);
    says(
        &run.stdout,
        "share their replies to this guess with another code",
    );
    let longest = run.stdout.lines().skip(1).map(str::len).max().unwrap();
    assert!(
        longest < 120,
        "a group line of {longest} characters:\n{}",
        run.stdout
    );
    says(&run.stdout, " … and 240 more");
    let run = mastermind(&["static", "search", "--pegs", "1", "--colours", "1"]).expect_status(0);
    says(&run.stdout, "proof: a game of one code needs no guess");
    let run = mastermind(&["static", "search", "--pegs", "1", "--colours", "2"]).expect_status(0);
    says(
        &run.stdout,
        "proof: 0 guesses have at most 2^0 = 1 reply vectors, fewer than the 2 codes",
    );
    let run = mastermind(&["static", "verify"]).expect_status(2);
    says(&run.stderr, "or --file FILE");
}
