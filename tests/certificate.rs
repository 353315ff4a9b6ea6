//! Certificates of optimality end to end: `generate --certificate`, `certify` and `verify
//! --certificate` on the committed 4×6 trees and their committed certificates, the report's
//! `optimality` in text and JSON, and every refusal with its exit status.

use std::path::Path;

use serde_json::Value;

use crate::support::{knuth_classic_json, mastermind, says, write_file};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn committed(path: &str) -> String {
    root().join(path).display().to_string()
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
    ] {
        let run = mastermind(&[
            "verify",
            &committed(tree),
            "--certificate",
            &committed(certificate),
        ])
        .expect_status(0);
        says(&run.stdout, "optimality: proven (a certificate of");
        let json = mastermind(&[
            "verify",
            &committed(tree),
            "--certificate",
            &committed(certificate),
            "--json",
        ])
        .expect_status(0);
        let report: Value = serde_json::from_str(&json.stdout).unwrap();
        assert_eq!(report["optimality"], "proven", "{tree}");
    }
}

#[test]
fn an_optimal_tree_without_a_certificate_is_unproven_and_others_claim_nothing() {
    let run = mastermind(&["verify", &committed("trees/optimal-4x6.json")]).expect_status(0);
    says(&run.stdout, "optimality: unproven (no certificate given");
    let json =
        mastermind(&["verify", &committed("trees/optimal-4x6.json"), "--json"]).expect_status(0);
    let report: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(report["optimality"], "unproven");
    let knuth =
        mastermind(&["verify", &committed("trees/knuth-4x6.json"), "--json"]).expect_status(0);
    let report: Value = serde_json::from_str(&knuth.stdout).unwrap();
    assert!(report.get("optimality").is_none(), "{report}");
}

#[test]
fn knuths_tree_is_not_proven_by_the_optimums_certificate() {
    let run = mastermind(&[
        "verify",
        &committed("trees/knuth-4x6.json"),
        "--certificate",
        &committed("trees/certificates/optimal-4x6.cert"),
    ])
    .expect_status(1);
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
    let run = mastermind(&[
        "verify",
        &committed("trees/optimal-4x6-max5.json"),
        "--certificate",
        &committed("trees/certificates/optimal-4x6.cert"),
    ])
    .expect_status(1);
    says(&run.stdout, "NOT proven");
    // Another game's certificate.
    let directory = tempfile::tempdir().unwrap();
    let tree = directory.path().join("3x4.json");
    let certificate = directory.path().join("3x4.cert");
    mastermind(&[
        "-q",
        "generate",
        "--strategy",
        "optimal",
        "--pegs",
        "3",
        "--colours",
        "4",
        "-o",
        tree.to_str().unwrap(),
        "--certificate",
        certificate.to_str().unwrap(),
    ])
    .expect_status(0);
    mastermind(&[
        "verify",
        tree.to_str().unwrap(),
        "--certificate",
        certificate.to_str().unwrap(),
    ])
    .expect_status(0);
    let run = mastermind(&[
        "verify",
        &committed("trees/optimal-4x6.json"),
        "--certificate",
        certificate.to_str().unwrap(),
    ])
    .expect_status(1);
    says(
        &run.stdout,
        "the certificate is for 3×4, the tree plays 4×6",
    );
}

#[test]
fn a_cut_or_damaged_certificate_fails_and_a_missing_one_is_an_error() {
    let bytes = std::fs::read(root().join("trees/certificates/optimal-4x6.cert")).unwrap();
    let directory = tempfile::tempdir().unwrap();
    let cut = directory.path().join("cut.cert");
    std::fs::write(&cut, &bytes[..bytes.len() / 3]).unwrap();
    let run = mastermind(&[
        "verify",
        &committed("trees/optimal-4x6.json"),
        "--certificate",
        cut.to_str().unwrap(),
    ])
    .expect_status(1);
    says(&run.stdout, "truncated");
    let mut damaged = bytes.clone();
    damaged[bytes.len() / 2] ^= 0x40;
    let damaged_path = directory.path().join("damaged.cert");
    std::fs::write(&damaged_path, &damaged).unwrap();
    mastermind(&[
        "verify",
        &committed("trees/optimal-4x6.json"),
        "--certificate",
        damaged_path.to_str().unwrap(),
    ])
    .expect_status(1);
    let run = mastermind(&[
        "verify",
        &committed("trees/optimal-4x6.json"),
        "--certificate",
        "no-such.cert",
    ])
    .expect_status(2);
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
    let tree = directory.path().join("worst.json");
    let certificate = directory.path().join("worst.cert");
    mastermind(&[
        "-q",
        "generate",
        "--strategy",
        "optimal",
        "--minimize",
        "worst",
        "--pegs",
        "3",
        "--colours",
        "4",
        "-o",
        tree.to_str().unwrap(),
        "--certificate",
        certificate.to_str().unwrap(),
    ])
    .expect_status(0);
    let run = mastermind(&[
        "verify",
        tree.to_str().unwrap(),
        "--certificate",
        certificate.to_str().unwrap(),
    ])
    .expect_status(0);
    says(&run.stdout, "optimality: proven");
    // `certify` writes the same certificate from the tree file alone.
    let again = directory.path().join("again.cert");
    mastermind(&[
        "-q",
        "certify",
        tree.to_str().unwrap(),
        "-o",
        again.to_str().unwrap(),
    ])
    .expect_status(0);
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&certificate).unwrap()
    );
}
