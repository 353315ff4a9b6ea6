//! The edges of the process itself: signals while the output is written or while the atlas's
//! computations run, closed pipes, games too large to compare at the end of play, memory
//! limits, the permissions, links and directories of `-o`, oversized inputs and bytes that are
//! not text. Unix only: these are Unix's signals, pipes and limits.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use crate::support::{
    generate_small_tree_to, knuth_classic_json, mastermind, mastermind_with_input, says, write_file,
};

fn binary() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
    command.env_remove("RAYON_NUM_THREADS");
    command
}

/// The `.mastermind-*.tmp` files in `directory`.
fn temporary_files(directory: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with(".mastermind-") && name.ends_with(".tmp")
        })
        .collect()
}

/// Waits for `child` at most `limit`, killing it and failing the test if it takes longer.
fn wait_at_most(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{what} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Each signal a run may get (Ctrl-C; `timeout`, Slurm and Kubernetes; a closed terminal),
/// sent while the output is written and synced but not yet renamed: the old file stays as it
/// was, no temporary file remains, and the status is 128 plus the signal's number.
#[test]
fn every_signal_during_the_write_keeps_the_old_file_and_leaves_nothing() {
    if !cfg!(debug_assertions) {
        crate::support::skipped(
            "the pause before the rename is a hook of debug builds; run `cargo test` without \
             --release to send signals during the write",
        );
        return;
    }
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("tree.json");
        std::fs::write(&path, "old").unwrap();
        let mut child = binary()
            .args(["generate", "-q", "-o"])
            .arg(&path)
            .env("MASTERMIND_TEST_PAUSE_BEFORE_RENAME_MS", "60000")
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        // The temporary file is complete once it has its final size; the pause follows.
        let expected = knuth_classic_json().len() as u64;
        let start = Instant::now();
        let temporary = loop {
            let written = temporary_files(directory.path())
                .into_iter()
                .find(|file| std::fs::metadata(file).is_ok_and(|m| m.len() == expected));
            if let Some(file) = written {
                break file;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no finished temporary file appeared"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        kill(Pid::from_raw(child.id() as i32), signal).unwrap();
        let status = wait_at_most(&mut child, Duration::from_secs(30), "the signalled run");
        assert_eq!(
            status.code(),
            Some(128 + signal as i32),
            "{signal}: {status:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old", "{signal}");
        assert!(!temporary.exists(), "{signal} left {}", temporary.display());
        assert!(temporary_files(directory.path()).is_empty(), "{signal}");
    }
}

/// A tree and its certificate are replaced together or not at all: a run stopped while they
/// are written (here at the moment both are written and synced, before either is renamed)
/// leaves the old pair as it was, never a new tree beside an old certificate.
#[test]
fn a_tree_and_its_certificate_are_replaced_together() {
    let directory = tempfile::tempdir().unwrap();
    let (tree, certificate) = (
        directory.path().join("3x3.json"),
        directory.path().join("3x3.cert"),
    );
    std::fs::write(&tree, "old tree").unwrap();
    std::fs::write(&certificate, "old certificate").unwrap();
    let mut child = binary()
        .args([
            "generate",
            "-q",
            "--strategy",
            "optimal",
            "--pegs",
            "3",
            "--colours",
            "3",
        ])
        .arg("-o")
        .arg(&tree)
        .arg("--certificate")
        .arg(&certificate)
        .env("MASTERMIND_TEST_PAUSE_BEFORE_RENAME_MS", "3000")
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    // Stopped once two files are staged, or as soon as the tree is replaced alone.
    let start = Instant::now();
    while temporary_files(directory.path()).len() < 2
        && std::fs::read_to_string(&tree).unwrap() == "old tree"
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "nothing was staged"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
    wait_at_most(&mut child, Duration::from_secs(30), "the stopped run");
    assert_eq!(std::fs::read_to_string(&tree).unwrap(), "old tree");
    assert_eq!(
        std::fs::read_to_string(&certificate).unwrap(),
        "old certificate"
    );
    assert!(temporary_files(directory.path()).is_empty());
}

/// A reader that goes away before the output comes (`| head`, `| true`): every command that
/// writes to stdout ends quietly, with no panic.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let commands: [(&[&str], &str); 6] = [
        (
            &[
                "static", "verify", "1221", "2354", "3311", "4524", "5656", "6643",
            ],
            "",
        ),
        (&["static", "search", "--pegs", "2", "--colours", "3"], ""),
        (
            &["static", "table", "--pegs", "2..2", "--colours", "2..3"],
            "",
        ),
        (&["play", "--seed", "1"], "give up\n"),
        (&["solve"], "4B\n"),
        (&["generate", "-q"], ""),
    ];
    for (args, input) in commands {
        let mut child = binary()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the binary has started writing.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            // 3: `play` was given up, as its input says.
            matches!(output.status.code(), Some(0 | 3)),
            "{args:?}: {:?}\n{stderr}",
            output.status
        );
    }
}

/// The comparison at the end of a game never holds the exit: 6×9 has 531441 codes, and
/// Knuth's tree for it takes minutes and 400 MB.
#[test]
fn play_on_a_large_game_ends_at_once() {
    let mut child = binary()
        .args(["play", "--pegs", "6", "--colours", "9", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"give up\n").unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(30), "play on 6×9");
    assert_eq!(status.code(), Some(3), "given up: {status:?}");
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut stdout).unwrap();
    says(&stdout, "The code was ");
    says(&stdout, "not worked out for a game this large");
}

/// Runs `mastermind ARGS` under `ulimit -v KIB`.
fn under_memory_limit(kib: u64, args: &[&str]) -> crate::support::Run {
    under_memory_limit_unless_killed(kib, args).expect("the binary is not killed")
}

/// [`under_memory_limit`], `None` when a signal killed the binary.
fn under_memory_limit_unless_killed(kib: u64, args: &[&str]) -> Option<crate::support::Run> {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let output = Command::new("bash")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_mastermind"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    Some(crate::support::Run {
        status: output.status.code()?,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}

#[test]
fn a_build_whose_tables_cannot_fit_the_memory_limit_is_refused_up_front() {
    let optimal = ["generate", "-q", "--strategy", "optimal", "--colours", "7"];
    let run = under_memory_limit(40_000, &optimal).expect_status(2);
    says(&run.stderr, "4×7 (2401 codes) needs about 43 MiB");
    says(&run.stderr, "the memory limit is 39 MiB (ulimit -v)");
    // With room for its tables, the transposition table shrinks to what is left.
    let run = under_memory_limit(80_000, &optimal).expect_status(0);
    says(&run.stdout, "\"total_guesses\": 11228");
}

/// 5×8's reply rows (a gigabyte) make its search faster but are not needed: under a limit
/// they would crowd, the search starts without them instead of being refused.
#[test]
fn a_large_games_reply_rows_give_way_to_a_memory_limit() {
    let optimal = [
        "generate",
        "-q",
        "--strategy",
        "optimal",
        "--pegs",
        "5",
        "--colours",
        "8",
        "--max-guesses",
        "2",
    ];
    // A gigabyte of rows would not fit under 976 MiB; the search starts and finds no strategy
    // within two guesses.
    let run = under_memory_limit(1_000_000, &optimal).expect_status(2);
    says(
        &run.stderr,
        "no strategy solves every code within 2 guesses",
    );
}

/// A control group's memory limit (what Slurm's `--mem`, containers and systemd set) is
/// weighed as `ulimit -v` is: the search that cannot fit says so up front instead of being
/// killed by the kernel. Run in a memory group of its own, made for the test (root only).
#[test]
fn a_control_groups_memory_limit_is_weighed_up_front() {
    let Some(group) = MemoryGroup::new(60 << 20) else {
        crate::support::skipped(
            "no memory control group can be made here (it needs root and a writable \
             /sys/fs/cgroup); run the tests as root on Linux",
        );
        return;
    };
    let script = format!(
        "echo $$ > '{}' && exec '{}' generate -q --strategy optimal --colours 8",
        group.procs.display(),
        env!("CARGO_BIN_EXE_mastermind")
    );
    let output = Command::new("sh").args(["-c", &script]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    says(&stderr, "4×8 (4096 codes) needs about");
    says(
        &stderr,
        "the memory limit is 60 MiB (its control group's memory limit)",
    );
}

/// A memory control group made for one test and removed after it: v2 (`memory.max`) where
/// the unified hierarchy has the memory controller, else v1 (`memory.limit_in_bytes`).
struct MemoryGroup {
    directory: PathBuf,
    procs: PathBuf,
}

impl MemoryGroup {
    fn new(bytes: u64) -> Option<MemoryGroup> {
        let name = format!("mastermind-test-{}", std::process::id());
        let places = [
            ("/sys/fs/cgroup", "memory.max"),
            ("/sys/fs/cgroup/unified", "memory.max"),
            ("/sys/fs/cgroup/memory", "memory.limit_in_bytes"),
        ];
        for (root, file) in places {
            let controllers = std::fs::read_to_string(format!("{root}/cgroup.controllers"));
            let is_v1 = file == "memory.limit_in_bytes";
            if !is_v1 && !controllers.is_ok_and(|c| c.split_whitespace().any(|c| c == "memory")) {
                continue;
            }
            let directory = Path::new(root).join(&name);
            if std::fs::create_dir(&directory).is_err() {
                continue;
            }
            let group = MemoryGroup {
                procs: directory.join("cgroup.procs"),
                directory: directory.clone(),
            };
            if std::fs::write(directory.join(file), bytes.to_string()).is_ok() {
                return Some(group);
            }
        }
        None
    }
}

impl Drop for MemoryGroup {
    fn drop(&mut self) {
        // Its one process has ended; an empty group is removed with rmdir.
        let _ = std::fs::remove_dir(&self.directory);
    }
}

#[test]
fn an_allocation_that_fails_anyway_ends_with_a_message_not_an_abort() {
    let knuth = ["generate", "-q", "--pegs", "5", "--colours", "8"];
    // Room for the program (a test build, larger than a release one, with jemalloc's static
    // tables though the system allocator serves it under the limit) and its threads, not for
    // the build. What a start takes differs by machine by megabytes, so the limit leaves
    // room to spare.
    let run = under_memory_limit(50_000, &knuth).expect_status(2);
    says(&run.stderr, "error: out of memory: ");
    says(&run.stderr, "within the memory limit of 48 MiB");
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// So little memory that the worker threads cannot start (the program itself needs 10 to 15
/// MiB of address space, by build): an error, not rayon's panic.
#[test]
fn threads_that_cannot_start_end_with_a_message_not_a_panic() {
    // The least limit under which the binary gets going at all depends on the build: below
    // it the loader cannot map the libraries (exit 127) or the kernel cannot grow the main
    // thread's stack (a signal), which no program can report. The worker threads need
    // megabytes more than that.
    let args = ["generate", "-q", "--pegs", "2", "--colours", "3"];
    let run = (10_000..40_000)
        .step_by(1_000)
        .filter_map(|kib| under_memory_limit_unless_killed(kib, &args))
        .find(|run| run.status != 127)
        .expect("the binary runs under some limit below 40 MB");
    let run = run.expect_status(2);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// Threads that cannot start with memory to spare (each worker asks for a stack of a
/// terabyte, which the kernel refuses, while the main thread runs as usual): the message of
/// the thread-start path itself, not the out-of-memory one, and no panic.
#[test]
fn worker_threads_that_cannot_start_are_named_as_such() {
    let output = binary()
        .args(["generate", "-q", "--pegs", "2", "--colours", "3", "-j", "2"])
        .env("RUST_MIN_STACK", (1u64 << 40).to_string())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    says(&stderr, "error: cannot start 2 threads");
    assert!(!stderr.contains("out of memory"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty());
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn replacing_a_file_keeps_its_permissions_and_a_read_only_file_is_refused() {
    let directory = tempfile::tempdir().unwrap();
    let private = directory.path().join("private.json");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    generate_small_tree_to(&private).expect_status(0);
    assert_eq!(mode(&private), 0o600);
    says(&std::fs::read_to_string(&private).unwrap(), "total_guesses");

    let read_only = directory.path().join("read-only.json");
    std::fs::write(&read_only, "old").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = generate_small_tree_to(&read_only).expect_status(2);
    says(&run.stderr, "it is read-only");
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "old");
    assert_eq!(mode(&read_only), 0o444);
}

#[test]
fn a_dangling_link_is_followed_and_kept() {
    let directory = tempfile::tempdir().unwrap();
    let link = directory.path().join("latest.json");
    std::os::unix::fs::symlink("trees/new.json", &link).unwrap();
    std::fs::create_dir(directory.path().join("trees")).unwrap();
    generate_small_tree_to(&link).expect_status(0);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let target = directory.path().join("trees/new.json");
    says(&std::fs::read_to_string(target).unwrap(), "total_guesses");
}

/// The outputs are checked before the work: these fail at once and name the path as given.
#[test]
fn an_output_that_cannot_be_written_fails_before_any_work() {
    let directory = tempfile::tempdir().unwrap();
    let missing = directory.path().join("no-such-directory/tree.json");
    // The optimal 4×8 search takes seconds; the check comes first.
    let optimal = ["generate", "--strategy", "optimal", "--colours", "8", "-o"];
    let start = Instant::now();
    let run = mastermind(&[&optimal[..], &[missing.to_str().unwrap()]].concat()).expect_status(2);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    says(&run.stderr, missing.to_str().unwrap());
    says(&run.stderr, "does not exist");
    assert!(!run.stderr.contains(".mastermind-"), "{}", run.stderr);
    let run = mastermind(&[&optimal[..], &[directory.path().to_str().unwrap()]].concat())
        .expect_status(2);
    says(&run.stderr, "it is a directory");
}

#[test]
fn a_dash_for_output_is_stdout() {
    let directory = tempfile::tempdir().unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(["generate", "-q", "-o", "-"])
        .current_dir(directory.path())
        .output()
        .unwrap();
    assert!(run.status.success());
    assert_eq!(String::from_utf8(run.stdout).unwrap(), knuth_classic_json());
    assert!(!directory.path().join("-").exists());
}

/// A writable file in a directory the user cannot write: the rename needs the directory, and
/// the message says so and what to do. Run as an unprivileged user when the tests run as
/// root, since root may write anywhere.
#[test]
fn a_read_only_directory_is_named_with_what_to_do() {
    let directory = tempfile::tempdir().unwrap();
    std::fs::set_permissions(directory.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let sealed = directory.path().join("sealed");
    std::fs::create_dir(&sealed).unwrap();
    let file = sealed.join("tree.json");
    std::fs::write(&file, "old").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(&sealed, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut command = if nix::unistd::Uid::effective().is_root() {
        // The unprivileged user (nobody) may not reach the build's directories (root's home
        // is closed to others): it runs a copy of the binary from the open test directory.
        let copy = directory.path().join("mastermind");
        std::fs::copy(env!("CARGO_BIN_EXE_mastermind"), &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(copy.ancestors().skip(1).all(|dir| mode(dir) & 0o001 != 0));
        let mut command = Command::new(&copy);
        std::os::unix::process::CommandExt::uid(&mut command, 65534);
        std::os::unix::process::CommandExt::gid(&mut command, 65534);
        command
    } else {
        binary()
    };
    command.args(["generate", "-q", "--pegs", "2", "--colours", "3", "-o"]);
    command.arg(&file);
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    says(&stderr, "is not writable");
    says(&stderr, "redirect standard output");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
}

#[test]
fn a_tree_file_larger_than_any_tree_of_its_game_is_refused() {
    let directory = tempfile::tempdir().unwrap();
    let json = knuth_classic_json();
    // A field of padding: valid JSON, far more than a tree of 5801 guesses takes.
    let padded = json.replacen(
        '{',
        &format!("{{\"padding\":\"{}\",", "x".repeat(3 << 20)),
        1,
    );
    let path = write_file(directory.path(), "padded.json", &padded);
    let run = mastermind(&["verify", &path]).expect_status(2);
    says(
        &run.stderr,
        "more than any tree of its game and its claimed total (5801 guesses) takes",
    );
    // White space takes no memory once read: indentation alone is never too much.
    let indented = json.replacen('{', &format!("{{{}", " ".repeat(3 << 20)), 1);
    let path = write_file(directory.path(), "indented.json", &indented);
    mastermind(&["verify", &path]).expect_status(0);
}

#[test]
fn huge_tokens_and_lists_are_quoted_short() {
    let file: serde_json::Value = serde_json::from_str(&knuth_classic_json()).unwrap();
    let mut long_guess = file.clone();
    long_guess["tree"]["guess"] = serde_json::Value::String("1".repeat(100_000));
    let mut long_list = file;
    long_list["claims"]["solved_by_guess"] = serde_json::json!(vec![1; 100_000]);
    for (file, quoted) in [
        (long_guess, "1111… (100000 characters)"),
        (long_list, "1, … (100000 items)"),
    ] {
        let run = mastermind_with_input(&["verify", "-"], &file.to_string()).expect_status(1);
        assert!(run.stdout.len() < 2_000, "{} bytes", run.stdout.len());
        says(&run.stdout, quoted);
    }
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let mut child = binary()
        .args(["solve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe\n4B\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    says(&stderr, "That line is not UTF-8 text");
    says(
        &String::from_utf8_lossy(&output.stdout),
        "1122 found in 1 guess",
    );
}

/// The pids of the running `atlas-entry` computations whose parent is `parent`.
fn atlas_children(parent: u32) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            // The fields after the command's name in parentheses: state, then the parent's pid.
            let fields: Vec<&str> = stat
                .rsplit_once(')')
                .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
            fields.first().is_some_and(|&state| state != "Z")
                && fields.get(1) == Some(&parent.to_string().as_str())
                && String::from_utf8_lossy(&cmdline).contains("atlas-entry")
        })
        .collect()
}

/// Whether process `pid` has ended (gone, or a zombie nobody has reaped yet).
fn has_ended(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
    })
}

/// An atlas stopped (SIGTERM, as `timeout` and Slurm stop it) while a long computation runs:
/// it ends at once with 143, its computation ends with it rather than run on for minutes, the
/// games it finished are in its output file and nothing half-written is left.
#[test]
fn a_stopped_atlas_keeps_its_finished_games_and_leaves_no_computation_running() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    // 4×5's static search takes a fraction of a second; 4×6's takes over a minute.
    let mut atlas = binary()
        .args([
            "atlas",
            "--pegs",
            "4",
            "--colours",
            "5..6",
            "--variants",
            "repeat",
        ])
        .args([
            "--measures",
            "knuth,static",
            "--budget",
            "600",
            "-j",
            "1",
            "-o",
        ])
        .arg(&output)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let computation = loop {
        let children = atlas_children(atlas.id());
        if output.exists() && !children.is_empty() {
            // The first game is saved; wait for its last computation to be gone.
            std::thread::sleep(Duration::from_millis(300));
            let children = atlas_children(atlas.id());
            if let [only] = children.as_slice() {
                break *only;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "4×6's static computation did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    kill(Pid::from_raw(atlas.id() as i32), Signal::SIGTERM).unwrap();
    let status = wait_at_most(&mut atlas, Duration::from_secs(10), "the stopped atlas");
    assert_eq!(status.code(), Some(143), "{status:?}");
    let start = Instant::now();
    while !has_ended(computation) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the computation {computation} runs on after its atlas ended"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&output).unwrap();
    let atlas = mastermind::atlas::AtlasFile::from_json(&text).unwrap();
    let games: Vec<String> = atlas
        .entries
        .iter()
        .map(|entry| entry.game.to_string())
        .collect();
    assert_eq!(games, ["4×5 repeat"], "{text}");
    assert!(temporary_files(directory.path()).is_empty());
    assert!(
        !directory.path().join("atlas.json.lock").exists(),
        "the lock beside the output is removed, as at a normal end"
    );
}

/// A device named as an input is refused at once (exit 2), by every command that reads one:
/// `/dev/zero` and `/dev/urandom` never end. The atlas's own output is read back only when it
/// is a file, so `-o /dev/null` works.
#[test]
fn devices_named_as_inputs_are_refused_and_devices_as_outputs_are_written() {
    let directory = tempfile::tempdir().unwrap();
    let tree = write_file(directory.path(), "tree.json", &knuth_classic_json());
    for args in [
        &["verify", "/dev/zero"][..],
        &["print", "/dev/urandom"],
        &["html", "/dev/zero"],
        &["merge", "/dev/zero"],
        &["trace", "1234", "--tree", "/dev/zero"],
        &[
            "atlas",
            "--pegs",
            "2",
            "--colours",
            "2",
            "--reuse",
            "/dev/zero",
        ],
        &["verify", &tree, "--certificate", "/dev/zero"],
    ] {
        let run = mastermind(args).expect_status(2);
        says(&run.stderr, "is a device, not a file to read");
    }
    let run = mastermind(&[
        "atlas",
        "-q",
        "--pegs",
        "2",
        "--colours",
        "2",
        "--measures",
        "knuth",
        "-o",
        "/dev/null",
    ]);
    run.expect_status(0);
}

/// A computation killed from outside (the out-of-memory killer, a person) is no result: the
/// atlas records it as unfinished, saying what killed it, and the next run on the same file
/// tries it again rather than taking the death as settled.
#[test]
fn a_computation_killed_from_outside_is_tried_again() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    // 4×6's static search takes over a minute.
    let start_atlas = || {
        binary()
            .args([
                "atlas",
                "--pegs",
                "4",
                "--colours",
                "6",
                "--variants",
                "repeat",
            ])
            .args(["--measures", "static", "--budget", "600", "-j", "1", "-o"])
            .arg(&output)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let computation_of = |atlas: &Child| {
        let start = Instant::now();
        loop {
            if let [only] = atlas_children(atlas.id()).as_slice() {
                return *only;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no computation started"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let atlas = start_atlas();
    kill(
        Pid::from_raw(computation_of(&atlas) as i32),
        Signal::SIGKILL,
    )
    .unwrap();
    let ended = atlas.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&ended.stderr);
    assert!(ended.status.success(), "{stderr}");
    let saved = std::fs::read_to_string(&output).unwrap();
    assert!(saved.contains("killed by signal 9, SIGKILL"), "{saved}");
    // Run again: the computation starts again instead of being taken as settled.
    let mut again = start_atlas();
    computation_of(&again);
    kill(Pid::from_raw(again.id() as i32), Signal::SIGTERM).unwrap();
    let _ = again.wait();
}
