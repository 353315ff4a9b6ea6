//! One module per subcommand.

pub mod compare;
pub mod completions;
pub mod convert;
pub mod generate;
pub mod print;
pub mod verify;

/// How a command ended, when it did not fail with an error.
pub enum Outcome {
    Success,
    /// The tree failed verification (exit status 1).
    Invalid,
}
