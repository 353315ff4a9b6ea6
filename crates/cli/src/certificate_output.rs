//! Writing certificates: gzip-compressed when the path's name ends in `.gz`, plain otherwise
//! (and on stdout), by way of [`crate::output`], so the rules for paths, devices and
//! interrupted runs are the same as for every other output.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::output::{write_output, write_output_from};

/// Whether a certificate written to `path` is written gzip-compressed.
fn packs(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "gz")
}

/// Writes the plain certificate `bytes` to `path` (stdout when `None`), compressed if its
/// name asks for it.
pub fn write_certificate(path: Option<&Path>, bytes: &[u8]) -> anyhow::Result<()> {
    if !path.is_some_and(packs) {
        return write_output(path, bytes);
    }
    let mut packing = mastermind_certificate::packed(Vec::new());
    io::Write::write_all(&mut packing, bytes)?;
    write_output(path, &packing.finish()?)
}

/// Writes the gzip-compressed certificate that `packed` reads to `path`, unpacked unless its
/// name ends in `.gz`. Returns how many bytes it wrote.
pub fn write_packed_certificate(path: &Path, packed: &mut File) -> anyhow::Result<u64> {
    let inner: Box<dyn Read + '_> = if packs(path) {
        Box::new(packed)
    } else {
        Box::new(flate2::read::GzDecoder::new(packed))
    };
    let mut source = Counted { inner, bytes: 0 };
    write_output_from(Some(path), &mut source)?;
    Ok(source.bytes)
}

/// A reader that counts the bytes it passes.
struct Counted<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.bytes += read as u64;
        Ok(read)
    }
}
