//! The pieces of the searches under way, committed under `trees/frontier/`: each must still be
//! a part of the plan this build makes (a change to the plan would strand hours of search),
//! unchanged since it was written, and each exact piece's tree must solve its codes in the
//! total it claims.

use std::path::{Path, PathBuf};

use mastermind_core::{Codebook, FeedbackKind, Game, Scorer};
use mastermind_runs::notes::read_notes;
use mastermind_runs::optimal::check_unfinished;

fn frontier() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../trees/frontier")
}

/// The directories of the frontier runs.
fn runs() -> impl Iterator<Item = PathBuf> {
    let entries = std::fs::read_dir(frontier()).unwrap();
    entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
}

#[test]
fn the_committed_frontier_pieces_are_parts_of_todays_plans_and_verify() {
    let mut run_count = 0;
    for run in runs() {
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
        run_count += 1;
    }
    assert!(run_count >= 2, "the frontier holds {run_count} runs");
}

/// The notes of the pieces under way read back whole, checksums and all, as the next start
/// takes them in: of the plan their run's pieces record, and of the piece their name says.
#[test]
fn the_committed_notes_read_back_as_a_resumed_run_reads_them() {
    for run in runs() {
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

/// The frontier README's tables of pieces say what the committed piece files say: each row's
/// opening, reply, number of codes and result (`total N` or `at least N`), for every run.
#[test]
fn the_frontier_readme_tables_read_as_the_pieces_do() {
    let readme = std::fs::read_to_string(frontier().join("README.md")).unwrap();
    let mut rows_checked = 0;
    for section in readme.split("\n## ").skip(1) {
        let heading = section.lines().next().unwrap();
        let run = if heading.starts_with("4 pegs × 10 colours") {
            "4x10"
        } else if heading.starts_with("5 pegs × 6 colours") {
            "5x6"
        } else if heading.starts_with("5 pegs × 8 colours, consistent") {
            "5x8-consistent"
        } else if heading.starts_with("5 pegs × 8 colours, any guess") {
            "5x8"
        } else if heading.starts_with("5 pegs × 7 colours") {
            "5x7"
        } else if heading.starts_with("4 pegs × 8 colours, black pegs only") {
            "4x8-black-only"
        } else {
            continue;
        };
        let mut pieces = std::collections::HashMap::new();
        for entry in std::fs::read_dir(frontier().join(run)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let part: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for piece in part["pieces"].as_array().unwrap() {
                pieces.insert(
                    (
                        part["shard"].as_u64().unwrap(),
                        piece["piece"].as_u64().unwrap(),
                    ),
                    piece.clone(),
                );
            }
        }
        for line in section.lines().filter(|line| line.starts_with("| ")) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let (Ok(shard), Ok(piece)) = (cells[1].parse::<u64>(), cells[2].parse::<u64>()) else {
                continue;
            };
            let file = pieces
                .get(&(shard, piece))
                .unwrap_or_else(|| panic!("{run}: shard {shard}, piece {piece} has no file"));
            let result = match (file.get("total"), file.get("at_least")) {
                (Some(total), _) => format!("total {total}"),
                (None, Some(bound)) => format!("at least {bound}"),
                (None, None) => panic!("{run}: piece {piece} has no result"),
            };
            let expected = [
                file["opening"].as_str().unwrap().to_owned(),
                file["reply"].as_str().unwrap().to_owned(),
                file["codes"].to_string(),
                result,
            ];
            assert_eq!(
                &cells[3..7],
                &expected.each_ref().map(String::as_str),
                "{run}: {line}"
            );
            rows_checked += 1;
        }
    }
    assert!(rows_checked >= 100, "{rows_checked} rows checked");
}

/// Proofs of pieces larger than this take seconds to minutes each to check, and are left to
/// `cargo xtask certificates --large`, which checks the whole certificate they make.
const MOST_CODES_CHECKED: u64 = 256;

/// The proofs of the frontier pieces proven so far (`piece-K-of-N.cert` beside each piece,
/// committed so that a proof longer than a sitting goes on from them on any machine), those
/// of the smaller pieces, each checked with the independent checker, for the run's game.
#[test]
fn the_committed_piece_proofs_check() {
    let mut checked = 0;
    for run in runs() {
        // One scorer for each run's game, made at its first proof: its table takes longer to
        // make than a small proof takes to check.
        let mut scorer: Option<Scorer> = None;
        for entry in std::fs::read_dir(&run).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "cert") {
                continue;
            }
            let piece = path.with_extension("json");
            assert!(
                piece.exists(),
                "{} proves no committed piece",
                path.display()
            );
            let text = std::fs::read_to_string(&piece).unwrap();
            let part: serde_json::Value = serde_json::from_str(&text).unwrap();
            let codes: u64 = part["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|piece| piece["codes"].as_u64().unwrap())
                .sum();
            if codes > MOST_CODES_CHECKED {
                continue;
            }
            checked += 1;
            let file = || std::fs::File::open(&path).unwrap();
            let scorer = scorer.get_or_insert_with(|| {
                let game = mastermind_certificate::FactReader::new(file())
                    .unwrap()
                    .header()
                    .game;
                Scorer::with_table_up_to(game, mastermind_certificate::CHECKED_TABLE_PAIRS)
            });
            let proven = mastermind_certificate::check_with(scorer, file())
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let pegs = format!("\"pegs\": {}", proven.header().game.pegs());
            assert!(text.contains(&pegs), "{}: another game", path.display());
        }
    }
    assert!(checked > 0, "no piece proof is committed");
}

/// The proofs stopped part-way and committed so that they go on from there on any machine
/// (`piece-K-of-N.cert.partial`): each is of a committed piece not yet proven, of the piece's
/// game, and its facts read as far as a stop left them whole. They are checked when a run
/// takes them in, which for these large pieces takes minutes.
#[test]
fn the_committed_stopped_proofs_are_of_unproven_pieces() {
    for run in runs() {
        for entry in std::fs::read_dir(&run).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "partial") {
                continue;
            }
            let proof = path.with_extension("");
            assert!(
                proof.extension().is_some_and(|e| e == "cert"),
                "{}: a stopped proof is named piece-K-of-N.cert.partial",
                path.display()
            );
            assert!(
                !proof.exists(),
                "{}: the piece is proven, so its stopped proof is stale",
                path.display()
            );
            let piece = proof.with_extension("json");
            let text = std::fs::read_to_string(&piece)
                .unwrap_or_else(|error| panic!("{}: {error}", piece.display()));
            let file = std::fs::File::open(&path).unwrap();
            let mut reader = mastermind_certificate::FactReader::new(file)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let pegs = format!("\"pegs\": {}", reader.header().game.pegs());
            assert!(text.contains(&pegs), "{}: another game", path.display());
            let mut facts = 0;
            loop {
                match reader.next_fact() {
                    Ok(Some(_)) => facts += 1,
                    Ok(None) | Err(mastermind_certificate::CertificateError::Truncated { .. }) => {
                        break
                    }
                    Err(error) => panic!("{}, after {facts} facts: {error}", path.display()),
                }
            }
            assert!(facts > 0, "{}: no fact was kept", path.display());
        }
    }
}
