//! What goes wrong reading or checking a certificate, with where it went wrong.

use thiserror::Error;

/// A certificate that cannot be read, or a fact in it that does not hold.
#[derive(Debug, Error)]
pub enum CertificateError {
    /// The bytes could not be read.
    #[error("the certificate could not be read: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a certificate of this format.
    #[error("not a certificate: {0}")]
    Format(String),
    /// The certificate is about another game or play than the one it is checked for.
    #[error("{0}")]
    Misfit(String),
    /// The file ends before its closing record.
    #[error(
        "the certificate is truncated: it ends after {facts} facts, before its closing record"
    )]
    Truncated {
        /// The facts read before the end.
        facts: u64,
    },
    /// The closing record does not match what came before it.
    #[error("the certificate is damaged: {0}")]
    Damaged(String),
    /// A fact names something that is not part of the game.
    #[error("fact {index} ({at}): {message}")]
    Malformed {
        /// The fact's place in the file, from 0.
        index: u64,
        /// Its path, as guesses and replies.
        at: String,
        /// What is wrong.
        message: String,
    },
    /// A fact's bound does not follow from the rules and the facts before it.
    #[error("fact {index} does not hold at {at}: {message}")]
    Unproven {
        /// The fact's place in the file, from 0.
        index: u64,
        /// Its path, as guesses and replies (`start` for the whole game).
        at: String,
        /// Which guess falls short, and by how much.
        message: String,
    },
}
