//! `cargo xtask fuzz [SECONDS]`: every reader of the tool fed mutations of a seed corpus made
//! from the committed files (both notations, JSON trees, shard parts, piece notes, the C
//! solver's punch card and YAML, static sets, the atlas, certificates, and what people type to
//! `solve` and `play`), for SECONDS in all (60 by default), shared out among the readers. A
//! reader may refuse an input with an error, never panic: a panic stops the run, its input
//! saved under `target/fuzz/` to become a regression test. The mutations come from a
//! generator with a fixed seed, so a run repeats exactly.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use mastermind::notation::read;
use mastermind::tree::TreeFile;
use mastermind::verify::{verify_file, verify_notation, verify_read, VerifyOptions};
use mastermind::{Codebook, FeedbackKind, Game, Scorer};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Inputs larger than this after mutation are cut back: a reader's time should go to shapes,
/// not to length.
const MOST_BYTES: usize = 1 << 20;

/// Games larger than this are not verified after reading: the reader was what was fuzzed.
const MOST_CODES: usize = 5000;

/// One reader: its name, its seeds, and how to feed it an input.
struct Target {
    name: &'static str,
    seeds: Vec<Vec<u8>>,
    feed: fn(&[u8]),
}

pub fn run(root: &Path, seconds: u64) -> anyhow::Result<()> {
    let targets = targets(root)?;
    let share = Duration::from_secs(seconds) / targets.len() as u32;
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d61_7374_6572);
    // Panics are caught and reported below, not printed as they happen.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failure = None;
    for target in &targets {
        let started = Instant::now();
        let mut inputs = 0u64;
        while started.elapsed() < share {
            let input = mutated(&target.seeds, &mut rng);
            inputs += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| (target.feed)(&input))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failure = Some((target.name, input, message));
                break;
            }
        }
        println!(
            "{:<12} {inputs:>8} inputs in {:.1?}",
            target.name,
            started.elapsed()
        );
        if failure.is_some() {
            break;
        }
    }
    std::panic::set_hook(quiet);
    if let Some((name, input, message)) = failure {
        let directory = root.join("target/fuzz");
        std::fs::create_dir_all(&directory)?;
        let path = directory.join(format!("{name}-crash"));
        std::fs::write(&path, &input)?;
        bail!(
            "the {name} reader panicked ({message}) on the input saved as {}",
            path.display()
        );
    }
    Ok(())
}

/// A seed changed by one to eight edits: bytes flipped, inserted, deleted, repeated, digits
/// changed, the notations' and JSON's punctuation dropped in, or a piece of another seed.
fn mutated(seeds: &[Vec<u8>], rng: &mut ChaCha8Rng) -> Vec<u8> {
    const TOKENS: &[&[u8]] = &[
        b"(",
        b")",
        b",",
        b";",
        b":",
        b"{",
        b"}",
        b"[",
        b"]",
        b"\"",
        b"\n",
        b"=",
        b"x",
        b"*",
        b"0",
        b"99999999999999999999",
        b"-1",
        b"A",
        b"null",
        b"1e400",
        b"#",
        b" ",
    ];
    let mut input = seeds[rng.random_range(0..seeds.len())].clone();
    for _ in 0..rng.random_range(1..=8) {
        let at = rng.random_range(0..=input.len());
        match rng.random_range(0..7) {
            0 if at < input.len() => input[at] ^= 1 << rng.random_range(0..8),
            1 => input.insert(at, rng.random()),
            2 if at < input.len() => {
                let end = (at + rng.random_range(1..64)).min(input.len());
                input.drain(at..end);
            }
            3 if at < input.len() => {
                let end = (at + rng.random_range(1..64)).min(input.len());
                let piece = input[at..end].to_vec();
                input.splice(at..at, piece);
            }
            4 if at < input.len() && input[at].is_ascii_digit() => {
                input[at] = b'0' + rng.random_range(0..10);
            }
            5 => {
                let token = TOKENS[rng.random_range(0..TOKENS.len())];
                input.splice(at..at, token.iter().copied());
            }
            _ => {
                let other = &seeds[rng.random_range(0..seeds.len())];
                let start = rng.random_range(0..=other.len());
                let end = (start + rng.random_range(0..256)).min(other.len());
                input.splice(at..at, other[start..end].iter().copied());
            }
        }
    }
    input.truncate(MOST_BYTES);
    input
}

fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

fn classic() -> &'static Scorer {
    static SCORER: OnceLock<Scorer> = OnceLock::new();
    SCORER.get_or_init(|| Scorer::new(Game::classic()))
}

/// The files under `directory` (relative to `root`) whose names end with `suffix`.
fn files(root: &Path, directory: &str, suffix: &str) -> anyhow::Result<Vec<Vec<u8>>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(directory))
        .with_context(|| format!("cannot read {directory}"))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()?;
    paths.retain(|path| path.to_string_lossy().ends_with(suffix));
    paths.sort();
    paths
        .iter()
        .map(|path| std::fs::read(path).with_context(|| path.display().to_string()))
        .collect()
}

fn targets(root: &Path) -> anyhow::Result<Vec<Target>> {
    let small_trees: Vec<Vec<u8>> = [
        "knuth-4x6",
        "optimal-4x6",
        "optimal-4x6-max5",
        "optimal-4x6-black-only",
    ]
    .iter()
    .map(|stem| std::fs::read(root.join(format!("trees/{stem}.json"))))
    .collect::<Result<_, _>>()?;
    let mut notations = files(root, "trees", ".knuth.txt")?;
    notations.extend(files(root, "trees", ".irving.txt")?);
    notations.retain(|seed| seed.len() < 200_000);
    notations.extend(files(root, "trees/published", ".txt")?);
    notations.extend(files(root, "tests/corpus/notation", ".txt")?);
    let knuth = TreeFile::from_json(&text(&small_trees[0]))?;
    let book = Codebook::new(Game::classic());
    let node = knuth.tree.to_node(&book).map_err(anyhow::Error::msg)?;
    let written = |format| -> anyhow::Result<Vec<Vec<u8>>> {
        Ok(vec![
            mastermind::formats::write(&book, &node, format)?.into_bytes()
        ])
    };
    let mut parts = files(root, "trees/frontier/5x6", "-of-105.json")?;
    parts.truncate(8);
    Ok(vec![
        Target {
            name: "notation",
            seeds: notations,
            feed: feed_notation,
        },
        Target {
            name: "json-tree",
            seeds: small_trees,
            feed: feed_json_tree,
        },
        Target {
            name: "part",
            seeds: parts,
            feed: feed_part,
        },
        Target {
            name: "notes",
            seeds: files(root, "tests/corpus/notes", ".notes")?,
            feed: feed_notes,
        },
        Target {
            name: "punch-card",
            seeds: written(mastermind::formats::Format::PunchCard)?,
            feed: |input| feed_format(input, mastermind::formats::Format::PunchCard),
        },
        Target {
            name: "yaml",
            seeds: written(mastermind::formats::Format::Yaml)?,
            feed: |input| feed_format(input, mastermind::formats::Format::Yaml),
        },
        Target {
            name: "static",
            seeds: files(root, "trees/static", ".json")?,
            feed: feed_static,
        },
        Target {
            name: "atlas",
            seeds: files(root, "trees/atlas", ".json")?,
            feed: feed_atlas,
        },
        Target {
            name: "certificate",
            seeds: files(root, "trees/certificates", ".cert")?,
            feed: feed_certificate,
        },
        Target {
            name: "typed",
            seeds: [
                "1B1W",
                "BWW",
                "2 1",
                "-",
                "1122=1B0W,3456=0B2W",
                "1123=BW, 1415 = 2B",
            ]
            .iter()
            .map(|seed| seed.as_bytes().to_vec())
            .collect(),
            feed: feed_typed,
        },
    ])
}

fn feed_notation(input: &[u8]) {
    let scorer = classic();
    let reading = read(&text(input), scorer.game(), None);
    verify_notation(scorer, &reading, &[], &VerifyOptions::default());
}

fn feed_json_tree(input: &[u8]) {
    let Ok(file) = TreeFile::from_json(&text(input)) else {
        return;
    };
    if file
        .game()
        .is_ok_and(|game| game.code_count() <= MOST_CODES)
    {
        let _ = verify_file(&file, &VerifyOptions::default());
    }
}

fn feed_part(input: &[u8]) {
    let files = [(PathBuf::from("part.json"), text(input))];
    let _ =
        mastermind::runs::part::read_some_parts::<mastermind::runs::optimal::SolvedPiece>(&files);
}

fn feed_notes(input: &[u8]) {
    static BOOK: OnceLock<Codebook> = OnceLock::new();
    let book = BOOK.get_or_init(|| {
        Codebook::new(Game::new(5, 8, true, FeedbackKind::BlackWhite).expect("5×8"))
    });
    let text = text(input);
    // The seed's own plan and piece, so that mutations reach past the header.
    let digest = "9f14944dd4e5b25894b3d284a250f2870eb8f6a91c7b14f6a6992a4efd5eafc2";
    let _ = mastermind::runs::notes::read_notes(&text, book, digest, 93);
}

fn feed_format(input: &[u8], format: mastermind::formats::Format) {
    let Ok(parsed) = mastermind::formats::parse(&text(input), format) else {
        return;
    };
    let scorer = classic();
    let reading = parsed.read(scorer.game());
    verify_read(
        scorer,
        reading.tree.as_ref(),
        reading.problems,
        &[],
        &VerifyOptions::default(),
    );
}

fn feed_static(input: &[u8]) {
    let _ = mastermind::static_mastermind::StaticFile::from_json(&text(input));
}

fn feed_atlas(input: &[u8]) {
    let _ = mastermind::atlas::AtlasFile::from_json(&text(input));
}

fn feed_certificate(input: &[u8]) {
    let _ = mastermind::certificate::read_facts(input);
}

fn feed_typed(input: &[u8]) {
    let scorer = classic();
    let text = text(input);
    let _ = mastermind::play::parse_reply(scorer.game(), &text);
    let _ = mastermind::play::parse_history(scorer.codebook(), &text);
    // A guess as `play` reads it: the symbols, spaces between them allowed.
    let compact: String = text.split_whitespace().collect();
    let _ = scorer.codebook().parse(&compact);
}
