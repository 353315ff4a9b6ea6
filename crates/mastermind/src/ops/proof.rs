//! A certificate an operation proved: its bytes, its facts and how long it took.

use std::fmt;
use std::time::{Duration, Instant};

/// A certificate proven: its plain bytes (a front end compresses them as the file's name
/// asks), how many facts it holds, and how long the proof took.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The certificate, uncompressed.
    pub bytes: Vec<u8>,
    /// Its facts.
    pub facts: u64,
    /// How long proving took.
    pub took: Duration,
}

impl Proof {
    /// Times `prove`, which writes a certificate into the bytes it is given and returns what
    /// else it made with the certificate's count of facts.
    pub(crate) fn timed<T, E>(
        prove: impl FnOnce(&mut Vec<u8>) -> Result<(T, u64), E>,
    ) -> Result<(T, Proof), E> {
        let started = Instant::now();
        let mut bytes = Vec::new();
        let (made, facts) = prove(&mut bytes)?;
        let took = started.elapsed();
        Ok((made, Proof { bytes, facts, took }))
    }
}

/// `F facts, B bytes, proven in T`, as the command says it.
impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} facts, {} bytes, proven in {:.2?}",
            self.facts,
            self.bytes.len(),
            self.took
        )
    }
}
