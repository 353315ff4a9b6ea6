//! The verifier.
