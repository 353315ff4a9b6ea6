//! Files compressed by their name: one whose name ends in `.gz` is written gzip-compressed (at
//! gzip's fastest level, as certificates are), any other, and standard output, plain. The
//! readers here hand [`crate::write_output_from`] and [`crate::write_together`] the bytes to
//! write, counting them as they go.

use std::io::{self, Read};
use std::path::Path;

use flate2::Compression;

/// Whether a file written to `path` is written gzip-compressed.
pub fn packs(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "gz")
}

/// What to write at `path` (standard output when `None`) for the plain bytes `plain` reads:
/// compressed if its name asks for it.
pub fn plain_as_named<'a>(path: Option<&Path>, plain: impl Read + 'a) -> Counted<'a> {
    let inner: Box<dyn Read + 'a> = match path.is_some_and(packs) {
        true => Box::new(flate2::read::GzEncoder::new(plain, Compression::fast())),
        false => Box::new(plain),
    };
    Counted { inner, bytes: 0 }
}

/// What to write at `path` for the gzip-compressed bytes `packed` reads: unpacked unless its
/// name ends in `.gz`.
pub fn packed_as_named<'a>(path: &Path, packed: impl Read + 'a) -> Counted<'a> {
    let inner: Box<dyn Read + 'a> = match packs(path) {
        true => Box::new(packed),
        false => Box::new(flate2::read::GzDecoder::new(packed)),
    };
    Counted { inner, bytes: 0 }
}

/// A reader that counts the bytes it passes.
pub struct Counted<'a> {
    inner: Box<dyn Read + 'a>,
    /// How many bytes it has passed.
    pub bytes: u64,
}

impl Read for Counted<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.bytes += read as u64;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(mut reader: impl Read) -> Vec<u8> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn a_name_ending_in_gz_is_written_compressed_and_any_other_plain() {
        let plain = b"mastermind-certificate 4 6 ...".repeat(40);
        let named = Path::new("optimal.cert.gz");
        let mut packed = plain_as_named(Some(named), &plain[..]);
        let compressed = read_all(&mut packed);
        assert_eq!(packed.bytes, compressed.len() as u64);
        assert!(compressed.len() < plain.len() / 4);
        assert_eq!(
            read_all(flate2::read::GzDecoder::new(&compressed[..])),
            plain
        );
        for other in [Some(Path::new("optimal.cert")), None] {
            assert_eq!(read_all(plain_as_named(other, &plain[..])), plain);
        }
        // The other way: kept packed for a `.gz` name, unpacked for any other.
        assert_eq!(
            read_all(packed_as_named(named, &compressed[..])),
            compressed
        );
        let unpacked = packed_as_named(Path::new("optimal.cert"), &compressed[..]);
        assert_eq!(read_all(unpacked), plain);
    }
}
