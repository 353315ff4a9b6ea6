//! Certificates of optimality end to end: `generate --certificate`, `certify` and `verify
//! --certificate` on the committed 4×6 trees and their committed certificates, the report's
//! `optimality` in text and JSON, every refusal with its exit status, and the certificates of
//! runs cut into shards or resumed.

use std::path::Path;

use mastermind::certificate::read_facts;
use serde_json::Value;

use crate::support::{knuth_classic_json, mastermind, says, write_file, Run};

fn committed(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// `mastermind verify TREE --certificate CERTIFICATE` (and `extra`), which must exit with
/// `status`.
fn verify_with(tree: &str, certificate: &str, extra: &[&str], status: i32) -> Run {
    let args = [&["verify", tree, "--certificate", certificate][..], extra].concat();
    mastermind(&args).expect_status(status)
}

/// `generate`'s arguments for the optimal tree of `pegs` pegs and `colours` colours.
fn optimal<'a>(pegs: &'a str, colours: &'a str) -> [&'a str; 7] {
    [
        "generate",
        "--strategy",
        "optimal",
        "--pegs",
        pegs,
        "--colours",
        colours,
    ]
}

/// An optimal 3×4 tree and its certificate, written by `generate` with `extra` options into
/// `directory`: their paths.
fn generated_with_certificate(directory: &Path, extra: &[&str]) -> (String, String) {
    let tree = directory.join("3x4.json").display().to_string();
    let certificate = directory.join("3x4.cert").display().to_string();
    let outputs = ["-o", &tree, "--certificate", &certificate];
    mastermind(&[&["-q"][..], &optimal("3", "4"), extra, &outputs].concat()).expect_status(0);
    (tree, certificate)
}

#[test]
fn the_committed_optima_of_4x6_are_proven_by_their_certificates() {
    for (tree, certificate) in [
        (
            "trees/optimal-4x6.json",
            "trees/certificates/optimal-4x6.cert",
        ),
        (
            "trees/optimal-4x6-max5.json",
            "trees/certificates/optimal-4x6-max5.cert",
        ),
        // Black pegs only: the checker renames colours position by position.
        (
            "trees/optimal-4x6-black-only.json",
            "trees/certificates/optimal-4x6-black-only.cert.gz",
        ),
    ] {
        let (tree, certificate) = (committed(tree), committed(certificate));
        let run = verify_with(&tree, &certificate, &[], 0);
        says(&run.stdout, "optimality: proven (a certificate of");
        let json = verify_with(&tree, &certificate, &["--json"], 0);
        let report: Value = serde_json::from_str(&json.stdout).unwrap();
        assert_eq!(report["optimality"], "proven", "{tree}");
        // The reference checker reaches the same verdict.
        let reference = verify_with(&tree, &certificate, &["--reference"], 0);
        says(&reference.stdout, "optimality: proven (a certificate of");
    }
}

#[test]
fn an_optimal_tree_without_a_certificate_is_unproven_and_others_claim_nothing() {
    let optimal = committed("trees/optimal-4x6.json");
    let run = mastermind(&["verify", &optimal]).expect_status(0);
    says(&run.stdout, "optimality: unproven (no certificate given");
    let json = mastermind(&["verify", &optimal, "--json"]).expect_status(0);
    let report: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(report["optimality"], "unproven");
    let knuth =
        mastermind(&["verify", &committed("trees/knuth-4x6.json"), "--json"]).expect_status(0);
    let report: Value = serde_json::from_str(&knuth.stdout).unwrap();
    assert!(report.get("optimality").is_none(), "{report}");
}

#[test]
fn knuths_tree_is_not_proven_by_the_optimums_certificate() {
    let knuth = committed("trees/knuth-4x6.json");
    let run = verify_with(
        &knuth,
        &committed("trees/certificates/optimal-4x6.cert"),
        &[],
        1,
    );
    says(&run.stdout, "optimality: NOT proven");
    says(
        &run.stdout,
        "at least 5625 guesses in all, but this tree needs 5801",
    );
}

#[test]
fn a_certificate_proves_only_the_claim_it_was_written_for() {
    // The optimum without a cap needs 6 guesses for some codes: its certificate says nothing
    // of the best strategy within 5, so it does not prove the capped tree's 5626.
    let capped = committed("trees/optimal-4x6-max5.json");
    let run = verify_with(
        &capped,
        &committed("trees/certificates/optimal-4x6.cert"),
        &[],
        1,
    );
    says(&run.stdout, "NOT proven");
    // Another game's certificate.
    let directory = tempfile::tempdir().unwrap();
    let (tree, certificate) = generated_with_certificate(directory.path(), &[]);
    verify_with(&tree, &certificate, &[], 0);
    let run = verify_with(&committed("trees/optimal-4x6.json"), &certificate, &[], 1);
    says(&run.stdout, "the certificate is for 3×4, not 4×6");
}

/// `tree` (a committed file, or a path) with its strategy's `parameters` replaced by
/// `parameters`, written into `directory`: a label forged as an adversary would.
fn relabelled(directory: &Path, tree: &str, parameters: Value) -> String {
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(tree).unwrap()).unwrap();
    file["strategy"]["parameters"] = parameters;
    write_file(directory, "relabelled.json", &file.to_string())
}

#[test]
fn a_cap_the_tree_breaks_is_not_proven() {
    // The 4×6 optimum needs 6 guesses for some codes; labelled with a cap of 4 or 5 it is of
    // neither class, whatever the certificate proves.
    let directory = tempfile::tempdir().unwrap();
    let optimal = committed("trees/optimal-4x6.json");
    for (cap, certificate) in [
        (4, "trees/certificates/optimal-4x6.cert"),
        (5, "trees/certificates/optimal-4x6-max5.cert"),
    ] {
        let forged = relabelled(
            directory.path(),
            &optimal,
            serde_json::json!({ "max_guesses": cap }),
        );
        let run = verify_with(&forged, &committed(certificate), &[], 1);
        says(&run.stdout, "optimality: NOT proven");
        says(
            &run.stdout,
            &format!("the tree needs 6 guesses for some code, more than the cap of {cap}"),
        );
    }
}

#[test]
fn an_any_guess_tree_labelled_consistent_only_is_not_proven() {
    // 4×4: the optimum over any guess is 905 and plays codes that cannot be the secret; the
    // consistent-only optimum is 908, and its certificate proves nothing of the other tree.
    let directory = tempfile::tempdir().unwrap();
    let path = |name: &str| directory.path().join(name).display().to_string();
    let game = [&["-q"][..], &optimal("4", "4")].concat();
    mastermind(&[&game[..], &["-o", &path("any.json")]].concat()).expect_status(0);
    let consistent = ["--consistent-only", "-o", &path("consistent.json")];
    let certificate = ["--certificate", &path("consistent.cert")];
    mastermind(&[&game[..], &consistent, &certificate].concat()).expect_status(0);
    let proven = verify_with(&path("consistent.json"), &path("consistent.cert"), &[], 0);
    says(&proven.stdout, "total guesses: 908");
    let forged = relabelled(
        directory.path(),
        &path("any.json"),
        serde_json::json!({ "consistent_only": true }),
    );
    let run = verify_with(&forged, &path("consistent.cert"), &[], 1);
    says(&run.stdout, "total guesses: 905");
    says(&run.stdout, "optimality: NOT proven");
    says(&run.stdout, "not a candidate");
}

#[test]
fn labels_of_the_wrong_kind_are_not_read_as_absent() {
    let directory = tempfile::tempdir().unwrap();
    let optimal = committed("trees/optimal-4x6.json");
    let certificate = committed("trees/certificates/optimal-4x6.cert");
    for (parameters, says_what) in [
        (
            serde_json::json!({ "max_guesses": "4" }),
            "`max_guesses` is \"4\"",
        ),
        (serde_json::json!({ "minimize": 7 }), "`minimize` is 7"),
        (
            serde_json::json!({ "consistent_only": "no" }),
            "`consistent_only` is \"no\"",
        ),
    ] {
        let forged = relabelled(directory.path(), &optimal, parameters);
        let run = verify_with(&forged, &certificate, &[], 1);
        says(&run.stdout, "optimality: NOT proven");
        says(&run.stdout, says_what);
    }
}

#[test]
fn a_tree_and_its_certificate_named_as_one_file_are_refused() {
    let directory = tempfile::tempdir().unwrap();
    let tree = directory.path().join("3x4.json");
    let tree = tree.to_str().unwrap();
    let generate = optimal("3", "4");
    let run = mastermind(&[&generate[..], &["-o", tree, "--certificate", tree]].concat())
        .expect_status(2);
    says(&run.stderr, "name the same file");
    assert!(!Path::new(tree).exists(), "nothing is written");
    // Through a link to the tree, and both on standard output.
    #[cfg(unix)]
    {
        std::fs::write(tree, "kept").unwrap();
        let link = directory.path().join("link.cert");
        std::os::unix::fs::symlink(tree, &link).unwrap();
        let outputs = ["-o", tree, "--certificate", link.to_str().unwrap()];
        let run = mastermind(&[&generate[..], &outputs].concat()).expect_status(2);
        says(&run.stderr, "name the same file");
        assert_eq!(std::fs::read_to_string(tree).unwrap(), "kept");
    }
    let run = mastermind(&[&generate[..], &["--certificate", "-"]].concat()).expect_status(2);
    says(&run.stderr, "name the same output, standard output");
}

#[test]
fn standard_input_gives_one_input_and_a_proof_is_said_once_written() {
    let optimal = committed("trees/optimal-4x6.json");
    let run = mastermind(&["verify", "-", "--certificate", "-"]).expect_status(2);
    says(&run.stderr, "cannot both be read from standard input");
    // A certificate that cannot be written is not said to be proven.
    #[cfg(target_os = "linux")]
    {
        let run = mastermind(&["certify", &optimal, "-o", "/dev/full"]).expect_status(2);
        assert!(!run.stderr.contains("proven"), "{}", run.stderr);
        says(&run.stderr, "cannot write /dev/full");
    }
}

#[test]
fn a_cut_or_damaged_certificate_fails_and_a_missing_one_is_an_error() {
    let optimal = committed("trees/optimal-4x6.json");
    let bytes = std::fs::read(committed("trees/certificates/optimal-4x6.cert")).unwrap();
    let directory = tempfile::tempdir().unwrap();
    let cut = directory.path().join("cut.cert");
    std::fs::write(&cut, &bytes[..bytes.len() / 3]).unwrap();
    let run = verify_with(&optimal, cut.to_str().unwrap(), &[], 1);
    says(&run.stdout, "truncated");
    let mut damaged = bytes.clone();
    damaged[bytes.len() / 2] ^= 0x40;
    let damaged_path = directory.path().join("damaged.cert");
    std::fs::write(&damaged_path, &damaged).unwrap();
    verify_with(&optimal, damaged_path.to_str().unwrap(), &[], 1);
    let run = verify_with(&optimal, "no-such.cert", &[], 2);
    says(&run.stderr, "cannot read no-such.cert");
}

#[test]
fn certify_and_generate_write_certificates_for_optimal_trees_only() {
    let directory = tempfile::tempdir().unwrap();
    let knuth = write_file(directory.path(), "knuth.json", &knuth_classic_json());
    let run = mastermind(&["certify", &knuth, "-o", "-"]).expect_status(2);
    says(&run.stderr, "claims no optimum");
    let run = mastermind(&["generate", "--certificate", "x.cert"]).expect_status(2);
    says(&run.stderr, "--certificate applies to --strategy optimal");
    // The least worst case: one guess fewer is proven to leave some code unsolved.
    let (tree, certificate) =
        generated_with_certificate(directory.path(), &["--minimize", "worst"]);
    let run = verify_with(&tree, &certificate, &[], 0);
    says(&run.stdout, "optimality: proven");
    // `certify` writes the same certificate from the tree file alone, gzip-compressed when
    // its name ends in `.gz`.
    let again = directory.path().join("again.cert");
    mastermind(&["-q", "certify", &tree, "-o", again.to_str().unwrap()]).expect_status(0);
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&certificate).unwrap()
    );
    let packed = directory.path().join("again.cert.gz").display().to_string();
    mastermind(&["-q", "certify", &tree, "-o", &packed]).expect_status(0);
    assert!(is_gzip(&packed) && !is_gzip(&certificate));
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(&packed).unwrap()),
        &mut unpacked,
    )
    .unwrap();
    assert_eq!(unpacked, std::fs::read(&certificate).unwrap());
    says(
        &verify_with(&tree, &packed, &[], 0).stdout,
        "optimality: proven",
    );
}

/// Whether the file at `path` is gzip-compressed.
fn is_gzip(path: &str) -> bool {
    std::fs::read(path).unwrap().starts_with(&[0x1f, 0x8b])
}

/// `mastermind generate --strategy optimal` for 4×5 with `extra` arguments, quietly.
fn optimal_4x5(extra: &[&str]) -> Run {
    optimal_4x5_saying(&[&["-q"][..], extra].concat())
}

/// [`optimal_4x5`], saying on stderr what it does.
fn optimal_4x5_saying(extra: &[&str]) -> Run {
    mastermind(&[&optimal("4", "5")[..], extra].concat())
}

/// Shards write certificates of their pieces and the merge one of the whole, which proves the
/// merged tree whichever of the parts' certificates it is given: it proves the rest itself.
#[test]
fn shards_and_their_merge_write_certificates_that_prove_the_merged_tree() {
    let directory = tempfile::tempdir().unwrap();
    let at = |name: &str| directory.path().join(name).display().to_string();
    let single = optimal_4x5(&[]).expect_status(0).stdout;
    for k in 0..3 {
        let shard = format!("{k}/3");
        // A name ending in `.gz` asks for it gzip-compressed, here as for every certificate.
        let name = if k == 1 {
            "p1.cert.gz"
        } else {
            &format!("p{k}.cert")
        };
        let (part, certificate) = (at(&format!("p{k}.json")), at(name));
        optimal_4x5(&[
            "--shard",
            &shard,
            "-o",
            &part,
            "--certificate",
            &certificate,
        ])
        .expect_status(0);
        assert_eq!(is_gzip(&certificate), k == 1, "{certificate}");
        let (header, facts) = read_facts(std::fs::File::open(&certificate).unwrap()).unwrap();
        assert_eq!(header.game.code_count(), 625);
        assert!(!facts.is_empty(), "shard {shard} proves its pieces");
        // Each fact of a part is about a class of an opening or below it, never the start.
        assert!(facts.iter().all(|fact| !fact.path.is_empty()));
    }
    let parts = [at("p0.json"), at("p1.json"), at("p2.json")];
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let (p0, p1, p2) = (at("p0.cert"), at("p1.cert.gz"), at("p2.cert"));
    for given in [vec![&p0, &p1, &p2], vec![&p1], vec![]] {
        // A name ending in `.gz` asks for the certificate gzip-compressed.
        let name = if given.len() == 1 {
            "tree.cert.gz"
        } else {
            "tree.cert"
        };
        let (tree, certificate) = (at("tree.json"), at(name));
        let mut merge = [
            &["merge"][..],
            &parts,
            &["-o", &tree, "--certificate", &certificate],
        ]
        .concat();
        if !given.is_empty() {
            merge.push("--part-certificate");
            merge.extend(given.iter().map(|path| path.as_str()));
        }
        let merged = mastermind(&merge).expect_status(0);
        let size = std::fs::metadata(&certificate).unwrap().len();
        says(&merged.stderr, &format!(" facts, {size} bytes, in "));
        assert_eq!(
            is_gzip(&certificate),
            name.ends_with(".gz"),
            "{certificate}"
        );
        assert_eq!(std::fs::read_to_string(&tree).unwrap(), single, "{given:?}");
        let run = verify_with(&tree, &certificate, &[], 0);
        says(&run.stdout, "optimality: proven");
    }
    // A certificate of another game is refused by name.
    let (_, other) = generated_with_certificate(directory.path(), &[]);
    let mut merge = [&["merge"][..], &parts].concat();
    let unwritten = directory
        .path()
        .join("unwritten.cert")
        .display()
        .to_string();
    merge.extend(["--certificate", &unwritten, "--part-certificate", &other]);
    let refused = mastermind(&merge).expect_status(2);
    says(
        &refused.stderr,
        &format!("{other} is not a certificate of this run"),
    );
    says(&refused.stderr, "3×4");
    // A part certificate that does not hold is refused by name before any of it is used:
    // one naming a code the game lacks (which the merge once cited, and panicked), and one
    // claiming more than holds.
    let (header, facts) = read_facts(std::fs::File::open(&p0).unwrap()).unwrap();
    let last = facts.len() - 1;
    type Forge<'f> = &'f dyn Fn(&mut Vec<mastermind::certificate::Fact>);
    let forgeries: [(&str, Forge<'_>); 2] = [
        ("is not a code", &|facts| {
            facts[last].path[0].guess = mastermind::Code(99_999)
        }),
        ("does not hold", &|facts| {
            if let mastermind::certificate::Bound::AtLeast(bound) = facts[last].bound {
                facts[last].bound = mastermind::certificate::Bound::AtLeast(bound + 1000);
            }
        }),
    ];
    for (saying, forge) in forgeries {
        let mut forged = facts.clone();
        forge(&mut forged);
        let mut writer =
            mastermind::certificate::CertificateWriter::new(Vec::new(), &header).unwrap();
        for fact in &forged {
            writer.fact(fact).unwrap();
        }
        let bad = write_file(directory.path(), "bad.cert", "");
        std::fs::write(&bad, writer.finish().unwrap()).unwrap();
        let mut merge = [&["merge"][..], &parts].concat();
        merge.extend(["--certificate", &unwritten, "--part-certificate", &bad]);
        let refused = mastermind(&merge).expect_status(2);
        says(&refused.stderr, &bad);
        says(&refused.stderr, saying);
        assert!(!Path::new(&unwritten).exists());
    }
    // Part certificates go into a certificate, so they need one.
    let mut merge = [&["merge"][..], &parts].concat();
    merge.extend(["--part-certificate", &p0]);
    let refused = mastermind(&merge).expect_status(2);
    says(&refused.stderr, "--certificate");
}

/// Runs that prove side by side on one directory, as the workers of a job array do, each
/// leave to the others the proofs they are writing, never taking one another's file for their
/// own: they all end well, and the run after them writes a certificate that proves the tree.
/// (Three workers once made a proof's file vanish under the run that wrote it about one time
/// in six; a few rounds catch that.)
#[test]
fn runs_proving_side_by_side_share_the_proofs() {
    for round in 0..3 {
        let directory = tempfile::tempdir().unwrap();
        let pieces = directory.path().join("pieces");
        let dir = pieces.to_str().unwrap();
        let at = |name: &str| directory.path().join(name).display().to_string();
        let workers: Vec<_> = (0..3)
            .map(|worker| {
                let (tree, certificate) =
                    (at(&format!("{worker}.json")), at(&format!("{worker}.cert")));
                let resume = ["--resume", dir, "--certificate", &certificate, "-o", &tree];
                std::process::Command::new(env!("CARGO_BIN_EXE_mastermind"))
                    .args([
                        "-q",
                        "-j1",
                        "generate",
                        "--strategy",
                        "optimal",
                        "--colours",
                        "5",
                    ])
                    .args(resume)
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for worker in workers {
            let ended = worker.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&ended.stderr);
            assert_eq!(ended.status.code(), Some(0), "round {round}: {stderr}");
        }
        // The last of them to end wrote the tree and its certificate, which prove it.
        let written: Vec<usize> = (0..3)
            .filter(|worker| Path::new(&at(&format!("{worker}.cert"))).exists())
            .collect();
        assert!(!written.is_empty(), "round {round}: no run wrote the tree");
        for worker in written {
            let (tree, certificate) =
                (at(&format!("{worker}.json")), at(&format!("{worker}.cert")));
            says(
                &verify_with(&tree, &certificate, &[], 0).stdout,
                "optimality: proven",
            );
        }
        let (tree, certificate) = (at("tree.json"), at("tree.cert"));
        optimal_4x5(&["--resume", dir, "--certificate", &certificate, "-o", &tree])
            .expect_status(0);
        says(
            &verify_with(&tree, &certificate, &[], 0).stdout,
            "optimality: proven",
        );
        let left: Vec<String> = std::fs::read_dir(&pieces)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| !name.ends_with(".json") && !name.ends_with(".cert"))
            .collect();
        assert_eq!(
            left,
            Vec::<String>::new(),
            "round {round}: only pieces and proofs are left"
        );
    }
}

/// A resumed run keeps each piece's proof beside the piece, so that a stopped run proves
/// only the rest, and proves the whole once every piece is in.
#[test]
fn a_resumed_run_keeps_each_pieces_certificate_and_proves_the_whole() {
    let directory = tempfile::tempdir().unwrap();
    let pieces = directory.path().join("pieces");
    let dir = pieces.to_str().unwrap();
    let at = |name: &str| directory.path().join(name).display().to_string();
    let (tree, certificate) = (at("tree.json"), at("tree.cert"));
    let resume = ["--resume", dir, "--certificate", &certificate, "-o", &tree];
    // One piece, as a job of an array solves it: its certificate, no tree yet.
    let one = optimal_4x5(&[&resume[..], &["--shard", "3/48"]].concat()).expect_status(0);
    assert!(one.stdout.is_empty());
    // Kept gzip-compressed: a large piece's proof runs to gigabytes.
    assert!(is_gzip(
        pieces.join("piece-0003-of-48.cert").to_str().unwrap()
    ));
    assert!(
        !Path::new(&certificate).exists(),
        "no certificate before the tree"
    );
    optimal_4x5(&resume).expect_status(0);
    let single = optimal_4x5(&[]).expect_status(0).stdout;
    assert_eq!(std::fs::read_to_string(&tree).unwrap(), single);
    says(
        &verify_with(&tree, &certificate, &[], 0).stdout,
        "optimality: proven",
    );
    let proofs = std::fs::read_dir(&pieces)
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().path().extension() == Some("cert".as_ref()))
        .count();
    assert_eq!(proofs, 48);
    // Proofs lost are proven again, and only those; a run for one piece proves its own only
    // (the runs of a job array would otherwise all prove the same ones) and writes no tree.
    for lost in ["piece-0005-of-48.cert", "piece-0006-of-48.cert"] {
        std::fs::remove_file(pieces.join(lost)).unwrap();
    }
    std::fs::remove_file(&certificate).unwrap();
    let own = optimal_4x5_saying(&[&resume[..], &["--shard", "5/48"]].concat()).expect_status(0);
    says(&own.stderr, "piece 5/48: certificate of");
    says(&own.stderr, "1 of the plan's 48 pieces lack a certificate");
    assert!(
        !own.stderr.contains("piece 6/48: certificate"),
        "{}",
        own.stderr
    );
    assert!(!Path::new(&certificate).exists(), "no certificate yet");
    let again = optimal_4x5_saying(&resume).expect_status(0);
    says(&again.stderr, "piece 6/48: certificate of");
    let size = std::fs::metadata(&certificate).unwrap().len();
    says(
        &again.stderr,
        &format!(" facts, {size} bytes, in {certificate}"),
    );
    assert!(
        !again.stderr.contains("piece 5/48: certificate"),
        "{}",
        again.stderr
    );
    says(
        &verify_with(&tree, &certificate, &[], 0).stdout,
        "optimality: proven",
    );
    // The smallest pieces are proven first: a run stopped after hours has finished every
    // piece that fitted in them. Shards are dealt largest first, so their numbers run the
    // other way.
    let lost = [2, 20, 40];
    for shard in lost {
        std::fs::remove_file(pieces.join(format!("piece-{shard:04}-of-48.cert"))).unwrap();
    }
    let codes = |shard: usize| -> u64 {
        let path = pieces.join(format!("piece-{shard:04}-of-48.json"));
        let part: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let pieces = part["pieces"].as_array().unwrap().iter();
        pieces.map(|piece| piece["codes"].as_u64().unwrap()).sum()
    };
    let mut smallest_first = lost.to_vec();
    smallest_first.sort_by_key(|&shard| (codes(shard), shard));
    assert!(
        codes(40) < codes(2),
        "the test needs pieces of different sizes"
    );
    let again = optimal_4x5_saying(&resume).expect_status(0);
    let proven: Vec<usize> = again
        .stderr
        .lines()
        .filter_map(|line| {
            line.strip_prefix("piece ")?
                .split_once("/48: certificate of")
        })
        .map(|(shard, _)| shard.parse().unwrap())
        .collect();
    assert_eq!(proven, smallest_first, "{}", again.stderr);
}
