//! `mastermind generate`: Knuth's trees, determinism across thread counts, game flags, output
//! files and errors.

use serde_json::Value;

use crate::support::{generate_small_tree_to, knuth_classic_json, mastermind, says};

fn claims(json: &str) -> Value {
    let file: Value = serde_json::from_str(json).expect("generate writes JSON");
    file["claims"].clone()
}

#[test]
fn knuth_classic_tree_has_the_papers_figures() {
    let json = knuth_classic_json();
    let file: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(file["format"], "mastermind-strategy-tree");
    assert_eq!(file["game"]["symbols"], "123456");
    assert_eq!(file["strategy"]["name"], "knuth");
    assert_eq!(file["tree"]["guess"], "1122");
    assert_eq!(file["tree"]["candidates"], 1296);
    let claims = &file["claims"];
    assert_eq!(claims["codes"], 1296);
    assert_eq!(claims["total_guesses"], 5801);
    assert_eq!(claims["worst_case"], 5);
    assert_eq!(claims["average"]["fraction"], "5801/1296");
    assert_eq!(claims["average"]["decimal"], "4.4761");
    assert_eq!(
        claims["solved_by_guess"],
        serde_json::json!([1, 6, 62, 533, 694])
    );
    // Figure 1: after 1122 and four white pegs only 2211 is left.
    assert_eq!(file["tree"]["children"]["0B4W"]["guess"], "2211");
    assert_eq!(file["tree"]["children"]["0B3W"]["guess"], "1213");
}

#[test]
fn output_is_identical_for_one_and_two_threads() {
    for game in [
        &["--pegs", "4", "--colours", "6"][..],
        &["--pegs", "4", "--colours", "5"],
    ] {
        let one = mastermind(&[&["generate", "-q", "-j", "1"], game].concat()).expect_status(0);
        let two = mastermind(&[&["generate", "-q", "-j", "2"], game].concat()).expect_status(0);
        assert_eq!(one.stdout, two.stdout, "game {game:?}");
    }
}

#[test]
fn other_games_are_built() {
    let cases: [(&[&str], u64); 4] = [
        (&["--pegs", "3", "--colours", "4"], 64),
        (&["--pegs", "4", "--colours", "5"], 625),
        (&["--pegs", "4", "--colours", "4", "--no-repeat"], 24),
        (&["--pegs", "4", "--colors", "6", "--black-only"], 1296),
    ];
    for (game, codes) in cases {
        let run = mastermind(&[&["generate", "-q"], game].concat()).expect_status(0);
        assert_eq!(claims(&run.stdout)["codes"], codes, "game {game:?}");
    }
}

#[test]
fn bulls_and_cows_codes_use_digits_from_zero() {
    let run = mastermind(&[
        "generate",
        "-q",
        "--pegs",
        "3",
        "--colours",
        "10",
        "--no-repeat",
    ])
    .expect_status(0);
    let file: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(file["game"]["symbols"], "0123456789");
    assert_eq!(file["claims"]["codes"], 720);
    let guess = file["tree"]["guess"].as_str().unwrap();
    assert!(guess.starts_with('0'), "first guess {guess}");
}

#[test]
fn output_file_is_written_whole_and_nothing_else_is_left() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("knuth.json");
    let run = mastermind(&["generate", "-o", path.to_str().unwrap()]).expect_status(0);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("total 5801"), "summary: {}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        knuth_classic_json()
    );
    let entries: Vec<_> = std::fs::read_dir(directory.path()).unwrap().collect();
    assert_eq!(entries.len(), 1, "no temporary file is left behind");
}

#[test]
fn quiet_runs_print_nothing_on_stderr() {
    let run =
        mastermind(&["generate", "--quiet", "--pegs", "2", "--colours", "3"]).expect_status(0);
    assert!(run.stderr.is_empty(), "stderr: {}", run.stderr);
}

#[test]
fn bad_games_and_flags_are_usage_errors() {
    for (args, message) in [
        (&["generate", "--pegs", "0"][..], "between 1 and 13 pegs"),
        (
            &["generate", "--pegs", "14", "--colours", "2"],
            "between 1 and 13 pegs",
        ),
        (
            &["generate", "--colours", "101"],
            "between 1 and 100 colours",
        ),
        (
            &["generate", "--pegs", "5", "--colours", "4", "--no-repeat"],
            "at least as many colours",
        ),
        (&["generate", "--pegs", "10", "--colours", "30"], "at most"),
        (&["generate", "--strategy", "nonsense"], "invalid value"),
        (&["generate", "-j", "0"], "0"),
    ] {
        let run = mastermind(args).expect_status(2);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn unwritable_output_is_an_io_error() {
    let run = mastermind(&["generate", "-q", "-o", "/nonexistent-dir/knuth.json"]).expect_status(2);
    assert!(run.stderr.contains("/nonexistent-dir"), "{}", run.stderr);
}

/// Interrupted while it searches, before anything is written: status 130 and no file. A signal
/// during the write itself is `process::every_signal_during_the_write_keeps_the_old_file…`.
#[test]
fn an_interrupted_search_writes_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("tree.json");
    // The optimal 4×8 search takes seconds even in a release build, far longer than the
    // moment before the interrupt (4×7's takes under half a second there).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(["generate", "-q", "--strategy", "optimal", "--colours", "8"])
        .args(["-o", path.to_str().unwrap()])
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(directory.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn output_to_a_pipe_writes_through_it_and_keeps_it() {
    // A device or FIFO (as `-o /dev/null` is) must be written in place, never replaced by a
    // renamed file. A FIFO in a scratch directory shows it without risking the real devices.
    let directory = tempfile::tempdir().unwrap();
    let fifo = directory.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    generate_small_tree_to(&fifo).expect_status(0);
    // Checked before joining: had the FIFO been replaced, the reader would wait forever.
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    let written = reader.join().unwrap();
    assert!(written.contains("\"total_guesses\""), "{written}");
}

#[test]
fn output_through_a_link_replaces_the_file_it_points_to() {
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("tree.json");
    std::fs::write(&file, "old").unwrap();
    let link = directory.path().join("latest.json");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    generate_small_tree_to(&link).expect_status(0);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("\"total_guesses\""));
}

/// The number of search nodes in an optimal build's summary line.
fn search_nodes(stderr: &str) -> u64 {
    let before = stderr
        .split(" search nodes")
        .next()
        .filter(|before| before.len() < stderr.len())
        .unwrap_or_else(|| panic!("no search nodes in {stderr:?}"));
    let digits = before.rsplit(' ').next().unwrap_or_default();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no count before ' search nodes' in {stderr:?}"))
}

/// The transposition table's hits and look-ups in an optimal build's summary line.
fn table_use(stderr: &str) -> (u64, u64) {
    let (before, _) = stderr
        .split_once(" table look-ups hit")
        .unwrap_or_else(|| panic!("no table look-ups in {stderr:?}"));
    let counts = before.rsplit(", ").next().unwrap_or_default();
    let (hits, lookups) = counts.split_once(" of ").expect("H of L");
    (hits.parse().unwrap(), lookups.parse().unwrap())
}

#[test]
fn the_table_memory_changes_how_much_is_searched_not_the_tree() {
    // On one thread, so that the numbers of nodes compared below are the same at every run:
    // threads side by side search more or fewer nodes from one run to the next.
    let optimal = ["-j1", "generate", "--strategy", "optimal", "--colours", "7"];
    let default = mastermind(&optimal).expect_status(0);
    let small = mastermind(&[&optimal[..], &["--table-memory", "1"]].concat()).expect_status(0);
    assert_eq!(default.stdout, small.stdout);
    // The tree is rebuilt side by side, searching again the sets the table lost: the same
    // tree on any number of threads.
    for threads in ["2", "3"] {
        let args = [
            &["-j", threads][..],
            &optimal[1..],
            &["--table-memory", "1"],
        ]
        .concat();
        let run = mastermind(&args).expect_status(0);
        assert_eq!(default.stdout, run.stdout, "-j {threads}");
    }
    // 4×7 fills a table of 1 MiB, so sets it forgot are searched again.
    assert!(
        search_nodes(&small.stderr) > search_nodes(&default.stderr),
        "{}\n{}",
        default.stderr,
        small.stderr
    );
    // The table is asked for sets, and knows some of them.
    let (hits, lookups) = table_use(&default.stderr);
    assert!(0 < hits && hits < lookups, "{}", default.stderr);

    let run = mastermind(&["generate", "--strategy", "optimal", "--table-memory", "0"]);
    says(&run.expect_status(2).stderr, "--table-memory");
    let run = mastermind(&["generate", "--strategy", "knuth", "--table-memory", "64"]);
    says(
        &run.expect_status(2).stderr,
        "--table-memory applies to --strategy optimal",
    );
}

/// `-o /dev/stdout` (or `/dev/fd/1`) writes where standard output goes, in place: into a
/// file the shell redirected it to, after what is there already, or into a pipe; the file is
/// never replaced.
#[cfg(unix)]
#[test]
fn output_to_dev_stdout_goes_where_stdout_goes() {
    let directory = tempfile::tempdir().unwrap();
    let log = directory.path().join("log.txt");
    let binary = env!("CARGO_BIN_EXE_mastermind");
    for device in ["/dev/stdout", "/dev/fd/1"] {
        std::fs::write(&log, "earlier\n").unwrap();
        let script = format!(
            "( echo header; '{binary}' -q generate --pegs 2 --colours 2 -o {device}; echo footer ) >> '{}'",
            log.display()
        );
        let status = std::process::Command::new("sh")
            .args(["-c", &script])
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(text.starts_with("earlier\nheader\n{"), "{device}: {text}");
        assert!(text.ends_with("}\nfooter\n"), "{device}: {text}");
        let piped = std::process::Command::new("sh")
            .args([
                "-c",
                &format!("'{binary}' -q generate --pegs 2 --colours 2 -o {device} | wc -c"),
            ])
            .output()
            .unwrap();
        assert!(
            piped.status.success(),
            "{}",
            String::from_utf8_lossy(&piped.stderr)
        );
        let bytes: usize = String::from_utf8_lossy(&piped.stdout)
            .trim()
            .parse()
            .unwrap();
        assert!(bytes > 100, "{device} through a pipe: {bytes} bytes");
    }
}

/// `MASTERMIND_VECTOR_UNIT` caps the kernels' vector unit: every cap builds the same bytes (the
/// narrower versions run, where the CPU has the wider), and a cap that names no unit is
/// refused before anything runs.
#[test]
fn every_vector_unit_cap_builds_the_same_tree() {
    let run = |cap: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_mastermind"))
            .args([
                "generate",
                "--quiet",
                "--strategy",
                "optimal",
                "--colours",
                "5",
            ])
            .env("MASTERMIND_VECTOR_UNIT", cap)
            .output()
            .expect("the binary runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (status, widest, _) = run("");
    assert_eq!(status, Some(0));
    for cap in ["avx512", "avx2", "baseline"] {
        let (status, tree, stderr) = run(cap);
        assert_eq!(status, Some(0), "{cap}: {stderr}");
        assert_eq!(tree, widest, "the tree built with the cap {cap}");
    }
    let (status, _, stderr) = run("sse9");
    assert_eq!(status, Some(2));
    assert!(
        stderr
            .contains("MASTERMIND_VECTOR_UNIT=sse9 names no vector unit: avx512, avx2 or baseline"),
        "{stderr}"
    );
}

/// A value that is not UTF-8 names no unit either, and is refused as `sse9` is, not ignored.
#[cfg(unix)]
#[test]
fn a_vector_unit_cap_that_is_not_utf8_is_refused() {
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(["generate", "--quiet", "--colours", "5"])
        .env(
            "MASTERMIND_VECTOR_UNIT",
            std::ffi::OsStr::from_bytes(b"avx\xff2"),
        )
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("names no vector unit"), "{stderr}");
}
