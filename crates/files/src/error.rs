//! The one error of this crate: what could not be done to which file, and the system's reason.

use std::io;

/// A file that could not be written, read or locked: the message names the file and says
/// what was being done; the source, when there is one, is the system's reason.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct FileError {
    message: String,
    #[source]
    source: Option<io::Error>,
}

impl FileError {
    /// An error that says all there is to say in `message`.
    pub(crate) fn new(message: String) -> FileError {
        FileError {
            message,
            source: None,
        }
    }

    /// `message`, for the system's reason `source`.
    pub(crate) fn io(message: String, source: io::Error) -> FileError {
        FileError {
            message,
            source: Some(source),
        }
    }

    /// The kind of the system's reason, or `Other`.
    pub fn kind(&self) -> io::ErrorKind {
        self.source
            .as_ref()
            .map_or(io::ErrorKind::Other, io::Error::kind)
    }
}

/// For callers that speak `io::Error`: the message and the reason in one line.
impl From<FileError> for io::Error {
    fn from(error: FileError) -> io::Error {
        let kind = error.kind();
        match error.source {
            Some(source) => io::Error::new(kind, format!("{}: {source}", error.message)),
            None => io::Error::new(kind, error.message),
        }
    }
}
