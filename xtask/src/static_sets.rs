//! The committed results of the static search under `trees/static/`, one file per entry of the
//! cut-the-knot table with at most 2187 codes. `regen-static` rewrites them with the release
//! binary's `static table` (the longest entry, 3×10, takes over an hour); `check` re-verifies
//! each: its set must tell every code of its game apart (by the static checker, and again by
//! comparing every code's replies plainly), and its recorded least number must be the set's
//! size.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};
use mastermind::static_mastermind::StaticFile;
use mastermind::{Code, Feedback, Scorer};

/// The `static table` runs that write the committed files: every game of the seed's table
/// with at most 2187 codes.
const TABLE_RUNS: &[&[&str]] = &[
    &["--colours", "2..8", "--pegs", "2..8", "--max-codes", "2187"],
    &["--colours", "9", "--pegs", "2..3", "--max-codes", "1000"],
    &["--colours", "10", "--pegs", "2..3", "--max-codes", "1000"],
];

/// Rewrites `trees/static/` with the release binary.
pub fn regen(root: &Path) -> anyhow::Result<()> {
    let binary = crate::release_binary(root)?;
    let directory = root.join("trees/static");
    for run in TABLE_RUNS {
        let status = Command::new(&binary)
            .args(["static", "table", "--output-dir"])
            .arg(&directory)
            .args(*run)
            .status()
            .context("cannot run mastermind static table")?;
        if !status.success() {
            bail!("mastermind static table {} failed", run.join(" "));
        }
    }
    Ok(())
}

/// Two codes that get the same reply from every guess, if any, found the plain way (each
/// code's list of replies, compared whole) rather than by the checker the search uses.
fn first_pair_alike(scorer: &Scorer, guesses: &[Code]) -> Option<(Code, Code)> {
    let mut seen: HashMap<Vec<Feedback>, Code> = HashMap::new();
    scorer.codebook().codes().find_map(|code| {
        let replies = guesses
            .iter()
            .map(|&guess| scorer.feedback(guess, code))
            .collect();
        seen.insert(replies, code).map(|earlier| (earlier, code))
    })
}

/// Fails when a committed static result does not hold.
pub fn check(root: &Path) -> anyhow::Result<()> {
    let directory = root.join("trees/static");
    let mut names: Vec<_> = std::fs::read_dir(&directory)
        .with_context(|| format!("cannot read {}", directory.display()))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()?;
    names.sort();
    if names.is_empty() {
        bail!("no static results under trees/static/ (run `cargo xtask regen-static`)");
    }
    for path in names {
        let name = path.display();
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {name}"))?;
        let (file, game, guesses) =
            StaticFile::from_json(&text).with_context(|| format!("{name}"))?;
        let scorer = Scorer::new(game);
        let result = mastermind::static_mastermind::check(&scorer, &guesses);
        if !result.determines() {
            bail!(
                "{name}: the set leaves {} codes of {} ambiguous",
                result.ambiguous(),
                game.describe()
            );
        }
        if let Some((first, second)) = first_pair_alike(&scorer, &guesses) {
            bail!(
                "{name}: {} and {} get the same replies from the set, though the static \
                 checker says it tells every code apart",
                scorer.codebook().format(first),
                scorer.codebook().format(second)
            );
        }
        match file.search {
            Some(search) if search.least == guesses.len() => {}
            Some(search) => bail!(
                "{name}: records {} as the least number, but its set has {}",
                search.least,
                guesses.len()
            ),
            None => bail!("{name}: records no search"),
        }
    }
    Ok(())
}
