//! The state one optimal search shares among its parts: the game, the bounds, the
//! transposition table, the guesses and reply rows, the notes, and the count of nodes. The
//! parts of the search (estimates, ranking, trying a guess, the branch and bound that drives
//! them, and the notes) are each an `impl Search` of their own file, and take this state
//! from here, so their imports run one way: from the driver down to this context.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use mastermind_core::{Code, Scorer};

use super::colour_totals::ColourTotals;
use super::notes::Notes;
use super::report::Report;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::LowerBound;
use crate::optimal::kernels::replies::{most_tabulated, ReplyTable};
use crate::optimal::table::transposition::TranspositionTable;
use mastermind_strategy::guesses::GuessPool;
use mastermind_strategy::symmetry::Symmetry;

/// The root, and nodes this close to it with enough candidates (see
/// [`crate::optimal::search::side_by_side`]), try their guesses side by side, one per thread, each against the
/// best total when it is handed out: a little more work than trying guesses in turn, but the
/// only way to keep every thread busy when the root offers few subproblems (Bulls and Cows has
/// one opening).
pub(in crate::optimal) const PARALLEL_GUESSES_DEPTH: usize = 3;

/// How much a search may hold: reply rows for games of at most `most_tabulated` codes (larger
/// games score through the scorer), and a transposition table of about `table_bytes`. Tests
/// shrink both to send small games down the paths large ones take.
#[derive(Clone, Copy, Debug)]
pub(in crate::optimal) struct Capacity {
    pub(in crate::optimal) most_tabulated: usize,
    pub(in crate::optimal) table_bytes: usize,
}

/// What a search holds unless the process says otherwise: 4 GiB of transposition table (1 GiB
/// where addresses have 32 bits), room for every set the 5×6 search meets, which runs far
/// slower in a smaller table (BENCHMARKS.md, "The code's tuning"). The table grows only as
/// sets are learnt, so smaller searches take only what they use.
pub const DEFAULT_TABLE_BYTES: usize = if usize::BITS >= 64 { 1 << 32 } else { 1 << 30 };

/// The transposition table's size for the searches of this process (see
/// [`set_transposition_table`]).
static TABLE_BYTES: AtomicUsize = AtomicUsize::new(DEFAULT_TABLE_BYTES);

/// Gives the transposition table of every later optimal search about `bytes` of memory
/// ([`DEFAULT_TABLE_BYTES`] unless set): less for a process under a memory limit, more for a
/// search of hours, which fills the default table and then searches again the sets it had to
/// forget. The table only makes the search faster: any size finds the same trees.
pub fn set_transposition_table(bytes: usize) {
    TABLE_BYTES.store(bytes, Ordering::Relaxed);
}

impl Capacity {
    /// All a search may hold in this process.
    pub(in crate::optimal) fn full() -> Capacity {
        Capacity {
            most_tabulated: most_tabulated(),
            table_bytes: TABLE_BYTES.load(Ordering::Relaxed),
        }
    }
}

/// A candidate set to settle: its codes (in numeric order), the guesses it may still use, the
/// symmetries that fix every guess leading to it, and its depth below the root.
#[derive(Clone, Copy)]
pub(in crate::optimal) struct Subproblem<'s> {
    pub(in crate::optimal) set: &'s [Code],
    pub(in crate::optimal) budget: Budget,
    pub(in crate::optimal) symmetry: &'s Symmetry,
    pub(in crate::optimal) depth: usize,
}

/// One search: the game, the bounds, what has been learnt so far.
pub(in crate::optimal) struct Search<'a> {
    pub(in crate::optimal) scorer: &'a Scorer,
    pub(in crate::optimal) bounds: LowerBound,
    pub(in crate::optimal) table: TranspositionTable,
    pub(in crate::optimal) pool: GuessPool,
    /// What guesses' colours alone tell of their replies, where the game has it.
    pub(in crate::optimal) colour_totals: Option<ColourTotals>,
    pub(in crate::optimal) replies: ReplyTable<'a>,
    pub(in crate::optimal) consistent_only: bool,
    pub(in crate::optimal) nodes: AtomicU64,
    pub(in crate::optimal) report: Report<'a>,
    /// Where what the search proves is noted, for a search that may be stopped.
    pub(in crate::optimal) notes: Option<Notes<'a>>,
}

impl<'a> Search<'a> {
    /// A search that holds what `capacity` allows.
    pub(in crate::optimal) fn new(
        scorer: &'a Scorer,
        bounds: LowerBound,
        consistent_only: bool,
        capacity: Capacity,
        report: Report<'a>,
    ) -> Search<'a> {
        Search {
            scorer,
            bounds,
            table: TranspositionTable::new(capacity.table_bytes, scorer.codebook().len()),
            pool: GuessPool::new(scorer.codebook()),
            colour_totals: ColourTotals::new(scorer.codebook()),
            replies: ReplyTable::new(scorer, capacity.most_tabulated),
            consistent_only,
            nodes: AtomicU64::new(0),
            report,
            notes: None,
        }
    }

    pub(in crate::optimal) fn scorer(&self) -> &'a Scorer {
        self.scorer
    }

    /// Nodes whose guesses were ranked: the measure of the search's work.
    pub(in crate::optimal) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(in crate::optimal) fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Tells the progress receiver the search is over.
    pub(in crate::optimal) fn finish(&self, total: u32) {
        self.report.finish(total);
    }

    /// Sets the transposition table holds.
    pub(in crate::optimal) fn table_entries(&self) -> usize {
        self.table.len()
    }

    /// How often the transposition table was asked for a set, and how often it held it.
    pub(in crate::optimal) fn table_uses(&self) -> crate::optimal::table::transposition::TableUse {
        self.table.uses()
    }
}
