//! The pieces of the searches under way, committed under `trees/frontier/`: each must still be
//! a part of the plan this build makes (a change to the plan would strand hours of search),
//! unchanged since it was written, and each exact piece's tree must solve its codes in the
//! total it claims.

use std::path::{Path, PathBuf};

use mastermind_shard::optimal::check_unfinished;

fn frontier() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/frontier")
}

#[test]
fn the_committed_frontier_pieces_are_parts_of_todays_plans_and_verify() {
    let mut runs = 0;
    for run in std::fs::read_dir(frontier()).unwrap() {
        let run = run.unwrap().path();
        if !run.is_dir() {
            continue;
        }
        let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&run)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .map(|path| {
                let text = std::fs::read_to_string(&path).unwrap();
                (path, text)
            })
            .collect();
        files.sort();
        let checked =
            check_unfinished(&files).unwrap_or_else(|error| panic!("{}: {error}", run.display()));
        assert_eq!(checked, files.len(), "{}", run.display());
        runs += 1;
    }
    assert!(runs >= 2, "the frontier holds {runs} runs");
}
