//! Running the built binary and reading what it wrote.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Says loudly that a test was skipped, and why; under `CI=true` (as `.ci/run` sets it) a skip
/// is a failure, so that CI never passes with a test it did not run.
#[track_caller]
pub fn skipped(reason: &str) {
    if std::env::var("CI").is_ok_and(|ci| ci == "true") {
        panic!("skipped under CI, which must run every test: {reason}");
    }
    eprintln!("*** SKIPPED: {reason}");
}

/// The result of one run of the binary.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Panics with the whole output unless the run exited with `status`.
    #[track_caller]
    pub fn expect_status(self, status: i32) -> Run {
        assert_eq!(
            self.status, status,
            "expected exit status {status}\n--- stdout\n{}\n--- stderr\n{}",
            self.stdout, self.stderr
        );
        self
    }
}

fn finish(output: Output) -> Run {
    Run {
        status: output
            .status
            .code()
            .expect("the binary is not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
    command.args(args).env_remove("RAYON_NUM_THREADS");
    command
}

/// Runs `mastermind ARGS` with no input.
pub fn mastermind(args: &[&str]) -> Run {
    finish(
        command(args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs"),
    )
}

/// Runs `mastermind ARGS` with `input` on stdin.
pub fn mastermind_with_input(args: &[&str], input: &str) -> Run {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The binary may stop reading early (e.g. on a usage error); a broken pipe is fine then.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    finish(child.wait_with_output().expect("the binary finishes"))
}

/// Knuth's 4×6 tree as JSON, built by the binary.
pub fn knuth_classic_json() -> String {
    mastermind(&["generate", "--quiet"]).expect_status(0).stdout
}

/// Writes `text` to `name` in `directory` and returns the path as a string.
pub fn write_file(directory: &Path, name: &str, text: &str) -> String {
    let path = directory.join(name);
    std::fs::write(&path, text).expect("the test directory is writable");
    path.to_str().expect("temporary paths are UTF-8").to_owned()
}

/// Panics with the whole of `text` unless it contains `needle`.
#[track_caller]
pub fn says(text: &str, needle: &str) {
    assert!(text.contains(needle), "expected `{needle}` in:\n{text}");
}

/// Writes Knuth's 2×3 tree with `-o PATH`, a build that takes a moment.
pub fn generate_small_tree_to(path: &Path) -> Run {
    let path = path.to_str().expect("temporary paths are UTF-8");
    mastermind(&[
        "generate",
        "-q",
        "--pegs",
        "2",
        "--colours",
        "3",
        "-o",
        path,
    ])
}
