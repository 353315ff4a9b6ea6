//! Writing certificates: gzip-compressed when the path's name ends in `.gz`, plain otherwise
//! (and on stdout), by way of [`crate::output`], so the rules for paths, devices and
//! interrupted runs are the same as for every other output.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::output::write_output;

/// Whether a certificate written to `path` is written gzip-compressed.
fn packs(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "gz")
}

/// Writes the plain certificate `bytes` to `path` (stdout when `None`), compressed if its
/// name asks for it.
pub fn write_certificate(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(write_output(path, &certificate_bytes(path, bytes)?)?)
}

/// The bytes to write for the plain certificate `bytes` at `path`: gzip-compressed when its
/// name ends in `.gz`.
pub fn certificate_bytes(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<Vec<u8>> {
    if !path.is_some_and(packs) {
        return Ok(bytes.to_vec());
    }
    let mut packing = mastermind::certificate::packed(Vec::new());
    io::Write::write_all(&mut packing, bytes)?;
    Ok(packing.finish()?)
}

/// What to write at `path` for the gzip-compressed certificate that `packed` reads: unpacked
/// unless its name ends in `.gz`, counting the bytes as they are read.
pub fn packed_certificate<'f>(path: &Path, packed: &'f mut File) -> Counted<Box<dyn Read + 'f>> {
    let inner: Box<dyn Read + 'f> = if packs(path) {
        Box::new(packed)
    } else {
        Box::new(flate2::read::GzDecoder::new(packed))
    };
    Counted { inner, bytes: 0 }
}

/// A reader that counts the bytes it passes.
pub struct Counted<R> {
    inner: R,
    /// How many bytes it has passed.
    pub bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.bytes += read as u64;
        Ok(read)
    }
}
