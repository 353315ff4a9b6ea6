//! Reading inputs: a file named on a command line, or standard input for `-`. A device that
//! would never end (`/dev/zero`) is refused, a pipe is read, and a whole text read into memory
//! has a size limit, so absurd input is refused with a message rather than exhausting memory.

use std::io::Read;
use std::path::Path;

use crate::FileError;

/// Larger texts are refused: the biggest real trees (5×8, Bulls and Cows) are far smaller.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Refuses a path that names a device or a socket: read as a file, `/dev/zero` or
/// `/dev/urandom` would never end. Pipes are read (`<(command)` gives one), and `-` is stdin.
fn refuse_devices(path: &Path) -> Result<(), FileError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(metadata) = std::fs::metadata(path) {
            let kind = metadata.file_type();
            if kind.is_char_device() || kind.is_block_device() || kind.is_socket() {
                return Err(FileError::new(format!(
                    "{} is a device, not a file to read; give a file, or `-` for stdin",
                    path.display()
                )));
            }
        }
    }
    let _ = path;
    Ok(())
}

/// The whole text of `path`, or of standard input when `path` is `-`, up to
/// [`MAX_INPUT_BYTES`].
pub fn read_input(path: &Path) -> Result<String, FileError> {
    let mut bytes = Vec::new();
    let name = path.display();
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| FileError::io("cannot read stdin".to_owned(), error))?;
    } else {
        refuse_devices(path)?;
        std::fs::File::open(path)
            .and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|error| FileError::io(format!("cannot read {name}"), error))?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(FileError::new(format!(
            "{name} is larger than {MAX_INPUT_BYTES} bytes; no strategy tree is that large"
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        FileError::new(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        ))
    })
}

/// `path` opened to be read as a stream (standard input when it is `-`), for inputs read
/// record by record, which need no size limit: a certificate is checked as it is read.
pub fn open_input(path: &Path) -> Result<Box<dyn Read>, FileError> {
    if path == Path::new("-") {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    refuse_devices(path)?;
    let file = std::fs::File::open(path)
        .map_err(|error| FileError::io(format!("cannot read {}", path.display()), error))?;
    Ok(Box::new(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_whole_and_a_device_or_bad_text_is_refused_by_name() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("tree.txt");
        std::fs::write(&path, "3(1x)").unwrap();
        assert_eq!(read_input(&path).unwrap(), "3(1x)");
        std::fs::write(&path, b"3(\xff").unwrap();
        let refused = read_input(&path).unwrap_err().to_string();
        assert!(
            refused.ends_with("is not UTF-8 text (invalid byte at offset 2)"),
            "{refused}"
        );
        let missing = read_input(&directory.path().join("none")).unwrap_err();
        assert!(missing.to_string().starts_with("cannot read "), "{missing}");
        #[cfg(unix)]
        {
            let device = read_input(Path::new("/dev/zero")).unwrap_err().to_string();
            assert!(
                device.contains("is a device, not a file to read"),
                "{device}"
            );
            assert!(open_input(Path::new("/dev/zero")).is_err());
        }
    }
}
