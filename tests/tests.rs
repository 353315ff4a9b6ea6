//! The end-to-end suite: one test binary, one module per area, driving the built `mastermind`
//! binary as a user would.

mod atlas;
#[cfg(unix)]
mod browser;
mod certificate;
mod compare;
mod documented;
mod figure1;
mod formats;
mod generate;
#[cfg(unix)]
mod hostile;
mod html;
mod interactive;
mod layering;
mod library;
mod notation;
mod print;
#[cfg(unix)]
mod process;
#[cfg(not(unix))]
mod process {
    //! The process tests send Unix signals and set Unix limits.

    #[test]
    fn skipped_off_unix() {
        eprintln!(
            "*** process tests SKIPPED: signals, pipes and memory limits are tested on Unix only"
        );
    }
}
mod published;
mod resume;
mod schemas;
mod shard;
mod static_mastermind;
mod support;
mod trace;
mod verify;
