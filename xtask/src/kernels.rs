//! `cargo xtask kernels`: the counting kernels' equivalence tests (each kernel against a plain
//! reference, see `crates/search/src/optimal/kernels/counting/tests.rs`, `crates/core/src/packed.rs`
//! and the checker's `floor.rs` and `counting.rs`)
//! run on every kind of CPU the dispatch tells apart. The machine runs them as it is; QEMU's
//! user-mode emulator (Debian's `qemu-user`, installed here if missing) runs them again as a
//! CPU without AVX2 (the baseline versions) and as one with AVX2 only; and an emulator of an
//! AVX-512 CPU, named by `KERNELS_AVX512_RUNNER` (such as Intel SDE: `sde64 -spr --`), runs
//! the AVX-512 versions where the machine has none (a machine with AVX-512, VBMI included,
//! runs them itself). Each run prints the versions it ran.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// The emulated CPUs: a QEMU model and what the dispatch picks on it.
const EMULATED: [(&str, &str); 2] = [("Nehalem", "baseline"), ("Haswell", "AVX2")];

/// The test binaries and the tests in them that hold the kernels' equivalence tests.
const SUITES: [(&str, &str); 4] = [
    ("mastermind-search", "optimal::kernels::counting::tests"),
    ("mastermind-core", "packed::tests"),
    ("mastermind-certificate", "floor::tests"),
    ("mastermind-certificate", "counting::tests"),
];

pub fn run(root: &Path) -> anyhow::Result<()> {
    let binaries = SUITES
        .iter()
        .map(|&(package, filter)| Ok((test_binary(root, package)?, filter)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let qemu = qemu()?;
    let native = if runs_avx512() {
        "this machine (AVX-512 versions)"
    } else {
        "this machine"
    };
    let mut runners: Vec<(String, Vec<String>)> = vec![(native.into(), Vec::new())];
    for (model, versions) in EMULATED {
        runners.push((
            format!("QEMU as {model} ({versions} versions)"),
            vec![qemu.clone(), "-cpu".into(), model.into()],
        ));
    }
    match std::env::var("KERNELS_AVX512_RUNNER") {
        Ok(runner) if !runner.trim().is_empty() => runners.push((
            format!("{runner} (AVX-512 versions)"),
            runner.split_whitespace().map(str::to_owned).collect(),
        )),
        _ if runs_avx512() => {}
        _ => eprintln!(
            "note: the AVX-512 versions run only on a CPU that has AVX-512: set \
             KERNELS_AVX512_RUNNER to an emulator of one (such as `sde64 -spr --`) to run them here"
        ),
    }
    for (name, runner) in &runners {
        println!("== {name}");
        for (binary, filter) in &binaries {
            let mut command = match runner.split_first() {
                Some((program, args)) => {
                    let mut command = Command::new(program);
                    command.args(args).arg(binary);
                    command
                }
                None => Command::new(binary),
            };
            let output = command
                .args([*filter, "--nocapture", "--test-threads", "2"])
                .env("PROPTEST_CASES", "64")
                .output()
                .with_context(|| format!("cannot run {}", binary.display()))?;
            let text = String::from_utf8_lossy(&output.stdout).into_owned()
                + &String::from_utf8_lossy(&output.stderr);
            for line in text.lines() {
                if line.contains("runs on this CPU")
                    || line.contains("not run")
                    || line.starts_with("test result")
                {
                    println!("   {line}");
                }
            }
            if !output.status.success() {
                println!("{text}");
                bail!("the kernels' tests failed on {name}");
            }
        }
    }
    Ok(())
}

/// Whether this CPU has every feature the kernels' AVX-512 versions ask for (the counting
/// kernels' VBMI and the core's DQ included), so that it runs them all itself.
fn runs_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx512f")
            && has!("avx512bw")
            && has!("avx512vl")
            && has!("avx512dq")
            && has!("avx512vbmi")
            && has!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Builds the unit tests of `package` and returns the test binary.
fn test_binary(root: &Path, package: &str) -> anyhow::Result<PathBuf> {
    let output = Command::new(env!("CARGO"))
        .args([
            "test",
            "--no-run",
            "--lib",
            "--message-format=json",
            "-p",
            package,
        ])
        .current_dir(root)
        .output()
        .context("cannot run cargo test --no-run")?;
    if !output.status.success() {
        bail!(
            "building the tests of {package} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["profile"]["test"] == true)
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .with_context(|| format!("no test binary for {package}"))
}

/// QEMU's user-mode emulator, installed from Debian's packages if missing.
fn qemu() -> anyhow::Result<String> {
    const QEMU: &str = "qemu-x86_64";
    let found = |_: ()| {
        Command::new(QEMU)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    };
    if found(()) {
        return Ok(QEMU.into());
    }
    eprintln!("installing qemu-user (apt-get) to emulate CPUs without AVX2");
    let sudo = if nix::unistd::geteuid().is_root() {
        vec![]
    } else {
        vec!["sudo"]
    };
    for args in [
        vec!["apt-get", "update", "-qq"],
        vec![
            "apt-get",
            "install",
            "-y",
            "-qq",
            "--no-install-recommends",
            "qemu-user",
        ],
    ] {
        let command = [sudo.clone(), args].concat();
        let status = Command::new(command[0])
            .args(&command[1..])
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .context("cannot run apt-get")?;
        if !status.success() {
            bail!("`{}` failed", command.join(" "));
        }
    }
    if !found(()) {
        bail!("{QEMU} is still missing after installing qemu-user");
    }
    Ok(QEMU.into())
}
