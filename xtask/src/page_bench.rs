//! The page's speed beside the command's, for `cargo xtask bench`: the browser test builds
//! trees in the page (the library as WebAssembly, in a worker of a real headless Chromium) and
//! records its times in `target/web-timings.json`; here the command builds the same trees on
//! one thread, and the table gives both with their ratio.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};
use serde_json::Value;

/// One row: the timings' name and the command's arguments for the same build.
struct Row {
    label: &'static str,
    name: &'static str,
    args: &'static [&'static str],
}

/// The most times the command's one-thread time a build in the page may take.
const GOAL: f64 = 3.0;

const ROWS: &[Row] = &[
    Row {
        label: "Knuth 4×6",
        name: "knuth-4x6",
        args: &["--strategy", "knuth"],
    },
    Row {
        label: "optimal 4×6",
        name: "optimal-4x6",
        args: &["--strategy", "optimal"],
    },
    Row {
        label: "optimal 4×6 black pegs only",
        name: "optimal-4x6-black-only",
        args: &["--strategy", "optimal", "--black-only"],
    },
    Row {
        label: "optimal 5×5",
        name: "optimal-5x5",
        args: &["--strategy", "optimal", "--pegs", "5", "--colours", "5"],
    },
    Row {
        label: "optimal 4×7",
        name: "optimal-4x7",
        args: &["--strategy", "optimal", "--colours", "7"],
    },
    Row {
        label: "optimal, Bulls and Cows",
        name: "optimal-bulls-and-cows",
        args: &["--strategy", "optimal", "--colours", "10", "--no-repeat"],
    },
    Row {
        label: "Knuth, Bulls and Cows",
        name: "knuth-bulls-and-cows",
        args: &["--strategy", "knuth", "--colours", "10", "--no-repeat"],
    },
    Row {
        label: "Knuth 5×8",
        name: "knuth-5x8",
        args: &["--strategy", "knuth", "--pegs", "5", "--colours", "8"],
    },
];

/// Runs the browser test for the page's times and prints them beside the command's.
pub fn run(root: &Path, binary: &str) -> anyhow::Result<()> {
    println!(
        "\nThe page: builds in the page's worker (WebAssembly in headless Chromium), from the"
    );
    println!("browser test, against the command's `built in` time on one thread (median of 3).");
    println!("First = the first build in a fresh page; again = the best of two more.\n");
    let status = Command::new(env!("CARGO"))
        .args([
            "test",
            "--locked",
            "--test",
            "tests",
            "browser::app",
            "--",
            "--nocapture",
        ])
        .current_dir(root)
        .env("CI", "true")
        .status()
        .context("cannot run the browser test")?;
    if !status.success() {
        bail!("the page's browser test failed");
    }
    let path = root.join("target/web-timings.json");
    let timings: Value = serde_json::from_str(
        &std::fs::read_to_string(&path).with_context(|| path.display().to_string())?,
    )?;
    println!("| build | page, first | page, again | command, one thread | ratio (again) | within {GOAL}× |");
    println!("|---|---:|---:|---:|---:|---|");
    for row in ROWS {
        let first = timings[row.name]["module_seconds"]
            .as_f64()
            .with_context(|| format!("no time for {} in {}", row.name, path.display()))?;
        let again = timings[format!("{}-again", row.name)]
            .as_array()
            .and_then(|runs| {
                runs.iter()
                    .filter_map(|run| run["module_seconds"].as_f64())
                    .reduce(f64::min)
            })
            .unwrap_or(first);
        let native = native_seconds(binary, row.args)?;
        let ratio = again / native;
        println!(
            "| {} | {} | {} | {} | {ratio:.1}× | {} |",
            row.label,
            seconds(first),
            seconds(again),
            seconds(native),
            if ratio <= GOAL { "yes" } else { "**no**" }
        );
    }
    for (name, label) in [
        (
            "explain-knuth-4x6",
            "\"Why this guess?\" at Knuth 4×6's first guess",
        ),
        (
            "explain-optimal-4x6",
            "\"Why this guess?\" at the optimum 4×6's first guess",
        ),
    ] {
        if let Some(time) = timings[name].as_f64() {
            println!(
                "\n{label}: {} in the page (goal: under 1 s).",
                seconds(time)
            );
        }
    }
    Ok(())
}

/// The command's own `built in` time for `args` on one thread, the median of three runs.
fn native_seconds(binary: &str, args: &[&str]) -> anyhow::Result<f64> {
    let mut times = Vec::new();
    for _ in 0..3 {
        let output = Command::new(binary)
            .args(["generate", "-j", "1", "-o", "/dev/null"])
            .args(args)
            .output()
            .context("cannot run the command")?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        let built = stderr
            .rsplit_once("built in ")
            .map(|(_, rest)| rest.split([',', '\n']).next().unwrap_or(""))
            .context("no `built in` time in the command's summary")?;
        times.push(parse_duration(built)?);
    }
    times.sort_by(f64::total_cmp);
    Ok(times[1])
}

/// Seconds from a duration as Rust prints it (`4.47ms`, `842.65ms`, `1.23s`, `830.10µs`).
fn parse_duration(text: &str) -> anyhow::Result<f64> {
    let text = text.trim();
    let (number, scale) = [("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9), ("s", 1.0)]
        .iter()
        .find_map(|(unit, scale)| text.strip_suffix(unit).map(|number| (number, *scale)))
        .with_context(|| format!("not a duration: {text:?}"))?;
    Ok(number
        .parse::<f64>()
        .with_context(|| format!("not a duration: {text:?}"))?
        * scale)
}

fn seconds(time: f64) -> String {
    if time < 1.0 {
        format!("{:.1} ms", time * 1e3)
    } else {
        format!("{time:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::parse_duration;

    #[test]
    fn durations_read_as_rust_prints_them() {
        assert_eq!(parse_duration("4.47ms").unwrap(), 4.47e-3);
        assert_eq!(parse_duration("1.5s").unwrap(), 1.5);
        assert!((parse_duration("830.10µs").unwrap() - 830.1e-6).abs() < 1e-12);
        assert!(parse_duration("soon").is_err());
    }
}
