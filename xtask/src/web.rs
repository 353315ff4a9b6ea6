//! `cargo xtask web`: builds the library's WebAssembly module for the page
//! (`crates/web`, answered by the page's script) into `crates/page/src/assets/mastermind.wasm`,
//! where `mastermind html` takes it from. The build is reproducible: a pinned toolchain, one
//! codegen unit, and the paths of this machine mapped away, so the same sources give the same
//! bytes anywhere; `--check` fails where the committed module is not the one the sources give.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context};

/// The toolchain the module is built with: another would build other bytes.
pub const TOOLCHAIN: &str = "1.95.0";
const TARGET: &str = "wasm32-unknown-unknown";
/// Where the module is kept, for `mastermind html` to include.
pub const MODULE: &str = "crates/page/src/assets/mastermind.wasm";
/// The most the module may weigh gzip-compressed.
const MOST_GZIPPED_BYTES: usize = 1_500_000;

/// Builds the module and writes it where the page takes it from, or with `check` only
/// compares it with the one there.
pub fn run(root: &Path, check: bool) -> anyhow::Result<()> {
    let built = build(root)?;
    let gzipped = gzipped_len(&built)?;
    ensure!(
        gzipped <= MOST_GZIPPED_BYTES,
        "the module is {gzipped} bytes gzip-compressed, more than {MOST_GZIPPED_BYTES}"
    );
    let kept = root.join(MODULE);
    if check {
        let committed = std::fs::read(&kept).with_context(|| kept.display().to_string())?;
        ensure!(
            committed == built,
            "{MODULE} is not the module the sources build ({} bytes built, {} kept): run \
             `cargo xtask web` and commit it",
            built.len(),
            committed.len()
        );
        println!(
            "{MODULE} is the module the sources build ({} bytes, {gzipped} gzipped)",
            built.len()
        );
        return Ok(());
    }
    mastermind::files::write_atomically(&kept, &built)?;
    println!("wrote {MODULE}: {} bytes, {gzipped} gzipped", built.len());
    Ok(())
}

/// The module's bytes, built from the sources under `root`.
pub fn build(root: &Path) -> anyhow::Result<Vec<u8>> {
    install_toolchain()?;
    let target_dir = root.join("target/web");
    let home = cargo_home();
    // Paths of this machine would end up in the module's panic messages.
    let rustflags = format!(
        "--remap-path-prefix={}=/mastermind --remap-path-prefix={}=/cargo -C target-feature=+simd128",
        root.display(),
        home.display()
    );
    let status = Command::new("cargo")
        .arg(format!("+{TOOLCHAIN}"))
        .args([
            "build",
            "--locked",
            "--package",
            "mastermind-web",
            "--profile",
            "web",
        ])
        .args(["--target", TARGET])
        .arg("--target-dir")
        .arg(&target_dir)
        .current_dir(root)
        .env("RUSTFLAGS", rustflags)
        .env_remove("RUSTC_WRAPPER")
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("building the WebAssembly module failed");
    }
    let module = target_dir.join(TARGET).join("web/mastermind_web.wasm");
    std::fs::read(&module).with_context(|| module.display().to_string())
}

fn install_toolchain() -> anyhow::Result<()> {
    let status = Command::new("rustup")
        .args(["toolchain", "install", TOOLCHAIN, "--profile", "minimal"])
        .args(["--target", TARGET])
        .status()
        .context("cannot run rustup, which installs the toolchain the module is built with")?;
    ensure!(
        status.success(),
        "rustup could not install {TOOLCHAIN} with {TARGET}"
    );
    Ok(())
}

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))
        .unwrap_or_default()
}

fn gzipped_len(bytes: &[u8]) -> anyhow::Result<usize> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}
