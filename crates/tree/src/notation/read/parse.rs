//! The parser: tokens to a [`Document`], lenient about layout and recovering from errors at
//! the `,` `;` `)` boundaries so that one reading reports every defect it can. It recurses
//! only into parentheses, at most [`MAX_NESTING`] deep, and keeps at most
//! [`MAX_SITUATIONS`] situations, so no input can exhaust the stack or memory.

use super::error::{ReadErrorKind, MAX_ERRORS};
use super::lex::{Lexer, Token, TokenKind};
use super::syntax::{
    Body, Definition, Document, Guessed, Separator, Slot, SlotList, Written, MAX_SLOTS,
};
use super::Location;

/// Parentheses nested deeper than this are not read. A tree is never deeper than its game
/// allows guesses, and the verifier follows at most 200.
pub const MAX_NESTING: usize = 250;

/// More situations than this are not read, which bounds memory (to a few hundred megabytes)
/// whatever the input: far more than the trees of the games solved in practice have (Knuth's
/// 4×6 tree, zero slots included, has under a thousand).
pub const MAX_SITUATIONS: usize = 1_000_000;

/// Parses `text` for a game whose codes are written in `code_length` symbols (which tells
/// Knuth's `x` from a symbol).
pub(super) fn parse(text: &str, code_length: usize) -> Document {
    Parser::new(text, code_length).document()
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    current: Token,
    next: Token,
    /// How many symbols a code is written in.
    code_length: usize,
    /// Errors outside any situation.
    errors: Vec<(Location, ReadErrorKind)>,
    /// The error lists of the situations being read, innermost last.
    open: Vec<Vec<(Location, ReadErrorKind)>>,
    /// How many errors were found, wherever they are kept: past [`MAX_ERRORS`], reading stops.
    error_count: usize,
    situations: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, code_length: usize) -> Parser<'a> {
        let end = Token {
            kind: TokenKind::End,
            at: (1, 1),
        };
        let mut parser = Parser {
            lexer: Lexer::new(text),
            current: end.clone(),
            next: end,
            code_length,
            errors: Vec::new(),
            open: Vec::new(),
            error_count: 0,
            situations: 0,
        };
        parser.advance();
        parser.advance();
        parser
    }

    /// Moves on one token, reporting the characters that are not part of the notations.
    fn advance(&mut self) {
        let following = loop {
            let token = self.lexer.next_token();
            if self.error_count >= MAX_ERRORS || self.situations > MAX_SITUATIONS {
                break Token {
                    kind: TokenKind::End,
                    at: token.at,
                };
            }
            match token.kind {
                TokenKind::Unexpected(character) => {
                    self.error(token.at, ReadErrorKind::UnexpectedCharacter(character))
                }
                _ => break token,
            }
        };
        self.current = std::mem::replace(&mut self.next, following);
    }

    /// Records an error in the situation being read, or in the document outside any.
    fn error(&mut self, at: Location, kind: ReadErrorKind) {
        self.error_count += 1;
        let kind = match self.error_count {
            count if count < MAX_ERRORS => kind,
            MAX_ERRORS => ReadErrorKind::TooManyErrors,
            _ => return,
        };
        match self.open.last_mut() {
            Some(list) => list.push((at, kind)),
            None => self.errors.push((at, kind)),
        }
    }

    fn expected(&mut self, expected: &'static str) {
        let found = self.current.kind.describe();
        self.error(self.current.at, ReadErrorKind::Expected { expected, found });
    }

    fn at_definition(&self) -> bool {
        matches!(&self.current.kind, TokenKind::Word(word) if is_section_name(word))
            && self.next.kind == TokenKind::Equals
    }

    fn document(&mut self) -> Document {
        let mut document = Document::default();
        if self.current.kind == TokenKind::End {
            self.error((1, 1), ReadErrorKind::Empty);
        } else if self.at_definition() {
            self.expected("a tree, such as `1296(1122: …)`, before the sections");
        } else {
            document.root = self.situation();
            self.skip_to_definitions();
        }
        while self.current.kind != TokenKind::End {
            document.definitions.push(self.definition());
            self.skip_to_definitions();
        }
        document.errors = std::mem::take(&mut self.errors);
        document
    }

    /// After the tree or a definition: an optional `,` and `where`, then the next definition.
    /// Anything else is reported and skipped.
    fn skip_to_definitions(&mut self) {
        if self.current.kind == TokenKind::Comma {
            self.advance();
        }
        if matches!(&self.current.kind, TokenKind::Word(word) if word.eq_ignore_ascii_case("where"))
        {
            self.advance();
        }
        if self.current.kind == TokenKind::End || self.at_definition() {
            return;
        }
        self.expected("a section's definition, such as `A = (2344: …)`");
        while self.current.kind != TokenKind::End && !self.at_definition() {
            self.skip_one();
        }
    }

    /// `A = (gggg…)` or `A = 39(gggg…)`.
    fn definition(&mut self) -> Definition {
        let at = self.current.at;
        let TokenKind::Word(name) = self.current.kind.clone() else {
            unreachable!("definitions start at a section name")
        };
        self.advance();
        self.advance();
        let mut count = None;
        let mut situation = Written {
            count: 0,
            at,
            body: Body::Broken,
            errors: Vec::new(),
        };
        if let TokenKind::Word(word) = &self.current.kind {
            if self.next.kind == TokenKind::Open {
                let (word, at) = (word.clone(), self.current.at);
                count = self.count(&word, at).map(|count| (count, at));
                self.advance();
            }
        }
        if self.current.kind == TokenKind::Open {
            situation = self.parenthesised(situation.count, at);
        } else {
            self.expected("`(` and the section's guess");
        }
        Definition {
            name,
            at,
            count,
            situation,
        }
    }

    /// A situation where one is expected, or `None` (reported) when none can be read there.
    fn situation(&mut self) -> Option<Written> {
        let at = self.current.at;
        let TokenKind::Word(word) = self.current.kind.clone() else {
            if self.current.kind == TokenKind::Open {
                self.expected("a count before `(`");
                self.skip_one();
            } else {
                self.expected("a situation (a count)");
            }
            return None;
        };
        self.advance();
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let (number, name) = word.split_at(digits);
        let count = if number.is_empty() {
            // Name the whole word: its (empty) run of digits says nothing to the reader.
            self.error(at, ReadErrorKind::Unreadable(word.clone()));
            None
        } else {
            self.count(number, at)
        };
        let body = if name.is_empty() {
            // Spacing carries no meaning: `96 A` is `96A` (unless `A =` starts a definition).
            match &self.current.kind {
                TokenKind::Word(next) if is_section_name(next) && !self.at_definition() => {
                    let reference = Body::Reference {
                        name: next.clone(),
                        at: self.current.at,
                    };
                    self.advance();
                    Some(reference)
                }
                _ => None,
            }
        } else if is_section_name(name) {
            Some(Body::Reference {
                name: name.to_owned(),
                at: (at.0, at.1 + digits),
            })
        } else {
            // A word without digits was reported just above, once.
            if !number.is_empty() {
                self.error(at, ReadErrorKind::Unreadable(word.clone()));
            }
            Some(Body::Broken)
        };
        let written = match body {
            None if self.current.kind == TokenKind::Open => self.parenthesised(count?, at),
            None => Written {
                count: count?,
                at,
                body: Body::Bare,
                errors: Vec::new(),
            },
            Some(body) => {
                if self.current.kind == TokenKind::Open {
                    self.expected("`,`, `;` or `)` after a count with a section name");
                    self.skip_one();
                }
                Written {
                    count: count?,
                    at,
                    body,
                    errors: Vec::new(),
                }
            }
        };
        self.situations += 1;
        if self.situations > MAX_SITUATIONS {
            self.error(
                at,
                ReadErrorKind::TooManySituations {
                    limit: MAX_SITUATIONS,
                },
            );
            return None;
        }
        Some(written)
    }

    /// The count written as `digits` at `at`, or `None` (reported).
    fn count(&mut self, digits: &str, at: Location) -> Option<u64> {
        if digits.is_empty() {
            self.error(at, ReadErrorKind::Unreadable(digits.to_owned()));
            return None;
        }
        match digits.parse() {
            Ok(count) => Some(count),
            Err(_) => {
                self.error(at, ReadErrorKind::NumberTooLarge(digits.to_owned()));
                None
            }
        }
    }

    /// `(gggg…)` after a count: the current token is the `(`.
    fn parenthesised(&mut self, count: u64, at: Location) -> Written {
        let open_at = self.current.at;
        if self.open.len() >= MAX_NESTING {
            self.error(open_at, ReadErrorKind::TooDeep { limit: MAX_NESTING });
            self.skip_one();
            return Written {
                count,
                at,
                body: Body::Broken,
                errors: Vec::new(),
            };
        }
        self.open.push(Vec::new());
        self.advance();
        let mut body = self.guessed();
        match self.current.kind {
            TokenKind::Close => self.advance(),
            TokenKind::End | TokenKind::Equals => self.error(open_at, ReadErrorKind::Unclosed),
            _ if self.at_definition() => self.error(open_at, ReadErrorKind::Unclosed),
            _ => {
                self.expected("`)`");
                self.skip_to_close();
                // What the skipped text meant is unknown.
                body = Body::Broken;
            }
        }
        let errors = self.open.pop().unwrap_or_default();
        Written {
            count,
            at,
            body,
            errors,
        }
    }

    /// The inside of the parentheses: a guess, `*` or `x`, and the slots after a `:`.
    fn guessed(&mut self) -> Body {
        let at = self.current.at;
        let TokenKind::Word(word) = self.current.kind.clone() else {
            self.expected("a guess");
            return Body::Broken;
        };
        self.advance();
        let pairs = word.len() == self.code_length + 1 && word.ends_with('x');
        let guess = if pairs {
            word[..self.code_length].to_owned()
        } else {
            word
        };
        let star = self.current.kind == TokenKind::Star;
        if star {
            self.advance();
        }
        let slots = match self.current.kind {
            TokenKind::Colon => {
                self.advance();
                Some(self.slot_list())
            }
            // OCR reads the `:` after a guess as `;` (or `,`, `.`): the slots follow all the same.
            TokenKind::Semicolon | TokenKind::Comma | TokenKind::Dot => {
                let found = self.current.kind.describe();
                let kind = ReadErrorKind::Expected {
                    expected: "`:` after the guess",
                    found,
                };
                self.error(self.current.at, kind);
                self.advance();
                Some(self.slot_list())
            }
            _ => None,
        };
        Body::Guessed(Guessed {
            guess,
            at,
            star,
            pairs,
            slots,
        })
    }

    /// Slots separated by `,` and `;`, up to the closing `)` (not consumed).
    fn slot_list(&mut self) -> SlotList {
        let mut list = SlotList::default();
        let mut separator = None;
        loop {
            list.written += 1;
            let situation = self.situation();
            if list.slots.len() < MAX_SLOTS {
                list.slots.push(Slot {
                    separator,
                    situation,
                });
            }
            separator = loop {
                let at = self.current.at;
                match self.current.kind {
                    TokenKind::Comma | TokenKind::Semicolon => {
                        let character = if self.current.kind == TokenKind::Comma {
                            ','
                        } else {
                            ';'
                        };
                        self.advance();
                        break Some(Separator { character, at });
                    }
                    TokenKind::Dot | TokenKind::Colon => {
                        let character = if self.current.kind == TokenKind::Dot {
                            '.'
                        } else {
                            ':'
                        };
                        self.error(at, ReadErrorKind::NotASeparator { found: character });
                        self.advance();
                        break Some(Separator { character, at });
                    }
                    TokenKind::Close | TokenKind::End | TokenKind::Equals => return list,
                    TokenKind::Word(_) if self.at_definition() => return list,
                    TokenKind::Word(_) => {
                        self.error(at, ReadErrorKind::MissingSeparator);
                        break Some(Separator { character: ' ', at });
                    }
                    TokenKind::Open | TokenKind::Star | TokenKind::Unexpected(_) => {
                        self.expected("`,`, `;` or `)`");
                        self.skip_one();
                    }
                }
            };
        }
    }

    /// Skips one token, or a whole parenthesised group, without recursion.
    fn skip_one(&mut self) {
        if self.current.kind != TokenKind::Open {
            self.advance();
            return;
        }
        let mut depth = 0usize;
        loop {
            match self.current.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth -= 1,
                TokenKind::End => return,
                _ => {}
            }
            self.advance();
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips to the `)` that closes the situation being read, and past it.
    fn skip_to_close(&mut self) {
        loop {
            match self.current.kind {
                TokenKind::Close => return self.advance(),
                TokenKind::End | TokenKind::Equals => return,
                _ if self.at_definition() => return,
                _ => self.skip_one(),
            }
        }
    }
}

/// Section names are capital letters: `A` … `Z`, `AA`, ….
pub(super) fn is_section_name(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase())
}
