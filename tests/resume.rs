//! `generate --strategy optimal --resume DIR`: a search stopped part way goes on where it
//! stopped, and whether stopped or not it writes the bytes one uninterrupted run writes.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{mastermind, says};

fn pieces_in(directory: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(directory)
        .map(|entries| {
            entries
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// N, from a piece named `piece-K-of-N.json`.
fn count_of(name: &str) -> usize {
    let count = name.trim_end_matches(".json").rsplit("-of-").next();
    count.and_then(|count| count.parse().ok()).expect(name)
}

#[test]
fn a_resumable_run_writes_what_one_process_writes() {
    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    for extra in [&[][..], &["--max-guesses", "5"], &["--consistent-only"]] {
        let single = mastermind(&[&["generate", "-q", "--strategy", "optimal"], extra].concat())
            .expect_status(0);
        let _ = std::fs::remove_dir_all(&pieces);
        let resumed = mastermind(
            &[
                &["generate", "-q", "--strategy", "optimal"],
                extra,
                &["--resume", pieces.to_str().unwrap()],
            ]
            .concat(),
        )
        .expect_status(0);
        assert_eq!(resumed.stdout, single.stdout, "{extra:?}");
        // The pieces are parts of one run, which `merge` reads as well.
        let names = pieces_in(&pieces);
        assert_eq!(names.len(), count_of(&names[0]), "{extra:?}: {names:?}");
        let paths: Vec<String> = names
            .iter()
            .map(|name| pieces.join(name).to_str().unwrap().to_owned())
            .collect();
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        let merged = mastermind(&[&["merge", "-q"], &paths[..]].concat()).expect_status(0);
        assert_eq!(merged.stdout, single.stdout, "{extra:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_run_stopped_part_way_goes_on_where_it_stopped() {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    let optimal = ["generate", "--strategy", "optimal", "--colours", "7"];
    // The 4×7 search takes seconds, piece after piece: stop it once a few are in.
    let child = Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(optimal)
        .arg("--resume")
        .arg(&pieces)
        .args(["-o", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while pieces_in(&pieces)
        .iter()
        .filter(|name| name.starts_with("piece-"))
        .count()
        < 3
    {
        assert!(start.elapsed() < Duration::from_secs(120), "no pieces came");
        std::thread::sleep(Duration::from_millis(5));
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
    let stopped = child.wait_with_output().unwrap();
    assert_eq!(stopped.status.code(), Some(143), "{:?}", stopped.status);
    assert!(stopped.stdout.is_empty(), "a stopped run writes no tree");
    let kept = pieces_in(&pieces);
    assert!(
        kept.iter().all(|name| name.starts_with("piece-")),
        "only whole pieces are left: {kept:?}"
    );
    let total = count_of(&kept[0]);
    assert!(kept.len() < total, "stopped before the end: {kept:?}");

    let resumed = mastermind(&[&optimal[..], &["--resume", pieces.to_str().unwrap()]].concat())
        .expect_status(0);
    says(
        &resumed.stderr,
        &format!("{} of the plan's {total} pieces already in", kept.len()),
    );
    says(
        &resumed.stderr,
        &format!("{} pieces solved now", total - kept.len()),
    );
    let single = mastermind(&[&optimal[..], &["-q"]].concat()).expect_status(0);
    assert_eq!(resumed.stdout, single.stdout);
    says(&single.stdout, "\"total_guesses\": 11228");
}
