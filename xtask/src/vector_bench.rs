//! The AVX-512 kernels against the AVX2 ones on the same machine, for `cargo xtask bench`:
//! each row built with every kernel's widest version and with `MASTERMIND_VECTOR_UNIT=avx2`,
//! the two runs in turn, so a drift in the machine's speed reaches both.

use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use mastermind::{vector_unit, VECTOR_UNIT_VARIABLE};

/// The rows: a one-step strategy (the packed scoring kernels) and two searches.
const ROWS: &[(&str, &[&str])] = &[
    (
        "Knuth 5×8",
        &["--strategy", "knuth", "--pegs", "5", "--colours", "8"],
    ),
    (
        "optimal 5×5",
        &["--strategy", "optimal", "--pegs", "5", "--colours", "5"],
    ),
    ("optimal 4×8", &["--strategy", "optimal", "--colours", "8"]),
];

/// Pairs of runs for each row.
const PAIRS: usize = 3;

/// Prints the table, or why there is none on this CPU.
pub fn run(binary: &str) -> anyhow::Result<()> {
    if vector_unit() != "AVX-512" {
        println!(
            "\nThis CPU runs the {} kernels: no AVX-512 to time against AVX2.",
            vector_unit()
        );
        return Ok(());
    }
    println!(
        "\nAVX-512 against AVX2 ({VECTOR_UNIT_VARIABLE}=avx2), all threads, {PAIRS} pairs of runs \
         in turn; median wall times, ratio = AVX-512 / AVX2.\n"
    );
    println!("| build | AVX-512 | AVX2 | ratio |");
    println!("|---|---:|---:|---:|");
    for (label, args) in ROWS {
        let (mut wide, mut narrow) = (Vec::new(), Vec::new());
        for _ in 0..PAIRS {
            wide.push(time(binary, args, None)?);
            narrow.push(time(binary, args, Some("avx2"))?);
        }
        let (wide, narrow) = (median(wide), median(narrow));
        println!(
            "| {label} | {:.3} s | {:.3} s | {:.2}× |",
            wide.as_secs_f64(),
            narrow.as_secs_f64(),
            wide.as_secs_f64() / narrow.as_secs_f64()
        );
    }
    Ok(())
}

fn time(binary: &str, args: &[&str], cap: Option<&str>) -> anyhow::Result<Duration> {
    let mut command = Command::new(binary);
    command
        .args(["generate", "--quiet", "-o", "/dev/null"])
        .args(args);
    match cap {
        Some(cap) => command.env(VECTOR_UNIT_VARIABLE, cap),
        None => command.env_remove(VECTOR_UNIT_VARIABLE),
    };
    let started = Instant::now();
    let status = command.status().context("cannot run the command")?;
    if !status.success() {
        bail!("`generate {}` failed", args.join(" "));
    }
    Ok(started.elapsed())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}
