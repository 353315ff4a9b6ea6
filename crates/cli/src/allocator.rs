//! The command's global allocator: jemalloc where it builds (Unix), the system's elsewhere
//! and under an address-space limit ([`SystemWhenLimited`](mastermind::memory::SystemWhenLimited)), either ending the run with a
//! clear message when memory runs out ([`ReportingAllocator`]).
//!
//! An exhaustive search's transposition table is millions of small sets read at random, and on
//! 4 KiB pages nearly every look-up also misses the page tables: jemalloc backing its memory
//! with transparent huge pages makes the large searches markedly faster (BENCHMARKS.md, "The
//! code's tuning"). The trees and certificates are the same whatever the allocator.

use mastermind::memory::ReportingAllocator;

#[cfg(unix)]
#[global_allocator]
static ALLOCATOR: ReportingAllocator<
    mastermind::memory::SystemWhenLimited<tikv_jemallocator::Jemalloc>,
> = ReportingAllocator(mastermind::memory::SystemWhenLimited(
    tikv_jemallocator::Jemalloc,
));

#[cfg(not(unix))]
#[global_allocator]
static ALLOCATOR: ReportingAllocator = ReportingAllocator(std::alloc::System);

/// jemalloc's options, read before `main` from this symbol: every mapping asks the kernel
/// for huge pages (`madvise`), where the system offers them only on request, as Debian's
/// default does; elsewhere the request is ignored.
// The symbol is jemalloc's documented way to set options at build time; exporting a name is
// `unsafe` only in that it must not clash, and this one is jemalloc's own.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[export_name = "_rjem_malloc_conf"]
static JEMALLOC_OPTIONS: Option<&std::ffi::c_char> =
    // SAFETY: the literal lives for the whole program, and its first byte is a `c_char`.
    Some(unsafe { &*c"thp:always,metadata_thp:always".as_ptr() });
