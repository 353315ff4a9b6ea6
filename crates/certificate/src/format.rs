//! The certificate file: a header naming the game, one record per fact, and a closing record
//! with the number of facts and a SHA-256 digest of every byte before it.
//!
//! Layout (integers marked *varint* are unsigned LEB128):
//!
//! ```text
//! magic     "mastermind-certificate\n"
//! version   varint (FORMAT_VERSION)
//! game      pegs u8, colours u8, repetition u8 (0/1), feedback u8 (0 black and white, 1 black only)
//! play      u8 (0 any code may be guessed, 1 consistent guesses only)
//! fact      0x01, depth u8, depth × (guess varint, reply u8), budget u8 (255: no cap),
//!           bound varint (4294967295: no strategy fits the budget)
//! forget    0x02, depth u8 (from version 2)
//! renamed   0x03, the fields of a fact, then pegs × u8 and colours × u8 (from version 3)
//! end       0x00, facts varint, SHA-256 of every byte from the magic up to this record (32 bytes)
//! ```
//!
//! A *forget* record says that no later fact cites a fact whose path has more than `depth`
//! steps, so that the checker may drop those from memory: a merged certificate forgets each
//! piece's inner facts once the piece is done. It only frees memory. Every fact is checked
//! before it is recorded, so keeping or dropping checked facts cannot make a false fact pass:
//! a dropped fact that was still needed makes a later fact fail to check. A version 1 file
//! has no forget records.
//!
//! A *renamed* fact is a fact that rests on an earlier fact about the same set with its pegs
//! and colours renamed ([`Renaming`]): after its bound come the renaming's pegs (peg `j` of
//! a renamed code takes its colour from peg `pegs[j]`) and colours (colour `c` becomes
//! `colours[c]`). Versions 1 and 2 have no such records.
//!
//! Version 4 has the same records, but its facts leave out the sets the checker settles in
//! one step itself (the `settle` module): a build that reads only versions 1 to 3 would find
//! it unproven, so it refuses it by its version instead. This build reads all four versions.
//!
//! Guesses are code indices in numeric order, replies are feedback indices
//! (`black × (pegs + 1) + white`), both as [`mastermind_core`] numbers them. A certificate may
//! be stored gzip-compressed (a quarter to a third of the size); the reader tells by its first
//! bytes.

use std::io::{self, Read, Write};

use mastermind_core::{Code, Feedback, FeedbackKind, Game};
use sha2::{Digest, Sha256};

use crate::{CertificateError, Renaming};

/// The bytes every certificate starts with.
pub const MAGIC: &[u8] = b"mastermind-certificate\n";
/// The layout this build writes (it reads this one and every earlier one).
pub const FORMAT_VERSION: u64 = 4;

/// The bytes a [`CertificateWriter`] gathers before it writes them out.
const WRITE_BUFFER: usize = 1 << 16;

/// Facts a [`CertificateWriter`] writes between handing everything it holds to its output,
/// which flushes too: a certificate that a stop cuts short then lacks only the facts since
/// (a resumable run's proof of a piece goes on from the facts its file holds). A count, not a
/// clock, so that the compressed bytes are the same in every run: at the rates proofs are
/// written on one thread, seconds of facts. A writer may be given a smaller count
/// ([`CertificateWriter::flushing_every`]) where facts come slowly.
const FACTS_PER_FLUSH: u64 = 1 << 17;

const FACT: u8 = 1;
const FORGET: u8 = 2;
const RENAMED: u8 = 3;
const END: u8 = 0;
const NO_CAP: u8 = u8::MAX;
const INFEASIBLE: u64 = u32::MAX as u64;
/// Paths are never deeper than this: no game this tool plays needs more guesses.
const MOST_STEPS: usize = 64;

/// What a certificate is about: the game, and whether only consistent guesses are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game.
    pub game: Game,
    /// Whether every guess must be a code that may still be the secret.
    pub consistent_only: bool,
}

impl Header {
    /// Why a certificate with this header says nothing of `expected`'s game or play, if it
    /// does not: `the certificate is for 4×45, not 4×6`.
    pub fn misfit(&self, expected: &Header) -> Option<String> {
        let play = |header: &Header| match header.consistent_only {
            true => "consistent guesses only",
            false => "any guess",
        };
        if self.game != expected.game {
            Some(format!(
                "the certificate is for {}, not {}",
                self.game.describe(),
                expected.game.describe()
            ))
        } else if self.consistent_only != expected.consistent_only {
            Some(format!(
                "the certificate is for {}, not {}",
                play(self),
                play(expected)
            ))
        } else {
            None
        }
    }
}

/// One guess of a path, and the reply it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The guess.
    pub guess: Code,
    /// Its reply.
    pub reply: Feedback,
}

/// A lower bound on the guesses a set needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bound {
    /// At least this many guesses, summed over the set's codes.
    AtLeast(u32),
    /// No strategy solves every code of the set within the budget.
    Infeasible,
}

impl Bound {
    /// The bound as one number, [`u32::MAX`] for [`Bound::Infeasible`].
    pub fn as_u32(self) -> u32 {
        match self {
            Bound::AtLeast(value) => value.min(u32::MAX - 1),
            Bound::Infeasible => u32::MAX,
        }
    }

    /// The bound that [`Bound::as_u32`] gave.
    pub fn from_u32(value: u32) -> Bound {
        match value {
            u32::MAX => Bound::Infeasible,
            value => Bound::AtLeast(value),
        }
    }
}

/// What a certificate states about one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The guesses and replies from the start of the game to the set.
    pub path: Vec<Step>,
    /// The guesses still allowed at the set, its next one included; `None` for no cap.
    pub budget: Option<u8>,
    /// The least total any strategy within the budget can reach.
    pub bound: Bound,
    /// For a renamed fact, the renaming that takes the set to one an earlier fact is about;
    /// `None` for a fact that rests on its guesses' classes.
    pub renaming: Option<Renaming>,
}

/// Writes a certificate as its facts come, through a buffer: a fact is a handful of small
/// writes, which a compressing writer below would each pay for in full.
pub struct CertificateWriter<W: Write> {
    out: Hashed<io::BufWriter<W>>,
    facts: u64,
    /// Facts between flushes.
    flush_every: u64,
}

impl<W: Write> CertificateWriter<W> {
    /// Starts a certificate for `header`'s game.
    pub fn new(out: W, header: &Header) -> io::Result<CertificateWriter<W>> {
        let mut out = Hashed::new(io::BufWriter::with_capacity(WRITE_BUFFER, out));
        out.write_all(MAGIC)?;
        write_varint(&mut out, FORMAT_VERSION)?;
        let game = header.game;
        let feedback = match game.feedback_kind() {
            FeedbackKind::BlackWhite => 0,
            FeedbackKind::BlackOnly => 1,
        };
        out.write_all(&[
            game.pegs() as u8,
            game.colours() as u8,
            u8::from(game.repetition()),
            feedback,
            u8::from(header.consistent_only),
        ])?;
        Ok(CertificateWriter {
            out,
            facts: 0,
            flush_every: FACTS_PER_FLUSH,
        })
    }

    /// The same writer, handing everything to its output every `facts` facts (at least one)
    /// instead of every 131 072: for a proof kept through a stop whose facts may come minutes
    /// apart, where a stop should lose minutes, not hours.
    pub fn flushing_every(mut self, facts: u64) -> CertificateWriter<W> {
        self.flush_every = facts.max(1);
        self
    }

    /// Appends one fact.
    pub fn fact(&mut self, fact: &Fact) -> io::Result<()> {
        let depth = u8::try_from(fact.path.len())
            .ok()
            .filter(|&depth| usize::from(depth) <= MOST_STEPS)
            .ok_or_else(|| io::Error::other("a path deeper than a certificate holds"))?;
        let kind = if fact.renaming.is_some() {
            RENAMED
        } else {
            FACT
        };
        self.out.write_all(&[kind, depth])?;
        for step in &fact.path {
            write_varint(&mut self.out, u64::from(step.guess.0))?;
            self.out.write_all(&[step.reply.index() as u8])?;
        }
        let budget = fact.budget.map_or(NO_CAP, |b| b.min(NO_CAP - 1));
        self.out.write_all(&[budget])?;
        write_varint(&mut self.out, u64::from(fact.bound.as_u32()))?;
        if let Some(renaming) = &fact.renaming {
            self.out.write_all(&renaming.pegs)?;
            self.out.write_all(&renaming.colours)?;
        }
        self.facts += 1;
        if self.facts.is_multiple_of(self.flush_every) {
            self.flush()?;
        }
        Ok(())
    }

    /// Hands everything written so far to the output, and flushes it: a certificate cut
    /// short after this holds every fact before it.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Appends a forget record: no fact written after it cites a fact whose path has more
    /// than `depth` steps, so the checker need not keep those.
    pub fn forget(&mut self, depth: usize) -> io::Result<()> {
        let depth = u8::try_from(depth.min(MOST_STEPS)).expect("MOST_STEPS fits a byte");
        self.out.write_all(&[FORGET, depth])
    }

    /// How many facts have been written.
    pub fn facts(&self) -> u64 {
        self.facts
    }

    /// Writes the closing record and hands back the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(&[END])?;
        write_varint(&mut self.out, self.facts)?;
        let digest = self.out.digest.clone().finalize();
        self.out.inner.write_all(&digest)?;
        let mut out = self
            .out
            .inner
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        out.flush()?;
        Ok(out)
    }
}

/// `out` gzip-compressed as it is written, the form certificates of many facts are kept in
/// (a third of the size or less; [`check`](crate::check) and [`FactReader`] read both forms),
/// at gzip's fastest level: a prover writes its facts as it goes, and the default level would
/// cost it a large share of its time (BENCHMARKS.md, "The code's tuning").
/// Finish the [`CertificateWriter`] first, then this.
pub fn packed<W: Write>(out: W) -> flate2::write::GzEncoder<W> {
    flate2::write::GzEncoder::new(out, flate2::Compression::fast())
}

/// A writer or reader that hashes every byte it passes.
struct Hashed<T> {
    inner: T,
    digest: Sha256,
}

impl<T> Hashed<T> {
    fn new(inner: T) -> Hashed<T> {
        Hashed {
            inner,
            digest: Sha256::new(),
        }
    }
}

impl<W: Write> Write for Hashed<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.digest.update(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Hashed<R> {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(bytes)?;
        self.digest.update(&bytes[..read]);
        Ok(read)
    }
}

fn write_varint(out: &mut impl Write, mut value: u64) -> io::Result<()> {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            return out.write_all(&[byte]);
        }
        out.write_all(&[byte | 0x80])?;
    }
}

/// Reads a certificate record by record.
pub(crate) struct Reader<R: Read> {
    input: Hashed<io::BufReader<R>>,
    header: Header,
    version: u64,
    facts: u64,
}

/// A record of a certificate's body, as read.
pub(crate) enum Record {
    /// A fact.
    Fact(RawFact),
    /// No later fact cites a fact whose path has more steps than this.
    Forget(usize),
}

/// A raw fact as read, before its codes and replies are checked against the game.
pub(crate) struct RawFact {
    pub(crate) path: Vec<(u64, u8)>,
    pub(crate) budget: Option<u8>,
    pub(crate) bound: u32,
    /// As written: checked against the game when the fact is.
    pub(crate) renaming: Option<Renaming>,
}

/// The bytes that open a gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// `input` as the certificate's own bytes: unpacked as it is read if it is gzip-compressed.
pub(crate) fn unpacked<'r>(input: impl Read + 'r) -> io::Result<Box<dyn Read + 'r>> {
    let mut input = io::BufReader::new(input);
    let compressed = io::BufRead::fill_buf(&mut input)?.starts_with(&GZIP_MAGIC);
    Ok(if compressed {
        Box::new(flate2::bufread::MultiGzDecoder::new(input))
    } else {
        Box::new(input)
    })
}

impl<R: Read> Reader<R> {
    pub(crate) fn new(input: R) -> Result<Reader<R>, CertificateError> {
        let mut input = Hashed::new(io::BufReader::new(input));
        let mut magic = vec![0; MAGIC.len()];
        read_exact_or(&mut input, &mut magic, || {
            CertificateError::Format("it does not start with `mastermind-certificate`".into())
        })?;
        if magic != MAGIC {
            return Err(CertificateError::Format(
                "it does not start with `mastermind-certificate`".into(),
            ));
        }
        let version = read_varint(&mut input, 0)?;
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(CertificateError::Format(format!(
                "version {version}; this build reads versions 1 to {FORMAT_VERSION}"
            )));
        }
        let mut fields = [0u8; 5];
        read_exact_or(&mut input, &mut fields, || CertificateError::Truncated {
            facts: 0,
        })?;
        let [pegs, colours, repetition, feedback, consistent] = fields;
        let feedback = match feedback {
            0 => FeedbackKind::BlackWhite,
            1 => FeedbackKind::BlackOnly,
            other => {
                return Err(CertificateError::Format(format!(
                    "feedback kind {other} is neither 0 (black and white) nor 1 (black only)"
                )))
            }
        };
        if repetition > 1 || consistent > 1 {
            return Err(CertificateError::Format(
                "a yes-or-no field of the header is neither 0 nor 1".into(),
            ));
        }
        let game = Game::new(
            u32::from(pegs),
            u32::from(colours),
            repetition == 1,
            feedback,
        )
        .map_err(|error| CertificateError::Format(format!("its game: {error}")))?;
        Ok(Reader {
            input,
            header: Header {
                game,
                consistent_only: consistent == 1,
            },
            version,
            facts: 0,
        })
    }

    pub(crate) fn header(&self) -> Header {
        self.header
    }

    /// The next record, or `None` after the closing record checked out.
    pub(crate) fn next_record(&mut self) -> Result<Option<Record>, CertificateError> {
        let facts = self.facts;
        match self.byte()? {
            FACT => self.fact(false).map(|fact| Some(Record::Fact(fact))),
            RENAMED if self.version >= 3 => self.fact(true).map(|fact| Some(Record::Fact(fact))),
            FORGET if self.version >= 2 => Ok(Some(Record::Forget(usize::from(self.byte()?)))),
            END => self.end().map(|()| None),
            other => Err(CertificateError::Damaged(format!(
                "the record after fact {facts} has kind {other}, which version {} does not have",
                self.version
            ))),
        }
    }

    /// The next fact, passing over forget records, or `None` after the closing record.
    pub(crate) fn next_fact(&mut self) -> Result<Option<RawFact>, CertificateError> {
        loop {
            match self.next_record()? {
                Some(Record::Fact(fact)) => return Ok(Some(fact)),
                Some(Record::Forget(_)) => {}
                None => return Ok(None),
            }
        }
    }

    /// A fact's body, after its kind: a renamed fact's (`renamed`) ends with its renaming.
    fn fact(&mut self, renamed: bool) -> Result<RawFact, CertificateError> {
        let facts = self.facts;
        let depth = usize::from(self.byte()?);
        if depth > MOST_STEPS {
            return Err(CertificateError::Damaged(format!(
                "fact {facts} has a path of {depth} steps; at most {MOST_STEPS} are allowed"
            )));
        }
        let mut path = Vec::with_capacity(depth);
        for _ in 0..depth {
            let guess = read_varint(&mut self.input, facts)?;
            path.push((guess, self.byte()?));
        }
        let budget = match self.byte()? {
            NO_CAP => None,
            budget => Some(budget),
        };
        let bound = read_varint(&mut self.input, facts)?;
        let bound = u32::try_from(bound)
            .ok()
            .filter(|&bound| u64::from(bound) <= INFEASIBLE)
            .ok_or_else(|| {
                CertificateError::Damaged(format!("fact {facts} has a bound past 4294967295"))
            })?;
        let renaming = if renamed {
            let game = self.header.game;
            let mut pegs = vec![0; game.pegs()];
            let mut colours = vec![0; game.colours()];
            read_exact_or(&mut self.input, &mut pegs, || CertificateError::Truncated {
                facts,
            })?;
            read_exact_or(&mut self.input, &mut colours, || {
                CertificateError::Truncated { facts }
            })?;
            Some(Renaming { pegs, colours })
        } else {
            None
        };
        self.facts += 1;
        Ok(RawFact {
            path,
            budget,
            bound,
            renaming,
        })
    }

    fn end(&mut self) -> Result<(), CertificateError> {
        let count = read_varint(&mut self.input, self.facts)?;
        let expected = self.input.digest.clone().finalize();
        let mut digest = [0u8; 32];
        let facts = self.facts;
        read_exact_or(&mut self.input.inner, &mut digest, || {
            CertificateError::Truncated { facts }
        })?;
        if count != self.facts {
            return Err(CertificateError::Damaged(format!(
                "it closes with {count} facts, but holds {}",
                self.facts
            )));
        }
        if digest[..] != expected[..] {
            return Err(CertificateError::Damaged(
                "its SHA-256 digest does not match its contents".into(),
            ));
        }
        // A compressed stream that goes on past the closing record, or whose own trailer is
        // cut or damaged, is damage to the file, as the same bytes in a plain file are.
        let mut rest = [0u8; 1];
        match self.input.inner.read(&mut rest) {
            Ok(0) => Ok(()),
            Ok(_) => Err(CertificateError::Damaged(
                "bytes follow its closing record".into(),
            )),
            Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => {
                Err(CertificateError::Damaged(
                    "its compressed stream is cut short after its closing record".into(),
                ))
            }
            Err(error) if is_damaged_stream(&error) => Err(CertificateError::Damaged(format!(
                "bytes that are not a compressed stream follow its closing record ({error})"
            ))),
            Err(error) => Err(error.into()),
        }
    }

    fn byte(&mut self) -> Result<u8, CertificateError> {
        let mut byte = [0u8; 1];
        let facts = self.facts;
        read_exact_or(&mut self.input, &mut byte, || CertificateError::Truncated {
            facts,
        })?;
        Ok(byte[0])
    }
}

fn read_exact_or(
    input: &mut impl Read,
    bytes: &mut [u8],
    short: impl FnOnce() -> CertificateError,
) -> Result<(), CertificateError> {
    match input.read_exact(bytes) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => Err(short()),
        Err(error) if is_damaged_stream(&error) => Err(CertificateError::Damaged(format!(
            "its compressed stream is damaged: {error}"
        ))),
        Err(error) => Err(error.into()),
    }
}

/// Whether `error` is the gzip decoder's word that its stream is damaged (a bad header,
/// checksum or block), rather than a failure to read the bytes at all.
fn is_damaged_stream(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::InvalidData | io::ErrorKind::InvalidInput
    )
}

fn read_varint(input: &mut impl Read, facts: u64) -> Result<u64, CertificateError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let mut byte = [0u8; 1];
        read_exact_or(input, &mut byte, || CertificateError::Truncated { facts })?;
        value |= u64::from(byte[0] & 0x7f) << shift;
        if byte[0] & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(CertificateError::Damaged(format!(
        "a number after fact {facts} runs past 64 bits"
    )))
}

/// Reads a certificate fact by fact, checking the layout as it goes and, at the end, the
/// closing record and the digest, but not the facts (for tools that copy or rewrite
/// certificates; [`check`](crate::check) checks them). It holds one fact at a time, so a
/// certificate of any size passes through in bounded memory. Forget records, which only
/// free the checker's memory, are passed over.
pub struct FactReader<'r> {
    reader: Reader<Box<dyn Read + 'r>>,
}

impl<'r> FactReader<'r> {
    /// Reads the header of a certificate, plain or gzip-compressed.
    pub fn new(input: impl Read + 'r) -> Result<FactReader<'r>, CertificateError> {
        Ok(FactReader {
            reader: Reader::new(unpacked(input)?)?,
        })
    }

    /// What the certificate is about.
    pub fn header(&self) -> Header {
        self.reader.header()
    }

    /// The next fact as written, or `None` once the closing record has checked out.
    pub fn next_fact(&mut self) -> Result<Option<Fact>, CertificateError> {
        Ok(self.reader.next_fact()?.map(|raw| Fact {
            path: raw
                .path
                .iter()
                .map(|&(guess, reply)| Step {
                    guess: Code(u32::try_from(guess).unwrap_or(u32::MAX)),
                    reply: Feedback::from_index(reply),
                })
                .collect(),
            budget: raw.budget,
            bound: Bound::from_u32(raw.bound),
            renaming: raw.renaming,
        }))
    }
}

/// Reads a whole certificate's header and facts as written, checking the layout, the closing
/// record and the digest, but not the facts (see [`FactReader`], which reads one at a time).
pub fn read_facts(input: impl Read) -> Result<(Header, Vec<Fact>), CertificateError> {
    let mut reader = FactReader::new(input)?;
    let mut facts = Vec::new();
    while let Some(fact) = reader.next_fact()? {
        facts.push(fact);
    }
    Ok((reader.header(), facts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            game: Game::new(2, 3, true, FeedbackKind::BlackWhite).unwrap(),
            consistent_only: false,
        }
    }

    /// A certificate of two facts about the start, a forget record between them when
    /// `forget` says so.
    fn written(forget: bool) -> Vec<u8> {
        let mut writer = CertificateWriter::new(Vec::new(), &header()).unwrap();
        let fact = Fact {
            path: Vec::new(),
            budget: None,
            bound: Bound::AtLeast(1),
            renaming: None,
        };
        writer.fact(&fact).unwrap();
        if forget {
            writer.forget(0).unwrap();
        }
        writer.fact(&fact).unwrap();
        writer.finish().unwrap()
    }

    /// An output whose bytes the test can read while the writer still holds it.
    #[derive(Clone, Default)]
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A renamed fact reads back with its renaming, from version 3 on only.
    #[test]
    fn renamed_facts_read_from_version_3_only() {
        let mut writer = CertificateWriter::new(Vec::new(), &header()).unwrap();
        let renamed = Fact {
            path: vec![Step {
                guess: Code(4),
                reply: Feedback::from_index(1),
            }],
            budget: Some(3),
            bound: Bound::AtLeast(9),
            renaming: Some(Renaming {
                pegs: vec![1, 0],
                colours: vec![2, 0, 1],
            }),
        };
        writer.fact(&renamed).unwrap();
        let bytes = writer.finish().unwrap();
        assert_eq!(read_facts(&bytes[..]).unwrap().1, [renamed]);
        let error = records(&as_version(bytes, 2)).unwrap_err().to_string();
        assert!(
            error.contains("kind 3, which version 2 does not have"),
            "{error}"
        );
    }

    /// A writer hands its output every fact at each multiple of [`FACTS_PER_FLUSH`], by count
    /// and never by the clock, so that a stop loses only the facts since, and a compressed
    /// proof is the same bytes in every run.
    #[test]
    fn every_fact_is_handed_over_at_each_multiple_of_the_flush_count() {
        assert_eq!(handed_over(FACTS_PER_FLUSH + 5, None), FACTS_PER_FLUSH);
    }

    /// A writer given a count of its own flushes at each multiple of that count instead.
    #[test]
    fn a_writer_flushes_at_the_count_it_is_given() {
        assert_eq!(handed_over(26, Some(8)), 24);
        assert_eq!(
            handed_over(5, Some(0)),
            5,
            "a count of nought flushes every fact"
        );
    }

    /// How many whole facts a writer flushing every `count` facts (the default for `None`)
    /// has handed its output after `written` facts.
    fn handed_over(written: u64, count: Option<u64>) -> u64 {
        let output = Shared::default();
        let mut writer = CertificateWriter::new(output.clone(), &header()).unwrap();
        if let Some(count) = count {
            writer = writer.flushing_every(count);
        }
        let fact = |bound| Fact {
            path: Vec::new(),
            budget: None,
            bound: Bound::AtLeast(bound),
            renaming: None,
        };
        for bound in 0..written {
            writer.fact(&fact(bound as u32)).unwrap();
        }
        let handed = output.0.borrow().clone();
        let mut reader = FactReader::new(&handed[..]).unwrap();
        let mut read = 0;
        let error = loop {
            match reader.next_fact() {
                Ok(Some(fact)) => {
                    assert_eq!(fact.bound, Bound::AtLeast(read), "facts come in order");
                    read += 1;
                }
                Ok(None) => panic!("the stream was not ended"),
                Err(error) => break error,
            }
        };
        assert!(
            matches!(error, CertificateError::Truncated { .. }),
            "{error}"
        );
        std::mem::forget(writer);
        u64::from(read)
    }

    /// `bytes` claiming layout `version`, with the digest made again to match.
    fn as_version(mut bytes: Vec<u8>, version: u8) -> Vec<u8> {
        bytes[MAGIC.len()] = version;
        let body = bytes.len() - 32;
        let digest = Sha256::digest(&bytes[..body]);
        bytes[body..].copy_from_slice(&digest);
        bytes
    }

    fn records(bytes: &[u8]) -> Result<Vec<&'static str>, CertificateError> {
        let mut reader = Reader::new(bytes)?;
        let mut kinds = Vec::new();
        while let Some(record) = reader.next_record()? {
            kinds.push(match record {
                Record::Fact(_) => "fact",
                Record::Forget(_) => "forget",
            });
        }
        Ok(kinds)
    }

    /// Version 2 adds forget records; version 1 files, which have none, still read, and a
    /// forget record in one is refused, as is a later version.
    #[test]
    fn forget_records_read_from_version_2_only() {
        let kinds = records(&written(true)).unwrap();
        assert_eq!(kinds, ["fact", "forget", "fact"]);
        let facts = read_facts(&written(true)[..]).unwrap().1;
        assert_eq!(facts.len(), 2, "fact readers pass forget records over");
        assert_eq!(records(&as_version(written(false), 1)).unwrap().len(), 2);
        let refused = |bytes: Vec<u8>, expected: &str| {
            let error = records(&bytes).unwrap_err().to_string();
            assert!(error.contains(expected), "{error}");
        };
        refused(
            as_version(written(true), 1),
            "kind 2, which version 1 does not have",
        );
        refused(
            as_version(written(false), 5),
            "version 5; this build reads versions 1 to 4",
        );
    }
}
