//! `mastermind atlas-entry` (hidden): one measure of one game, run by `atlas` as a process of
//! its own so that it can be stopped when its budget runs out. The figures go to stdout as
//! JSON; lines `reached: …` on stderr say how far it has got, for the record of an entry that
//! runs out of time.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mastermind::atlas::{compute, GameKey, Reached};

use crate::args::AtlasEntryArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;

/// The prefix of the progress lines `atlas` reads.
pub const REACHED: &str = "reached: ";

/// How often a progress line may be written.
const REPORT_EVERY: Duration = Duration::from_millis(100);

pub fn run(args: &AtlasEntryArgs) -> anyhow::Result<Outcome> {
    end_with_parent();
    let game = GameKey {
        pegs: args.pegs,
        colours: args.colours,
        variant: args.variant,
    };
    let reporter = LineReporter {
        last: Mutex::new(None),
    };
    let figures = compute(args.measure, game, &reporter).map_err(anyhow::Error::msg)?;
    write_stdout((serde_json::to_string(&figures)? + "\n").as_bytes())?;
    Ok(Outcome::Success)
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
