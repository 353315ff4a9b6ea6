//! The whole-process benchmark tables: release builds of `mastermind generate` on the games the
//! README quotes, with wall time (median of several runs) and peak memory of each process; and
//! `mastermind static search` on the static games whose searches take seconds to minutes.
//!
//! Peak memory is measured by re-running this binary as `xtask measure -- COMMAND`, which waits
//! for COMMAND as its only child, so the kernel's peak-RSS figure for its children is exactly
//! that command's.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use nix::sys::resource::{getrusage, UsageWho};

/// Which rows to run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Only the jobs that take seconds.
    Quick,
    /// Every row, the long searches included.
    Full,
}

/// One row of the table.
struct Job {
    label: &'static str,
    args: &'static [&'static str],
    runs: usize,
    quick: bool,
}

const JOBS: &[Job] = &[
    Job {
        label: "knuth 4×6",
        args: &["--strategy", "knuth"],
        runs: 11,
        quick: true,
    },
    Job {
        label: "knuth 4×7",
        args: &["--strategy", "knuth", "--colours", "7"],
        runs: 5,
        quick: true,
    },
    Job {
        label: "knuth 4×10 no repetition",
        args: &["--strategy", "knuth", "--colours", "10", "--no-repeat"],
        runs: 3,
        quick: true,
    },
    Job {
        label: "optimal 4×6",
        args: &["--strategy", "optimal"],
        runs: 11,
        quick: true,
    },
    Job {
        label: "optimal 4×6, at most 5 guesses",
        args: &["--strategy", "optimal", "--max-guesses", "5"],
        runs: 11,
        quick: true,
    },
    Job {
        label: "optimal 4×7",
        args: &["--strategy", "optimal", "--colours", "7"],
        runs: 3,
        quick: false,
    },
    Job {
        label: "optimal Bulls and Cows (4×10 no repetition)",
        args: &["--strategy", "optimal", "--colours", "10", "--no-repeat"],
        runs: 1,
        quick: false,
    },
    Job {
        label: "knuth 5×8",
        args: &["--strategy", "knuth", "--pegs", "5", "--colours", "8"],
        runs: 1,
        quick: false,
    },
];

/// One row of the static table: a `static search` of one game.
struct StaticJob {
    label: &'static str,
    args: &'static [&'static str],
    quick: bool,
}

const STATIC_JOBS: &[StaticJob] = &[
    StaticJob {
        label: "static 5 pegs, 4 colours",
        args: &["--pegs", "5", "--colours", "4"],
        quick: true,
    },
    StaticJob {
        label: "static 3 pegs, 8 colours",
        args: &["--pegs", "3", "--colours", "8"],
        quick: false,
    },
    StaticJob {
        label: "static 7 pegs, 3 colours (the page's open entry)",
        args: &["--pegs", "7", "--colours", "3"],
        quick: false,
    },
    StaticJob {
        label: "static 4×6 (4 pegs, 6 colours)",
        args: &["--pegs", "4", "--colours", "6"],
        quick: false,
    },
    StaticJob {
        label: "static 3 pegs, 9 colours",
        args: &["--pegs", "3", "--colours", "9"],
        quick: false,
    },
];

/// What one measured process did.
struct Measurement {
    wall: Duration,
    peak_kib: u64,
}

pub fn run(root: &Path, scope: Scope) -> anyhow::Result<()> {
    let binary = crate::release_binary(root)?;
    let scratch = tempfile::tempdir().context("cannot create a scratch directory")?;
    let output = scratch.path().join("tree.json");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "Whole process, release build, {threads} threads; wall time is the median of the runs.\n"
    );
    println!("| job | total guesses | worst case | wall time | peak memory | runs |");
    println!("|---|---:|---:|---:|---:|---:|");
    for job in JOBS.iter().filter(|job| scope == Scope::Full || job.quick) {
        let mut command = vec![
            binary.to_str().context("non-UTF-8 path")?,
            "generate",
            "--quiet",
        ];
        command.extend_from_slice(job.args);
        command.extend_from_slice(&["-o", output.to_str().context("non-UTF-8 path")?]);
        let mut measurements = (0..job.runs)
            .map(|_| measure(&command))
            .collect::<anyhow::Result<Vec<_>>>()?;
        measurements.sort_by_key(|m| m.wall);
        let median = &measurements[measurements.len() / 2];
        let peak = measurements.iter().map(|m| m.peak_kib).max().unwrap_or(0);
        let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&output)?)?;
        println!(
            "| {} | {} | {} | {} | {:.1} MiB | {} |",
            job.label,
            file["claims"]["total_guesses"],
            file["claims"]["worst_case"],
            format_duration(median.wall),
            peak as f64 / 1024.0,
            job.runs
        );
    }
    println!("\nStatic Mastermind: `static search`, one run each.\n");
    println!("| job | least | proof | wall time | peak memory |");
    println!("|---|---:|---|---:|---:|");
    for job in STATIC_JOBS
        .iter()
        .filter(|job| scope == Scope::Full || job.quick)
    {
        let mut command = vec![
            binary.to_str().context("non-UTF-8 path")?,
            "static",
            "search",
            "--quiet",
        ];
        command.extend_from_slice(job.args);
        command.extend_from_slice(&["-o", output.to_str().context("non-UTF-8 path")?]);
        let measurement = measure(&command)?;
        let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&output)?)?;
        println!(
            "| {} | {} | {} | {} | {:.1} MiB |",
            job.label,
            file["search"]["least"],
            file["search"]["proof"].as_str().unwrap_or("?"),
            format_duration(measurement.wall),
            measurement.peak_kib as f64 / 1024.0
        );
    }
    Ok(())
}

fn format_duration(duration: Duration) -> String {
    if duration < Duration::from_secs(1) {
        format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
    } else {
        format!("{:.2} s", duration.as_secs_f64())
    }
}

/// Runs `command` under `xtask measure` and reads back its wall time and peak memory.
fn measure(command: &[&str]) -> anyhow::Result<Measurement> {
    let me = std::env::current_exe().context("cannot find the xtask binary")?;
    let output = Command::new(me)
        .arg("measure")
        .arg("--")
        .args(command)
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run xtask measure")?;
    if !output.status.success() {
        bail!("`{}` failed", command.join(" "));
    }
    let text = String::from_utf8(output.stdout)?;
    let mut fields = text.split_whitespace().map(str::parse::<u64>);
    match (fields.next(), fields.next()) {
        (Some(Ok(nanos)), Some(Ok(peak_kib))) => Ok(Measurement {
            wall: Duration::from_nanos(nanos),
            peak_kib,
        }),
        _ => bail!("unexpected output from xtask measure: {text}"),
    }
}

/// Runs `command` as this process's only child and prints its wall time in nanoseconds and
/// its peak resident memory in KiB.
pub fn measure_child(command: &[&str]) -> anyhow::Result<()> {
    let started = Instant::now();
    let status = Command::new(command[0])
        .args(&command[1..])
        .stdout(Stdio::null())
        .status()
        .with_context(|| format!("cannot run {}", command[0]))?;
    let wall = started.elapsed();
    if !status.success() {
        bail!("`{}` exited with {status}", command.join(" "));
    }
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage failed")?;
    println!("{} {}", wall.as_nanos(), usage.max_rss());
    Ok(())
}
