//! The progress bar on stderr while a tree is built. indicatif hides it when stderr is not a
//! terminal, and it only appears once a build has run for a moment.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use mastermind_solve::Progress;
use mastermind_static::SearchProgress;

/// How long a build runs before its progress bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(400);

/// Counts settled codes on a progress bar.
pub struct BuildProgress {
    bar: ProgressBar,
    started: Instant,
    /// Whether the bar may be drawn: false under `--quiet`, and until it is shown.
    hidden: AtomicBool,
    quiet: bool,
}

impl BuildProgress {
    pub fn new(codes: u64, quiet: bool) -> BuildProgress {
        let bar = ProgressBar::with_draw_target(Some(codes), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {pos}/{len} {msg} ({rate}, about {eta} left)",
            )
            .expect("the template is valid")
            .with_key(
                "rate",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{:.1}/s", state.per_sec());
                },
            )
            .progress_chars("=> "),
        );
        bar.set_message("codes settled");
        BuildProgress {
            bar,
            started: Instant::now(),
            hidden: AtomicBool::new(true),
            quiet,
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Progress for BuildProgress {
    fn codes_settled(&self, codes: u64) {
        self.bar.inc(codes);
        self.show_when_slow();
    }

    fn subproblems_settled(&self, settled: u64, total: u64, best_total: Option<u64>) {
        self.bar.set_length(total);
        self.bar.set_position(settled);
        self.bar.set_message(match best_total {
            Some(best) => format!("subproblems settled, best total so far {best}"),
            None => "subproblems settled".to_owned(),
        });
        self.show_when_slow();
    }
}

impl BuildProgress {
    fn show_when_slow(&self) {
        if !self.quiet
            && self.hidden.load(Ordering::Relaxed)
            && self.started.elapsed() >= SHOW_AFTER
            && self.hidden.swap(false, Ordering::Relaxed)
        {
            // indicatif itself stays hidden when stderr is not a terminal.
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
    }
}

impl SearchProgress for BuildProgress {
    fn size_started(&self, size: usize, subproblems: u64) {
        self.bar.set_length(subproblems);
        self.bar.set_position(0);
        self.bar
            .set_message(format!("subproblems settled for sets of {size} guesses"));
        self.show_when_slow();
    }

    fn subproblem_settled(&self) {
        self.bar.inc(1);
        self.show_when_slow();
    }
}
