//! `generate --shard K/N` and `merge`: the optimal search in shards, run as separate processes,
//! merges into the very bytes one process writes, and a wrong set of parts is refused.

use std::path::Path;

use crate::support::{mastermind, says};

/// Runs every shard of `count` for `game` into `directory` and returns the parts' paths.
fn run_shards(directory: &Path, game: &[&str], count: u32) -> Vec<String> {
    (0..count)
        .map(|index| {
            let path = directory.join(format!("part-{index}-of-{count}.json"));
            let path = path.to_str().unwrap().to_owned();
            let shard = format!("{index}/{count}");
            let mut args = vec![
                "generate",
                "--quiet",
                "--strategy",
                "optimal",
                "--shard",
                &shard,
                "-o",
                &path,
            ];
            args.extend_from_slice(game);
            mastermind(&args).expect_status(0);
            path
        })
        .collect()
}

fn merge(parts: &[String]) -> crate::support::Run {
    let mut args = vec!["merge", "--quiet"];
    args.extend(parts.iter().map(String::as_str));
    mastermind(&args)
}

fn single(game: &[&str]) -> String {
    let mut args = vec!["generate", "--quiet", "--strategy", "optimal"];
    args.extend_from_slice(game);
    mastermind(&args).expect_status(0).stdout
}

#[test]
fn every_split_from_one_to_eight_merges_into_the_single_process_tree() {
    for game in [
        &[][..],
        &["--pegs", "3", "--colours", "4"][..],
        &[
            "--pegs",
            "3",
            "--colours",
            "5",
            "--no-repeat",
            "--max-guesses",
            "4",
        ][..],
        &[
            "--pegs",
            "4",
            "--colours",
            "4",
            "--black-only",
            "--consistent-only",
        ][..],
    ] {
        let expected = single(game);
        let directory = tempfile::tempdir().unwrap();
        for count in 1..=8 {
            let parts = run_shards(directory.path(), game, count);
            let merged = merge(&parts).expect_status(0).stdout;
            assert!(merged == expected, "{game:?} in {count} shards");
        }
    }
}

#[test]
fn a_shard_run_again_writes_the_same_bytes() {
    let directory = tempfile::tempdir().unwrap();
    let first = run_shards(directory.path(), &["--colours", "5"], 3);
    let before = std::fs::read(&first[1]).unwrap();
    run_shards(directory.path(), &["--colours", "5"], 3);
    assert_eq!(std::fs::read(&first[1]).unwrap(), before);
}

#[test]
fn a_missing_or_repeated_shard_is_named() {
    let directory = tempfile::tempdir().unwrap();
    let parts = run_shards(directory.path(), &["--colours", "5"], 4);
    let run = merge(&[parts[0].clone(), parts[2].clone()]).expect_status(2);
    assert!(
        run.stderr.contains("shards 1/4, 3/4 are missing")
            && run.stderr.contains("--shard 1/4, --shard 3/4"),
        "{}",
        run.stderr
    );
    let mut twice = parts.clone();
    twice.push(parts[3].clone());
    let run = merge(&twice).expect_status(2);
    assert!(
        run.stderr.contains("shard 3/4 is given twice"),
        "{}",
        run.stderr
    );
}

#[test]
fn parts_of_another_game_or_split_are_refused() {
    let directory = tempfile::tempdir().unwrap();
    let five = run_shards(directory.path(), &["--colours", "5"], 2);
    let other = tempfile::tempdir().unwrap();
    let four = run_shards(other.path(), &["--colours", "4"], 2);
    let run = merge(&[five[0].clone(), four[1].clone()]).expect_status(2);
    assert!(
        run.stderr.contains("belongs to another run")
            && run.stderr.contains("its game is 4×4, not 4×5"),
        "{}",
        run.stderr
    );
    let capped = tempfile::tempdir().unwrap();
    let capped = run_shards(capped.path(), &["--colours", "5", "--max-guesses", "5"], 2);
    let run = merge(&[five[0].clone(), capped[1].clone()]).expect_status(2);
    assert!(run.stderr.contains("its options are"), "{}", run.stderr);
    let three = tempfile::tempdir().unwrap();
    let three = run_shards(three.path(), &["--colours", "5"], 3);
    let run = merge(&[five[0].clone(), three[1].clone()]).expect_status(2);
    assert!(
        run.stderr.contains("one of 3 shards, not 2"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_part_changed_after_it_was_written_is_refused() {
    let directory = tempfile::tempdir().unwrap();
    let parts = run_shards(directory.path(), &["--colours", "5"], 2);
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let changed = text.replacen("\"total\": ", "\"total\": 1", 1);
    assert_ne!(changed, text);
    std::fs::write(&parts[1], changed).unwrap();
    let run = merge(&parts).expect_status(1);
    assert!(
        run.stderr.contains("was changed after it was written"),
        "{}",
        run.stderr
    );
    std::fs::write(&parts[1], "{ not json").unwrap();
    let run = merge(&parts).expect_status(2);
    assert!(
        run.stderr.contains("is not a shard part: line 1, column 3"),
        "{}",
        run.stderr
    );
}

#[test]
fn shards_apply_to_the_optimal_search_only() {
    let run = mastermind(&["generate", "--shard", "0/2"]).expect_status(2);
    assert!(run.stderr.contains("--strategy optimal"), "{}", run.stderr);
    let run = mastermind(&["generate", "--strategy", "optimal", "--shard", "2/2"]).expect_status(2);
    assert!(run.stderr.contains("K counts from 0"), "{}", run.stderr);
    let run = mastermind(&[
        "generate",
        "--strategy",
        "optimal",
        "--minimize",
        "worst",
        "--shard",
        "0/2",
    ])
    .expect_status(2);
    assert!(run.stderr.contains("--minimize worst"), "{}", run.stderr);
}

/// The static search's file without its time, which only one process can measure.
fn without_time(file: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(file).expect("a static file");
    let mut value = value;
    value["search"]
        .as_object_mut()
        .expect("a search record")
        .remove("seconds");
    serde_json::to_string_pretty(&value).unwrap()
}

#[test]
fn the_static_search_in_shards_merges_into_the_single_process_result() {
    for game in [
        ["--pegs", "3", "--colours", "6"],
        ["--pegs", "4", "--colours", "4"],
    ] {
        let directory = tempfile::tempdir().unwrap();
        let single_path = directory.path().join("single.json");
        let mut args = vec![
            "static",
            "search",
            "--quiet",
            "-o",
            single_path.to_str().unwrap(),
        ];
        args.extend_from_slice(&game);
        mastermind(&args).expect_status(0);
        let single = std::fs::read_to_string(&single_path).unwrap();
        for count in 1..=8 {
            let parts: Vec<String> = (0..count)
                .map(|index| {
                    let path = directory
                        .path()
                        .join(format!("static-{index}-of-{count}.json"));
                    let path = path.to_str().unwrap().to_owned();
                    let shard = format!("{index}/{count}");
                    let mut args = vec![
                        "static", "search", "--quiet", "--shard", &shard, "-o", &path,
                    ];
                    args.extend_from_slice(&game);
                    mastermind(&args).expect_status(0);
                    path
                })
                .collect();
            let merged = merge(&parts).expect_status(0).stdout;
            assert!(!merged.contains("seconds"), "{merged}");
            assert_eq!(
                without_time(&merged),
                without_time(&single),
                "{game:?} in {count} shards"
            );
        }
    }
}

#[test]
fn parts_of_different_searches_do_not_mix() {
    let directory = tempfile::tempdir().unwrap();
    let optimal = run_shards(directory.path(), &["--pegs", "3", "--colours", "4"], 2);
    let static_part = directory.path().join("static-1.json");
    mastermind(&[
        "static",
        "search",
        "--quiet",
        "--pegs",
        "3",
        "--colours",
        "4",
        "--shard",
        "1/2",
        "-o",
        static_part.to_str().unwrap(),
    ])
    .expect_status(0);
    let run =
        merge(&[optimal[0].clone(), static_part.to_str().unwrap().to_owned()]).expect_status(2);
    assert!(
        run.stderr
            .contains("it is of the static search, not the optimal"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_cluster_recipes_are_well_formed() {
    for script in [
        "contrib/slurm/submit.sh",
        "contrib/slurm/shard.sbatch",
        "contrib/slurm/merge.sbatch",
        "contrib/slurm/submit-array.sh",
        "contrib/slurm/atlas.sh",
        "contrib/slurm/atlas-shard.sbatch",
        "contrib/slurm/atlas-merge.sbatch",
        "contrib/slurm/resume.sh",
        "contrib/slurm/resume.sbatch",
    ] {
        let status = std::process::Command::new("bash")
            .args(["-n", script])
            .status()
            .expect("bash runs");
        assert!(status.success(), "{script} is not valid bash");
    }
    for (script, arguments) in [
        ("submit.sh", "SHARDS OUTPUT"),
        ("atlas.sh", "SHARDS OUTPUT"),
        ("resume.sh", "WORKERS OUTPUT"),
    ] {
        let usage = std::process::Command::new("bash")
            .arg(format!("contrib/slurm/{script}"))
            .output()
            .expect("bash runs");
        assert_eq!(usage.status.code(), Some(2));
        let said = String::from_utf8_lossy(&usage.stderr);
        assert!(said.contains(&format!("{script} {arguments}")), "{said}");
    }

    // The Indexed Job runs as many pods as the shards its command names.
    let text = std::fs::read_to_string("contrib/kubernetes/shards.yaml").unwrap();
    let documents = yaml_rust2::YamlLoader::load_from_str(&text).expect("valid YAML");
    let job = documents
        .iter()
        .find(|document| document["kind"].as_str() == Some("Job"))
        .expect("a Job");
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    let completions = spec["completions"].as_i64().expect("completions");
    let command = spec["template"]["spec"]["containers"][0]["args"][0]
        .as_str()
        .expect("the shard's command");
    assert!(
        command.contains(&format!("--shard \"$JOB_COMPLETION_INDEX/{completions}\"")),
        "{command}"
    );
    let merge = std::fs::read_to_string("contrib/kubernetes/merge.yaml").unwrap();
    let merge = yaml_rust2::YamlLoader::load_from_str(&merge).expect("valid YAML");
    assert_eq!(merge[0]["kind"].as_str(), Some("Job"));
}

/// A shard or a resumed run plays the whole search; an opening it did not play must not be
/// recorded in its parts.
#[test]
fn an_opening_is_refused_by_shards_and_resumed_runs() {
    let directory = tempfile::tempdir().unwrap();
    let part = directory.path().join("part.json");
    let resumed = directory.path().join("pieces");
    for split in [
        ["--shard", "0/2", "-o", part.to_str().unwrap()],
        ["--resume", resumed.to_str().unwrap(), "-o", "-"],
    ] {
        let mut args = vec!["generate", "--strategy", "optimal", "--colours", "4"];
        args.extend(["--opening", "1122"]);
        args.extend(split);
        let run = mastermind(&args).expect_status(2);
        says(&run.stderr, "--opening runs in one process");
    }
    assert!(!part.exists() && !resumed.exists());
}
