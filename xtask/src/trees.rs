//! The committed trees under `trees/`: what each is, how to build it with the library, and the
//! regen/check pair that keeps the files fresh (check also verifies every JSON tree). A tree
//! whose search takes minutes is not rebuilt by `check` (which `cargo test` runs): its JSON is
//! verified and its notations printed from it, and `regen-slow` rebuilds it. A tree whose
//! search takes hours is the merge of its resumable run's pieces under `trees/frontier/`,
//! merged again by `check`, so that it stays exactly what its committed pieces make.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use mastermind::notation::{print, Layout, Notation};
use mastermind::strategy::{knuth, NoProgress};
use mastermind::strategy::{optimal, OptimalOptions};
use mastermind::tree::{Node, StrategyInfo, TreeFile};
use mastermind::verify::{verify_file, VerifyOptions};
use mastermind::{Codebook, FeedbackKind, Game, Scorer};

/// One committed tree and the files written for it.
struct CommittedTree {
    /// File stem under `trees/`, e.g. `knuth-4x6`.
    stem: &'static str,
    game: fn() -> Game,
    source: Source,
}

/// Where a committed tree comes from.
enum Source {
    /// A search of seconds: `check` runs it.
    Search(Build),
    /// A search of minutes: only `regen-slow` runs it.
    SlowSearch(Build),
    /// The pieces of a resumable run, in this directory under `trees/frontier/`, merged as
    /// `mastermind merge` merges them.
    Pieces(&'static str),
}

/// Builds the tree and names the strategy with its parameters.
type Build = fn(&Scorer) -> (Node, StrategyInfo);

const COMMITTED: &[CommittedTree] = &[
    CommittedTree {
        stem: "knuth-4x6",
        game: Game::classic,
        source: Source::Search(|scorer| (knuth(scorer, &NoProgress), StrategyInfo::named("knuth"))),
    },
    CommittedTree {
        stem: "optimal-4x6",
        game: Game::classic,
        source: Source::Search(|scorer| optimal_tree(scorer, None)),
    },
    CommittedTree {
        stem: "optimal-4x6-max5",
        game: Game::classic,
        source: Source::Search(|scorer| optimal_tree(scorer, Some(5))),
    },
    // Five pegs and five colours: the search takes seconds, and the C++ peer finds the same total.
    CommittedTree {
        stem: "optimal-5x5",
        game: || Game::new(5, 5, true, FeedbackKind::BlackWhite).expect("5×5 is a valid game"),
        source: Source::Search(|scorer| optimal_tree(scorer, None)),
    },
    // Black pegs only: its least worst case (9) is this tree's, so one file serves both.
    CommittedTree {
        stem: "optimal-4x6-black-only",
        game: || Game::new(4, 6, true, FeedbackKind::BlackOnly).expect("4×6 is a valid game"),
        source: Source::Search(|scorer| optimal_tree(scorer, None)),
    },
    // Four pegs and nine colours: the search takes about 3 minutes on two cores.
    CommittedTree {
        stem: "optimal-4x9",
        game: || Game::new(4, 9, true, FeedbackKind::BlackWhite).expect("4×9 is a valid game"),
        source: Source::SlowSearch(|scorer| optimal_tree(scorer, None)),
    },
    // Four pegs and ten colours: hours of search, in the 52 pieces of a resumable run.
    CommittedTree {
        stem: "optimal-4x10",
        game: || Game::new(4, 10, true, FeedbackKind::BlackWhite).expect("4×10 is a valid game"),
        source: Source::Pieces("4x10"),
    },
    // Five pegs and six colours: the 105 pieces of a resumable run.
    CommittedTree {
        stem: "optimal-5x6",
        game: || Game::new(5, 6, true, FeedbackKind::BlackWhite).expect("5×6 is a valid game"),
        source: Source::Pieces("5x6"),
    },
    // Five pegs and seven colours: the 110 pieces of a resumable run, over four days of
    // sittings.
    CommittedTree {
        stem: "optimal-5x7",
        game: || Game::new(5, 7, true, FeedbackKind::BlackWhite).expect("5×7 is a valid game"),
        source: Source::Pieces("5x7"),
    },
    // Black pegs only, four pegs and eight colours: the 4 pieces of a resumable run, 11 minutes
    // of one thread in all.
    CommittedTree {
        stem: "optimal-4x8-black-only",
        game: || Game::new(4, 8, true, FeedbackKind::BlackOnly).expect("4×8 is a valid game"),
        source: Source::Pieces("4x8-black-only"),
    },
    // Five pegs and eight colours with consistent guesses only: the 110 pieces of a resumable
    // run, the last of which took about an hour and a half of one thread.
    CommittedTree {
        stem: "optimal-consistent-5x8",
        game: || Game::new(5, 8, true, FeedbackKind::BlackWhite).expect("5×8 is a valid game"),
        source: Source::Pieces("5x8-consistent"),
    },
];

/// The expected-case optimum, under a cap on the worst case if given.
fn optimal_tree(scorer: &Scorer, max_guesses: Option<usize>) -> (Node, StrategyInfo) {
    let options = OptimalOptions {
        max_guesses,
        consistent_only: false,
    };
    let result = optimal(scorer, &options, &NoProgress)
        .expect("every committed game is solvable within its cap");
    let mut info = StrategyInfo::named("optimal");
    if let Some(max) = max_guesses {
        info.parameters.insert("max_guesses".into(), max.into());
    }
    (result.tree, info)
}

/// A file under `trees/` and the bytes it should hold.
struct Expected {
    name: String,
    contents: String,
}

/// The files of every committed tree: built afresh, or for slow trees unless `rebuild_slow`,
/// the committed JSON as it is with the notations printed from it.
fn expected_files(root: &Path, rebuild_slow: bool) -> anyhow::Result<Vec<Expected>> {
    let mut files = Vec::new();
    for tree in COMMITTED {
        let json = format!("{}.json", tree.stem);
        let (book, root_node, contents) = match tree.source {
            Source::Search(build) => built(tree.game, build),
            Source::SlowSearch(build) if rebuild_slow => built(tree.game, build),
            Source::SlowSearch(_) => {
                let path = root.join("trees").join(&json);
                let contents = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let book = Codebook::new((tree.game)());
                let node = node_of(&book, &json, &contents)?;
                (book, node, contents)
            }
            Source::Pieces(run) => {
                let contents = merged(&root.join("trees/frontier").join(run))?;
                let book = Codebook::new((tree.game)());
                let node = node_of(&book, &json, &contents)?;
                (book, node, contents)
            }
        };
        let book = &book;
        files.push(Expected {
            name: format!("{}.knuth.txt", tree.stem),
            contents: print(book, &root_node, Notation::Knuth, Layout::Sections),
        });
        files.push(Expected {
            name: format!("{}.irving.txt", tree.stem),
            contents: print(book, &root_node, Notation::Irving, Layout::Sections),
        });
        files.push(Expected {
            name: json,
            contents,
        });
    }
    Ok(files)
}

/// Builds a tree by its search.
fn built(game: fn() -> Game, build: Build) -> (Codebook, Node, String) {
    let scorer = Scorer::new(game());
    let (node, strategy) = build(&scorer);
    let contents = TreeFile::new(scorer.codebook(), strategy, &node).to_json();
    (scorer.codebook().clone(), node, contents)
}

/// The tree of the JSON file `name` that holds `contents`.
fn node_of(book: &Codebook, name: &str, contents: &str) -> anyhow::Result<Node> {
    let file = TreeFile::from_json(contents).with_context(|| format!("trees/{name}"))?;
    file.tree
        .to_node(book)
        .map_err(|message| anyhow::anyhow!("trees/{name}: {message}"))
}

/// The tree file that the pieces in `run` merge into.
fn merged(run: &Path) -> anyhow::Result<String> {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for entry in std::fs::read_dir(run).with_context(|| format!("cannot read {}", run.display()))? {
        let path = entry?.path();
        if path
            .extension()
            .is_some_and(|extension| extension == "json")
        {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            files.push((path, text));
        }
    }
    files.sort();
    let file = mastermind::runs::optimal::merge(&files)?;
    Ok(file.to_json())
}

/// Rewrites every committed tree, the slow ones too if `rebuild_slow` (else only their
/// notations, from their JSON).
pub fn regen(root: &Path, rebuild_slow: bool) -> anyhow::Result<()> {
    let directory = root.join("trees");
    for expected in expected_files(root, rebuild_slow)? {
        let path = directory.join(&expected.name);
        mastermind::files::write_atomically(&path, expected.contents.as_bytes())?;
        eprintln!("wrote trees/{}", expected.name);
    }
    Ok(())
}

/// Fails when a committed tree differs from what the code builds now, or does not verify.
pub fn check(root: &Path) -> anyhow::Result<()> {
    let directory = root.join("trees");
    let mut stale = Vec::new();
    for expected in expected_files(root, false)? {
        let path = directory.join(&expected.name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != expected.contents {
            stale.push(expected.name.clone());
        }
        if expected.name.ends_with(".json") {
            verify_committed(&expected.name, &committed)?;
        }
    }
    if !stale.is_empty() {
        bail!(
            "stale under trees/: {} (run `cargo xtask regen`)",
            stale.join(", ")
        );
    }
    Ok(())
}

fn verify_committed(name: &str, text: &str) -> anyhow::Result<()> {
    let file = TreeFile::from_json(text).with_context(|| format!("trees/{name}"))?;
    let report = verify_file(&file, &VerifyOptions::default())?;
    if !report.is_valid() {
        bail!("trees/{name} does not verify:\n{report}");
    }
    Ok(())
}
