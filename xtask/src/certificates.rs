//! Certificates of the optimal trees: the small ones committed under `trees/certificates/`
//! (rewritten by `cargo xtask certificates`, proven again and required byte for byte by
//! `cargo xtask check`; black-peg 4×6's gzip-compressed), 4×7's committed gzip-compressed beside them (rewritten by `cargo
//! xtask certificates`, checked by `cargo test`: proving it takes minutes), and every published
//! optimum proven and checked by `cargo xtask certificates --all`, into `target/certificates/`
//! (or the directory that `MASTERMIND_CERTIFICATES_DIR` names: see [`piece_certificates::proofs_directory`]), with each certificate's size
//! and times (the large ones piece by piece, resumable: see [`piece_certificates`]).

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context};
use mastermind::strategy::{build, certify_tree};
use mastermind::strategy::{strategy_info, NoProgress, StrategyKind, StrategyOptions};
use mastermind::tree::{Statistics, TreeFile};
use mastermind::{FeedbackKind, Game, Scorer};

use crate::piece_certificates;
use crate::proof::proves;

/// The committed trees whose certificates are committed beside them, seconds to prove each:
/// the name, and whether it is committed gzip-compressed (`.cert.gz`, for the larger ones).
const COMMITTED: &[(&str, bool)] = &[
    ("optimal-4x6", false),
    ("optimal-4x6-max5", false),
    ("optimal-4x6-black-only", true),
    ("optimal-5x5", true),
];

/// Where the certificate of the committed tree `stem` is committed.
fn committed_path(root: &Path, stem: &str, packed: bool) -> std::path::PathBuf {
    let extension = if packed { "cert.gz" } else { "cert" };
    root.join("trees/certificates")
        .join(format!("{stem}.{extension}"))
}

/// `bytes` gzip-compressed, as the checker reads them too.
fn packed(bytes: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut packed, bytes)?;
    Ok(packed.finish()?)
}

/// The committed file's certificate, unpacked where it is compressed.
fn unpacked(bytes: &[u8], packed: bool) -> anyhow::Result<Vec<u8>> {
    if !packed {
        return Ok(bytes.to_vec());
    }
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut unpacked)?;
    Ok(unpacked)
}

/// The certificate of the committed tree `stem`, proven from its file.
fn certificate_of_committed(root: &Path, stem: &str) -> anyhow::Result<Vec<u8>> {
    let path = root.join("trees").join(format!("{stem}.json"));
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let file = TreeFile::from_json(&text)?;
    let scorer = Scorer::new(file.game()?);
    let tree = file
        .tree
        .to_node(scorer.codebook())
        .map_err(anyhow::Error::msg)?;
    certificate(&scorer, &file.strategy, &tree)
}

fn certificate(
    scorer: &Scorer,
    strategy: &mastermind::tree::StrategyInfo,
    tree: &mastermind::tree::Node,
) -> anyhow::Result<Vec<u8>> {
    let statistics = Statistics::of_tree(tree);
    let mut bytes = Vec::new();
    certify_tree(
        scorer,
        strategy,
        &[],
        statistics.total(),
        statistics.worst_case(),
        &mut bytes,
    )
    .map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok(bytes)
}

/// Rewrites the committed certificates.
pub fn regen(root: &Path) -> anyhow::Result<()> {
    let directory = root.join("trees/certificates");
    std::fs::create_dir_all(&directory)?;
    for &(stem, pack) in COMMITTED {
        let bytes = certificate_of_committed(root, stem)?;
        write_certificate(&committed_path(root, stem, pack), &bytes, pack)?;
    }
    // 4×7 has no committed tree: the search builds it in seconds.
    let scorer = Scorer::new(Game::new(4, 7, true, FeedbackKind::BlackWhite)?);
    let options = StrategyOptions::default();
    let built = build(StrategyKind::Optimal, &options, &scorer, &NoProgress)?;
    let strategy = strategy_info("optimal", &options, scorer.codebook());
    let bytes = certificate(&scorer, &strategy, &built.root)?;
    write_certificate(&directory.join("optimal-4x7.cert.gz"), &bytes, true)
}

/// Writes a certificate to `path`, compressed when `pack` says so, and says what it wrote.
fn write_certificate(path: &Path, bytes: &[u8], pack: bool) -> anyhow::Result<()> {
    if pack {
        let packed = packed(bytes)?;
        mastermind::files::write_atomically(path, &packed)?;
        println!(
            "wrote {} ({} bytes, {} unpacked)",
            path.display(),
            packed.len(),
            bytes.len()
        );
    } else {
        mastermind::files::write_atomically(path, bytes)?;
        println!("wrote {} ({} bytes)", path.display(), bytes.len());
    }
    Ok(())
}

/// Fails if a committed certificate is not what the prover writes today.
pub fn check_committed(root: &Path) -> anyhow::Result<()> {
    for &(stem, pack) in COMMITTED {
        let path = committed_path(root, stem, pack);
        let committed =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        if certificate_of_committed(root, stem)? != unpacked(&committed, pack)? {
            bail!(
                "{} is stale: run `cargo xtask certificates` and commit the result",
                path.display()
            );
        }
    }
    Ok(())
}

/// The committed certificates proven too slowly for `cargo test` to check, with their trees.
const CHECKED_BY_HAND: &[(&str, &str)] = &[
    ("optimal-4x9.cert.gz", "optimal-4x9.json"),
    ("optimal-5x6.cert.gz", "optimal-5x6.json"),
    ("optimal-4x10.cert.gz", "optimal-4x10.json"),
    ("optimal-5x7.cert.gz", "optimal-5x7.json"),
    (
        "optimal-consistent-5x8.cert.gz",
        "optimal-consistent-5x8.json",
    ),
];

/// Checks the committed certificates too slow for `cargo test` to check (their times are in
/// the frontier's README) against their committed trees, with the independent checker, and
/// prints what each proves and how long it took.
pub fn check_slow(root: &Path) -> anyhow::Result<()> {
    for (certificate, tree) in CHECKED_BY_HAND {
        let tree_path = root.join("trees").join(tree);
        let text = std::fs::read_to_string(&tree_path)
            .with_context(|| format!("cannot read {}", tree_path.display()))?;
        let file = TreeFile::from_json(&text)?;
        let scorer = Scorer::new(file.game()?);
        let node = file
            .tree
            .to_node(scorer.codebook())
            .map_err(anyhow::Error::msg)?;
        let path = root.join("trees/certificates").join(certificate);
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let started = Instant::now();
        let facts = proves(bytes.as_slice(), &scorer, &file.strategy, &node)
            .with_context(|| format!("{certificate} does not prove {tree}"))?;
        println!(
            "{certificate}: proves {tree} optimal ({facts} facts) in {:.1?}",
            started.elapsed()
        );
    }
    Ok(())
}

/// Proves and checks every published optimum, printing each certificate's size and times:
/// the small ones in this process, the large ones piece by piece ([`piece_certificates`]), so
/// that a stopped run goes on where it stopped.
pub fn all(root: &Path) -> anyhow::Result<()> {
    let directory = piece_certificates::proofs_directory(root);
    std::fs::create_dir_all(&directory)?;
    let game =
        |pegs, colours, repetition| Game::new(pegs, colours, repetition, FeedbackKind::BlackWhite);
    let capped = StrategyOptions {
        max_guesses: Some(5),
        ..StrategyOptions::default()
    };
    let cases: Vec<(&str, Game, StrategyOptions)> = vec![
        ("optimal-4x6", game(4, 6, true)?, StrategyOptions::default()),
        ("optimal-4x6-max5", game(4, 6, true)?, capped),
        ("optimal-4x7", game(4, 7, true)?, StrategyOptions::default()),
        ("optimal-5x5", game(5, 5, true)?, StrategyOptions::default()),
        (
            "optimal-4x6-black-only",
            Game::new(4, 6, true, FeedbackKind::BlackOnly)?,
            StrategyOptions::default(),
        ),
    ];
    println!("{TABLE_HEAD}");
    for (name, game, options) in cases {
        let scorer = Scorer::new(game);
        let started = Instant::now();
        let built = build(StrategyKind::Optimal, &options, &scorer, &NoProgress)?;
        let strategy = strategy_info("optimal", &options, scorer.codebook());
        let bytes = certificate(&scorer, &strategy, &built.root)?;
        let proven_in = started.elapsed();
        mastermind::files::write_atomically(&directory.join(format!("{name}.cert")), &bytes)?;
        let started = Instant::now();
        let facts = proves(bytes.as_slice(), &scorer, &strategy, &built.root)?;
        print_row(&piece_certificates::Outcome {
            name,
            total: Statistics::of_tree(&built.root).total(),
            facts,
            bytes: bytes.len() as u64,
            proven_in,
            checked_in: started.elapsed(),
        });
    }
    for case in piece_certificates::CASES {
        print_row(&piece_certificates::prove(root, case)?);
    }
    Ok(())
}

/// Proves and checks one large optimum piece by piece (see [`piece_certificates`]).
pub fn large(root: &Path, name: &str) -> anyhow::Result<()> {
    let outcome = piece_certificates::prove(root, piece_certificates::case(name)?)?;
    println!("{TABLE_HEAD}");
    print_row(&outcome);
    Ok(())
}

const TABLE_HEAD: &str =
    "| tree | total | facts | bytes | prove s | check s |\n|---|---:|---:|---:|---:|---:|";

fn print_row(outcome: &piece_certificates::Outcome) {
    println!(
        "| {} | {} | {} | {} | {:.1} | {:.1} |",
        outcome.name,
        outcome.total,
        outcome.facts,
        outcome.bytes,
        outcome.proven_in.as_secs_f64(),
        outcome.checked_in.as_secs_f64()
    );
}
