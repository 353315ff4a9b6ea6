//! `cargo xtask cluster`: the Slurm recipe in `contrib/slurm`, really run. Installs Slurm and
//! MUNGE from the distribution's packages where they are missing, starts a one-node cluster on
//! this machine (controller and node daemon on localhost, processes tracked as plain Linux
//! processes, no task plugin, so neither systemd nor cgroups is needed), submits the optimal
//! 4×6 search as a job array of 8 shards with the merge job depending on it, waits, and checks
//! the merged tree against `generate`'s, byte for byte; then the same search as one resumable
//! run, workers of a job array sharing one directory of pieces and proving each, whose
//! certificate must check; then a small atlas in 3
//! shards, whose figures must equal one process's.

use std::ffi::OsStr;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};

const SHARDS: u32 = 8;
/// How long the jobs may take before the run is declared stuck.
const JOBS_TIMEOUT: Duration = Duration::from_secs(600);

pub fn run(root: &Path) -> anyhow::Result<()> {
    install_packages()?;
    start_munge()?;
    let binary = debug_binary(root)?;
    let directory = tempfile::tempdir().context("cannot make a temporary directory")?;
    let cluster = Cluster::start(directory.path())?;
    cluster.wait_until_idle()?;

    let merged = directory.path().join("optimal-4x6.json");
    cluster.submit_and_wait(
        root,
        "submit.sh",
        &[SHARDS.to_string().as_ref(), merged.as_os_str()],
        &binary,
        ("PARTS", &directory.path().join("parts")),
        directory.path(),
    )?;
    if !merged.exists() {
        bail!(
            "the merge wrote nothing; the job logs:\n{}",
            logs(directory.path())
        );
    }
    let single = Command::new(&binary)
        .args(["--quiet", "generate", "--strategy", "optimal"])
        .output()
        .context("cannot run generate")?;
    ensure!(single.status.success(), "generate failed");
    let merged_bytes = std::fs::read(&merged)?;
    ensure!(
        merged_bytes == single.stdout,
        "the tree merged on Slurm differs from generate's"
    );
    println!(
        "Slurm: {SHARDS} shards as a job array and the merge after them ran on a one-node cluster; the merged tree ({} bytes) equals generate's, byte for byte",
        merged_bytes.len()
    );
    resume_on_slurm(root, &cluster, &binary, directory.path(), &single.stdout)?;
    atlas_on_slurm(root, &cluster, &binary, directory.path())
}

const RESUME_WORKERS: u32 = 3;

/// `contrib/slurm/resume.sh` on the cluster: workers sharing one directory of pieces, and the
/// job after them, must write the tree one process writes, and leave every piece in and no
/// notes behind. They prove as they go (`--certificate`), as a frontier optimum's proof is
/// spread over a cluster: each piece's certificate beside it, and the whole one, which the
/// checker must find proves the tree.
fn resume_on_slurm(
    root: &Path,
    cluster: &Cluster,
    binary: &Path,
    directory: &Path,
    single: &[u8],
) -> anyhow::Result<()> {
    let tree = directory.join("resumed-4x6.json");
    let certificate = directory.join("resumed-4x6.cert");
    let pieces = directory.join("pieces");
    cluster.submit_and_wait(
        root,
        "resume.sh",
        &[
            RESUME_WORKERS.to_string().as_ref(),
            tree.as_os_str(),
            "--certificate".as_ref(),
            certificate.as_os_str(),
        ],
        binary,
        ("PIECES", &pieces),
        directory,
    )?;
    let written = std::fs::read(&tree).with_context(|| {
        format!(
            "the resumable run wrote no tree; the job logs:\n{}",
            logs(directory)
        )
    })?;
    ensure!(
        written == single,
        "the tree of the resumable run on Slurm differs from generate's"
    );
    let names: Vec<String> = std::fs::read_dir(&pieces)?
        .map(|entry| Ok(entry?.file_name().to_string_lossy().into_owned()))
        .collect::<std::io::Result<_>>()?;
    ensure!(
        names
            .iter()
            .all(|name| name.ends_with(".json") || name.ends_with(".cert")),
        "notes or proofs under way were left behind: {names:?}"
    );
    let pieces_in = names.iter().filter(|name| name.ends_with(".json")).count();
    let proven = names.len() - pieces_in;
    ensure!(
        proven == pieces_in,
        "{proven} of the {pieces_in} pieces have a certificate"
    );
    let verified = Command::new(binary)
        .arg("verify")
        .arg(&tree)
        .arg("--certificate")
        .arg(&certificate)
        .output()
        .context("cannot run verify")?;
    let report = String::from_utf8_lossy(&verified.stdout);
    ensure!(
        verified.status.success() && report.contains("optimality: proven"),
        "the certificate proven on Slurm does not prove the tree:\n{report}{}",
        String::from_utf8_lossy(&verified.stderr)
    );
    println!(
        "Slurm: {RESUME_WORKERS} workers sharing one directory of {pieces_in} pieces, proving each, then the job after them, wrote generate's tree, byte for byte, and a certificate that checks"
    );
    Ok(())
}

/// The flags of the atlas run on the cluster: small games, every variant and measure.
const ATLAS_FLAGS: &[&str] = &["--pegs", "2..3", "--colours", "2..4", "--budget", "60"];
const ATLAS_SHARDS: u32 = 3;

/// `contrib/slurm/atlas.sh` on the cluster: the parts put together must give one process's
/// figures for every game and measure.
fn atlas_on_slurm(
    root: &Path,
    cluster: &Cluster,
    binary: &Path,
    directory: &Path,
) -> anyhow::Result<()> {
    let merged = directory.join("atlas.json");
    let shards = ATLAS_SHARDS.to_string();
    let mut arguments: Vec<&OsStr> = vec![shards.as_ref(), merged.as_os_str()];
    arguments.extend(ATLAS_FLAGS.iter().map(OsStr::new));
    cluster.submit_and_wait(
        root,
        "atlas.sh",
        &arguments,
        binary,
        ("PARTS", &directory.join("atlas-parts")),
        directory,
    )?;
    let single = directory.join("atlas-single.json");
    let status = Command::new(binary)
        .args(["--quiet", "atlas"])
        .args(ATLAS_FLAGS)
        .arg("-o")
        .arg(&single)
        .status()
        .context("cannot run atlas")?;
    ensure!(status.success(), "atlas failed");
    let read = |path: &Path| -> anyhow::Result<Vec<(String, Option<mastermind::atlas::Figures>)>> {
        let text = std::fs::read_to_string(path).with_context(|| {
            format!(
                "the atlas run wrote nothing; the job logs:\n{}",
                logs(directory)
            )
        })?;
        let atlas = mastermind::atlas::AtlasFile::from_json(&text)?;
        Ok(atlas
            .entries
            .iter()
            .flat_map(|entry| {
                entry.results.iter().map(move |(name, outcome)| {
                    (format!("{} {name}", entry.game), outcome.figures())
                })
            })
            .collect())
    };
    let (on_slurm, alone) = (read(&merged)?, read(&single)?);
    ensure!(
        on_slurm == alone,
        "the atlas put together on Slurm differs from one process's"
    );
    println!(
        "Slurm: the atlas in {ATLAS_SHARDS} shards, put together after them, has one process's {} figures",
        alone.len()
    );
    Ok(())
}

/// Installs Slurm and MUNGE with apt-get where they are missing.
fn install_packages() -> anyhow::Result<()> {
    if ["slurmctld", "slurmd", "sbatch", "munged"]
        .iter()
        .all(|program| on_path(program))
    {
        return Ok(());
    }
    println!("installing slurm-wlm and munge from the distribution's packages");
    run_quietly(Command::new("apt-get").args(["update", "-qq"]))?;
    run_quietly(
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "--no-install-recommends"])
            .args(["slurm-wlm", "munge"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|directory| directory.join(program).is_file())
    })
}

fn run_quietly(command: &mut Command) -> anyhow::Result<()> {
    let output = command
        .output()
        .with_context(|| format!("cannot run {command:?}"))?;
    ensure!(
        output.status.success(),
        "{command:?} failed (it needs root):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(())
}

/// Starts the MUNGE daemon, which Slurm authenticates with, unless it already answers.
fn start_munge() -> anyhow::Result<()> {
    if munge_answers() {
        return Ok(());
    }
    // MUNGE refuses to start unless its directories belong to its own user.
    for directory in ["/run/munge", "/var/log/munge", "/var/lib/munge"] {
        std::fs::create_dir_all(directory).with_context(|| format!("cannot make {directory}"))?;
    }
    run_quietly(Command::new("chown").args([
        "-R",
        "munge:munge",
        "/etc/munge",
        "/run/munge",
        "/var/log/munge",
        "/var/lib/munge",
    ]))?;
    if !Path::new("/etc/munge/munge.key").exists() {
        run_quietly(Command::new("runuser").args(["-u", "munge", "--", "mungekey", "--create"]))?;
    }
    run_quietly(Command::new("runuser").args(["-u", "munge", "--", "munged"]))?;
    ensure!(munge_answers(), "munged started but does not answer");
    Ok(())
}

fn munge_answers() -> bool {
    Command::new("munge")
        .arg("-n")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

fn debug_binary(root: &Path) -> anyhow::Result<PathBuf> {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--bin", "mastermind"])
        .current_dir(root)
        .status()
        .context("cannot run cargo build")?;
    ensure!(status.success(), "cargo build failed");
    Ok(root.join("target/debug/mastermind"))
}

/// The controller and node daemon, stopped when dropped.
struct Cluster {
    config: PathBuf,
    daemons: Vec<Child>,
}

impl Cluster {
    fn start(directory: &Path) -> anyhow::Result<Cluster> {
        let host = String::from_utf8(
            Command::new("hostname")
                .arg("-s")
                .output()
                .context("cannot run hostname")?
                .stdout,
        )?
        .trim()
        .to_owned();
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        for sub in ["state", "spool", "log"] {
            std::fs::create_dir_all(directory.join(sub))?;
        }
        let at = |name: &str| directory.join(name).display().to_string();
        let config = directory.join("slurm.conf");
        std::fs::write(
            &config,
            format!(
                "ClusterName=xtask\n\
                 SlurmctldHost={host}(127.0.0.1)\n\
                 SlurmUser=root\n\
                 SlurmdUser=root\n\
                 AuthType=auth/munge\n\
                 CredType=cred/munge\n\
                 SlurmctldPort={controller}\n\
                 SlurmdPort={node}\n\
                 StateSaveLocation={state}\n\
                 SlurmdSpoolDir={spool}\n\
                 SlurmctldPidFile={log}/slurmctld.pid\n\
                 SlurmdPidFile={log}/slurmd.pid\n\
                 SlurmctldLogFile={log}/slurmctld.log\n\
                 SlurmdLogFile={log}/slurmd.log\n\
                 ProctrackType=proctrack/linuxproc\n\
                 TaskPlugin=task/none\n\
                 JobAcctGatherType=jobacct_gather/none\n\
                 AccountingStorageType=accounting_storage/none\n\
                 SchedulerType=sched/builtin\n\
                 SelectType=select/cons_tres\n\
                 SelectTypeParameters=CR_CPU\n\
                 MpiDefault=none\n\
                 ReturnToService=2\n\
                 NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN\n\
                 PartitionName=xtask Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
                controller = free_port()?,
                node = free_port()?,
                state = at("state"),
                spool = at("spool"),
                log = at("log"),
            ),
        )?;
        let mut cluster = Cluster {
            config,
            daemons: Vec::new(),
        };
        for daemon in ["slurmctld", "slurmd"] {
            let child = Command::new(daemon)
                .arg("-D")
                .arg("-f")
                .arg(&cluster.config)
                .env("SLURM_CONF", &cluster.config)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .with_context(|| format!("cannot start {daemon}"))?;
            cluster.daemons.push(child);
        }
        Ok(cluster)
    }

    fn query(&self, program: &str, args: &[&str]) -> anyhow::Result<String> {
        let output = Command::new(program)
            .args(args)
            .env("SLURM_CONF", &self.config)
            .output()
            .with_context(|| format!("cannot run {program}"))?;
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
    }

    fn wait_until_idle(&self) -> anyhow::Result<()> {
        let started = Instant::now();
        while self.query("sinfo", &["-h", "-o", "%t"])? != "idle" {
            ensure!(
                started.elapsed() < Duration::from_secs(60),
                "the Slurm node did not come up within 60 s (see {})",
                self.config.with_file_name("log").display()
            );
            std::thread::sleep(Duration::from_millis(250));
        }
        Ok(())
    }

    /// Runs `contrib/slurm/SCRIPT ARGUMENTS` from `directory` against this cluster, with the
    /// binary and the directory variable the script reads, and waits until every job it
    /// submitted has ended.
    fn submit_and_wait(
        &self,
        root: &Path,
        script: &str,
        arguments: &[&OsStr],
        binary: &Path,
        (variable, value): (&str, &Path),
        directory: &Path,
    ) -> anyhow::Result<()> {
        let submitted = Command::new(root.join("contrib/slurm").join(script))
            .args(arguments)
            .env("MASTERMIND", binary)
            .env(variable, value)
            .env("SLURM_CONF", &self.config)
            .current_dir(directory)
            .output()
            .with_context(|| format!("cannot run contrib/slurm/{script}"))?;
        ensure!(
            submitted.status.success(),
            "{script} failed:\n{}",
            String::from_utf8_lossy(&submitted.stderr)
        );
        print!("{}", String::from_utf8_lossy(&submitted.stdout));
        self.wait_until_no_jobs()
    }

    fn wait_until_no_jobs(&self) -> anyhow::Result<()> {
        let started = Instant::now();
        while !self.query("squeue", &["-h"])?.is_empty() {
            ensure!(
                started.elapsed() < JOBS_TIMEOUT,
                "the jobs did not finish within {JOBS_TIMEOUT:?}"
            );
            std::thread::sleep(Duration::from_millis(500));
        }
        Ok(())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for daemon in &mut self.daemons {
            let _ = daemon.kill();
            let _ = daemon.wait();
        }
    }
}

fn free_port() -> anyhow::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Every job log in `directory`, for a run that went wrong.
fn logs(directory: &Path) -> String {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return String::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "log"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            format!(
                "== {}\n{}",
                path.display(),
                std::fs::read_to_string(path).unwrap_or_default()
            )
        })
        .collect()
}
