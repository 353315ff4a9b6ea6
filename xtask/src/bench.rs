//! The whole-process benchmark tables: release builds of `mastermind generate` on the games the
//! guide (`docs/GUIDE.md`) quotes, with wall time (median of several runs) and peak memory of
//! each process; and `mastermind static search` on the static games whose searches take
//! seconds to minutes; and the proof of four optima against their search
//! ([`proof_bench`](crate::proof_bench)).
//!
//! Set `MASTERMIND_BENCH_PEER` to the C++ peer's `mmstrat` binary (built by
//! `../shared/peers/build.sh`) and each row it can run is timed with it too, in the same session
//! and on the same number of threads, with the ratio of our time to its. The peer's total is
//! printed beside ours so that a row compares like with like.
//!
//! A row whose total differs from its known value (published, or claimed by a committed tree
//! that `cargo xtask check` verifies) fails the run after the tables are printed.
//!
//! Peak memory is measured by re-running this binary as `xtask measure -- COMMAND`, which waits
//! for COMMAND as its only child, so the kernel's peak-RSS figure for its children is exactly
//! that command's.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use nix::sys::resource::{getrusage, UsageWho};

use crate::scope::Scope;

/// One row of the table.
struct Job {
    label: &'static str,
    args: &'static [&'static str],
    runs: usize,
    quick: bool,
    /// The C++ peer's arguments for the same game and strategy, where it has them.
    peer: Option<&'static [&'static str]>,
    /// Whether the row runs on one thread (`-j 1`, the peer's `-mt 1`) rather than all.
    one_thread: bool,
    /// The total the row must reach, where one is known.
    known: Known,
}

/// Where a row's expected total comes from: the literature, a committed tree, or nowhere.
#[derive(Clone, Copy)]
enum Known {
    Published(u64),
    /// The total claimed by a tree under `trees/` that `cargo xtask check` verifies.
    Committed(&'static str),
    Unknown,
}

impl Known {
    fn total(self, root: &Path) -> anyhow::Result<Option<u64>> {
        match self {
            Known::Published(total) => Ok(Some(total)),
            Known::Committed(file) => {
                let path = root.join(file);
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let file: serde_json::Value = serde_json::from_str(&text)?;
                let total = file["claims"]["total_guesses"].as_u64();
                total
                    .map(Some)
                    .with_context(|| format!("{} claims no total", path.display()))
            }
            Known::Unknown => Ok(None),
        }
    }
}

/// The environment variable naming the C++ peer's binary.
const PEER_VARIABLE: &str = "MASTERMIND_BENCH_PEER";

const JOBS: &[Job] = &[
    Job {
        label: "knuth 4×6",
        args: &["--strategy", "knuth"],
        runs: 11,
        quick: true,
        peer: Some(&["-s", "minmax"]),
        one_thread: false,
        known: Known::Published(5801),
    },
    Job {
        label: "knuth 4×7",
        args: &["--strategy", "knuth", "--colours", "7"],
        runs: 5,
        quick: true,
        peer: Some(&["-r", "p4c7r", "-s", "minmax"]),
        one_thread: false,
        known: Known::Unknown,
    },
    Job {
        label: "knuth 4×10 no repetition",
        args: &["--strategy", "knuth", "--colours", "10", "--no-repeat"],
        runs: 3,
        quick: true,
        peer: Some(&["-r", "bc", "-s", "minmax"]),
        one_thread: false,
        known: Known::Unknown,
    },
    Job {
        label: "optimal 4×6",
        args: &["--strategy", "optimal"],
        runs: 11,
        quick: true,
        peer: Some(&["-s", "optimal"]),
        one_thread: false,
        known: Known::Published(5625),
    },
    Job {
        label: "optimal 4×6, one thread",
        args: &["--strategy", "optimal", "-j", "1"],
        runs: 11,
        quick: true,
        peer: Some(&["-s", "optimal"]),
        one_thread: true,
        known: Known::Published(5625),
    },
    Job {
        label: "optimal 4×6, at most 5 guesses",
        args: &["--strategy", "optimal", "--max-guesses", "5"],
        runs: 11,
        quick: true,
        peer: None,
        one_thread: false,
        known: Known::Published(5626),
    },
    Job {
        label: "optimal 4×7",
        args: &["--strategy", "optimal", "--colours", "7"],
        runs: 3,
        quick: false,
        peer: Some(&["-r", "p4c7r", "-s", "optimal"]),
        one_thread: false,
        known: Known::Published(11228),
    },
    Job {
        label: "optimal 5×5",
        args: &["--strategy", "optimal", "--pegs", "5", "--colours", "5"],
        runs: 3,
        quick: false,
        peer: Some(&["-r", "p5c5r", "-s", "optimal"]),
        one_thread: false,
        known: Known::Committed("trees/optimal-5x5.json"),
    },
    // The peer's 4×8 optimal takes far longer than the rest of the table together, and its
    // depth cap is broken, so these rows time us alone.
    Job {
        label: "optimal 4×8",
        args: &["--strategy", "optimal", "--colours", "8"],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Published(20471),
    },
    Job {
        label: "optimal 4×8, at most 6 guesses",
        args: &[
            "--strategy",
            "optimal",
            "--colours",
            "8",
            "--max-guesses",
            "6",
        ],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Published(20473),
    },
    Job {
        label: "optimal Bulls and Cows (4×10 no repetition)",
        args: &["--strategy", "optimal", "--colours", "10", "--no-repeat"],
        runs: 1,
        quick: false,
        peer: Some(&["-r", "bc", "-s", "optimal"]),
        one_thread: false,
        known: Known::Published(26274),
    },
    // No peer computes black-peg-only games.
    Job {
        label: "optimal 4×6 black pegs only",
        args: &["--strategy", "optimal", "--black-only"],
        runs: 5,
        quick: true,
        peer: None,
        one_thread: false,
        known: Known::Committed("trees/optimal-4x6-black-only.json"),
    },
    Job {
        label: "least worst case 4×6 black pegs only",
        args: &[
            "--strategy",
            "optimal",
            "--black-only",
            "--minimize",
            "worst",
        ],
        runs: 5,
        quick: true,
        peer: None,
        one_thread: false,
        known: Known::Committed("trees/optimal-4x6-black-only.json"),
    },
    Job {
        label: "optimal 4×7 black pegs only",
        args: &["--strategy", "optimal", "--black-only", "--colours", "7"],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Unknown,
    },
    Job {
        label: "optimal 4×9",
        args: &["--strategy", "optimal", "--colours", "9"],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Committed("trees/optimal-4x9.json"),
    },
    // The two searches the proofs of the frontier start from, each from nothing: half an hour
    // or more, so they run in the full table only.
    Job {
        label: "optimal 4×10",
        args: &["--strategy", "optimal", "--colours", "10"],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Committed("trees/optimal-4x10.json"),
    },
    Job {
        label: "optimal 5×6",
        args: &["--strategy", "optimal", "--pegs", "5", "--colours", "6"],
        runs: 1,
        quick: false,
        peer: None,
        one_thread: false,
        known: Known::Committed("trees/optimal-5x6.json"),
    },
    Job {
        label: "knuth 5×8",
        args: &["--strategy", "knuth", "--pegs", "5", "--colours", "8"],
        runs: 3,
        quick: true,
        peer: Some(&["-r", "lg", "-s", "minmax"]),
        one_thread: false,
        known: Known::Unknown,
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
    /// What it printed.
    stdout: String,
    /// What it printed on its error stream, where `generate` sums up its search.
    stderr: String,
}

/// The search's work from `generate`'s summary line: "…, N search nodes, H of L table
/// look-ups hit", as `N | H/L (P %)`; dashes for a strategy that does not search.
fn search_work(stderr: &str) -> String {
    let number = |text: &str| text.trim().parse::<u64>().ok();
    let work = stderr.lines().rev().find_map(|line| {
        let (before, _) = line.split_once(" table look-ups hit")?;
        let mut words = before.rsplit(", ");
        let (hits, lookups) = words.next()?.split_once(" of ")?;
        let nodes = words.next()?.strip_suffix(" search nodes")?;
        Some((number(nodes)?, number(hits)?, number(lookups)?))
    });
    match work {
        Some((nodes, hits, lookups)) => format!(
            "{nodes} | {hits}/{lookups} ({:.0} %)",
            100.0 * hits as f64 / lookups.max(1) as f64
        ),
        None => "– | –".to_owned(),
    }
}

pub fn run(root: &Path, scope: Scope) -> anyhow::Result<()> {
    let binary = crate::release_binary(root)?;
    let binary = binary.to_str().context("non-UTF-8 path")?;
    let peer = std::env::var_os(PEER_VARIABLE).map(std::path::PathBuf::from);
    let peer = peer
        .as_deref()
        .map(|path| path.to_str().context("non-UTF-8 peer path"))
        .transpose()?;
    let scratch = tempfile::tempdir().context("cannot create a scratch directory")?;
    let output = scratch.path().join("tree.json");
    let output = output.to_str().context("non-UTF-8 path")?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "Whole process, release build, {threads} threads unless the row says one; wall time is \
         the median of the runs. Searches give the nodes they ranked and their transposition \
         table's hits (of its look-ups), from the median run: they vary a little with the \
         threads' timing."
    );
    match peer {
        Some(peer) => println!(
            "The C++ peer ({peer}) runs each row it has beside ours; ratio = our time / its time.\n"
        ),
        None => println!(
            "No peer timed: set {PEER_VARIABLE} to the C++ peer's mmstrat binary \
             (../shared/peers/build.sh builds it) to time it beside ours.\n"
        ),
    }
    println!(
        "| job | total guesses | worst case | wall time | peak memory | runs \
         | search nodes | table hits | peer total | peer wall time | ratio |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut wrong = Vec::new();
    for job in JOBS.iter().filter(|job| scope == Scope::Full || job.quick) {
        let mut command = vec![binary, "generate"];
        command.extend_from_slice(job.args);
        command.extend_from_slice(&["-o", output]);
        let ours = median_of(job.runs, &command)?;
        let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(output)?)?;
        let total = file["claims"]["total_guesses"].as_u64();
        if let Some(known) = job.known.total(root)? {
            if total != Some(known) {
                wrong.push(format!("{}: total {total:?}, known {known}", job.label));
            }
        }
        let peer_columns = match (peer, job.peer) {
            (Some(peer), Some(peer_args)) => {
                let peer_threads = if job.one_thread { 1 } else { threads }.to_string();
                let mut command = vec![peer];
                command.extend_from_slice(peer_args);
                command.extend_from_slice(&["-S", "-q", "-mt", &peer_threads]);
                let theirs = median_of(job.runs, &command)?;
                format!(
                    "{} | {} | {:.2}×",
                    peer_total(&theirs.stdout),
                    format_duration(theirs.wall),
                    ours.wall.as_secs_f64() / theirs.wall.as_secs_f64()
                )
            }
            _ => "– | – | –".to_owned(),
        };
        println!(
            "| {} | {} | {} | {} | {:.1} MiB | {} | {} | {peer_columns} |",
            job.label,
            file["claims"]["total_guesses"],
            file["claims"]["worst_case"],
            format_duration(ours.wall),
            ours.peak_kib as f64 / 1024.0,
            job.runs,
            search_work(&ours.stderr)
        );
    }
    crate::vector_bench::run(binary)?;
    crate::proof_bench::run(binary, scope, scratch.path())?;
    println!("\nStatic Mastermind: `static search`, one run each.\n");
    println!("| job | least | proof | wall time | peak memory |");
    println!("|---|---:|---|---:|---:|");
    for job in STATIC_JOBS
        .iter()
        .filter(|job| scope == Scope::Full || job.quick)
    {
        let mut command = vec![binary, "static", "search", "--quiet"];
        command.extend_from_slice(job.args);
        command.extend_from_slice(&["-o", output]);
        let measurement = measure(&command)?;
        let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(output)?)?;
        println!(
            "| {} | {} | {} | {} | {:.1} MiB |",
            job.label,
            file["search"]["least"],
            file["search"]["proof"].as_str().unwrap_or("?"),
            format_duration(measurement.wall),
            measurement.peak_kib as f64 / 1024.0
        );
    }
    crate::page_bench::run(root, binary)?;
    if !wrong.is_empty() {
        bail!(
            "rows whose total differs from the known value:\n  {}",
            wrong.join("\n  ")
        );
    }
    Ok(())
}

/// Runs `command` `runs` times: the median wall time, with the largest peak memory and the
/// median run's output.
fn median_of(runs: usize, command: &[&str]) -> anyhow::Result<Measurement> {
    let mut measurements = (0..runs)
        .map(|_| measure(command))
        .collect::<anyhow::Result<Vec<_>>>()?;
    measurements.sort_by_key(|m| m.wall);
    let peak_kib = measurements.iter().map(|m| m.peak_kib).max().unwrap_or(0);
    let median = measurements.swap_remove(measurements.len() / 2);
    Ok(Measurement { peak_kib, ..median })
}

/// The total from the peer's summary line `total:worst:codes at worst`.
fn peer_total(stdout: &str) -> String {
    stdout
        .lines()
        .rev()
        .find_map(|line| line.trim().split(':').next()?.parse::<u64>().ok())
        .map_or_else(|| "?".to_owned(), |total| total.to_string())
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
        .output()
        .context("cannot run xtask measure")?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        bail!("`{}` failed:\n{stderr}", command.join(" "));
    }
    let text = String::from_utf8(output.stdout)?;
    let (figures, stdout) = text.split_once('\n').unwrap_or((&text, ""));
    let mut fields = figures.split_whitespace().map(str::parse::<u64>);
    match (fields.next(), fields.next()) {
        (Some(Ok(nanos)), Some(Ok(peak_kib))) => Ok(Measurement {
            wall: Duration::from_nanos(nanos),
            peak_kib,
            stdout: stdout.to_owned(),
            stderr,
        }),
        _ => bail!("unexpected output from xtask measure: {text}"),
    }
}

/// Runs `command` as this process's only child and prints its wall time in nanoseconds and
/// its peak resident memory in KiB on one line, then what the command printed (its error
/// stream on this one's).
pub fn measure_child(command: &[&str]) -> anyhow::Result<()> {
    let started = Instant::now();
    let output = Command::new(command[0])
        .args(&command[1..])
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", command[0]))?;
    let wall = started.elapsed();
    if !output.status.success() {
        bail!("`{}` exited with {}", command.join(" "), output.status);
    }
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).context("getrusage failed")?;
    println!("{} {}", wall.as_nanos(), usage.max_rss());
    print!("{}", String::from_utf8_lossy(&output.stdout));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::search_work;

    #[test]
    fn the_search_work_is_read_from_the_summary_line() {
        let optimal = "optimal 4×6: total 5625 guesses, average 625/144 = 4.3403, worst case 6, \
                       built in 148.29ms, 3412 search nodes, 628 of 14294 table look-ups hit\n";
        assert_eq!(search_work(optimal), "3412 | 628/14294 (4 %)");
        let knuth = "knuth 4×6: total 5801 guesses, average 5801/1296 = 4.4761, worst case 5\n";
        assert_eq!(search_work(knuth), "– | –");
    }
}
