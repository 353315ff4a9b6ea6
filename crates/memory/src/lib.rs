//! Living within a memory limit (`ulimit -v`, or a control group's: Slurm's `--mem`, a
//! container's, systemd's): the large tables of a build are weighed against the limit before
//! they are made ([`fit_build`]), the optimal search's transposition table is sized to fit what
//! is left, and with [`ReportingAllocator`] as a program's global allocator an allocation that
//! fails anyway ends the run with exit status 2 and a message saying how much it asked for,
//! not an abort.

// A global allocator, and asking the system for its limits, can only be written with
// `unsafe`; the allocator adds nothing to the system's but a message when it has no memory
// to give.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicU8, Ordering};

use mastermind_core::{Game, Scorer};
use mastermind_search::ALWAYS_TABULATED;

/// What the program itself takes before any table: code, stacks, the allocator's own
/// reserves (measured: Knuth's 4×6 tree builds within 20 MiB of address space).
const PROGRAM_BYTES: u64 = 16 << 20;
/// The least working memory an optimal search is started with, beside its tables.
const LEAST_SEARCH_BYTES: u64 = 16 << 20;

const MIB: u64 = 1 << 20;

/// An allocator, the system's unless a program names another, ending the process with a
/// message and exit status 2 when it fails: a program's `#[global_allocator]`.
pub struct ReportingAllocator<A = System>(pub A);

// SAFETY: every call is passed on unchanged to the allocator inside, which upholds the
// contract; a failure never returns.
unsafe impl<A: GlobalAlloc> GlobalAlloc for ReportingAllocator<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on as it came.
        let pointer = unsafe { self.0.alloc(layout) };
        if pointer.is_null() {
            out_of_memory(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let pointer = unsafe { self.0.alloc_zeroed(layout) };
        if pointer.is_null() {
            out_of_memory(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the pointer came from this allocator, so from the one inside.
        unsafe { self.0.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, with the caller's new size.
        let moved = unsafe { self.0.realloc(pointer, layout, new_size) };
        if moved.is_null() {
            out_of_memory(new_size);
        }
        moved
    }
}

/// `A` unless the process's address space is limited (`ulimit -v`), the system allocator
/// then, chosen once at the first allocation. An allocator that reserves address space ahead
/// (jemalloc maps its arenas and keeps what it freed) can run out of a limit that the data
/// itself would fit in, before the tool could weigh its tables against it; the system
/// allocator, held to one arena by [`adapt_to_limit`], reserves only what is asked for.
pub struct SystemWhenLimited<A>(pub A);

/// Which allocator [`SystemWhenLimited`] chose: not yet, `A`, or the system's.
static CHOSEN: AtomicU8 = AtomicU8::new(UNCHOSEN);
const UNCHOSEN: u8 = 0;
const GIVEN: u8 = 1;
const SYSTEM: u8 = 2;

impl<A> SystemWhenLimited<A> {
    /// Whether the system allocator serves this process. The first allocation comes before
    /// any thread starts, and the limit is read without allocating.
    fn system(&self) -> bool {
        match CHOSEN.load(Ordering::Relaxed) {
            GIVEN => false,
            SYSTEM => true,
            _ => {
                let limited = address_space_limit().is_some();
                CHOSEN.store(if limited { SYSTEM } else { GIVEN }, Ordering::Relaxed);
                limited
            }
        }
    }
}

// SAFETY: every call goes unchanged to one allocator, the same for the whole process (chosen
// once, before any thread starts), so each pointer is freed or grown by the one that made it.
unsafe impl<A: GlobalAlloc> GlobalAlloc for SystemWhenLimited<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on as it came.
        unsafe {
            if self.system() {
                System.alloc(layout)
            } else {
                self.0.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        unsafe {
            if self.system() {
                System.alloc_zeroed(layout)
            } else {
                self.0.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the pointer came from the allocator chosen, which does not change.
        unsafe {
            if self.system() {
                System.dealloc(pointer, layout)
            } else {
                self.0.dealloc(pointer, layout)
            }
        }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, with the caller's new size.
        unsafe {
            if self.system() {
                System.realloc(pointer, layout, new_size)
            } else {
                self.0.realloc(pointer, layout, new_size)
            }
        }
    }
}

/// Says what could not be had and exits with status 2, allocating nothing on the way: the
/// message is formatted on the stack and written with one system call.
fn out_of_memory(bytes: usize) -> ! {
    let mut message = [0u8; 400];
    let room = message.len();
    let mut rest = &mut message[..];
    let _ = write!(
        rest,
        "error: out of memory: {bytes} more bytes could not be had"
    );
    let _ = match address_space_limit() {
        Some(limit) => writeln!(
            rest,
            " within the memory limit of {} MiB; raise it (ulimit -v) or choose a smaller game",
            limit / MIB
        ),
        None => writeln!(rest, "; choose a smaller game or free some memory"),
    };
    let written = room - rest.len();
    exit_with(&message[..written])
}

/// Writes `message` to stderr and ends the process with status 2 at once.
#[cfg(unix)]
fn exit_with(message: &[u8]) -> ! {
    // SAFETY: the buffer is valid for its length; `_exit` ends the process without running
    // anything that might allocate.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(2)
    }
}

#[cfg(not(unix))]
fn exit_with(message: &[u8]) -> ! {
    let _ = std::io::stderr().write_all(message);
    std::process::exit(2)
}

/// The optimal search's transposition table unless the caller says otherwise: the search's
/// default, or a quarter of the machine's memory where that is less.
pub fn default_table_bytes() -> usize {
    let quarter = physical_memory().map_or(usize::MAX, |bytes| bytes / 4);
    mastermind_search::DEFAULT_TABLE_BYTES.min(quarter)
}

/// The machine's physical memory in bytes, where the system says.
#[cfg(unix)]
fn physical_memory() -> Option<usize> {
    // SAFETY: `sysconf` only reads system configuration.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let pages = usize::try_from(pages).ok()?;
    let page_size = usize::try_from(page_size).ok()?;
    pages.checked_mul(page_size)
}

#[cfg(not(unix))]
fn physical_memory() -> Option<usize> {
    None
}

/// The memory this process may use, if anything limits it: its address-space or data limit
/// (`ulimit -v`), or the memory limit of its control group (Slurm's `--mem`, containers,
/// systemd), whichever is less.
fn memory_limit() -> Option<u64> {
    [address_space_limit(), cgroup_limit()]
        .into_iter()
        .flatten()
        .min()
}

/// Where the limit that [`memory_limit`] found comes from, for messages.
fn limit_source() -> &'static str {
    match (address_space_limit(), cgroup_limit()) {
        (Some(ulimit), Some(group)) if group < ulimit => "its control group's memory limit",
        (None, Some(_)) => "its control group's memory limit",
        _ => "ulimit -v",
    }
}

/// The least memory limit of this process's control group and its ancestors: `memory.max`
/// under cgroup v2, `memory.limit_in_bytes` under v1 (where a value near 2⁶³ means none).
#[cfg(target_os = "linux")]
fn cgroup_limit() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut least: Option<u64> = None;
    for line in groups.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let places: &[(&str, &str)] = if controllers.is_empty() {
            &[
                ("/sys/fs/cgroup", "memory.max"),
                ("/sys/fs/cgroup/unified", "memory.max"),
            ]
        } else if controllers.split(',').any(|c| c == "memory") {
            &[("/sys/fs/cgroup/memory", "memory.limit_in_bytes")]
        } else {
            continue;
        };
        for &(root, file) in places {
            // The group itself and each group above it: the least limit holds.
            let mut group = std::path::PathBuf::from(root).join(path.trim_start_matches('/'));
            loop {
                let limit = std::fs::read_to_string(group.join(file))
                    .ok()
                    .and_then(|text| text.trim().parse::<u64>().ok())
                    .filter(|&bytes| bytes < 1 << 62);
                least = match (least, limit) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if group.as_os_str().len() <= root.len() || !group.pop() {
                    break;
                }
            }
        }
    }
    least
}

#[cfg(not(target_os = "linux"))]
fn cgroup_limit() -> Option<u64> {
    None
}

/// The process's address-space or data limit in bytes, if it has one.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    [libc::RLIMIT_AS, libc::RLIMIT_DATA]
        .into_iter()
        .filter_map(|resource| {
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `limit` is a valid rlimit for the call to fill in.
            let read = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
            // `rlim_t` is `u64` on Linux and narrower on some other systems.
            #[allow(clippy::useless_conversion)]
            let current = u64::from(limit.rlim_cur);
            (read && limit.rlim_cur != libc::RLIM_INFINITY).then_some(current)
        })
        .min()
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

/// Under a memory limit, keeps the allocator from reserving an arena of 64 MiB of address
/// space for each thread (glibc's default), which alone can exhaust a limit that the data
/// would fit in. Called before any thread starts.
pub fn adapt_to_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if address_space_limit().is_some() {
        // SAFETY: `mallopt` only changes a tuning parameter of the allocator.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

/// Weighs a build of `game` against the memory limit, if there is one, before its tables are
/// made: refuses a build whose tables cannot fit, and gives an optimal search's transposition
/// table the `table` bytes asked for (`None` for a build without a search), cut to what is
/// left under a limit.
pub fn fit_build(game: Game, table: Option<usize>) -> Result<(), TooLarge> {
    let search = table.is_some();
    let limit = memory_limit();
    if let (true, Some(limit)) = (search, limit) {
        // A large game's reply rows only make its search faster: under a limit they would
        // crowd, the search goes without them.
        let rows = mastermind_search::reply_rows_bytes(game) as u64;
        let others = PROGRAM_BYTES + Scorer::table_bytes(game) as u64 + LEAST_SEARCH_BYTES;
        if rows > 0 && game.code_count() > ALWAYS_TABULATED && others + rows > limit / 2 {
            mastermind_search::hold_reply_rows_up_to(ALWAYS_TABULATED);
        }
    }
    // The scorer's table, and for the search reply rows that may copy it.
    let rows = if search {
        mastermind_search::reply_rows_bytes(game)
    } else {
        0
    };
    let tables = (Scorer::table_bytes(game) + rows) as u64;
    if let Some(limit) = limit {
        let working = if search { LEAST_SEARCH_BYTES } else { 0 };
        let needed = PROGRAM_BYTES + tables + working;
        if needed > limit {
            return Err(TooLarge {
                game,
                needed,
                tables,
                search,
                limit,
                limited_by: limit_source(),
            });
        }
    }
    if let Some(table) = table {
        // Under a limit, half of what is left holds what the search has learnt; the rest its
        // working sets and the tree.
        let spare = limit.map_or(u64::MAX, |limit| {
            limit.saturating_sub(PROGRAM_BYTES + tables) / 2
        });
        let spare = usize::try_from(spare).unwrap_or(usize::MAX);
        mastermind_search::set_transposition_table(table.min(spare));
    }
    Ok(())
}

/// A build whose tables cannot fit under the memory limit.
#[derive(Debug, thiserror::Error)]
#[error(
    "{} ({} codes) needs about {} MiB ({} MiB of tables{}), but the memory limit is {} MiB \
     ({limited_by}); raise it or choose a smaller game",
    game.describe(),
    game.code_count(),
    needed.div_ceil(MIB),
    tables.div_ceil(MIB),
    if *search { " and the search's working memory" } else { "" },
    limit / MIB
)]
pub struct TooLarge {
    /// The game to build.
    pub game: Game,
    /// The bytes the build needs: the program, its tables, and a search's working memory.
    pub needed: u64,
    /// The bytes of its tables.
    pub tables: u64,
    /// Whether the build is an optimal search.
    pub search: bool,
    /// The limit, in bytes.
    pub limit: u64,
    /// Where the limit comes from: `ulimit -v` or the control group's.
    pub limited_by: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_too_large_says_what_it_needs_and_what_limits_it() {
        let game = Game::new(5, 8, true, mastermind_core::FeedbackKind::BlackWhite).unwrap();
        let refused = TooLarge {
            game,
            needed: 300 * MIB + 1,
            tables: 250 * MIB,
            search: true,
            limit: 200 * MIB,
            limited_by: "ulimit -v",
        };
        assert_eq!(
            refused.to_string(),
            "5×8 (32768 codes) needs about 301 MiB (250 MiB of tables and the search's working \
             memory), but the memory limit is 200 MiB (ulimit -v); raise it or choose a smaller \
             game"
        );
    }

    #[test]
    fn the_default_table_is_never_more_than_the_searchs_default() {
        assert!(default_table_bytes() <= mastermind_search::DEFAULT_TABLE_BYTES);
    }
}
