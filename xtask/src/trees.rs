//! The committed trees under `trees/`: what each is, how to build it with the library, and the
//! regen/check pair that keeps the files fresh (check also verifies every JSON tree). A tree
//! whose search takes minutes is not rebuilt by `check` (which `cargo test` runs): its JSON is
//! verified and its notations printed from it, and `regen-slow` rebuilds it.

use std::path::Path;

use anyhow::{bail, Context};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_solve::{knuth, optimal, NoProgress, OptimalOptions};
use mastermind_tree::notation::{print, Layout, Notation};
use mastermind_tree::{Node, StrategyInfo, TreeFile};
use mastermind_verify::{verify_file, VerifyOptions};

/// One committed tree and the files written for it.
struct CommittedTree {
    /// File stem under `trees/`, e.g. `knuth-4x6`.
    stem: &'static str,
    game: fn() -> Game,
    /// Builds the tree and names the strategy with its parameters.
    build: fn(&Scorer) -> (Node, StrategyInfo),
    /// The search takes minutes: only `regen-slow` runs it.
    slow: bool,
}

const COMMITTED: &[CommittedTree] = &[
    CommittedTree {
        stem: "knuth-4x6",
        game: Game::classic,
        build: |scorer| (knuth(scorer, &NoProgress), StrategyInfo::named("knuth")),
        slow: false,
    },
    CommittedTree {
        stem: "optimal-4x6",
        game: Game::classic,
        build: |scorer| optimal_tree(scorer, None),
        slow: false,
    },
    CommittedTree {
        stem: "optimal-4x6-max5",
        game: Game::classic,
        build: |scorer| optimal_tree(scorer, Some(5)),
        slow: false,
    },
    // Five pegs and five colours: the search takes seconds, and the C++ peer finds the same total.
    CommittedTree {
        stem: "optimal-5x5",
        game: || Game::new(5, 5, true, FeedbackKind::BlackWhite).expect("5×5 is a valid game"),
        build: |scorer| optimal_tree(scorer, None),
        slow: false,
    },
    // Black pegs only: its least worst case (9) is this tree's, so one file serves both.
    CommittedTree {
        stem: "optimal-4x6-black-only",
        game: || Game::new(4, 6, true, FeedbackKind::BlackOnly).expect("4×6 is a valid game"),
        build: |scorer| optimal_tree(scorer, None),
        slow: false,
    },
    // Four pegs and nine colours: the search takes about 4 minutes on two cores.
    CommittedTree {
        stem: "optimal-4x9",
        game: || Game::new(4, 9, true, FeedbackKind::BlackWhite).expect("4×9 is a valid game"),
        build: |scorer| optimal_tree(scorer, None),
        slow: true,
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
        let scorer = Scorer::new((tree.game)());
        let book = scorer.codebook();
        let json = format!("{}.json", tree.stem);
        let (root_node, contents) = if tree.slow && !rebuild_slow {
            let path = root.join("trees").join(&json);
            let contents = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let file = TreeFile::from_json(&contents).with_context(|| format!("trees/{json}"))?;
            let node = file
                .tree
                .to_node(book)
                .map_err(|message| anyhow::anyhow!("trees/{json}: {message}"))?;
            (node, contents)
        } else {
            let (node, strategy) = (tree.build)(&scorer);
            let contents = TreeFile::new(book, strategy, &node).to_json();
            (node, contents)
        };
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

/// Rewrites every committed tree, the slow ones too if `rebuild_slow` (else only their
/// notations, from their JSON).
pub fn regen(root: &Path, rebuild_slow: bool) -> anyhow::Result<()> {
    let directory = root.join("trees");
    for expected in expected_files(root, rebuild_slow)? {
        let path = directory.join(&expected.name);
        std::fs::write(&path, &expected.contents)
            .with_context(|| format!("cannot write {}", path.display()))?;
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
