//! One computation of the atlas in a process of its own, so that it can be stopped when its
//! budget runs out: the parent's side ([`ChildProcess`], a [`Runner`]) starts it, reads how far
//! it got, and stops it; the child's side ([`compute_as_child`]) computes and says how far it
//! has got. Between them: the figures as JSON on the child's stdout, lines `reached: …` on its
//! stderr, and `error: …` when it cannot be done.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{compute, Figures, GameKey, Measure, Outcome, Reached, Runner};

/// The prefix of the child's progress lines.
const REACHED: &str = "reached: ";

/// How often a running child is looked at.
const POLL: Duration = Duration::from_millis(10);

/// Runs each computation as `PROGRAM --threads 1 atlas-entry --pegs P --colours C --variant
/// V --measure M`, a process of its own, stopped when its budget runs out. The program answers
/// as [`compute_as_child`] does (the `mastermind` command's hidden `atlas-entry` calls it).
pub struct ChildProcess(pub PathBuf);

impl Runner for ChildProcess {
    fn run(&self, game: GameKey, measure: Measure, budget: f64) -> Outcome {
        run(&self.0, game, measure, budget)
    }
}

/// Runs `measure` of `game` with the binary at `program`, stopping it after `budget` seconds.
fn run(program: &Path, game: GameKey, measure: Measure, budget: f64) -> Outcome {
    let started = Instant::now();
    let spawned = Command::new(program)
        .args(["--threads", "1", "atlas-entry"])
        .args(["--pegs", &game.pegs.to_string()])
        .args(["--colours", &game.colours.to_string()])
        .args([
            "--variant",
            game.variant.name(),
            "--measure",
            measure.name(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            return Outcome::Failed {
                reason: format!("cannot start {}: {error}", program.display()),
            }
        }
    };
    let reached = Arc::new(Mutex::new(String::new()));
    let errors = Arc::new(Mutex::new(String::new()));
    let stderr = child.stderr.take().map(|stderr| {
        let (reached, errors) = (Arc::clone(&reached), Arc::clone(&errors));
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                match line.strip_prefix(REACHED) {
                    Some(progress) => *lock(&reached) = progress.to_owned(),
                    None => {
                        let mut errors = lock(&errors);
                        errors.push_str(line.strip_prefix("error: ").unwrap_or(&line));
                        errors.push('\n');
                    }
                }
            }
        })
    });
    let stdout = child.stdout.take().map(|mut stdout| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        })
    });
    let limit = Duration::from_secs_f64(budget);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(POLL),
            Err(error) => {
                let _ = child.kill();
                return Outcome::Failed {
                    reason: format!("cannot wait for the computation: {error}"),
                };
            }
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let text = stdout
        .and_then(|thread| thread.join().ok())
        .unwrap_or_default();
    if let Some(thread) = stderr {
        let _ = thread.join();
    }
    let Some(status) = status else {
        let reached = lock(&reached).clone();
        return Outcome::Unfinished {
            seconds: budget,
            reached: if reached.is_empty() {
                "nothing reported before the budget ran out".to_owned()
            } else {
                reached
            },
        };
    };
    if let Some(killed) = killed_by(&status) {
        // Killed from outside (the out-of-memory killer, a person, a batch system): not a
        // result, so it counts as unfinished and a later run tries it again.
        return Outcome::Unfinished {
            seconds,
            reached: format!(
                "killed by {killed} after {seconds:.1} s, before its budget ran out; a later \
                 run tries it again"
            ),
        };
    }
    let errors = lock(&errors).trim_end().to_owned();
    if status.success() {
        return match serde_json::from_str::<Figures>(&text) {
            Ok(figures) => Outcome::finished(figures, seconds),
            Err(error) => Outcome::Failed {
                reason: format!("the computation's output is not its figures: {error}"),
            },
        };
    }
    Outcome::Failed {
        reason: match (errors.is_empty(), status.code()) {
            (false, _) => errors,
            (true, Some(code)) => format!("the computation ended with exit status {code}"),
            (true, None) => "the computation ended without an exit status".to_owned(),
        },
    }
}

/// The signal that ended a computation, named, if one did.
#[cfg(unix)]
fn killed_by(status: &std::process::ExitStatus) -> Option<String> {
    use std::os::unix::process::ExitStatusExt;
    let signal = status.signal()?;
    let name = match signal {
        9 => "SIGKILL (the out-of-memory killer, or another process)",
        15 => "SIGTERM",
        2 => "SIGINT",
        1 => "SIGHUP",
        6 => "SIGABRT",
        11 => "SIGSEGV",
        _ => "a signal",
    };
    Some(format!("signal {signal}, {name}"))
}

#[cfg(not(unix))]
fn killed_by(_status: &std::process::ExitStatus) -> Option<String> {
    None
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// How often a progress line may be written.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The child's side of [`ChildProcess`]: computes `measure` of `game`, saying how far it has
/// got on stderr (lines `reached: …`, at most ten a second) for the record of an entry that
/// runs out of time, and ending the process should its parent go. The caller writes the
/// figures to stdout as one line of JSON, or its error to stderr as `error: …`.
pub fn compute_as_child(measure: Measure, game: GameKey) -> Result<Figures, String> {
    end_with_parent();
    let reporter = LineReporter {
        last: Mutex::new(None),
    };
    compute(measure, game, &reporter)
}

/// Writes the progress to stderr, at most every [`REPORT_EVERY`], and each new stage at once.
struct LineReporter {
    last: Mutex<Option<Instant>>,
}

impl LineReporter {
    fn write(&self, progress: &str, always: bool) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if !always && last.is_some_and(|at| at.elapsed() < REPORT_EVERY) {
            return;
        }
        *last = Some(Instant::now());
        let _ = writeln!(std::io::stderr().lock(), "{REACHED}{progress}");
    }
}

impl Reached for LineReporter {
    fn reached(&self, progress: String) {
        self.write(&progress, false);
    }

    fn stage(&self, progress: String) {
        self.write(&progress, true);
    }
}

/// A computation whose `atlas` is gone (killed, or stopped by a signal that did not reach its
/// children) has no one to report to: it ends rather than run on for hours.
fn end_with_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        let _ = std::thread::Builder::new()
            .name("parent-watch".to_owned())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_millis(500));
                if std::os::unix::process::parent_id() != parent {
                    std::process::exit(143);
                }
            });
    }
}
