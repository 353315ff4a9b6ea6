//! The WebAssembly boundary: the page writes a request's JSON into [`request_buffer`], calls
//! [`answer_request`] for the answer's length and reads it at [`answer_pointer`]. A long
//! build reports through the page's `progress(kind, done, total)` import.

// Exporting unmangled functions and calling the page's import are what `unsafe` is needed
// for here; no pointer the page gives is ever dereferenced by this side.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use mastermind::strategy::Progress;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[link(wasm_import_module = "page")]
extern "C" {
    /// `kind` 0: `done` codes more have their whole path settled; 1: `done` of `total` first
    /// guesses scored; 2: `done` of `total` top-level subproblems of a search settled.
    fn progress(kind: u32, done: f64, total: f64);
}

/// Room for a request of `length` bytes, for the page to write into.
#[no_mangle]
pub extern "C" fn request_buffer(length: usize) -> *mut u8 {
    REQUEST.with(|request| {
        let mut request = request.borrow_mut();
        request.clear();
        request.resize(length, 0);
        request.as_mut_ptr()
    })
}

/// Answers the request in the buffer; the answer's length in bytes.
#[no_mangle]
pub extern "C" fn answer_request() -> usize {
    let request = REQUEST.with(|request| String::from_utf8_lossy(&request.borrow()).into_owned());
    let answer = crate::answer(&request, &PageProgress::default());
    ANSWER.with(|stored| {
        let mut stored = stored.borrow_mut();
        *stored = answer.into_bytes();
        stored.len()
    })
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn answer_pointer() -> *const u8 {
    ANSWER.with(|stored| stored.borrow().as_ptr())
}

/// Passes a build's reports to the page, a few hundred at most.
#[derive(Default)]
struct PageProgress {
    settled: AtomicU64,
    reported: AtomicU64,
}

/// Codes settled between two reports of settled codes, at least.
const CODES_PER_REPORT: u64 = 64;

fn report(kind: u32, done: u64, total: u64) {
    // SAFETY: the import takes plain numbers and returns nothing.
    unsafe { progress(kind, done as f64, total as f64) }
}

impl Progress for PageProgress {
    fn codes_settled(&self, codes: u64) {
        let settled = self.settled.fetch_add(codes, Ordering::Relaxed) + codes;
        if settled >= self.reported.load(Ordering::Relaxed) + CODES_PER_REPORT {
            self.reported.store(settled, Ordering::Relaxed);
            report(0, settled, 0);
        }
    }

    fn root_guesses_scored(&self, scored: u64, total: u64) {
        report(1, scored, total);
    }

    fn subproblems_settled(&self, settled: u64, total: u64, _best_total: Option<u64>) {
        report(2, settled, total);
    }
}
