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

/// The finished pieces in `directory`, without the notes of pieces under way.
fn finished_in(directory: &Path) -> Vec<String> {
    let mut names = pieces_in(directory);
    names.retain(|name| name.ends_with(".json"));
    names
}

/// The notes of the pieces under way in `directory`.
fn notes_in(directory: &Path) -> Vec<String> {
    let mut names = pieces_in(directory);
    names.retain(|name| name.ends_with(".notes"));
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
        // The pieces are parts of one run, which `merge` reads as well; their notes are gone.
        assert_eq!(notes_in(&pieces), Vec::<String>::new(), "{extra:?}");
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
    assert!(
        pieces_in(&pieces)
            .iter()
            .all(|name| name.starts_with("piece-")),
        "only whole pieces and notes are left: {:?}",
        pieces_in(&pieces)
    );
    let kept = finished_in(&pieces);
    let total = count_of(&kept[0]);
    assert!(kept.len() < total, "stopped before the end: {kept:?}");

    let resumed = mastermind(&[&optimal[..], &["--resume", pieces.to_str().unwrap()]].concat())
        .expect_status(0);
    says(
        &resumed.stderr,
        &format!("{} of the plan's {total} pieces already in", kept.len()),
    );
    let solved_now = total - kept.len();
    says(
        &resumed.stderr,
        &format!(
            "{solved_now} {} solved now",
            if solved_now == 1 { "piece" } else { "pieces" }
        ),
    );
    let single = mastermind(&[&optimal[..], &["-q"]].concat()).expect_status(0);
    assert_eq!(resumed.stdout, single.stdout);
    says(&single.stdout, "\"total_guesses\": 11228");
}

/// The 4×7 optimal search on one thread, whose pieces take long enough to stop inside one.
const OPTIMAL_4X7: [&str; 6] = ["generate", "--strategy", "optimal", "--colours", "7", "-j1"];

/// A resumable run of [`OPTIMAL_4X7`] in a new directory, stopped once the notes of a piece
/// under way hold `notes` notes (frozen first, so that the piece cannot finish in between).
/// Returns the directory, the run's `DIR` in it, and the notes' file name and text at the stop.
/// The signal is handled on a thread of its own, so a piece a step from its end may still be
/// written between the thaw and the exit, most often on a busy machine: then the run is
/// started again in a new directory, a few times at most.
#[cfg(unix)]
fn stop_inside_a_piece(notes: usize) -> (tempfile::TempDir, std::path::PathBuf, String, String) {
    const ATTEMPTS: usize = 5;
    for _ in 0..ATTEMPTS {
        let (directory, pieces, name, text) = stop_a_run_inside_a_piece(notes);
        let piece = name.replace(".notes", ".json");
        if !pieces.join(piece).exists() {
            return (directory, pieces, name, text);
        }
    }
    panic!("each of {ATTEMPTS} runs finished its piece after the stop");
}

/// One attempt of [`stop_inside_a_piece`].
#[cfg(unix)]
fn stop_a_run_inside_a_piece(
    notes: usize,
) -> (tempfile::TempDir, std::path::PathBuf, String, String) {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;

    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    let pieces = pieces.as_path();
    let child = Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(OPTIMAL_4X7)
        .arg("--resume")
        .arg(pieces)
        .args(["-o", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = Pid::from_raw(child.id() as i32);
    let start = Instant::now();
    let (name, text) = loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no piece got {notes} notes"
        );
        let under_way = notes_in(pieces).into_iter().find_map(|name| {
            let text = std::fs::read_to_string(pieces.join(&name)).ok()?;
            (text.lines().count() > notes).then_some(name)
        });
        if let Some(name) = under_way {
            kill(pid, Signal::SIGSTOP).unwrap();
            // Frozen: if the notes are still there and the piece is not written (it is
            // written before its notes are removed), the piece is still under way.
            let piece = name.replace(".notes", ".json");
            if let (Ok(text), false) = (
                std::fs::read_to_string(pieces.join(&name)),
                pieces.join(piece).exists(),
            ) {
                break (name, text);
            }
            kill(pid, Signal::SIGCONT).unwrap();
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    kill(pid, Signal::SIGTERM).unwrap();
    kill(pid, Signal::SIGCONT).unwrap();
    let stopped = child.wait_with_output().unwrap();
    assert_eq!(stopped.status.code(), Some(143), "{:?}", stopped.status);
    assert!(stopped.stdout.is_empty(), "a stopped run writes no tree");
    (directory, pieces.to_owned(), name, text)
}

/// A piece of hours stopped part way is not lost: what its search proved is noted beside it,
/// and the next start takes the notes back in, goes on from there and writes the same tree.
#[cfg(unix)]
#[test]
fn a_run_stopped_inside_a_piece_goes_on_from_its_notes() {
    let (_directory, pieces, name, text) = stop_inside_a_piece(8);
    let optimal = OPTIMAL_4X7;
    let piece = name.trim_end_matches(".notes");
    assert!(
        !pieces.join(format!("{piece}.json")).exists(),
        "{piece} is not finished"
    );
    assert!(
        text.starts_with("{\"format\":\"mastermind-piece-notes\""),
        "{text}"
    );
    assert!(text.contains("\ntried "), "{text}");
    let noted = std::fs::read_to_string(pieces.join(&name)).unwrap();
    let whole_lines = noted.lines().count() - usize::from(!noted.ends_with('\n'));

    let resumed = mastermind(&[&optimal[..], &["--resume", pieces.to_str().unwrap()]].concat())
        .expect_status(0);
    let index = piece
        .trim_start_matches("piece-")
        .split("-of-")
        .collect::<Vec<_>>();
    says(
        &resumed.stderr,
        &format!(
            "piece {} of {}: {} notes taken back in",
            index[0].parse::<u32>().unwrap(),
            index[1],
            whole_lines - 1
        ),
    );
    assert_eq!(
        notes_in(&pieces),
        Vec::<String>::new(),
        "notes outlive their piece"
    );
    let single = mastermind(&[&optimal[..], &["-q"]].concat()).expect_status(0);
    assert_eq!(resumed.stdout, single.stdout);
}

/// Notes that are not this run's, or not notes, are refused with where and what, and left
/// for the user to look at; `--shard K/N` with `--resume` solves only piece K into DIR.
#[cfg(unix)]
#[test]
fn notes_of_another_run_or_broken_notes_are_refused() {
    let (_directory, pieces, name, text) = stop_inside_a_piece(4);
    let optimal = OPTIMAL_4X7;
    let path = pieces.join(&name);
    let dir = pieces.to_str().unwrap();

    // Notes of another plan, or of another piece, are not taken.
    let digest_at = text.find("\"digest\":\"").unwrap() + 10;
    let mut other_plan = text.clone();
    other_plan.replace_range(digest_at..digest_at + 4, "0000");
    let mut other_piece = text.clone();
    other_piece = other_piece.replacen("\"piece\":", "\"piece\":1", 1);
    for forged in [other_plan, other_piece] {
        std::fs::write(&path, &forged).unwrap();
        let refused =
            mastermind(&[&optimal[..], &["--resume", dir, "-q"]].concat()).expect_status(2);
        says(
            &refused.stderr,
            "line 1, column 1: these are notes of piece",
        );
    }

    let broken = format!("{text}{}", sealed(&text, "tried 1234 = many"));
    std::fs::write(&path, &broken).unwrap();
    let refused = mastermind(&[&optimal[..], &["--resume", dir, "-q"]].concat()).expect_status(2);
    let line = broken.lines().count();
    says(
        &refused.stderr,
        &format!("line {line}, column 14: expected its total, found \"many\""),
    );
    says(&refused.stderr, &name);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        broken,
        "left as it was"
    );

    // One piece at a time, as a job array runs them.
    std::fs::write(&path, &text).unwrap();
    let shard = name
        .trim_start_matches("piece-")
        .trim_end_matches(".notes")
        .replace("-of-", "/");
    let wrong =
        mastermind(&[&optimal[..], &["--resume", dir, "--shard", "0/8"]].concat()).expect_status(2);
    says(
        &wrong.stderr,
        "must be one of the plan's: K/52 with K from 0 to 51, not 0/8",
    );
    let one = mastermind(&[&optimal[..], &["--resume", dir, "--shard", &shard]].concat())
        .expect_status(0);
    assert!(one.stdout.is_empty(), "no tree before every piece is in");
    says(&one.stderr, "notes taken back in");
    says(&one.stderr, "still to solve before the tree can be written");
    assert!(!path.exists());
    let part = name.replace(".notes", ".json");
    assert!(pieces.join(part).is_file());
}

/// `content` as a line of the notes whose text (header first) is `notes`, with the checksum
/// the tool writes: what a forger who read the source could write.
fn sealed(notes: &str, content: &str) -> String {
    use sha2::{Digest, Sha256};
    let header: serde_json::Value = serde_json::from_str(notes.lines().next().unwrap()).unwrap();
    let (digest, piece) = (header["digest"].as_str().unwrap(), &header["piece"]);
    let hash = Sha256::digest(format!("{digest}\n{piece}\n{content}").as_bytes());
    let checksum: String = hash[..8].iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{content} #{checksum}\n")
}

/// A note changed by hand (a bound raised past any truth) is refused at its line, and the
/// notes are left as they were.
#[cfg(unix)]
#[test]
fn a_note_changed_by_hand_is_refused_with_its_line() {
    let (_directory, pieces, name, text) = stop_inside_a_piece(4);
    let path = pieces.join(&name);
    let (index, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.starts_with("tried "))
        .expect("a guess tried");
    let words: Vec<&str> = line.split(' ').collect();
    let forged_line = format!("tried {} >= 99999 {}", words[1], words[4]);
    let forged = text.replacen(line, &forged_line, 1);
    std::fs::write(&path, &forged).unwrap();
    let refused = mastermind(
        &[
            &OPTIMAL_4X7[..],
            &["--resume", pieces.to_str().unwrap(), "-q"],
        ]
        .concat(),
    )
    .expect_status(2);
    says(&refused.stderr, &name);
    says(&refused.stderr, &format!("line {}, column", index + 1));
    says(&refused.stderr, "checksum does not match");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), forged);
}

/// Well-formed notes with valid checksums that cannot hold of this run are refused with their
/// line, never a panic; notes that hold on their face but that the search contradicts are set
/// aside, and the run ends with the true optimum.
#[cfg(unix)]
#[test]
fn notes_that_cannot_hold_or_that_the_search_contradicts_never_change_the_result() {
    let (_directory, pieces, name, text) = stop_inside_a_piece(4);
    let path = pieces.join(&name);
    let dir = pieces.to_str().unwrap();
    let run = |notes: &str, status| {
        std::fs::write(&path, notes).unwrap();
        mastermind(&[&OPTIMAL_4X7[..], &["--resume", dir]].concat()).expect_status(status)
    };
    // Guesses left in a run with no cap: refused, naming the file and line.
    let capped = format!("{text}{}", sealed(&text, "set >= 50 3 1111 1112 1113"));
    let refused = run(&capped, 2);
    says(
        &refused.stderr,
        &format!("{} line {}", path.display(), capped.lines().count()),
    );
    says(
        &refused.stderr,
        "3 guesses left, where this run allows no cap",
    );
    // A guess said to reach one guess less than it was found to need: plausible on its face,
    // false, and the run still writes the true optimum.
    let words: Vec<&str> = text
        .lines()
        .find(|line| line.starts_with("tried "))
        .expect("a guess tried")
        .split(' ')
        .collect();
    let below: u32 = words[3].parse::<u32>().unwrap() - 1;
    let header = text.lines().next().unwrap();
    let lie = format!(
        "{header}\n{}",
        sealed(&text, &format!("tried {} = {below}", words[1]))
    );
    let resumed = run(&lie, 0);
    let single = mastermind(&[&OPTIMAL_4X7[..], &["-q"]].concat()).expect_status(0);
    says(&single.stdout, "\"total_guesses\": 11228");
    assert_eq!(resumed.stdout, single.stdout);
}

/// Two runs started on one directory share its pieces: each skips a piece whose notes the
/// other holds, takes in the pieces the other writes, and neither is refused; whichever ends
/// last writes the tree.
/// Three runs of the whole started on one directory, each with its own tree and certificate,
/// share the pieces, and each ends with its tree and certificate written: the ones that run out
/// of pieces first wait for the pieces the others hold.
#[test]
fn runs_on_one_directory_share_the_pieces_and_all_write_the_tree() {
    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    let names = ["first", "second", "third"];
    let outputs: Vec<_> = names
        .iter()
        .map(|name| directory.path().join(format!("{name}.json")))
        .collect();
    let certificates: Vec<_> = names
        .iter()
        .map(|name| directory.path().join(format!("{name}.cert")))
        .collect();
    let children: Vec<_> = outputs
        .iter()
        .zip(&certificates)
        .map(|(output, certificate)| {
            Command::new(env!("CARGO_BIN_EXE_mastermind"))
                .args(OPTIMAL_4X7)
                .arg("--resume")
                .arg(&pieces)
                .arg("-o")
                .arg(output)
                .arg("--certificate")
                .arg(certificate)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let ended: Vec<_> = children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap())
        .collect();
    let mut solved = Vec::new();
    for run in &ended {
        let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
        assert_eq!(run.status.code(), Some(0), "{stderr}");
        // "…, N pieces solved now in …", or "1 piece …".
        let count = stderr
            .split(" solved now")
            .next()
            .and_then(|head| head.rsplit(' ').nth(1))
            .and_then(|count| count.parse::<usize>().ok());
        solved.push(count.unwrap_or_else(|| panic!("{stderr}")));
    }
    let single = mastermind(&[&OPTIMAL_4X7[..], &["-q"]].concat()).expect_status(0);
    for (output, certificate) in outputs.iter().zip(&certificates) {
        let tree = std::fs::read_to_string(output).expect("every run writes the tree");
        assert_eq!(tree, single.stdout, "the tree one process writes");
        let proven = mastermind(&[
            "verify",
            output.to_str().unwrap(),
            "--certificate",
            certificate.to_str().unwrap(),
        ])
        .expect_status(0);
        says(&proven.stdout, "optimality: proven");
    }
    let total = count_of(&finished_in(&pieces)[0]);
    assert_eq!(finished_in(&pieces).len(), total);
    assert_eq!(notes_in(&pieces), Vec::<String>::new());
    // Each solved its share: a run that solved every piece would have left the others none.
    assert!(solved.iter().sum::<usize>() >= total, "{solved:?}");
    assert!(solved.iter().all(|&count| count < total), "{solved:?}");
}

/// A piece whose notes another process holds is passed over by a whole run, which solves the
/// rest and waits for it, saying so; a start on that piece alone is refused. Once the holder
/// lets go, the waiting run takes the piece over and writes the tree.
#[test]
fn a_piece_held_by_another_process_is_left_to_it() {
    let directory = tempfile::tempdir().unwrap();
    let reference = directory.path().join("reference");
    let optimal = ["generate", "--strategy", "optimal"];
    let single = mastermind(&[&optimal[..], &["-q"]].concat()).expect_status(0);
    mastermind(
        &[
            &optimal[..],
            &["-q", "--resume", reference.to_str().unwrap()],
        ]
        .concat(),
    )
    .expect_status(0);
    let total = count_of(&finished_in(&reference)[0]);

    let pieces = directory.path().join("pieces");
    let dir = pieces.to_str().unwrap();
    std::fs::create_dir_all(&pieces).unwrap();
    let notes = pieces.join(format!("piece-0000-of-{total}.notes"));
    let holder = std::fs::File::create(&notes).unwrap();
    holder.lock().unwrap();

    let alone = mastermind(
        &[
            &optimal[..],
            &["--resume", dir, "--shard", &format!("0/{total}")],
        ]
        .concat(),
    )
    .expect_status(2);
    says(
        &alone.stderr,
        &format!("piece 0/{total}: another process is solving it"),
    );
    let rest = Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(optimal)
        .args(["--resume", dir])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while finished_in(&pieces).len() < total - 1 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the run solves the pieces no one holds"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // It waits for the piece held, however long.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(finished_in(&pieces).len(), total - 1);
    drop(holder);
    let rest = rest.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&rest.stderr);
    assert_eq!(rest.status.code(), Some(0), "{stderr}");
    says(
        &stderr,
        &format!("waiting for the pieces other runs on this directory hold (0/{total})"),
    );
    assert_eq!(String::from_utf8_lossy(&rest.stdout), single.stdout);
}

/// A piece, a piece's certificate or its proof under way in `DIR` that is not a regular file
/// is refused at once with its path (exit 2): a FIFO there used to hang the run when the piece
/// was written.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_link_among_the_pieces_is_refused() {
    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    std::fs::create_dir(&pieces).unwrap();
    let fifo = pieces.join("piece-0003-of-48.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let run = |dir: &Path| {
        let args = [
            "generate",
            "-q",
            "--strategy",
            "optimal",
            "--pegs",
            "4",
            "--colours",
            "5",
            "--resume",
            dir.to_str().unwrap(),
        ];
        mastermind(&args).expect_status(2)
    };
    let refused = run(&pieces);
    says(
        &refused.stderr,
        &format!("{} is not a regular file", fifo.display()),
    );
    std::fs::remove_file(&fifo).unwrap();
    let link = pieces.join("piece-0004-of-48.cert");
    std::os::unix::fs::symlink(directory.path().join("elsewhere"), &link).unwrap();
    let refused = run(&pieces);
    says(
        &refused.stderr,
        &format!("{} is not a regular file", link.display()),
    );
    assert!(
        !directory.path().join("elsewhere").exists(),
        "nothing written through the link"
    );
    std::fs::remove_file(&link).unwrap();
    let proof = pieces.join("piece-0005-of-48.cert.partial");
    let made = Command::new("mkfifo").arg(&proof).status().unwrap();
    assert!(made.success());
    let refused = run(&pieces);
    says(
        &refused.stderr,
        &format!("{} is not a regular file", proof.display()),
    );
}

/// The interval `generate --resume DIR --bounds` prints: `L <= optimum <= U`.
fn interval_printed(stdout: &str) -> (u64, u64) {
    let figures: Vec<u64> = stdout
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    // "optimal 3×4: L <= optimum <= U (average …)"
    (figures[2], figures[3])
}

#[test]
fn bounds_print_the_interval_a_run_has_proven_at_any_stop() {
    let directory = tempfile::tempdir().unwrap();
    let path = |name: &str| directory.path().join(name).to_str().unwrap().to_owned();
    let (pieces, lower, upper) = (path("pieces"), path("lower.cert"), path("upper.json"));
    let game = ["--strategy", "optimal", "--pegs", "3", "--colours", "4"];
    let bounds = |extra: &[&str]| {
        let args = [
            &["generate"],
            &game[..],
            &["--resume", &pieces, "--bounds"],
            extra,
        ]
        .concat();
        mastermind(&args).expect_status(0)
    };
    // Nothing in yet: the size bounds and the heuristics' tree.
    let before = bounds(&["-o", &upper, "--certificate", &lower]);
    let (least, most) = interval_printed(&before.stdout);
    says(&before.stderr, "0 of the plan's");
    assert!(least < most, "{}", before.stdout);
    // Each bound checks on its own: `verify` replays the tree, and the checker states the
    // certificate's bound against it.
    let checked = mastermind(&["verify", "--certificate", &lower, &upper]).expect_status(1);
    says(
        &checked.stdout,
        &format!(
            "every strategy needs at least {least} guesses in all, but this tree needs {most}"
        ),
    );

    // Every piece in: the interval is the optimum, and the certificate proves the tree.
    let whole = mastermind(&[&["generate", "-q"], &game[..], &["--resume", &pieces]].concat())
        .expect_status(0);
    let total: serde_json::Value = serde_json::from_str(&whole.stdout).unwrap();
    let optimum = total["claims"]["total_guesses"].as_u64().unwrap();
    let after = bounds(&["-o", &upper, "--certificate", &lower]);
    assert_eq!(interval_printed(&after.stdout), (optimum, optimum));
    assert!(least <= optimum && optimum <= most);
    let checked = mastermind(&["verify", "--certificate", &lower, &upper]).expect_status(0);
    says(&checked.stdout, "optimality: proven");

    // --upper takes a strategy's tree of the game; one of another game is refused.
    let knuth = path("knuth.json");
    mastermind(&[
        "generate",
        "-q",
        "--pegs",
        "3",
        "--colours",
        "4",
        "-o",
        &knuth,
    ])
    .expect_status(0);
    assert_eq!(
        interval_printed(&bounds(&["--upper", &knuth]).stdout),
        (optimum, optimum)
    );
    let other = path("other.json");
    mastermind(&["generate", "-q", "-o", &other]).expect_status(0);
    let args = [
        &["generate"],
        &game[..],
        &["--resume", &pieces, "--bounds", "--upper", &other],
    ];
    let refused = mastermind(&args.concat()).expect_status(2);
    says(&refused.stderr, "is a tree of 4×6, the run is of 3×4");
    // --bounds reads the directory and writes nothing unless asked: no flag without --resume.
    mastermind(&["generate", "--strategy", "optimal", "--bounds"]).expect_status(2);
}

/// `--bounds --checked-proofs DIR` checks each piece's proof once and remembers it by its
/// contents: a refresh recalls it, a record cut short is taken as absent and the proof
/// checked again, and a proof changed since is another proof, checked afresh and refused by
/// its name if it does not hold.
#[test]
fn bounds_check_each_piece_proof_once_with_a_directory_of_checked_proofs() {
    let directory = tempfile::tempdir().unwrap();
    let path = |name: &str| directory.path().join(name).to_str().unwrap().to_owned();
    let (pieces, checked, whole) = (path("pieces"), path("checked"), path("whole.cert"));
    let game = ["--strategy", "optimal", "--pegs", "3", "--colours", "4"];
    let run = [&["generate", "-q"], &game[..], &["--resume", &pieces]].concat();
    mastermind(&[&run[..], &["--certificate", &whole]].concat()).expect_status(0);
    let files_in = |directory: &str, extension: &str| -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == extension))
            .collect();
        files.sort();
        files
    };
    let proofs = files_in(&pieces, "cert");
    // Proofs of equal contents (small pieces' proofs can be) are checked once between them.
    let contents: std::collections::HashSet<Vec<u8>> =
        proofs.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let (count, distinct) = (proofs.len(), contents.len());
    assert!(distinct > 1, "{distinct} different piece proofs");
    let bounds = |status| {
        let args = [
            &["generate"],
            &game[..],
            &[
                "--resume",
                &pieces,
                "--bounds",
                "--checked-proofs",
                &checked,
            ],
        ];
        mastermind(&args.concat()).expect_status(status)
    };
    let all_checked = format!(
        "({distinct} checked now, {} as checked before",
        count - distinct
    );

    let first = bounds(0);
    says(&first.stderr, &all_checked);
    let again = bounds(0);
    says(
        &again.stderr,
        &format!("(0 checked now, {count} as checked before"),
    );
    assert_eq!(
        interval_printed(&first.stdout),
        interval_printed(&again.stdout)
    );
    let records = files_in(&checked, "facts");
    assert_eq!(records.len(), distinct, "one record per proof's contents");

    for record in &records {
        let bytes = std::fs::read(record).unwrap();
        std::fs::write(record, &bytes[..bytes.len() / 2]).unwrap();
    }
    let cut = bounds(0);
    says(&cut.stderr, &all_checked);
    assert_eq!(
        interval_printed(&cut.stdout),
        interval_printed(&first.stdout)
    );

    // A file that is no certificate at all is refused as `merge` refuses a part's, by name.
    std::fs::write(&proofs[0], b"not a certificate").unwrap();
    let refused = bounds(2);
    says(&refused.stderr, &proofs[0].display().to_string());
}
