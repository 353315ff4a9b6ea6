//! Which rows of the benchmark tables a run of `cargo xtask bench` measures: shared by the
//! tables of whole runs and of proofs, which each keep their own rows.

/// Which rows to run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Only the jobs that take seconds.
    Quick,
    /// Every row, the long searches included.
    Full,
}
