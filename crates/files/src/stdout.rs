//! Standard output, where a reader that stops early (`| head`, `| true`) closes the pipe: that
//! ends the output quietly rather than as an error, and the rest of it is dropped.

use std::io::{self, ErrorKind, Read, Write};

use crate::FileError;

/// Writes `text` to stdout; a closed pipe is not an error.
pub fn write_stdout(text: &[u8]) -> Result<(), FileError> {
    copy_to_stdout(&mut &*text)
}

/// [`write_stdout`] for what `source` reads.
pub(crate) fn copy_to_stdout(source: &mut dyn Read) -> Result<(), FileError> {
    let mut stdout = io::stdout().lock();
    match io::copy(source, &mut stdout).and_then(|_| stdout.flush()) {
        Err(error) if error.kind() != ErrorKind::BrokenPipe => {
            Err(FileError::io("cannot write to stdout".to_owned(), error))
        }
        _ => Ok(()),
    }
}
