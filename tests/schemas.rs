//! The JSON Schemas committed under `trees/`, checked against what the binary really writes:
//! every `--json` output, and the committed tree files.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn schema(name: &str) -> jsonschema::Validator {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("trees/mastermind-{name}.schema.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let schema: Value = serde_json::from_str(&text).expect("a schema is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|error| panic!("{name}: {error}"))
}

#[track_caller]
fn conforms(validator: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|error| format!("{} at {}", error, error.instance_path))
        .collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

/// Runs the binary from the repository's root (so committed files are at hand).
fn output(args: &[&str]) -> Value {
    let run = Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    serde_json::from_slice(&run.stdout).unwrap_or_else(|error| panic!("{args:?}: {error}"))
}

#[test]
fn every_json_output_conforms_to_its_schema() {
    let cases: [(&str, &[&str]); 11] = [
        (
            "verification",
            &["verify", "trees/knuth-4x6.json", "--json"],
        ),
        (
            "verification",
            &[
                "verify",
                "trees/knuth-4x6.json",
                "--json",
                "--max-guesses",
                "4",
            ],
        ),
        (
            "verification",
            &[
                "verify",
                "trees/published/knuth-1976-figure-1.txt",
                "--json",
            ],
        ),
        ("trace", &["trace", "3632", "1111", "--json"]),
        (
            "trace",
            &["trace", "--all", "--json", "--pegs", "3", "--colours", "3"],
        ),
        ("next", &["next", "--json"]),
        (
            "next",
            &["next", "--json", "--explain", "--strategy", "optimal"],
        ),
        (
            "next",
            &[
                "next",
                "--json",
                "--explain",
                "--after",
                "1122=1B0W,1344=0B1W,3526=1B2W",
            ],
        ),
        ("comparison", &["compare", "--json", "-q"]),
        (
            "comparison",
            &[
                "compare",
                "--json",
                "-q",
                "--strategies",
                "random-consistent,knuth",
                "--samples",
                "3",
            ],
        ),
        (
            "openings",
            &[
                "compare",
                "--json",
                "-q",
                "--openings",
                "--strategies",
                "knuth,optimal",
            ],
        ),
    ];
    for (name, args) in cases {
        conforms(&schema(name), &output(args), &format!("{args:?}"));
    }
}

#[test]
fn the_committed_trees_conform_to_the_tree_schema() {
    let validator = schema("strategy-tree");
    let trees = Path::new(env!("CARGO_MANIFEST_DIR")).join("trees");
    let mut checked = 0;
    for entry in std::fs::read_dir(&trees).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".json") && !name.ends_with(".schema.json") {
            let file: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            conforms(&validator, &file, &name);
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} trees");
}

/// A schema that checks nothing would pass anything: each rejects a changed output.
#[test]
fn the_schemas_refuse_what_they_do_not_describe() {
    let mut report = output(&["verify", "trees/knuth-4x6.json", "--json"]);
    report["format"] = Value::from("mastermind-trace");
    assert!(!schema("verification").is_valid(&report));
    let mut next = output(&["next", "--json"]);
    next["guess_is_candidate"] = Value::from("yes");
    assert!(!schema("next").is_valid(&next));
    let mut comparison = output(&["compare", "--json", "-q", "--strategies", "knuth"]);
    comparison["strategies"][0]["stray"] = Value::from(1);
    assert!(!schema("comparison").is_valid(&comparison));
}

/// A section's file, written by `convert --after`, conforms too, and the schema describes its
/// history (a step without its reply is refused).
#[test]
fn a_section_file_conforms_to_the_tree_schema() {
    let directory = tempfile::tempdir().unwrap();
    let json = directory.path().join("k.json");
    let json = json.to_str().unwrap();
    crate::support::mastermind(&[
        "convert",
        "trees/published/koyama-lai-1993-table-1-K.txt",
        "--after",
        "1123=1B1W,1415=1B1W",
        "-o",
        json,
    ])
    .expect_status(0);
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let validator = schema("strategy-tree");
    conforms(&validator, &file, "k.json");
    file["after"][0].as_object_mut().unwrap().remove("reply");
    assert!(!validator.is_valid(&file));
}

/// The committed atlas conforms to its schema, and the schema refuses a finished figure
/// without its time and a measure it does not know.
#[test]
fn the_committed_atlas_conforms_to_the_atlas_schema() {
    let validator = schema("atlas");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("trees/atlas/atlas.json");
    let atlas: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    conforms(&validator, &atlas, "trees/atlas/atlas.json");
    let mut changed = atlas.clone();
    let knuth = &mut changed["entries"][0]["results"]["knuth"];
    knuth.as_object_mut().unwrap().remove("seconds");
    assert!(!validator.is_valid(&changed));
    let mut changed = atlas;
    let results = changed["entries"][0]["results"].as_object_mut().unwrap();
    let knuth = results["knuth"].clone();
    results.insert("minimax".to_owned(), knuth);
    assert!(!validator.is_valid(&changed));
}
