//! Input made to hurt: certificates whose cost would be out of all proportion to their size,
//! run under a memory cap and a time limit; outputs named as one of the command's inputs;
//! files the tool writes itself that a reader once refused.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mastermind::certificate::{Bound, CertificateWriter, Fact, Header, Step};
use mastermind::{Code, Feedback, FeedbackKind, Game};
use rand::{RngExt, SeedableRng};

use crate::support::{knuth_classic_json, mastermind, says, write_file};

/// The most virtual memory a check of a hostile certificate may take: the binary with its
/// threads and the 5×7 reply table fit well within it, while the faults it guards against took
/// 1.4 to 3.6 GB.
const MEMORY_CAP_KIB: u64 = 1 << 20;
/// How long such a check may take: it used to take minutes.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// A certificate about `game` holding `facts`, written with `writer`'s layout and gzipped
/// when `gzip`.
fn certificate(game: Game, facts: impl IntoIterator<Item = Fact>, gzip: bool) -> Vec<u8> {
    let header = Header {
        game,
        consistent_only: false,
    };
    let mut writer = CertificateWriter::new(Vec::new(), &header).unwrap();
    for fact in facts {
        writer.fact(&fact).unwrap();
    }
    let plain = writer.finish().unwrap();
    if !gzip {
        return plain;
    }
    let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    packed.write_all(&plain).unwrap();
    packed.finish().unwrap()
}

/// The fact that the whole game needs at least `bound` guesses.
fn at_start(bound: u32) -> Fact {
    Fact {
        path: Vec::new(),
        budget: None,
        bound: Bound::AtLeast(bound),
        renaming: None,
    }
}

/// `mastermind ARGS` with its virtual memory capped at [`MEMORY_CAP_KIB`], stopped and
/// failed if it runs past [`TIME_LIMIT`]: its exit status and its output.
fn capped(args: &[&str]) -> (i32, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_mastermind"))
        .args(["-j", "2"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            panic!("`mastermind {}` ran past {TIME_LIMIT:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let status = output
        .status
        .code()
        .unwrap_or_else(|| panic!("killed by a signal: {text}"));
    (status, text)
}

/// `verify TREE --certificate CERTIFICATE` [`capped`], by the fast checker and then by the
/// reference checker.
fn by_both_checkers(tree: &str, certificate: &Path) -> [(i32, String); 2] {
    let verify = [
        "verify",
        tree,
        "--certificate",
        certificate.to_str().unwrap(),
    ];
    [
        capped(&verify),
        capped(&[&verify[..], &["--reference"]].concat()),
    ]
}

fn written(directory: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = directory.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn committed(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// A certificate of a hundred bytes naming 4 pegs × 45 colours (4.1 million codes), checked
/// against a 4×6 tree, is refused for its game before any of its facts: as a verify, a merge's
/// part certificate and a resume's stopped proof.
#[test]
fn a_certificate_of_a_larger_game_costs_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let tree = write_file(directory.path(), "k46.json", &knuth_classic_json());
    let large = Game::new(4, 45, true, FeedbackKind::BlackWhite).unwrap();
    for facts in [200, 2000, 200_000] {
        let bytes = certificate(large, (0..facts).map(|_| at_start(0)), true);
        assert!(bytes.len() < 2000, "{} bytes", bytes.len());
        let path = written(directory.path(), "root.cert.gz", &bytes);
        let (status, text) = capped(&["verify", &tree, "--certificate", path.to_str().unwrap()]);
        assert_eq!(status, 1, "{text}");
        says(&text, "the certificate is for 4×45, not 4×6");
    }
}

/// Facts the size bounds settle (a bound of 0 or one the set's size gives), repeated by the
/// thousand about the start of the committed 5×7 optimum's game, or a million of them about
/// 4×6, cost reading them: the certificate proves nothing of the tree, quickly.
#[test]
fn facts_the_size_bounds_settle_cost_nothing_but_reading_them() {
    let directory = tempfile::tempdir().unwrap();
    let five_by_seven = Game::new(5, 7, true, FeedbackKind::BlackWhite).unwrap();
    let bytes = certificate(five_by_seven, (0..16_384).map(|at| at_start(at % 2)), true);
    let path = written(directory.path(), "5x7.cert.gz", &bytes);
    let tree = committed("trees/optimal-5x7.json");
    let (status, text) = capped(&["verify", &tree, "--certificate", path.to_str().unwrap()]);
    assert_eq!(status, 1, "{text}");
    says(&text, "proves that every strategy needs at least");

    let classic = Game::classic();
    let optimal = committed("trees/optimal-4x6.json");
    let million = certificate(classic, (0..1_000_000).map(|at| at_start(at % 3)), true);
    assert!(million.len() < 8192, "{} bytes", million.len());
    let path = written(directory.path(), "million.cert.gz", &million);
    for (status, text) in by_both_checkers(&optimal, &path) {
        assert_eq!(status, 1, "{text}");
        says(&text, "NOT proven");
    }
}

/// A fuzzer's worth of small certificates about 4×6 (paths of up to three steps, guesses and
/// replies at random, some that name no code or reply, bounds around the size bounds), each
/// checked under the cap by both checkers: every one ends in a verdict, never a crash, a hang
/// or a usage error.
#[test]
fn random_certificates_end_in_a_verdict_under_the_cap() {
    let directory = tempfile::tempdir().unwrap();
    let optimal = committed("trees/optimal-4x6.json");
    let classic = Game::classic();
    let mut random = rand_chacha::ChaCha8Rng::seed_from_u64(95);
    for round in 0..12 {
        let facts: Vec<Fact> = (0..random.random_range(1..3000))
            .map(|_| {
                let path = (0..random.random_range(0..=3))
                    .map(|_| Step {
                        guess: Code(random.random_range(0..1300)),
                        reply: Feedback::from_index(random.random_range(0..16)),
                    })
                    .collect();
                Fact {
                    path,
                    budget: random.random_bool(0.2).then(|| random.random_range(0..8)),
                    bound: Bound::AtLeast(random.random_range(0..40)),
                    renaming: None,
                }
            })
            .collect();
        let bytes = certificate(classic, facts, round % 2 == 0);
        let path = written(directory.path(), "random.cert", &bytes);
        for (status, text) in by_both_checkers(&optimal, &path) {
            assert_eq!(status, 1, "round {round}: {text}");
        }
    }
}

/// The same damage to a gzip-compressed certificate and to a plain one gets the checker's
/// verdict (exit 1), not an I/O error: bytes after the closing record, the gzip trailer cut.
#[test]
fn a_damaged_gzip_certificate_gets_the_checkers_verdict() {
    let directory = tempfile::tempdir().unwrap();
    let tree = committed("trees/optimal-4x6.json");
    let good = std::fs::read(committed("trees/certificates/optimal-4x6.cert")).unwrap();
    let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    packed.write_all(&good).unwrap();
    let packed = packed.finish().unwrap();
    let mut junk = packed.clone();
    junk.extend_from_slice(b"junk after the stream");
    let cut = packed[..packed.len() - 4].to_vec();
    for (name, bytes, said) in [
        ("junk.cert.gz", junk, "follow its closing record"),
        ("cut.cert.gz", cut, "cut short"),
    ] {
        let path = written(directory.path(), name, &bytes);
        let run = mastermind(&["verify", &tree, "--certificate", path.to_str().unwrap()]);
        assert_eq!(run.status, 1, "{name}: {}{}", run.stdout, run.stderr);
        says(&run.stdout, said);
    }
}

/// Every command refuses (exit 2, naming both) an output that is one of its inputs, through a
/// link or a hard link, another of its outputs, or a file inside the run directory it reads;
/// the input is left as it was.
#[test]
fn no_command_writes_over_its_own_input() {
    let directory = tempfile::tempdir().unwrap();
    let tree = write_file(directory.path(), "tree.json", &knuth_classic_json());
    let link = directory.path().join("link.json");
    std::os::unix::fs::symlink("tree.json", &link).unwrap();
    let link = link.to_str().unwrap();
    let hard = directory.path().join("hard.json");
    std::fs::hard_link(&tree, &hard).unwrap();
    let hard = hard.to_str().unwrap();
    let original = std::fs::read(&tree).unwrap();
    let optimal = write_file(
        directory.path(),
        "optimal.json",
        &std::fs::read_to_string(committed("trees/optimal-4x6.json")).unwrap(),
    );
    for args in [
        &["certify", optimal.as_str(), "-o", optimal.as_str()][..],
        &["html", &tree, "-o", &tree],
        &["html", &tree, "-o", link],
        &["html", &tree, "-o", hard],
        &["convert", &tree, "-o", link],
        &["compare", "--tree", &tree, "--svg", hard],
        &["merge", &tree, "-o", &tree],
    ] {
        let run = mastermind(args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        says(&run.stderr, "writing it would replace what is read");
    }
    assert_eq!(std::fs::read(&tree).unwrap(), original);

    let run_directory = directory.path().join("run");
    std::fs::create_dir(&run_directory).unwrap();
    let piece = run_directory.join("piece-0000-of-15.json");
    let run = mastermind(&[
        "generate",
        "--strategy",
        "optimal",
        "--resume",
        run_directory.to_str().unwrap(),
        "-o",
        piece.to_str().unwrap(),
    ]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    says(&run.stderr, "is inside --resume");

    let run = mastermind(&[
        "generate",
        "--strategy",
        "optimal",
        "--colours",
        "4",
        "-o",
        "/dev/stdout",
        "--certificate",
        "-",
    ]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    says(&run.stderr, "name the same output, standard output");
}

/// The deepest trees of the games the tool accepts (a code solved only with the 100th or
/// 101st guess) are written and read back by every reader.
#[test]
fn the_deepest_trees_the_tool_writes_are_read_by_every_reader() {
    let directory = tempfile::tempdir().unwrap();
    for (strategy, pegs) in [
        ("first-consistent", "1"),
        ("knuth", "1"),
        ("first-consistent", "2"),
    ] {
        let path = directory.path().join(format!("{strategy}-{pegs}.json"));
        let path = path.to_str().unwrap();
        mastermind(&[
            "generate",
            "-q",
            "--strategy",
            strategy,
            "--pegs",
            pegs,
            "--colours",
            "100",
            "-o",
            path,
        ])
        .expect_status(0);
        let verified = mastermind(&["verify", path]).expect_status(0);
        says(&verified.stdout, "worst case: 10");
        mastermind(&["print", path]).expect_status(0);
        mastermind(&["convert", path]).expect_status(0);
        let page = directory.path().join("page.html");
        mastermind(&["html", path, "-o", page.to_str().unwrap()]).expect_status(0);
    }
}

/// The reference checker on a game of 7 pegs: its symmetries are listed a position at a time
/// and once for each path's guesses, where it once built every order of positions anew for
/// each fact and ran for tens of minutes.
#[test]
fn the_reference_checker_checks_seven_pegs_within_the_time_limit() {
    let directory = tempfile::tempdir().unwrap();
    let tree = directory.path().join("7x2.json");
    let proof = directory.path().join("7x2.cert");
    let (tree, proof) = (tree.to_str().unwrap(), proof.to_str().unwrap());
    mastermind(&[
        "generate",
        "-q",
        "--strategy",
        "optimal",
        "--pegs",
        "7",
        "--colours",
        "2",
        "-o",
        tree,
        "--certificate",
        proof,
    ])
    .expect_status(0);
    let (status, text) = capped(&["verify", tree, "--certificate", proof, "--reference"]);
    assert_eq!(status, 0, "{text}");
    says(&text, "optimality: proven");
}
