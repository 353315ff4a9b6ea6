//! The verifier's test suite, one binary with a module per area: trees that must pass, one
//! defect at a time, the notations' shorthand, and random mutations.

mod common;
mod defects;
mod properties;
mod shorthand;
mod valid;
