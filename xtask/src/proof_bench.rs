//! Proving against finding, for `cargo xtask bench`: each optimum found by `generate` alone and
//! found and proven by `generate --certificate` (the search that found it proving it), the two
//! runs in turn so that a drift in the machine's speed reaches both, on every thread. The ratio
//! of the two is what a proof costs over its search; the certificate's size is printed beside,
//! and what checking it (`verify --certificate`, on every thread) costs against the search.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use nix::sys::resource::{getrusage, UsageWho};

use crate::scope::Scope;

/// One row: a game, its `generate` arguments, the pairs of runs, and whether the quick table
/// has it.
struct Row {
    label: &'static str,
    args: &'static [&'static str],
    pairs: usize,
    quick: bool,
}

/// The optima whose proof the search's cost is measured against (the issue on proofs at the
/// search's cost names these four).
const ROWS: &[Row] = &[
    Row {
        label: "optimal 4×8",
        args: &["--colours", "8"],
        pairs: 3,
        quick: true,
    },
    Row {
        label: "optimal Bulls and Cows",
        args: &["--colours", "10", "--no-repeat"],
        pairs: 3,
        quick: false,
    },
    Row {
        label: "optimal 4×9",
        args: &["--colours", "9"],
        pairs: 1,
        quick: false,
    },
    Row {
        label: "optimal 5×6, from nothing",
        args: &["--pegs", "5", "--colours", "6"],
        pairs: 1,
        quick: false,
    },
];

/// What one run took.
#[derive(Clone, Copy)]
struct Timed {
    wall: Duration,
    cpu: Duration,
}

/// Prints the table, running its rows with `binary` and writing into `scratch`.
pub fn run(binary: &str, scope: Scope, scratch: &Path) -> anyhow::Result<()> {
    println!(
        "\nProof against search: `generate --strategy optimal` alone and with `--certificate` \
         (found and proven by one search), all threads, the two in turn, then `verify \
         --certificate` of what the second wrote; median wall and CPU times, ratio = with the \
         proof / alone, check = the check's wall time / the search's alone.\n"
    );
    println!(
        "| optimum | search alone | search and proof | ratio (wall) | ratio (CPU) | certificate | check | pairs |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let tree = scratch.join("proven.json");
    let certificate = scratch.join("proven.cert.gz");
    for row in ROWS.iter().filter(|row| scope == Scope::Full || row.quick) {
        let mut alone = Vec::new();
        let mut proven = Vec::new();
        let mut checked = Vec::new();
        for _ in 0..row.pairs {
            alone.push(time(binary, row.args, &tree, None)?);
            proven.push(time(binary, row.args, &tree, Some(&certificate))?);
            checked.push(time_check(binary, &tree, &certificate)?);
        }
        let (alone, proven, checked) = (median(alone), median(proven), median(checked));
        let bytes = std::fs::metadata(&certificate)
            .with_context(|| format!("no certificate at {}", certificate.display()))?
            .len();
        let ratio = |of: &Timed, part: fn(&Timed) -> Duration| {
            part(of).as_secs_f64() / part(&alone).as_secs_f64().max(1e-9)
        };
        println!(
            "| {} | {:.2} s | {:.2} s | {:.2}× | {:.2}× | {:.1} KB gz | {:.2} s, {:.2}× | {} |",
            row.label,
            alone.wall.as_secs_f64(),
            proven.wall.as_secs_f64(),
            ratio(&proven, |timed| timed.wall),
            ratio(&proven, |timed| timed.cpu),
            bytes as f64 / 1000.0,
            checked.wall.as_secs_f64(),
            ratio(&checked, |timed| timed.wall),
            row.pairs
        );
    }
    Ok(())
}

/// Runs `generate --strategy optimal ARGS -o tree`, with `--certificate` when given one.
fn time(
    binary: &str,
    args: &[&str],
    tree: &Path,
    certificate: Option<&Path>,
) -> anyhow::Result<Timed> {
    let mut command = Command::new(binary);
    command
        .args(["generate", "--quiet", "--strategy", "optimal"])
        .args(args)
        .arg("-o")
        .arg(tree);
    if let Some(certificate) = certificate {
        command.arg("--certificate").arg(certificate);
    }
    timed(command, &format!("generate {}", args.join(" ")))
}

/// Runs `verify tree --certificate certificate`, which must say the tree is proven optimal.
fn time_check(binary: &str, tree: &Path, certificate: &Path) -> anyhow::Result<Timed> {
    let mut command = Command::new(binary);
    command
        .arg("verify")
        .arg(tree)
        .arg("--certificate")
        .arg(certificate)
        .stdout(std::process::Stdio::null());
    timed(command, &format!("verify {}", tree.display()))
}

/// Runs `command`, which must succeed (`what` names it in the error if not).
fn timed(mut command: Command, what: &str) -> anyhow::Result<Timed> {
    let before = children_cpu()?;
    let started = Instant::now();
    let status = command.status().context("cannot run the command")?;
    let wall = started.elapsed();
    if !status.success() {
        bail!("`{what}` failed");
    }
    Ok(Timed {
        wall,
        cpu: children_cpu()?.saturating_sub(before),
    })
}

/// The user and system time of every child waited for so far.
fn children_cpu() -> anyhow::Result<Duration> {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage failed")?;
    let seconds = |time: nix::sys::time::TimeVal| {
        Duration::from_secs(time.tv_sec() as u64) + Duration::from_micros(time.tv_usec() as u64)
    };
    Ok(seconds(usage.user_time()) + seconds(usage.system_time()))
}

/// The run of median wall time, with the median CPU time.
fn median(mut runs: Vec<Timed>) -> Timed {
    let middle = runs.len() / 2;
    runs.sort_by_key(|timed| timed.cpu);
    let cpu = runs[middle].cpu;
    runs.sort_by_key(|timed| timed.wall);
    Timed {
        cpu,
        ..runs[middle]
    }
}
