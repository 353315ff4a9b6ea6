//! A piece's notes: what the search of one piece of a resumable run has proven so far (see
//! [`Note`]), a line each, appended as it is proven, so that a run stopped in the middle of a
//! piece of hours goes on from there instead of from nothing. The first line names the plan
//! (by its digest) and the piece; a stop can cut the last line short, and a cut line is left
//! out when the notes are read and dropped before new notes are appended.
//!
//! ```text
//! {"format":"mastermind-piece-notes","version":2,"digest":"1ed8…","piece":41}
//! tried 0345 = 8210 #5c1e0f3a9b27d410
//! tried 0456 >= 8214 #0b94e7d21c83a6f5
//! set = 1021 4567 * 0124 0135 0146 … #e2f04a17c9b3d805
//! set >= 733 * 0125 0136 … #71ac3e09b5d2f468
//! ```
//!
//! `tried` lines give a guess played at the piece's own node and its total (`=`) or a bound
//! that ruled it out (`>=`). `set` lines give a candidate set's least total and the guess that
//! reaches it (`=`), or a bound on it (`>=`), then how many guesses the set may still use
//! (`*` for no cap), then its codes in numeric order. Every line ends with ` #` and a
//! checksum: the first 8 bytes of the SHA-256 of the plan's digest, the piece and the line, in
//! hexadecimal. A line changed by hand or damaged is refused with its file and line, so that
//! no accident turns into a wrong result; the checksum is no seal against a forger, which only
//! a certificate of the finished result answers (`mastermind certify`).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use mastermind_core::{excerpt, Code, Codebook};
use mastermind_search::pieces::{GuessTried, Note, Notebook, SetFact};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// The value of the header's `format` field.
pub const NOTES_FORMAT: &str = "mastermind-piece-notes";
/// The version of the notes layout this build writes and reads.
pub const NOTES_VERSION: u32 = 2;

/// The first line: which plan and which piece the notes are of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NotesHeader {
    format: String,
    version: u32,
    digest: String,
    piece: usize,
}

/// Why notes cannot be taken back in: where, and what was expected.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}, column {column}: {message}")]
pub struct NotesError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Notes read back, each with the line it was read from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecalledNotes {
    /// The notes, in file order.
    pub notes: Vec<Note>,
    /// The line (from 1) of each note.
    pub lines: Vec<usize>,
}

/// Reads the notes in `text`, which must be of piece `piece` of the plan with `digest`. A last
/// line without its line end was cut short by a stop, and is left out.
pub fn read_notes(
    text: &str,
    book: &Codebook,
    digest: &str,
    piece: usize,
) -> Result<RecalledNotes, NotesError> {
    let whole = text.rfind('\n').map_or("", |end| &text[..end]);
    let mut lines = whole.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        return Ok(RecalledNotes::default());
    };
    let at_start = |message: String| NotesError {
        line: 1,
        column: 1,
        message,
    };
    let header: NotesHeader = serde_json::from_str(first)
        .map_err(|error| at_start(format!("expected the notes' header: {error}")))?;
    if header.format != NOTES_FORMAT || header.version != NOTES_VERSION {
        return Err(at_start(format!(
            "expected {NOTES_FORMAT} version {NOTES_VERSION}, found {} version {}",
            excerpt(&header.format),
            header.version
        )));
    }
    if header.digest != digest || header.piece != piece {
        return Err(at_start(format!(
            "these are notes of piece {} of the plan {}, not of piece {piece} of this run's \
             plan {}",
            header.piece,
            excerpt(&header.digest),
            excerpt(digest)
        )));
    }
    let mut recalled = RecalledNotes::default();
    for (index, line) in lines.filter(|(_, line)| !line.trim().is_empty()) {
        let note = unsealed(line, digest, piece)
            .and_then(|content| parse_line(book, content))
            .map_err(|(column, message)| NotesError {
                line: index + 1,
                column,
                message,
            })?;
        recalled.notes.push(note);
        recalled.lines.push(index + 1);
    }
    Ok(recalled)
}

/// The checksum that ends a line of notes of `piece` of the plan with `digest`.
fn seal(digest: &str, piece: usize, content: &str) -> String {
    let hash = Sha256::digest(format!("{digest}\n{piece}\n{content}").as_bytes());
    hash[..8].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A line's content without its checksum, if the checksum matches.
fn unsealed<'l>(line: &'l str, digest: &str, piece: usize) -> Result<&'l str, (usize, String)> {
    let Some((content, checksum)) = line.rsplit_once(" #") else {
        return Err((
            line.chars().count() + 1,
            "expected the line's checksum (` #` and 16 hexadecimal digits) at its end".into(),
        ));
    };
    if checksum != seal(digest, piece, content) {
        return Err((
            content.chars().count() + 2,
            "the line's checksum does not match the line: it was changed or damaged; remove \
             the line (or the notes file, to solve the piece from nothing) to go on without it"
                .into(),
        ));
    }
    Ok(content)
}

/// Appends what a search proves to a notes file, a line at a time, so that a stop loses at
/// most the line being written.
pub struct NotesWriter<'b> {
    file: Mutex<File>,
    book: &'b Codebook,
    /// The plan's digest and the piece, which every line's checksum covers.
    digest: String,
    piece: usize,
    /// Where the notes start after the header, to forget them when they are set aside.
    header_end: u64,
    set_aside: std::sync::atomic::AtomicBool,
    /// The first failure to write, if any: the search goes on, but a stop would lose more.
    failure: Mutex<Option<io::Error>>,
}

impl<'b> NotesWriter<'b> {
    /// Opens the notes at `path` of piece `piece` of the plan with `digest` to add to them:
    /// a new file starts with its header, and a last line cut short is dropped. The notes are
    /// locked while the writer lives: a second process on the same piece would write over
    /// them, so it is refused.
    pub fn open(
        path: &Path,
        book: &'b Codebook,
        digest: &str,
        piece: usize,
    ) -> io::Result<NotesWriter<'b>> {
        let mut file = open_regular(path)?;
        file.try_lock().map_err(|error| match error {
            TryLockError::WouldBlock => io::Error::new(
                io::ErrorKind::WouldBlock,
                "another process is solving this piece (its notes are locked); let it finish \
                 or stop it first",
            ),
            TryLockError::Error(error) => error,
        })?;
        let mut text = Vec::new();
        file.read_to_end(&mut text)?;
        // Nothing is cut from notes of another plan or piece: they are refused as they are.
        if let Some(first) = text
            .split(|&byte| byte == b'\n')
            .next()
            .filter(|_| !text.is_empty())
        {
            let header = String::from_utf8_lossy(first);
            read_notes(&format!("{header}\n"), book, digest, piece)
                .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.to_string()))?;
        }
        let whole = text
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |end| end + 1);
        file.set_len(whole as u64)?;
        file.seek(SeekFrom::End(0))?;
        if whole == 0 {
            let header = NotesHeader {
                format: NOTES_FORMAT.to_owned(),
                version: NOTES_VERSION,
                digest: digest.to_owned(),
                piece,
            };
            let mut line = serde_json::to_string(&header).expect("a header always serialises");
            line.push('\n');
            file.write_all(line.as_bytes())?;
        }
        let header_end = text
            .iter()
            .position(|&byte| byte == b'\n')
            .filter(|_| whole > 0)
            .map_or_else(|| file.stream_position(), |end| Ok(end as u64 + 1))?;
        Ok(NotesWriter {
            file: Mutex::new(file),
            book,
            digest: digest.to_owned(),
            piece,
            header_end,
            set_aside: std::sync::atomic::AtomicBool::new(false),
            failure: Mutex::new(None),
        })
    }

    /// Whether the search contradicted the notes taken back in, so that they were forgotten.
    pub fn set_aside(&self) -> bool {
        self.set_aside.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The first write that failed, if one did.
    pub fn failure(&self) -> Option<io::Error> {
        self.failure
            .lock()
            .expect("no thread panics holding the failure")
            .take()
    }
}

impl Notebook for NotesWriter<'_> {
    fn contradicted(&self) {
        self.set_aside
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let mut file = self
            .file
            .lock()
            .expect("no thread panics holding the notes");
        let forgotten = file
            .set_len(self.header_end)
            .and_then(|()| file.seek(SeekFrom::End(0)).map(drop));
        if let Err(error) = forgotten {
            self.failure
                .lock()
                .expect("no thread panics holding the failure")
                .get_or_insert(error);
        }
    }

    fn note(&self, note: Note) {
        let content = format_line(self.book, &note);
        let line = format!("{content} #{}\n", seal(&self.digest, self.piece, &content));
        let written = self
            .file
            .lock()
            .expect("no thread panics holding the notes")
            .write_all(line.as_bytes());
        if let Err(error) = written {
            self.failure
                .lock()
                .expect("no thread panics holding the failure")
                .get_or_insert(error);
        }
    }
}

/// Opens the notes at `path` to read and add to, creating them if need be: never through a
/// symbolic link, and only a regular file (a FIFO or a device would hang or never end).
fn open_regular(path: &Path) -> io::Result<File> {
    let refuse = |what: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is {what}, not a regular file of notes", path.display()),
        )
    };
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => return Err(refuse("a symbolic link")),
        Ok(metadata) if !metadata.is_file() => return Err(refuse("not a regular file")),
        _ => {}
    }
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Between the look above and the open, a link put in its place is still not followed.
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(refuse("not a regular file"));
    }
    Ok(file)
}

/// One note as a line of the file, without its checksum or line end.
fn format_line(book: &Codebook, note: &Note) -> String {
    match note {
        Note::Tried(tried) => format!(
            "tried {} {} {}",
            book.format(tried.guess),
            if tried.exact { "=" } else { ">=" },
            tried.total
        ),
        Note::Set(fact) => {
            let mut line = match fact.guess {
                Some(guess) => format!("set = {} {}", fact.total, book.format(guess)),
                None => format!("set >= {}", fact.total),
            };
            match fact.guesses_left {
                Some(left) => line.push_str(&format!(" {left}")),
                None => line.push_str(" *"),
            }
            for &code in &fact.set {
                line.push(' ');
                line.push_str(&book.format(code));
            }
            line
        }
    }
}

/// The words of a line, each with the column it starts at.
struct Words<'l> {
    words: Vec<(usize, &'l str)>,
    next: usize,
    end: usize,
}

impl<'l> Words<'l> {
    fn new(line: &'l str) -> Words<'l> {
        let mut column = 1;
        let mut words = Vec::new();
        for word in line.split(' ') {
            if !word.is_empty() {
                words.push((column, word));
            }
            column += word.chars().count() + 1;
        }
        Words {
            words,
            next: 0,
            end: column - 1,
        }
    }

    fn is_done(&self) -> bool {
        self.next == self.words.len()
    }

    /// The next word, or what was expected at the end of the line.
    fn next(&mut self, expected: &str) -> Result<(usize, &'l str), (usize, String)> {
        let word = self.words.get(self.next).copied().ok_or_else(|| {
            (
                self.end,
                format!("expected {expected}, found the end of the line"),
            )
        })?;
        self.next += 1;
        Ok(word)
    }

    fn code(&mut self, book: &Codebook, what: &str) -> Result<Code, (usize, String)> {
        let (column, word) = self.next(what)?;
        book.parse(word)
            .map_err(|error| (column, format!("expected {what}: {error}")))
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, (usize, String)> {
        let (column, word) = self.next(what)?;
        word.parse().map_err(|_| {
            (
                column,
                format!("expected {what}, found {:?}", excerpt(word)),
            )
        })
    }

    /// `=` (exact) or `>=` (a bound).
    fn claim(&mut self) -> Result<bool, (usize, String)> {
        match self.next("= or >=")? {
            (_, "=") => Ok(true),
            (_, ">=") => Ok(false),
            (column, word) => Err((
                column,
                format!("expected = or >=, found {:?}", excerpt(word)),
            )),
        }
    }
}

/// One line of notes, or the column where it goes wrong and what was expected there.
fn parse_line(book: &Codebook, line: &str) -> Result<Note, (usize, String)> {
    let mut words = Words::new(line);
    let note = match words.next("tried or set")? {
        (_, "tried") => {
            let guess = words.code(book, "the guess tried")?;
            let exact = words.claim()?;
            let total = words.number("its total")?;
            Note::Tried(GuessTried {
                guess,
                total,
                exact,
            })
        }
        (_, "set") => {
            let exact = words.claim()?;
            let total = words.number("the set's total")?;
            let guess = match exact {
                true => Some(words.code(book, "the guess that reaches it")?),
                false => None,
            };
            let guesses_left = match words.next("the guesses left, or *")? {
                (_, "*") => None,
                (column, word) => Some(word.parse().map_err(|_| {
                    (
                        column,
                        format!("expected the guesses left, or *, found {:?}", excerpt(word)),
                    )
                })?),
            };
            let mut set: Vec<Code> = Vec::new();
            while !words.is_done() {
                let column = words.words[words.next].0;
                let code = words.code(book, "a code of the set")?;
                if set.last().is_some_and(|&last| last >= code) {
                    return Err((column, "expected the set's codes in numeric order".into()));
                }
                set.push(code);
            }
            if set.is_empty() {
                return Err((words.end, "expected the set's codes".into()));
            }
            Note::Set(SetFact {
                set,
                guesses_left,
                total,
                guess,
            })
        }
        (column, word) => {
            return Err((
                column,
                format!("expected tried or set, found {:?}", excerpt(word)),
            ))
        }
    };
    match words.next("") {
        Ok((column, word)) => Err((
            column,
            format!("expected the end of the line, found {:?}", excerpt(word)),
        )),
        Err(_) => Ok(note),
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    fn book() -> Codebook {
        Codebook::new(Game::classic())
    }

    fn header(piece: usize) -> String {
        format!(
            "{{\"format\":\"{NOTES_FORMAT}\",\"version\":2,\"digest\":\"d1\",\"piece\":{piece}}}\n"
        )
    }

    #[test]
    fn notes_read_back_as_written_and_a_cut_last_line_is_left_out() {
        let book = book();
        let notes = [
            Note::Tried(GuessTried {
                guess: book.parse("1123").unwrap(),
                total: 4000,
                exact: true,
            }),
            Note::Tried(GuessTried {
                guess: book.parse("1234").unwrap(),
                total: 4010,
                exact: false,
            }),
            Note::Set(SetFact {
                set: ["1111", "1112", "2345"]
                    .map(|code| book.parse(code).unwrap())
                    .to_vec(),
                guesses_left: None,
                total: 7,
                guess: Some(book.parse("1112").unwrap()),
            }),
            Note::Set(SetFact {
                set: vec![book.parse("6666").unwrap()],
                guesses_left: Some(3),
                total: 1,
                guess: None,
            }),
        ];
        let mut text = header(4);
        for note in &notes {
            text.push_str(&sealed(&format_line(&book, note)));
        }
        assert_eq!(read_notes(&text, &book, "d1", 4).unwrap().notes, notes);
        assert_eq!(
            read_notes(&text, &book, "d1", 4).unwrap().lines,
            vec![2, 3, 4, 5]
        );
        text.push_str("set = 9 11");
        assert_eq!(read_notes(&text, &book, "d1", 4).unwrap().notes, notes);
        assert_eq!(read_notes("", &book, "d1", 4).unwrap().notes, vec![]);
    }

    /// `content` as a line of notes of piece 4 of plan `d1`.
    fn sealed(content: &str) -> String {
        format!("{content} #{}\n", seal("d1", 4, content))
    }

    #[test]
    fn a_line_changed_by_hand_is_refused_with_where() {
        let book = book();
        let line = sealed("tried 2455 >= 2500");
        let forged = line.replace("2500", "99999");
        let error = read_notes(&(header(4) + &forged), &book, "d1", 4).unwrap_err();
        assert_eq!((error.line, error.column), (2, 21), "{error}");
        assert!(error.message.contains("checksum does not match"), "{error}");
        let bare = read_notes(&(header(4) + "tried 2455 >= 2500\n"), &book, "d1", 4).unwrap_err();
        assert!(
            bare.message.contains("expected the line's checksum"),
            "{bare}"
        );
        // The same line is refused in the notes of another piece or plan.
        assert!(read_notes(&(header(5) + &line), &book, "d1", 5).is_err());
        assert!(read_notes(&(header(4) + &line), &book, "d1", 4).is_ok());
    }

    #[test]
    fn bad_notes_are_refused_with_where_and_what() {
        let book = book();
        let refused = |body: &str| {
            read_notes(&(header(4) + &sealed(body)), &book, "d1", 4)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("tried 1123 = x"),
            "line 2, column 14: expected its total, found \"x\""
        );
        assert_eq!(
            refused("set >= 9 * 1112 1111"),
            "line 2, column 17: expected the set's codes in numeric order"
        );
        assert_eq!(
            refused("kept 1123"),
            "line 2, column 1: expected tried or set, found \"kept\""
        );
        assert_eq!(
            refused("set = 9"),
            "line 2, column 8: expected the guess that reaches it, found the end of the line"
        );
        assert!(refused("tried 1173 = 9").starts_with("line 2, column 7: expected the guess tried"));
        let other = read_notes(&header(5), &book, "d1", 4).unwrap_err();
        assert_eq!((other.line, other.column), (1, 1));
        assert!(other.message.contains("not of piece 4"), "{other}");
        let other_plan = read_notes(&header(4), &book, "d2", 4).unwrap_err();
        assert!(other_plan.message.contains("plan d1"), "{other_plan}");
    }

    #[test]
    fn a_writer_drops_a_cut_line_and_appends_after_the_notes_kept() {
        let book = book();
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("piece-0004-of-9.notes");
        let tried = |total| {
            Note::Tried(GuessTried {
                guess: book.parse("1123").unwrap(),
                total,
                exact: true,
            })
        };
        {
            let writer = NotesWriter::open(&path, &book, "d1", 4).unwrap();
            writer.note(tried(4000));
            assert!(writer.failure().is_none());
        }
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"tried 1123 = 40").unwrap();
        // A run of another plan leaves the file alone, cut line and all.
        let other = NotesWriter::open(&path, &book, "d2", 4)
            .err()
            .expect("refused");
        assert!(other.to_string().contains("plan d1"), "{other}");
        assert!(std::fs::read_to_string(&path).unwrap().ends_with("= 40"));
        drop(file);
        {
            let writer = NotesWriter::open(&path, &book, "d1", 4).unwrap();
            writer.note(tried(4001));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            read_notes(&text, &book, "d1", 4).unwrap().notes,
            vec![tried(4000), tried(4001)]
        );
        // Notes the search contradicted are forgotten, header kept, and later notes follow it.
        {
            let writer = NotesWriter::open(&path, &book, "d1", 4).unwrap();
            writer.contradicted();
            assert!(writer.set_aside());
            writer.note(tried(4002));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            read_notes(&text, &book, "d1", 4).unwrap().notes,
            vec![tried(4002)]
        );
        // One writer at a time: a second would write over the first's notes.
        let first = NotesWriter::open(&path, &book, "d1", 4).unwrap();
        let second = NotesWriter::open(&path, &book, "d1", 4)
            .err()
            .expect("locked");
        assert_eq!(second.kind(), io::ErrorKind::WouldBlock);
        assert!(second.to_string().contains("another process"), "{second}");
        drop(first);
        NotesWriter::open(&path, &book, "d1", 4).expect("free again");
    }

    #[cfg(unix)]
    #[test]
    fn links_and_special_files_are_refused_and_left_alone() {
        let book = book();
        let directory = tempfile::tempdir().unwrap();
        let target = directory.path().join("precious.txt");
        std::fs::write(&target, "keep me\n").unwrap();
        let link = directory.path().join("piece-0004-of-9.notes");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let error = NotesWriter::open(&link, &book, "d1", 4)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("symbolic link"), "{error}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
        let fifo = directory.path().join("piece-0005-of-9.notes");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let error = NotesWriter::open(&fifo, &book, "d1", 5)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("not a regular file"), "{error}");
        let error = NotesWriter::open(Path::new("/dev/null"), &book, "d1", 5)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
}
