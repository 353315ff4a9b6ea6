//! Splitting the text into tokens, one at a time so that memory never grows with the input:
//! words (runs of letters and digits: counts, guesses, `96A`, `1415x`, section names, `where`)
//! and the punctuation of the notations. Spacing and line breaks carry no meaning; any other
//! character becomes a token of its own for the parser to report.

use std::str::Chars;

use super::Location;

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum TokenKind {
    Word(String),
    Open,
    Close,
    Colon,
    Comma,
    Semicolon,
    Equals,
    Star,
    /// Not in either notation, but what OCR makes of `,` and `;`: kept as a token so that the
    /// parser can say so where a separator belongs.
    Dot,
    /// A character outside the notations, which the parser reports.
    Unexpected(char),
    End,
}

impl TokenKind {
    /// How the token is named in messages.
    pub(super) fn describe(&self) -> String {
        match self {
            TokenKind::Word(word) => format!("`{}`", mastermind_core::excerpt(word)),
            TokenKind::Open => "`(`".into(),
            TokenKind::Close => "`)`".into(),
            TokenKind::Colon => "`:`".into(),
            TokenKind::Comma => "`,`".into(),
            TokenKind::Semicolon => "`;`".into(),
            TokenKind::Equals => "`=`".into(),
            TokenKind::Star => "`*`".into(),
            TokenKind::Dot => "`.`".into(),
            TokenKind::Unexpected(character) => format!("`{character}`"),
            TokenKind::End => "the end of the input".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) kind: TokenKind,
    pub(super) at: Location,
}

/// The tokens of a text, read on demand.
pub(super) struct Lexer<'a> {
    chars: std::iter::Peekable<Chars<'a>>,
    line: usize,
    column: usize,
}

/// Words longer than this are cut (the rest is skipped), so one huge word cannot fill memory;
/// no count, guess or section name comes near it.
const MAX_WORD: usize = 64;

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            chars: text.chars().peekable(),
            line: 1,
            column: 1,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let character = self.chars.next()?;
        if character == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(character)
    }

    /// The next token.
    pub(super) fn next_token(&mut self) -> Token {
        loop {
            let at = (self.line, self.column);
            let Some(character) = self.bump() else {
                return Token {
                    kind: TokenKind::End,
                    at,
                };
            };
            let kind = match character {
                '(' => TokenKind::Open,
                ')' => TokenKind::Close,
                ':' => TokenKind::Colon,
                ',' => TokenKind::Comma,
                ';' => TokenKind::Semicolon,
                '=' => TokenKind::Equals,
                '*' => TokenKind::Star,
                '.' => TokenKind::Dot,
                c if c.is_whitespace() => continue,
                c if c.is_ascii_alphanumeric() => TokenKind::Word(self.word(c)),
                c => TokenKind::Unexpected(c),
            };
            return Token { kind, at };
        }
    }

    fn word(&mut self, first: char) -> String {
        let mut word = String::from(first);
        while let Some(&next) = self.chars.peek() {
            if !next.is_ascii_alphanumeric() {
                break;
            }
            self.bump();
            if word.len() < MAX_WORD {
                word.push(next);
            }
        }
        word
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, Location)> {
        let mut lexer = Lexer::new(text);
        let mut tokens = Vec::new();
        loop {
            let token = lexer.next_token();
            if token.kind == TokenKind::End {
                return tokens;
            }
            tokens.push((token.kind, token.at));
        }
    }

    #[test]
    fn words_and_punctuation_carry_their_positions() {
        let tokens = kinds("96A,\n  B = (2344*: 0.1)");
        let word = |text: &str| TokenKind::Word(text.into());
        assert_eq!(
            tokens,
            vec![
                (word("96A"), (1, 1)),
                (TokenKind::Comma, (1, 4)),
                (word("B"), (2, 3)),
                (TokenKind::Equals, (2, 5)),
                (TokenKind::Open, (2, 7)),
                (word("2344"), (2, 8)),
                (TokenKind::Star, (2, 12)),
                (TokenKind::Colon, (2, 13)),
                (word("0"), (2, 15)),
                (TokenKind::Dot, (2, 16)),
                (word("1"), (2, 17)),
                (TokenKind::Close, (2, 18)),
            ]
        );
    }

    #[test]
    fn other_characters_are_tokens_of_their_own() {
        let tokens = kinds("1\\ $2é");
        let unexpected = |c| (TokenKind::Unexpected(c), (1, 0));
        let kinds: Vec<_> = tokens.into_iter().map(|(kind, _)| (kind, (1, 0))).collect();
        assert_eq!(
            kinds,
            vec![
                (TokenKind::Word("1".into()), (1, 0)),
                unexpected('\\'),
                unexpected('$'),
                (TokenKind::Word("2".into()), (1, 0)),
                unexpected('é'),
            ]
        );
    }

    #[test]
    fn huge_words_are_cut() {
        let tokens = kinds(&"9".repeat(100_000));
        let TokenKind::Word(word) = &tokens[0].0 else {
            panic!("a word")
        };
        assert_eq!(word.len(), MAX_WORD);
    }
}
