//! The committed atlas under `trees/atlas/`: `regen-atlas` runs the release binary's `atlas`
//! over the committed grid (reusing what the file already settled, so a run that stops goes on
//! where it left off) and writes its main table into `trees/atlas/README.md`; `check`
//! recomputes every small entry in this process and compares its figures, checks each linked
//! tree's verified figures, and that the CSV and the table are the JSON's.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};
use mastermind::atlas::{compute, AtlasFile, Measure, Outcome, Reached, Variant};
use mastermind::tree::{Statistics, TreeFile};
use mastermind::verify::{verify_file, VerifyOptions};

/// The committed grids, run in turn into one file: every game of 2 to 8 pegs and 2 to 10
/// colours with at most 5040 codes (Bulls and Cows included), in each variant; then every game
/// with repeated colours of at most 10000 codes up to 10 pegs and 36 colours; then the rest of
/// those games (2 × 37 to 2 × 100, and 11 to 13 pegs of 2 colours), whose static numbers are
/// all out of reach (2 × 19's already is), so they get 15 s where the rest get 60 s. Then the
/// proofs of the optima of all of them, 30 s each (a proof takes 15 to 100 times its search),
/// and a second round of 240 s for those that ran out. Last, the optima and least worst cases
/// that ran out of their 60 s get 1200 s (from nothing, this round alone may take hours).
const GRIDS: &[Grid] = &[
    FIRST_GRID,
    Grid {
        pegs: "2..10",
        colours: "2..36",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: "knuth,expected-size,entropy,most-parts,first-consistent,optimal,least-worst",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: "static",
        budget: "15",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: PROOFS,
        budget: "30",
        ..FIRST_GRID
    },
    Grid {
        measures: PROOFS,
        budget: "30",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: PROOFS,
        budget: "240",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: PROOFS,
        budget: "240",
        ..FIRST_GRID
    },
    Grid {
        measures: OPTIMA,
        budget: "1200",
        ..EVERY_GAME_UP_TO_10000_CODES
    },
    Grid {
        measures: OPTIMA,
        budget: "1200",
        ..FIRST_GRID
    },
];

/// Every game of 2 to 8 pegs and 2 to 10 colours with at most 5040 codes, in each variant.
const FIRST_GRID: Grid = Grid {
    pegs: "2..8",
    colours: "2..10",
    variants: "repeat,no-repeat,black-only",
    max_codes: "5040",
    ..EVERY_GAME_UP_TO_10000_CODES
};

/// Every game with repeated colours of at most 10000 codes.
const EVERY_GAME_UP_TO_10000_CODES: Grid = Grid {
    pegs: "2..13",
    colours: "2..100",
    variants: "repeat",
    measures: ALL_BUT_PROOFS,
    max_codes: "10000",
    budget: "60",
};

const ALL_BUT_PROOFS: &str =
    "knuth,expected-size,entropy,most-parts,first-consistent,optimal,least-worst,static";

const PROOFS: &str = "proven-optimal,proven-least-worst";

const OPTIMA: &str = "optimal,least-worst";

/// One run of `mastermind atlas` over a grid of games: its flags' values.
struct Grid {
    pegs: &'static str,
    colours: &'static str,
    variants: &'static str,
    measures: &'static str,
    max_codes: &'static str,
    budget: &'static str,
}

impl Grid {
    fn args(&self) -> [&'static str; 12] {
        [
            "--pegs",
            self.pegs,
            "--colours",
            self.colours,
            "--variants",
            self.variants,
            "--measures",
            self.measures,
            "--max-codes",
            self.max_codes,
            "--budget",
            self.budget,
        ]
    }
}

/// `check` recomputes the figures of games with at most this many codes that took at most
/// [`RECOMPUTED_SECONDS`] (seconds in all; 8 × 2's optima alone took half a minute).
const RECOMPUTED_CODES: u64 = 256;
const RECOMPUTED_SECONDS: f64 = 1.0;

/// Games whose totals the literature gives, whose strategies' totals `check` recomputes
/// whatever the game's size: 4×5 (2463, Goddard), and without repetition 4×6, 4×7 and 4×8
/// (1446, 3639, 7817). Each takes well under a second; 4×8's 20471 and 20473 take half a
/// minute, so `check-atlas` does them.
const ANCHORS: &[(u32, u32, Variant)] = &[
    (4, 5, Variant::Repeat),
    (4, 6, Variant::NoRepeat),
    (4, 7, Variant::NoRepeat),
    (4, 8, Variant::NoRepeat),
];

/// Computes again each outcome of `atlas` that `chosen` picks and fails at the first that
/// differs: a finished one must give the same figures, a failed one must fail again. Returns
/// how many were computed.
fn recompute(
    atlas: &AtlasFile,
    chosen: impl Fn(&mastermind::atlas::Entry, &Outcome) -> bool,
) -> anyhow::Result<usize> {
    let mut computed = 0;
    for entry in &atlas.entries {
        for (name, outcome) in &entry.results {
            if !chosen(entry, outcome) {
                continue;
            }
            let measure = Measure::from_name(name).expect("the file was checked");
            let recomputed = compute(measure, entry.game, &Quiet);
            match (outcome, recomputed) {
                (Outcome::Finished { .. }, Ok(figures)) if outcome.figures() == Some(figures) => {}
                (Outcome::Failed { .. }, Err(_)) => {}
                (_, recomputed) => bail!(
                    "atlas: {} {name}: the file says {outcome:?}, recomputed {recomputed:?}",
                    entry.game
                ),
            }
            computed += 1;
        }
    }
    Ok(computed)
}

/// The longest budget the committed atlas gave a computation (a second try after 60 s):
/// `check-atlas`'s default, which computes again every outcome the atlas computed itself. The
/// static results taken in from `trees/static/` took longer; `check` verifies their sets.
pub const LONGEST_BUDGET: f64 = 150.0;

/// `cargo xtask check-atlas [SECONDS]`: computes again every outcome of the committed atlas
/// that finished (or failed) within `budget` seconds when it was recorded, and fails on a
/// difference. About twelve minutes for all the atlas computed, on two cores.
pub fn check_all(root: &Path, budget: f64) -> anyhow::Result<()> {
    let atlas = read(&root.join("trees/atlas/atlas.json"))?;
    let started = std::time::Instant::now();
    let computed = recompute(&atlas, |_, outcome| match outcome {
        // Figures taken in from a committed tree are checked with that tree by `check`.
        Outcome::Finished { seconds, .. } => *seconds <= budget && !outcome.is_taken_in(),
        Outcome::Failed { .. } => true,
        Outcome::Unfinished { .. } => false,
    })?;
    println!(
        "atlas: {computed} outcomes computed again and found the same, in {:.1?}",
        started.elapsed()
    );
    Ok(())
}

/// Rewrites `trees/atlas/` with the release binary.
pub fn regen(root: &Path) -> anyhow::Result<()> {
    let binary = crate::release_binary(root)?;
    for grid in GRIDS {
        let status = Command::new(&binary)
            .arg("atlas")
            .args(grid.args())
            .args(["--trees", "trees", "-o", "trees/atlas/atlas.json"])
            .args(["--csv", "trees/atlas/atlas.csv"])
            .current_dir(root)
            .status()
            .context("cannot run mastermind atlas")?;
        if !status.success() {
            bail!("mastermind atlas failed");
        }
    }
    write_table(root)
}

/// Rewrites the atlas's table from the committed atlas, computing nothing: for an atlas
/// merged by hand from runs elsewhere (`mastermind atlas --reuse`).
pub fn write_table(root: &Path) -> anyhow::Result<()> {
    let atlas = read(&root.join("trees/atlas/atlas.json"))?;
    let path = root.join(TABLE_FILE);
    let readme = std::fs::read_to_string(&path).context(format!("cannot read {TABLE_FILE}"))?;
    let updated = with_table(&readme, &atlas)?;
    mastermind::files::write_atomically(&path, updated.as_bytes())?;
    Ok(())
}

/// `readme` with its atlas table made from `atlas`.
fn with_table(readme: &str, atlas: &AtlasFile) -> anyhow::Result<String> {
    let (Some(start), Some(end)) = (readme.find(TABLE_START), readme.find(TABLE_END)) else {
        bail!("{TABLE_FILE} has no {TABLE_START} … {TABLE_END} for the atlas's table");
    };
    let table = mastermind::atlas::markdown_table(atlas, Variant::Repeat);
    Ok(format!(
        "{}{TABLE_START}\n{table}{}",
        &readme[..start],
        &readme[end..]
    ))
}

/// The file that shows the atlas as a table, and where the table starts and ends in it.
const TABLE_FILE: &str = "trees/atlas/README.md";
const TABLE_START: &str = "<!-- atlas table: written by cargo xtask regen-atlas -->";
const TABLE_END: &str = "<!-- end of the atlas table -->";

fn read(path: &Path) -> anyhow::Result<AtlasFile> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "cannot read {} (run `cargo xtask regen-atlas`)",
            path.display()
        )
    })?;
    AtlasFile::from_json(&text).with_context(|| path.display().to_string())
}

struct Quiet;

impl Reached for Quiet {
    fn reached(&self, _progress: String) {}
}

/// Fails when the committed atlas does not hold.
pub fn check(root: &Path) -> anyhow::Result<()> {
    let directory = root.join("trees/atlas");
    let path = directory.join("atlas.json");
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read {} (run `cargo xtask regen-atlas`)",
            path.display()
        )
    })?;
    let atlas = AtlasFile::from_json(&text).with_context(|| path.display().to_string())?;
    let csv = std::fs::read_to_string(directory.join("atlas.csv")).unwrap_or_default();
    if csv != mastermind::atlas::csv(&atlas)? {
        bail!("trees/atlas/atlas.csv is not the CSV of atlas.json (run `cargo xtask regen-atlas`)");
    }
    let readme = std::fs::read_to_string(root.join(TABLE_FILE))
        .context(format!("cannot read {TABLE_FILE}"))?;
    if with_table(&readme, &atlas)? != readme {
        bail!("{TABLE_FILE}'s table is not atlas.json's (run `cargo xtask regen-atlas --table`)");
    }
    for entry in &atlas.entries {
        for (name, outcome) in &entry.results {
            let what = format!("atlas: {} {name}", entry.game);
            if let Outcome::Finished {
                tree: Some(tree), ..
            } = outcome
            {
                let figures = outcome.figures().unwrap_or_default();
                let tree_path = directory.join(tree);
                let text = std::fs::read_to_string(&tree_path)
                    .with_context(|| format!("{what}: cannot read {}", tree_path.display()))?;
                let file = TreeFile::from_json(&text).with_context(|| what.clone())?;
                let report = verify_file(&file, &VerifyOptions::default())?;
                let statistics: &Statistics = &report.statistics;
                if !report.is_valid()
                    || figures.total != Some(statistics.total())
                    || figures.worst_case != Some(statistics.worst_case() as u32)
                {
                    bail!("{what}: the linked tree {tree} does not verify with these figures");
                }
            }
        }
    }
    recompute(&atlas, |entry, outcome| {
        let quick = match outcome {
            Outcome::Finished { seconds, .. } => {
                *seconds <= RECOMPUTED_SECONDS && !outcome.is_taken_in()
            }
            Outcome::Failed { .. } => true,
            Outcome::Unfinished { .. } => false,
        };
        let anchor = ANCHORS.contains(&(entry.game.pegs, entry.game.colours, entry.game.variant))
            && matches!(outcome, Outcome::Finished { total: Some(_), .. });
        anchor || entry.codes <= RECOMPUTED_CODES && quick
    })?;
    Ok(())
}
