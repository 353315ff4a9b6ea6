//! The progress bar on stderr while a tree is built (or a long file is read). indicatif hides it when stderr is not a
//! terminal, and it only appears once a build has run for a moment, whether or not the build
//! has reported anything by then (a large search can settle its first subproblem after minutes).

use std::io::Read;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use mastermind::static_mastermind::SearchProgress;
use mastermind::strategy::Progress;

/// How long a build runs before its progress bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(400);

/// Counts settled codes on a progress bar.
pub struct BuildProgress {
    bar: ProgressBar,
    /// The thread that shows the bar once the build has run for [`SHOW_AFTER`], and the way to
    /// tell it the build is over; none under `--quiet`.
    reveal: Mutex<Option<(Sender<()>, JoinHandle<()>)>>,
    /// What an exhaustive search has told so far: nodes searched, and the best total found
    /// ([`NONE_YET`] before any).
    nodes: AtomicU64,
    best: AtomicU64,
    /// The worst case a least-worst-case search is trying (0 before any, or for other builds).
    cap: AtomicUsize,
}

/// No best total found yet.
const NONE_YET: u64 = u64::MAX;

impl BuildProgress {
    pub fn new(codes: u64, quiet: bool) -> BuildProgress {
        let bar = ProgressBar::with_draw_target(Some(codes), ProgressDrawTarget::hidden());
        bar.set_style(
            // The figures come first and the words last, as a message that is cut short to fit
            // the terminal's width, so that the line never wraps.
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:10}] {pos}/{len} {rate} {left} {wide_msg}",
            )
            .expect("the template is valid")
            .with_key(
                "left",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    // Until something is settled there is no rate to project from.
                    let _ = if state.pos() == 0 {
                        write!(out, "no estimate,")
                    } else {
                        write!(out, "~{:#} left,", HumanDuration(state.eta()))
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
            nodes: AtomicU64::new(0),
            best: AtomicU64::new(NONE_YET),
            cap: AtomicUsize::new(0),
        }
    }

    /// A bar of the bytes of a file read (`total` of them), for work paced by its reading,
    /// such as checking a certificate of a gigabyte.
    pub fn reading(total: u64, what: &str, quiet: bool) -> BuildProgress {
        let progress = BuildProgress::new(total, quiet);
        progress.bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:10}] {bytes}/{total_bytes} checked, ~{eta} left, \
                 {wide_msg}",
            )
            .expect("the template is valid")
            .progress_chars("=> "),
        );
        progress.bar.set_message(what.to_owned());
        progress
    }

    /// `input`, counting its bytes on the bar as they are read.
    pub fn read<'p, R: Read + 'p>(&'p self, input: R) -> impl Read + 'p {
        self.bar.wrap_read(input)
    }

    /// Writes a line to stderr above the bar, if it shows.
    pub fn println(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
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
        if let Some(best) = best_total {
            self.best.fetch_min(best, Ordering::Relaxed);
        }
        self.tell_search();
    }

    fn search_nodes(&self, nodes: u64) {
        self.nodes.fetch_max(nodes, Ordering::Relaxed);
        self.tell_search();
    }

    fn cap_tried(&self, cap: usize) {
        // Each cap is a search of its own: its best total starts again.
        self.cap.store(cap, Ordering::Relaxed);
        self.best.store(NONE_YET, Ordering::Relaxed);
        self.tell_search();
    }

    fn root_guesses_scored(&self, scored: u64, total: u64) {
        self.bar.set_message(match scored < total {
            true => format!("first guess {scored}/{total}"),
            false => "codes".to_owned(),
        });
    }
}

impl BuildProgress {
    /// A build of `codes` codes in all, of which `settled` are settled already.
    pub fn codes_in(&self, codes: u64, settled: u64) {
        self.bar.set_length(codes);
        self.bar.set_position(settled);
    }

    /// The words after an exhaustive search's figures: its nodes and its best total so far.
    fn tell_search(&self) {
        // Searches tell their nodes thousands of times a second: words nobody sees are not
        // worth formatting, and the next call after the bar shows fills them in.
        if self.bar.is_hidden() {
            return;
        }
        let mut message = match self.cap.load(Ordering::Relaxed) {
            0 => String::new(),
            cap => format!("worst case {cap}: "),
        };
        message.push_str("subproblems");
        let nodes = self.nodes.load(Ordering::Relaxed);
        if nodes > 0 {
            message.push_str(&format!(", {} nodes", short_count(nodes)));
        }
        let best = self.best.load(Ordering::Relaxed);
        if best != NONE_YET {
            message.push_str(&format!(", best {best}"));
        }
        self.bar.set_message(message);
    }
}

/// A count in three or four characters: `812`, `45k`, `1.2M`, `3.4G`.
fn short_count(count: u64) -> String {
    match count {
        0..1_000 => count.to_string(),
        1_000..1_000_000 => format!("{}k", count / 1_000),
        1_000_000..1_000_000_000 => format!("{:.1}M", count as f64 / 1e6),
        _ => format!("{:.1}G", count as f64 / 1e9),
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
