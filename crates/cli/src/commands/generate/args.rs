//! `mastermind generate`'s flags.

use std::path::PathBuf;

use clap::Args;
use mastermind::strategy::StrategyKind;

use crate::args::game::GameArgs;
use crate::args::strategy_options::{strategy_parser, StrategyOptions};

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The strategy to build.
    #[arg(long, value_parser = strategy_parser(), default_value = "knuth")]
    pub strategy: StrategyKind,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Write the JSON tree to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Solve only shard K of N (K from 0) of the optimal search and write it as a part for
    /// `mastermind merge`, e.g. --shard $SLURM_ARRAY_TASK_ID/8. With --resume DIR, N is the
    /// plan's number of pieces and only piece K is solved into DIR, going on from its notes
    /// there: a job array over the pieces whose failed tasks are run again.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,

    /// Keep the optimal search's pieces in DIR as each is solved, and skip those already
    /// there: a run stopped (Ctrl-C, SIGTERM, the machine going away) and started again with
    /// the same DIR goes on where it stopped, and writes the same tree as one uninterrupted
    /// run. The pieces are parts of a run with one shard per piece, so `mastermind merge
    /// DIR/*.json` reads them too. A piece of hours stopped part way goes on from the notes of
    /// what it had proven, kept in DIR beside it until it is done.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,

    /// Memory for the optimal search's table of settled candidate sets, in MiB (default 4096,
    /// or a quarter of the machine's memory if that is less). A search that fills its table
    /// forgets its smallest sets to take new ones and searches them again when it meets them,
    /// so a larger table makes a search of hours faster; the tree is the same for any size. Under a memory limit (ulimit -v) the table
    /// is cut to fit.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..))]
    pub table_memory: Option<u32>,

    /// With --strategy optimal, also write a certificate of optimality to FILE (atomically;
    /// `-` is stdout) for `verify --certificate`, as `mastermind certify` does. Proving runs
    /// the search once more. With --shard, FILE proves the part's pieces, for `merge
    /// --part-certificate`; with --resume, each piece's proof is kept in DIR beside it (as
    /// `.cert`, gzip-compressed, so a stopped run does not prove it again; while it is
    /// written, as `.cert.partial`, from which a stopped run goes on) and FILE, written with
    /// the tree, proves the whole. A FILE whose name ends in `.gz` is written
    /// gzip-compressed (a third of the size or less); `verify` reads either form.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,

    /// With --resume DIR, solve nothing and print the interval the pieces in DIR prove the
    /// optimum lies in, at any stop of the run: at least L, by a certificate made of the
    /// pieces' proofs and the size bounds of the classes not yet proven (checked before it is
    /// printed, and written to --certificate FILE if given), and at most U, by the best tree
    /// known (--upper's tree, or the heuristics', with the exact pieces of its opening in
    /// place; verified, and written to -o FILE if given). L = U is the optimum.
    #[arg(long, requires = "resume", conflicts_with = "shard")]
    pub bounds: bool,

    /// With --bounds, a tree of the whole game to take U from (any strategy's, in any format
    /// `verify` reads), such as the consistent-only optimum; the exact pieces in replace its
    /// subtrees where they need fewer guesses.
    #[arg(long, value_name = "TREE", requires = "bounds")]
    pub upper: Option<PathBuf>,

    /// With --bounds, remember in DIR each piece proof the checker accepts (by the SHA-256 of
    /// its contents), and check only the proofs not remembered there: a refresh at every stop
    /// of a long run then checks only the pieces proven since. The certificate written still
    /// holds every proof's facts, for `verify --certificate` to check in full. DIR is made if
    /// it is not there.
    #[arg(long, value_name = "DIR", requires = "bounds")]
    pub checked_proofs: Option<PathBuf>,
}

impl GenerateArgs {
    /// The transposition table's size in bytes, asked for or by default.
    pub fn table_bytes(&self) -> usize {
        self.table_memory
            .map_or_else(mastermind::memory::default_table_bytes, |mib| {
                (mib as usize) << 20
            })
    }
}
