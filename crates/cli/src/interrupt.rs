//! Ending on SIGINT, SIGTERM or SIGHUP (Ctrl-C, `timeout`, Slurm, Kubernetes, a closed
//! terminal) without leaving a half-written output: the temporary file being written is
//! removed and the process exits with 128 plus the signal's number, as a shell reports it.

/// Installs the handler. Failing to install it only loses the clean-up, never the output.
#[cfg(unix)]
pub fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                crate::output::discard_pending_and_exit(128 + signal);
            }
        });
}

/// Installs the handler for Ctrl-C, the one interruption other systems deliver alike.
#[cfg(not(unix))]
pub fn clean_up_on_signals() {
    let _ = ctrlc::set_handler(|| crate::output::discard_pending_and_exit(130));
}
