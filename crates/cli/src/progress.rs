//! The progress bar on stderr while a tree is built. indicatif hides it when stderr is not a
//! terminal, and it only appears once a build has run for a moment, whether or not the build
//! has reported anything by then (a large search can settle its first subproblem after minutes).

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use mastermind_solve::Progress;
use mastermind_static::SearchProgress;

/// How long a build runs before its progress bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(400);

/// Counts settled codes on a progress bar.
pub struct BuildProgress {
    bar: ProgressBar,
    /// The thread that shows the bar once the build has run for [`SHOW_AFTER`], and the way to
    /// tell it the build is over; none under `--quiet`.
    reveal: Mutex<Option<(Sender<()>, JoinHandle<()>)>>,
}

impl BuildProgress {
    pub fn new(codes: u64, quiet: bool) -> BuildProgress {
        let bar = ProgressBar::with_draw_target(Some(codes), ProgressDrawTarget::hidden());
        bar.set_style(
            // The figures come first and the words last, as a message that is cut short to fit
            // the terminal's width, so that the line never wraps.
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:12}] {pos}/{len} {rate} {left} {wide_msg}",
            )
            .expect("the template is valid")
            .with_key(
                "left",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    // Until something is settled there is no rate to project from.
                    let _ = if state.pos() == 0 {
                        write!(out, "no estimate yet,")
                    } else {
                        write!(out, "about {:#} left,", HumanDuration(state.eta()))
                    };
                },
            )
            .with_key(
                "rate",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{:.1}/s", state.per_sec());
                },
            )
            .progress_chars("=> "),
        );
        bar.set_message("codes");
        let reveal = (!quiet)
            .then(|| {
                let (done, wait) = mpsc::channel::<()>();
                let bar = bar.clone();
                // Without a thread (a tight memory limit) the build goes on without its bar.
                let shower = std::thread::Builder::new()
                    .name("progress".to_owned())
                    .spawn(move || {
                        if wait.recv_timeout(SHOW_AFTER) == Err(RecvTimeoutError::Timeout) {
                            // indicatif itself stays hidden when stderr is not a terminal.
                            bar.set_draw_target(ProgressDrawTarget::stderr());
                            bar.enable_steady_tick(Duration::from_millis(200));
                        }
                    })
                    .ok()?;
                Some((done, shower))
            })
            .flatten();
        BuildProgress {
            bar,
            reveal: Mutex::new(reveal),
        }
    }

    /// Clears the bar, or keeps it from ever appearing.
    pub fn finish(&self) {
        let reveal = self.reveal.lock().map(|mut reveal| reveal.take());
        if let Ok(Some((done, shower))) = reveal {
            // Sending wakes the thread before its time is up; if it is already showing the bar,
            // joining waits until it has, so the bar is cleared after it is drawn.
            let _ = done.send(());
            let _ = shower.join();
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for BuildProgress {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Progress for BuildProgress {
    fn codes_settled(&self, codes: u64) {
        self.bar.inc(codes);
    }

    fn subproblems_settled(&self, settled: u64, total: u64, best_total: Option<u64>) {
        self.bar.set_length(total);
        self.bar.set_position(settled);
        self.bar.set_message(match best_total {
            Some(best) => format!("subproblems, best total {best}"),
            None => "subproblems".to_owned(),
        });
    }

    fn root_guesses_scored(&self, scored: u64, total: u64) {
        self.bar.set_message(match scored < total {
            true => format!("first guess {scored}/{total}"),
            false => "codes".to_owned(),
        });
    }
}

impl SearchProgress for BuildProgress {
    fn size_started(&self, size: usize, subproblems: u64) {
        self.bar.set_length(subproblems);
        self.bar.set_position(0);
        self.bar
            .set_message(format!("subproblems, sets of {size} guesses"));
    }

    fn subproblem_settled(&self) {
        self.bar.inc(1);
    }
}
