//! Certificates of the large optima, proven piece by piece in resumable runs under
//! `target/certificates/NAME/` (or under `$MASTERMIND_CERTIFICATES_DIR`, as `generate --resume DIR --certificate FILE` proves them), so
//! that hours of proving survive a stop: run again, a case goes on with the pieces not yet
//! proven. A case with a frontier run starts from its committed pieces and the proofs of those
//! already proven (`piece-K-of-N.cert` beside them), so only the rest are computed; the others
//! are solved first, which takes seconds to minutes. Each
//! certificate is then checked with the independent checker against the committed tree (or,
//! for the published optima that have none, the tree the run merged).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use mastermind::runs::resume::{
    Finished, PartProofs, Request, ResumableRun, ResumeEvent, ResumeWatcher,
};
use mastermind::strategy::optimal_options;
use mastermind::strategy::{strategy_info, StrategyOptions};
use mastermind::tree::TreeFile;
use mastermind::{FeedbackKind, Game, Scorer};

use crate::proof::proves;

/// Names a directory to prove the published optima in instead of `target/certificates/`:
/// one outside the work tree keeps hours of proofs when the work tree is laid anew.
pub const DIRECTORY_VARIABLE: &str = "MASTERMIND_CERTIFICATES_DIR";

/// Where `--all` and `--large` prove and write the published optima's certificates.
pub fn proofs_directory(root: &Path) -> PathBuf {
    directory_named(root, std::env::var_os(DIRECTORY_VARIABLE))
}

/// [`proofs_directory`] for the value `named` of [`DIRECTORY_VARIABLE`]; empty is unset.
fn directory_named(root: &Path, named: Option<OsString>) -> PathBuf {
    match named {
        Some(directory) if !directory.is_empty() => directory.into(),
        _ => root.join("target/certificates"),
    }
}

/// One optimum proven piece by piece.
pub struct Case {
    /// The name of its tree under `trees/` (without `.json`), and of its certificate.
    pub name: &'static str,
    /// Pegs, colours, whether colours repeat, and the replies.
    game: (u32, u32, bool, FeedbackKind),
    consistent_only: bool,
    /// The frontier run under `trees/frontier/` whose pieces it starts from, if any.
    frontier: Option<&'static str>,
}

impl Case {
    const fn new(
        name: &'static str,
        game: (u32, u32, bool, FeedbackKind),
        consistent_only: bool,
        frontier: Option<&'static str>,
    ) -> Case {
        Case {
            name,
            game,
            consistent_only,
            frontier,
        }
    }

    fn game(&self) -> anyhow::Result<Game> {
        let (pegs, colours, repetition, kind) = self.game;
        Ok(Game::new(pegs, colours, repetition, kind)?)
    }
}

const BLACK_WHITE: FeedbackKind = FeedbackKind::BlackWhite;

/// The large optima, roughly from the quickest to prove to the slowest.
pub const CASES: &[Case] = &[
    Case::new("optimal-4x8", (4, 8, true, BLACK_WHITE), false, None),
    Case::new(
        "optimal-bulls-and-cows",
        (4, 10, false, BLACK_WHITE),
        false,
        None,
    ),
    Case::new("optimal-4x9", (4, 9, true, BLACK_WHITE), false, None),
    Case::new("optimal-5x6", (5, 6, true, BLACK_WHITE), false, Some("5x6")),
    Case::new(
        "optimal-4x10",
        (4, 10, true, BLACK_WHITE),
        false,
        Some("4x10"),
    ),
    Case::new(
        "optimal-consistent-5x8",
        (5, 8, true, BLACK_WHITE),
        true,
        Some("5x8-consistent"),
    ),
    Case::new(
        "optimal-4x8-black-only",
        (4, 8, true, FeedbackKind::BlackOnly),
        false,
        Some("4x8-black-only"),
    ),
    Case::new("optimal-5x7", (5, 7, true, BLACK_WHITE), false, Some("5x7")),
];

/// The case named `name`.
pub fn case(name: &str) -> anyhow::Result<&'static Case> {
    CASES
        .iter()
        .find(|case| case.name == name)
        .with_context(|| {
            let names: Vec<&str> = CASES.iter().map(|case| case.name).collect();
            format!(
                "no large certificate is named `{name}`: one of {}",
                names.join(", ")
            )
        })
}

/// What one case came to.
pub struct Outcome {
    pub name: &'static str,
    pub total: u64,
    pub facts: u64,
    pub bytes: u64,
    /// Proving (and solving what was missing) in this run, which may have gone on from
    /// pieces proven before.
    pub proven_in: Duration,
    pub checked_in: Duration,
}

/// Proves `case` (going on from what its directory holds), writes its certificate as
/// `NAME.cert.gz` in [`proofs_directory`] (gzip-compressed, as the merge writes it), and checks it
/// against its tree.
pub fn prove(root: &Path, case: &Case) -> anyhow::Result<Outcome> {
    let proofs = proofs_directory(root);
    let directory = proofs.join(case.name);
    std::fs::create_dir_all(&directory)?;
    if let Some(run) = case.frontier {
        seed(&root.join("trees/frontier").join(run), &directory)?;
    }
    let scorer = Scorer::new(case.game()?);
    let options = StrategyOptions {
        consistent_only: case.consistent_only,
        ..StrategyOptions::default()
    };
    let strategy = strategy_info("optimal", &options, scorer.codebook());
    let optimal = optimal_options(&options);
    let run = ResumableRun::new(&scorer, &optimal, &strategy, &directory)?;
    let started = Instant::now();
    let request = Request {
        only: None,
        certify: true,
        // The whole is checked below: checking each piece's proof before the merge too would
        // check every fact twice.
        piece_proofs: PartProofs::Unchecked,
    };
    let (file, mut certificate) = match run.run(request, &Told { case: case.name })? {
        Finished::Tree {
            file,
            certificate: Some(certificate),
            ..
        } => (file, certificate),
        Finished::Tree { .. } => bail!("{}: the run wrote no certificate", case.name),
        Finished::Waiting {
            missing, unproven, ..
        } => {
            bail!(
                "{}: {missing} pieces and {unproven} certificates are left to another run",
                case.name
            )
        }
        Finished::Unproven(unproven) => bail!("{}: {unproven}", case.name),
    };
    let proven_in = started.elapsed();
    let path = proofs.join(format!("{}.cert.gz", case.name));
    mastermind::files::write_output_from(Some(&path), &mut certificate.file)?;
    // The committed tree when there is one: the run must have merged the very same.
    let committed = root.join("trees").join(format!("{}.json", case.name));
    let tree = match std::fs::read_to_string(&committed) {
        Ok(text) => {
            if text != file.to_json() {
                bail!(
                    "{}: the run merged another tree than {}",
                    case.name,
                    committed.display()
                );
            }
            TreeFile::from_json(&text)?
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => *file,
        Err(error) => return Err(error).context(format!("cannot read {}", committed.display())),
    };
    let node = tree
        .tree
        .to_node(scorer.codebook())
        .map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    let opened = std::fs::File::open(&path)?;
    let facts = proves(
        std::io::BufReader::new(opened),
        &scorer,
        &tree.strategy,
        &node,
    )
    .with_context(|| format!("{} does not prove {}", path.display(), case.name))?;
    Ok(Outcome {
        name: case.name,
        total: mastermind::tree::Statistics::of_tree(&node).total(),
        facts,
        bytes: certificate.bytes,
        proven_in,
        checked_in: started.elapsed(),
    })
}

/// Copies the committed pieces of a frontier run that `directory` lacks (not their notes:
/// every frontier piece is finished), with the proofs of those proven in earlier sittings and
/// the stopped proofs of those proven part-way, where `directory` has neither.
fn seed(frontier: &Path, directory: &Path) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(frontier)
        .with_context(|| format!("cannot read {}", frontier.display()))?;
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(kind) = name.to_str().and_then(Seeded::of) else {
            continue;
        };
        let target = directory.join(&name);
        let wanted = match kind {
            Seeded::Piece | Seeded::Proof => !target.exists(),
            // A proof kept here goes on from where this machine stopped it, which is at least
            // as far as the copy committed from it.
            Seeded::StoppedProof(proof) => !target.exists() && !directory.join(proof).exists(),
        };
        if wanted {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("cannot copy {}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// A file of a frontier run that a proof starts from.
#[derive(Debug, PartialEq)]
enum Seeded<'a> {
    /// `piece-K-of-N.json`.
    Piece,
    /// `piece-K-of-N.cert`, the piece's proof.
    Proof,
    /// `piece-K-of-N.cert.partial`, a proof stopped part-way, with the name of the proof
    /// it becomes.
    StoppedProof(&'a str),
}

impl Seeded<'_> {
    fn of(name: &str) -> Option<Seeded<'_>> {
        if let Some(proof) = name.strip_suffix(".partial") {
            return proof
                .ends_with(".cert")
                .then_some(Seeded::StoppedProof(proof));
        }
        match () {
            _ if name.ends_with(".json") => Some(Seeded::Piece),
            _ if name.ends_with(".cert") => Some(Seeded::Proof),
            _ => None,
        }
    }
}

/// Says on stderr as each piece is proven, since a case runs for hours.
struct Told {
    case: &'static str,
}

impl ResumeWatcher for Told {
    fn event(&self, event: ResumeEvent<'_>) {
        eprintln!("{}: {event}", self.case);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_takes_pieces_proofs_and_stopped_proofs() {
        assert_eq!(Seeded::of("piece-0003-of-52.json"), Some(Seeded::Piece));
        assert_eq!(Seeded::of("piece-0003-of-52.cert"), Some(Seeded::Proof));
        assert_eq!(
            Seeded::of("piece-0003-of-52.cert.partial"),
            Some(Seeded::StoppedProof("piece-0003-of-52.cert"))
        );
        for other in [
            "piece-0003-of-52.notes",
            "README.md",
            "piece-0003-of-52.json.partial",
        ] {
            assert_eq!(Seeded::of(other), None, "{other}");
        }
    }

    #[test]
    fn a_stopped_proof_is_seeded_only_where_the_piece_has_no_proof() {
        let frontier = tempfile::tempdir().unwrap();
        let directory = tempfile::tempdir().unwrap();
        for name in [
            "piece-0000-of-2.cert.partial",
            "piece-0001-of-2.cert.partial",
        ] {
            std::fs::write(frontier.path().join(name), "committed").unwrap();
        }
        std::fs::write(directory.path().join("piece-0000-of-2.cert"), "proven").unwrap();
        seed(frontier.path(), directory.path()).unwrap();
        assert!(!directory
            .path()
            .join("piece-0000-of-2.cert.partial")
            .exists());
        let copied = directory.path().join("piece-0001-of-2.cert.partial");
        assert_eq!(std::fs::read_to_string(&copied).unwrap(), "committed");
        std::fs::write(&copied, "further").unwrap();
        seed(frontier.path(), directory.path()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&copied).unwrap(),
            "further",
            "a stopped proof here is kept"
        );
    }

    #[test]
    fn proofs_go_where_the_variable_names_else_under_target() {
        let root = Path::new("/checkout");
        let kept = OsString::from("/var/lib/proofs");
        assert_eq!(
            directory_named(root, Some(kept)),
            Path::new("/var/lib/proofs")
        );
        for unset in [None, Some(OsString::new())] {
            assert_eq!(
                directory_named(root, unset),
                Path::new("/checkout/target/certificates")
            );
        }
    }
}
