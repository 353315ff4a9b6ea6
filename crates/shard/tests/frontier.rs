//! The pieces of the searches under way, committed under `trees/frontier/`: each must still be
//! a part of the plan this build makes (a change to the plan would strand hours of search),
//! unchanged since it was written, and each exact piece's tree must solve its codes in the
//! total it claims.

use std::path::{Path, PathBuf};

use mastermind_core::{Codebook, FeedbackKind, Game};
use mastermind_shard::notes::read_notes;
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

/// The notes of the pieces under way read back whole, checksums and all, as the next start
/// takes them in: of the plan their run's pieces record, and of the piece their name says.
#[test]
fn the_committed_notes_read_back_as_a_resumed_run_reads_them() {
    for run in std::fs::read_dir(frontier()).unwrap() {
        let run = run.unwrap().path();
        if !run.is_dir() {
            continue;
        }
        let paths: Vec<PathBuf> = std::fs::read_dir(&run)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        let Some(part) = paths
            .iter()
            .find(|path| path.extension().is_some_and(|e| e == "json"))
        else {
            continue;
        };
        let part: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(part).unwrap()).unwrap();
        let plan = &part["plan"];
        let game = &plan["game"];
        let number = |field: &str| game[field].as_u64().unwrap() as u32;
        let feedback = match game["feedback"].as_str().unwrap() {
            "black-only" => FeedbackKind::BlackOnly,
            _ => FeedbackKind::BlackWhite,
        };
        let game = Game::new(
            number("pegs"),
            number("colours"),
            game["repetition"] == true,
            feedback,
        )
        .unwrap();
        let book = Codebook::new(game);
        let digest = plan["digest"].as_str().unwrap();
        for notes in paths
            .iter()
            .filter(|path| path.extension().is_some_and(|e| e == "notes"))
        {
            let text = std::fs::read_to_string(notes).unwrap();
            let header: serde_json::Value =
                serde_json::from_str(text.lines().next().unwrap()).unwrap();
            let piece = header["piece"].as_u64().unwrap() as usize;
            let read = read_notes(&text, &book, digest, piece)
                .unwrap_or_else(|error| panic!("{}: {error}", notes.display()));
            assert!(!read.notes.is_empty(), "{} holds no notes", notes.display());
        }
    }
}
