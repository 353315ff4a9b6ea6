//! Linking the atlas's figures to tree files: a finished figure links to a tree in the given
//! directory for the same game, built by the same strategy, with the same total and worst case
//! once verified, by its path from the atlas file (or as given, when the atlas goes to stdout).
//! A verified tree of the plain optimal search (no cap, every code a guess) also settles its
//! game's optimum where the atlas's own search ran out of time, as a committed static result
//! settles the static number: the searches of hours behind `trees/optimal-4x9.json`,
//! `optimal-4x10.json` and `optimal-5x6.json` are not run again for the atlas. That no tree
//! needs fewer guesses rests on the search that wrote it (`cargo xtask check` merges the
//! frontier's pieces again; a certificate proves it where there is one).

use std::path::{Component, Path, PathBuf};

use mastermind_core::FeedbackKind;
use mastermind_strategy::StrategyKind;
use mastermind_tree::TreeFile;
use mastermind_verify::{verify_file, VerifyOptions};

use crate::{Figures, GameKey, Measure, Variant};

/// The verified whole-game trees of a directory, to link the atlas's figures to (none: no
/// links, as [`Links::default`] is).
#[derive(Default)]
pub struct Links {
    active: bool,
    trees: Vec<Linked>,
}

struct Linked {
    game: GameKey,
    strategy: String,
    /// Whether the strategy ran with no parameters (no cap, no opening, every code a guess).
    plain: bool,
    figures: Figures,
    path: String,
}

impl Links {
    /// Reads every `.json` tree in `directory` that verifies and plays a whole game of the
    /// atlas's variants; other files are passed over.
    pub fn find(directory: &Path, atlas: Option<&Path>) -> std::io::Result<Links> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(directory)
            .map_err(|error| {
                std::io::Error::new(
                    error.kind(),
                    format!("cannot read {}: {error}", directory.display()),
                )
            })?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            // Regular files only: a FIFO or a device named `.json` would never end.
            .filter(|path| path.extension().is_some_and(|e| e == "json") && path.is_file())
            .collect();
        paths.sort();
        let base = atlas
            .filter(|path| path.as_os_str() != "-")
            .map(|path| absolute(path.parent().unwrap_or(Path::new(""))));
        let mut trees = Vec::new();
        for path in paths {
            let Some(file) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| TreeFile::from_json(&text).ok())
            else {
                continue;
            };
            let Some(linked) = linkable(&file) else {
                continue;
            };
            let shown = match &base {
                Some(base) => relative(&absolute(&path), base),
                None => path.display().to_string(),
            };
            trees.push(Linked {
                path: shown,
                ..linked
            });
        }
        Ok(Links {
            active: true,
            trees,
        })
    }

    /// Whether links were asked for.
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// The figures of a plain optimal tree for `game`, if there is one: its optimum.
    pub fn optimum(&self, game: GameKey) -> Option<Figures> {
        let optimal = StrategyKind::Optimal.file_name();
        self.trees
            .iter()
            .find(|tree| tree.game == game && tree.plain && tree.strategy == optimal)
            .map(|tree| tree.figures)
    }

    /// The tree with `measure`'s strategy and these figures for `game` (a proven optimum's
    /// total and worst case), if any.
    pub fn tree_for(&self, game: GameKey, measure: Measure, figures: Figures) -> Option<String> {
        let (kind, _) = measure.strategy()?;
        let figures = Figures {
            facts: None,
            ..figures
        };
        self.trees
            .iter()
            .find(|tree| {
                tree.game == game && tree.strategy == kind.file_name() && tree.figures == figures
            })
            .map(|tree| tree.path.clone())
    }
}

/// The game, strategy and verified figures of a whole game's tree with no opening forced.
fn linkable(file: &TreeFile) -> Option<Linked> {
    if !file.after.is_empty() || file.strategy.parameters.contains_key("opening") {
        return None;
    }
    let game = file.game().ok()?;
    let variant = match (game.repetition(), game.feedback_kind()) {
        (true, FeedbackKind::BlackWhite) => Variant::Repeat,
        (false, FeedbackKind::BlackWhite) => Variant::NoRepeat,
        (true, FeedbackKind::BlackOnly) => Variant::BlackOnly,
        (false, FeedbackKind::BlackOnly) => return None,
    };
    let report = verify_file(file, &VerifyOptions::default()).ok()?;
    if !report.is_valid() {
        return None;
    }
    Some(Linked {
        game: GameKey {
            pegs: game.pegs() as u32,
            colours: game.colours() as u32,
            variant,
        },
        strategy: file.strategy.name.clone(),
        plain: file.strategy.parameters.is_empty(),
        figures: Figures {
            total: Some(report.statistics.total()),
            worst_case: Some(report.statistics.worst_case() as u32),
            ..Figures::default()
        },
        path: String::new(),
    })
}

fn absolute(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    path.canonicalize()
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_owned())
}

/// `path` as seen from the directory `base`, with `/` between parts.
fn relative(path: &Path, base: &Path) -> String {
    let path: Vec<Component<'_>> = path.components().collect();
    let base: Vec<Component<'_>> = base.components().collect();
    let common = path.iter().zip(&base).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); base.len() - common];
    parts.extend(
        path[common..]
            .iter()
            .map(|part| part.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
