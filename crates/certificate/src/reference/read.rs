//! The certificate file (layout in `format.rs`), unpacked into memory and read record by
//! record; the closing record's count of facts and SHA-256 digest are checked when reached.

use std::io::{BufRead, BufReader, Read};

use mastermind_core::{FeedbackKind, Game};
use sha2::{Digest, Sha256};

use crate::{CertificateError, Header, MAGIC};

/// One record of the body.
pub(super) enum Record {
    Fact(RawFact),
    Forget(usize),
    End,
}

/// A fact as written: path of (guess, reply) numbers, budget, bound, renaming (pegs, colours).
pub(super) type RawFact = (Vec<(u64, u8)>, Option<u8>, u32, Option<(Vec<u8>, Vec<u8>)>);

pub(super) struct Input {
    bytes: Vec<u8>,
    at: usize,
    version: u64,
    pub header: Header,
    pub facts: u64,
}

fn damaged(message: String) -> CertificateError {
    CertificateError::Damaged(message)
}

impl Input {
    /// Reads the whole file, plain or gzip-compressed, and its magic, version and header.
    pub fn open(input: impl Read) -> Result<Input, CertificateError> {
        let (mut input, mut bytes) = (BufReader::new(input), Vec::new());
        match input.fill_buf()?.starts_with(&[0x1f, 0x8b]) {
            true => flate2::bufread::MultiGzDecoder::new(input).read_to_end(&mut bytes)?,
            false => input.read_to_end(&mut bytes)?,
        };
        let not_one = |why: String| CertificateError::Format(why);
        if !bytes.starts_with(MAGIC) {
            return Err(not_one("it does not start with the magic".into()));
        }
        let mut input = Input {
            bytes,
            at: MAGIC.len(),
            version: 0,
            header: Header {
                game: Game::classic(),
                consistent_only: false,
            },
            facts: 0,
        };
        input.version = input.varint()?;
        let [pegs, colours, repetition, feedback, play] = [(); 5].map(|()| input.byte());
        let (repetition, feedback, play) = (repetition?, feedback?, play?);
        if !(1..=4).contains(&input.version) || repetition > 1 || feedback > 1 || play > 1 {
            return Err(not_one(
                "an unknown version, or a header field out of range".into(),
            ));
        }
        let feedback = [FeedbackKind::BlackWhite, FeedbackKind::BlackOnly][usize::from(feedback)];
        let game = Game::new(pegs?.into(), colours?.into(), repetition == 1, feedback)
            .map_err(|error| not_one(error.to_string()))?;
        input.header = Header {
            game,
            consistent_only: play == 1,
        };
        Ok(input)
    }

    fn byte(&mut self) -> Result<u8, CertificateError> {
        let byte = self.bytes.get(self.at).copied();
        self.at += 1;
        byte.ok_or(CertificateError::Truncated { facts: self.facts })
    }

    /// An unsigned LEB128 number of at most 64 bits.
    fn varint(&mut self) -> Result<u64, CertificateError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(damaged(format!("fact {}: a number too long", self.facts)))
    }

    /// The next record; [`Record::End`] once the closing record has checked out.
    pub fn record(&mut self) -> Result<Record, CertificateError> {
        match self.byte()? {
            1 => self.fact(false),
            3 if self.version >= 3 => self.fact(true),
            2 if self.version >= 2 => Ok(Record::Forget(self.byte()?.into())),
            0 => self.end(),
            kind => Err(damaged(format!("a record of kind {kind}"))),
        }
    }

    fn fact(&mut self, renamed: bool) -> Result<Record, CertificateError> {
        let depth = self.byte()?;
        if depth > 64 {
            return Err(damaged(format!("fact {}: a path too long", self.facts)));
        }
        let step = |input: &mut Input| Ok((input.varint()?, input.byte()?));
        let path = (0..depth)
            .map(|_| step(self))
            .collect::<Result<_, CertificateError>>()?;
        let budget = Some(self.byte()?).filter(|&budget| budget != u8::MAX);
        let bound = u32::try_from(self.varint()?)
            .map_err(|_| damaged(format!("fact {}: a bound too large", self.facts)))?;
        let (pegs, colours) = (self.header.game.pegs(), self.header.game.colours());
        let renaming = match renamed {
            false => None,
            true => Some((self.bytes(pegs)?, self.bytes(colours)?)),
        };
        self.facts += 1;
        Ok(Record::Fact((path, budget, bound, renaming)))
    }

    fn bytes(&mut self, count: usize) -> Result<Vec<u8>, CertificateError> {
        (0..count).map(|_| self.byte()).collect()
    }

    fn end(&mut self) -> Result<Record, CertificateError> {
        let count = self.varint()?;
        let expected = Sha256::digest(&self.bytes[..self.at]);
        let digest = self.bytes(32)?;
        if count != self.facts || digest[..] != expected[..] || self.at != self.bytes.len() {
            let message = format!("its count ({count} facts), digest or length does not match");
            return Err(damaged(message));
        }
        Ok(Record::End)
    }
}
