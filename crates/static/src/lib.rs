//! Static Mastermind: the codebreaker makes every guess at once, before any reply, and must
//! then name the code. A set of guesses works when the replies to it differ for every two
//! codes. This crate checks a set ([`check`]), finds the least set with a proof that one fewer
//! cannot work ([`least_set`]), and keeps results in a JSON file ([`StaticFile`]).
//!
//! The search runs over sets of guesses in increasing order, trying only the least code of
//! each orbit of the symmetries (position and colour permutations) that fix the guesses before
//! it, which visits every set up to symmetry at least once; short partial sets that are not
//! the least of their orbit are dropped, so most sets are met once; a set whose classes of
//! codes not yet told apart are too large for the guesses left is a dead end.

#[cfg(test)]
mod brute_force;
mod canonical;
mod check;
mod classes;
mod file;
#[cfg(test)]
mod literature;
mod pairs;
mod search;
mod table;
mod unused;
mod words;

pub use check::{check, Check};
use classes::Classes;
pub use file::{FileError, SearchRecord, StaticFile, FORMAT_NAME, FORMAT_VERSION};
pub use search::{
    find_set, greedy_set, least_set, least_set_with, sizes_to_search, LeastSet, NoProgress, Proof,
    SearchProgress, SizeSearch, SizeWalk, SubproblemResult,
};
pub use table::{layout, Entry};
pub use words::{searchable, TooLargeToSearch};
