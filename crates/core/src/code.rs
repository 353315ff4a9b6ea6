//! Codes as dense indices. The [`Codebook`] enumerates every code of a game in numeric order
//! (first peg most significant), so comparing indices compares codes the way Knuth orders them,
//! and translates between indices, colour digits and the printed symbols.

use std::fmt;

use thiserror::Error;

use crate::packed::PackedCodes;
use crate::shown_by::ShownBy;
use crate::{Feedback, FeedbackKind, Game};

use crate::game::MOST_SYMBOLS;

/// A code of a game, as its index in numeric order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code(pub u32);

impl Code {
    /// Its place among the game's codes in numeric order, as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The code written with `book`'s symbols, for `{}`:
    ///
    /// ```
    /// use mastermind_core::{Codebook, Game};
    /// let book = Codebook::new(Game::classic());
    /// let code = book.parse("1123").unwrap();
    /// assert_eq!(format!("guess {}", code.display(&book)), "guess 1123");
    /// ```
    pub fn display(self, book: &Codebook) -> impl fmt::Display + '_ {
        ShownBy(move || book.format(self))
    }
}

/// Every code of a game, with the per-code facts the scorer needs.
#[derive(Clone)]
pub struct Codebook {
    game: Game,
    /// How many codes the game has, kept since scoring from the table reads it every time.
    len: usize,
    /// Colour (0-based) of each peg, `pegs` bytes per code.
    colours: Vec<u8>,
    /// How often each colour occurs, `colours` bytes per code.
    colour_counts: Vec<u8>,
    /// The fast scoring form, for games that fit it.
    packed: Option<PackedCodes>,
}

/// A code index past the codebook: the index of no code of the game.
#[derive(Debug, Clone, Copy, Error, PartialEq, Eq)]
#[error("code number {} is not a code of {} ({} codes)", .code.0, .game.describe(), .game.code_count())]
pub struct NotACode {
    /// The index given.
    pub code: Code,
    /// The game it was given for.
    pub game: Game,
}

/// Text that does not name a code of the game.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodeParseError {
    #[error("`{text}` has {found} symbols; codes of this game have {expected}{}", per_peg(*.expected, *.pegs))]
    /// The text has the wrong number of symbols.
    Length {
        /// The text as given.
        text: String,
        /// How many symbols it has.
        found: usize,
        /// How many a code of the game has.
        expected: usize,
        /// How many pegs a code of the game has.
        pegs: usize,
    },
    #[error("`{text}`: `{symbol}` at position {position} is not a colour of this game (expected one of {symbols})")]
    /// A symbol is not one of the game's colours.
    Symbol {
        /// The text as given.
        text: String,
        /// The name that is not a colour: one symbol, or two digits in games of more than
        /// 36 colours.
        symbol: String,
        /// Where it stands, from 1.
        position: usize,
        /// The game's colour symbols.
        symbols: String,
    },
    #[error("`{text}` repeats a colour, which this game does not allow")]
    /// A colour repeats in a game without repetition.
    Repeated {
        /// The text as given.
        text: String,
    },
}

/// How the symbols of a code make its pegs, when each peg takes more than one.
fn per_peg(symbols: usize, pegs: usize) -> String {
    if symbols == pegs {
        String::new()
    } else {
        format!(", two digits for each of its {pegs} pegs")
    }
}

impl fmt::Debug for Codebook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Codebook({}, {} codes)",
            self.game.describe(),
            self.len()
        )
    }
}

impl Codebook {
    /// Every code of `game`, in numeric order.
    pub fn new(game: Game) -> Codebook {
        let (pegs, colours) = (game.pegs(), game.colours());
        let count = game.code_count();
        let mut digits = Vec::with_capacity(count * pegs);
        let mut current = vec![0u8; pegs];
        // Odometer over all colour tuples in numeric order, skipping repeats when required.
        loop {
            if game.repetition() || all_distinct(&current) {
                digits.extend_from_slice(&current);
            }
            let mut position = pegs;
            loop {
                if position == 0 {
                    let mut colour_counts = vec![0u8; count * colours];
                    for (code, pegs_of_code) in digits.chunks_exact(pegs).enumerate() {
                        for &colour in pegs_of_code {
                            colour_counts[code * colours + usize::from(colour)] += 1;
                        }
                    }
                    debug_assert_eq!(digits.len(), count * pegs);
                    let packed = PackedCodes::new(pegs, colours, &digits);
                    return Codebook {
                        game,
                        len: count,
                        colours: digits,
                        colour_counts,
                        packed,
                    };
                }
                position -= 1;
                current[position] += 1;
                if usize::from(current[position]) < colours {
                    break;
                }
                current[position] = 0;
            }
        }
    }

    /// The game the codes belong to.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many codes the game has.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `code` if it is one of the game's codes, or why not: a [`Code`] is only an index, and
    /// one past the codebook names no code. Functions that take codes from callers check them
    /// so, at the boundary, rather than fail deep inside.
    pub fn check(&self, code: Code) -> Result<Code, NotACode> {
        if code.index() < self.len() {
            Ok(code)
        } else {
            Err(NotACode {
                code,
                game: self.game,
            })
        }
    }

    /// Whether the game has no code (never, for a playable game).
    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    /// All codes in numeric order.
    pub fn codes(&self) -> impl ExactSizeIterator<Item = Code> + Clone {
        (0..self.len() as u32).map(Code)
    }

    /// The 0-based colour of each peg of `code`.
    pub fn colours_of(&self, code: Code) -> &[u8] {
        let pegs = self.game.pegs();
        &self.colours[code.index() * pegs..(code.index() + 1) * pegs]
    }

    fn colour_counts_of(&self, code: Code) -> &[u8] {
        let colours = self.game.colours();
        &self.colour_counts[code.index() * colours..(code.index() + 1) * colours]
    }

    /// How many characters name one colour: one symbol for games of at most
    /// [`MOST_SYMBOLS`] colours, otherwise two decimal digits (`00` to `99`).
    pub fn colour_width(&self) -> usize {
        self.game.colour_width()
    }

    /// The printed name of a 0-based colour: `1`–`9` for at most nine colours (Knuth's
    /// convention), `0`–`9` then `A`–`Z` for up to 36, and two decimal digits past that.
    pub fn colour_name(&self, colour: u8) -> String {
        let mut name = String::with_capacity(2);
        self.push_colour(&mut name, colour);
        name
    }

    fn push_colour(&self, text: &mut String, colour: u8) {
        let colours = self.game.colours();
        if colours > MOST_SYMBOLS {
            text.push(char::from(b'0' + colour / 10));
            text.push(char::from(b'0' + colour % 10));
            return;
        }
        let value = if colours <= 9 { colour + 1 } else { colour };
        text.push(
            char::from_digit(u32::from(value), 36)
                .expect("one symbol names at most 36 colours")
                .to_ascii_uppercase(),
        );
    }

    /// The names of this game's colours, in colour order, one after the other: each is
    /// [`Codebook::colour_width`] characters.
    pub fn symbols(&self) -> String {
        let mut text = String::new();
        for colour in 0..self.game.colours() as u8 {
            self.push_colour(&mut text, colour);
        }
        text
    }

    /// The game in words for a player: "4 pegs, colours 1 to 6, repeats allowed".
    pub fn describe_for_people(&self) -> String {
        let game = self.game;
        let last = self.colour_name(game.colours() as u8 - 1);
        let first = self.colour_name(0);
        let pegs = match game.pegs() {
            1 => "1 peg".to_owned(),
            pegs => format!("{pegs} pegs"),
        };
        let mut text = match game.colours() {
            1 => format!("{pegs}, one colour, {first}"),
            _ => format!("{pegs}, colours {first} to {last}"),
        };
        text.push_str(if game.repetition() {
            ", repeats allowed"
        } else {
            ", no colour twice"
        });
        if game.feedback_kind() == crate::FeedbackKind::BlackOnly {
            text.push_str(", black pegs only");
        }
        text
    }

    /// The colour a name stands for, if it names one of this game's.
    fn colour_of_name(&self, name: &str) -> Option<u8> {
        let colours = self.game.colours();
        let colour = if colours > MOST_SYMBOLS {
            if name.len() != 2 || !name.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            name.parse::<u8>().ok()?
        } else {
            let mut symbols = name.chars();
            let value = symbols.next()?.to_digit(36)? as u8;
            if symbols.next().is_some() {
                return None;
            }
            if colours <= 9 {
                value.checked_sub(1)?
            } else {
                value
            }
        };
        (usize::from(colour) < colours).then_some(colour)
    }

    /// The code as its colours' names, such as `1123` (or `0799` in a game of more than 36
    /// colours); an index past the codebook is named as such.
    pub fn format(&self, code: Code) -> String {
        if code.index() >= self.len() {
            return format!("#{} (not a code of {})", code.0, self.game.describe());
        }
        let mut text = String::with_capacity(self.game.pegs() * self.colour_width());
        for &colour in self.colours_of(code) {
            self.push_colour(&mut text, colour);
        }
        text
    }

    /// Reads a code written with this game's colour names (letters in either case).
    pub fn parse(&self, text: &str) -> Result<Code, CodeParseError> {
        let pegs = self.game.pegs();
        let width = self.colour_width();
        let found = text.chars().count();
        if found != pegs * width {
            return Err(CodeParseError::Length {
                text: crate::excerpt(text),
                found,
                expected: pegs * width,
                pegs,
            });
        }
        let mut colours = Vec::with_capacity(pegs);
        let symbols: Vec<char> = text.chars().collect();
        for (position, name) in symbols.chunks(width).enumerate() {
            let name: String = name.iter().collect();
            let colour = self
                .colour_of_name(&name)
                .ok_or_else(|| CodeParseError::Symbol {
                    text: crate::excerpt(text),
                    symbol: name,
                    position: position + 1,
                    symbols: self.symbols_in_words(),
                })?;
            colours.push(colour);
        }
        self.index_of(&colours)
            .ok_or_else(|| CodeParseError::Repeated {
                text: text.to_owned(),
            })
    }

    /// The colour names for an error message: all of them, or the first to the last when
    /// each takes two digits.
    fn symbols_in_words(&self) -> String {
        if self.colour_width() == 1 {
            self.symbols()
        } else {
            format!("00 to {}", self.colour_name(self.game.colours() as u8 - 1))
        }
    }

    /// The code with these 0-based colours, if it is a code of the game.
    pub fn index_of(&self, colours: &[u8]) -> Option<Code> {
        if colours.len() != self.game.pegs()
            || colours
                .iter()
                .any(|&c| usize::from(c) >= self.game.colours())
        {
            return None;
        }
        if self.game.repetition() {
            let base = self.game.colours() as u32;
            Some(Code(
                colours.iter().fold(0, |acc, &c| acc * base + u32::from(c)),
            ))
        } else if all_distinct(colours) {
            Some(Code(arrangement_rank(colours, self.game.colours())))
        } else {
            None
        }
    }

    /// The reply index of `guess` against every code, in code order, computed from the rules.
    pub fn score_row(&self, guess: Code, row: &mut [u8]) {
        match &self.packed {
            Some(packed) => packed.replies_to(
                packed,
                guess.index(),
                self.game.feedback_kind() == FeedbackKind::BlackWhite,
                row,
            ),
            None => {
                for (secret, cell) in row.iter_mut().enumerate() {
                    *cell = self.score(guess, Code(secret as u32)).index() as u8;
                }
            }
        }
    }

    /// The fast scoring form, for games that fit it.
    pub(crate) fn packed(&self) -> Option<&PackedCodes> {
        self.packed.as_ref()
    }

    /// The reply to guess `guess` when the secret is `secret`, computed from the rules: the
    /// same order of arguments as [`Scorer::feedback`](crate::Scorer::feedback).
    #[inline]
    pub fn score(&self, guess: Code, secret: Code) -> Feedback {
        let (black, total) = match &self.packed {
            Some(packed) => packed.hits(secret.index(), guess.index()),
            None => self.count_hits(secret, guess),
        };
        let white = match self.game.feedback_kind() {
            FeedbackKind::BlackOnly => 0,
            FeedbackKind::BlackWhite => total - black,
        };
        self.game.feedback(black, white)
    }

    /// Black pegs and total hits, peg by peg and colour by colour: the rules as Knuth states
    /// them, for games the packed form does not fit.
    fn count_hits(&self, secret: Code, guess: Code) -> (usize, usize) {
        let black = self
            .colours_of(secret)
            .iter()
            .zip(self.colours_of(guess))
            .filter(|(a, b)| a == b)
            .count();
        let total = self
            .colour_counts_of(secret)
            .iter()
            .zip(self.colour_counts_of(guess))
            .map(|(&a, &b)| usize::from(a.min(b)))
            .sum();
        (black, total)
    }
}

/// The place of `colours` (distinct, each below `palette`) among all such arrangements of
/// its length in numeric order, which is the codebook's order: the arrangements that differ
/// first at position `i` by a smaller colour come before it, and each such colour (one not
/// used before `i`) heads as many arrangements as the later positions can take of the colours
/// left.
fn arrangement_rank(colours: &[u8], palette: usize) -> u32 {
    let mut rank = 0u64;
    // The number of arrangements of the positions after `i` from the colours left.
    let mut tails = 1u64;
    for (i, &colour) in colours.iter().enumerate().rev() {
        let smaller_before = colours[..i].iter().filter(|&&c| c < colour).count() as u64;
        rank += (u64::from(colour) - smaller_before) * tails;
        tails *= (palette - i) as u64;
    }
    // The rank is below the number of codes, which a code index holds.
    rank as u32
}

fn all_distinct(colours: &[u8]) -> bool {
    colours
        .iter()
        .enumerate()
        .all(|(i, c)| !colours[..i].contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bulls_and_cows() -> Codebook {
        Codebook::new(Game::new(4, 10, false, FeedbackKind::BlackWhite).unwrap())
    }

    #[test]
    fn classic_codes_are_in_numeric_order() {
        let book = Codebook::new(Game::classic());
        assert_eq!(book.len(), 1296);
        assert_eq!(book.format(Code(0)), "1111");
        assert_eq!(book.format(Code(1)), "1112");
        assert_eq!(book.format(Code(1295)), "6666");
        assert_eq!(book.parse("1122"), Ok(Code(7)));
        for code in book.codes() {
            assert_eq!(book.parse(&book.format(code)), Ok(code));
        }
    }

    #[test]
    fn bulls_and_cows_uses_zero_based_symbols() {
        let book = bulls_and_cows();
        assert_eq!(book.len(), 5040);
        assert_eq!(book.format(Code(0)), "0123");
        assert_eq!(book.format(Code(5039)), "9876");
        for code in book.codes() {
            assert_eq!(book.parse(&book.format(code)), Ok(code));
        }
        assert_eq!(
            book.parse("0012"),
            Err(CodeParseError::Repeated {
                text: "0012".into()
            })
        );
    }

    /// The rank of a code without repetition is its place in the codebook, in games of many
    /// shapes.
    #[test]
    fn codes_without_repetition_are_found_at_their_place() {
        for (pegs, colours) in [(1, 3), (2, 2), (3, 5), (4, 10), (5, 7), (6, 6), (4, 20)] {
            let game = Game::new(pegs, colours, false, FeedbackKind::BlackWhite).unwrap();
            let book = Codebook::new(game);
            for code in book.codes() {
                assert_eq!(
                    book.index_of(book.colours_of(code)),
                    Some(code),
                    "{pegs}×{colours}"
                );
            }
        }
    }

    #[test]
    fn letters_name_colours_beyond_nine() {
        let game = Game::new(2, 12, true, FeedbackKind::BlackWhite).unwrap();
        let book = Codebook::new(game);
        assert_eq!(book.symbols(), "0123456789AB");
        assert_eq!(book.format(Code(143)), "BB");
        assert_eq!(book.parse("ab"), Ok(Code(10 * 12 + 11)));
    }

    #[test]
    fn two_digits_name_colours_beyond_thirty_six() {
        let game = Game::new(2, 100, true, FeedbackKind::BlackWhite).unwrap();
        let book = Codebook::new(game);
        assert_eq!(book.colour_width(), 2);
        assert_eq!(book.format(Code(0)), "0000");
        assert_eq!(book.format(Code(7 * 100 + 99)), "0799");
        assert_eq!(book.symbols().len(), 200);
        for code in book.codes() {
            assert_eq!(book.parse(&book.format(code)), Ok(code));
        }
        assert_eq!(
            book.describe_for_people(),
            "2 pegs, colours 00 to 99, repeats allowed"
        );
        let narrower = Codebook::new(Game::new(2, 37, true, FeedbackKind::BlackWhite).unwrap());
        let error = narrower.parse("0037").unwrap_err();
        assert!(
            matches!(error, CodeParseError::Symbol { ref symbol, position: 2, .. } if symbol == "37"),
            "{error:?}"
        );
        assert!(error.to_string().contains("00 to 36"), "{error}");
        let error = narrower.parse("012").unwrap_err();
        assert_eq!(
            error.to_string(),
            "`012` has 3 symbols; codes of this game have 4, two digits for each of its 2 pegs"
        );
        assert!(narrower.parse("0A01").is_err());
    }

    #[test]
    fn bad_text_is_explained() {
        let book = Codebook::new(Game::classic());
        assert!(matches!(
            book.parse("123"),
            Err(CodeParseError::Length { found: 3, .. })
        ));
        assert!(matches!(
            book.parse("1273"),
            Err(CodeParseError::Symbol {
                ref symbol,
                position: 3,
                ..
            }) if symbol == "7"
        ));
        assert!(matches!(
            book.parse("1203"),
            Err(CodeParseError::Symbol { ref symbol, .. }) if symbol == "0"
        ));
    }

    #[test]
    fn packed_scoring_agrees_with_the_rules() {
        for (pegs, colours, repetition) in [
            (4, 6, true),
            (5, 8, true),
            (7, 3, true),
            (2, 16, true),
            (4, 10, false),
            (1, 1, true),
        ] {
            let game = Game::new(pegs, colours, repetition, FeedbackKind::BlackWhite).unwrap();
            let book = Codebook::new(game);
            let packed = book.packed.as_ref().expect("the game fits the packed form");
            // Every pair for small games, a stride through the large one.
            let step = (book.len() / 400).max(1);
            for a in (0..book.len()).step_by(step) {
                for b in 0..book.len() {
                    let expected = book.count_hits(Code(a as u32), Code(b as u32));
                    assert_eq!(packed.hits(a, b), expected, "{pegs}×{colours}: {a} {b}");
                }
            }
        }
        let too_wide = Game::new(8, 3, true, FeedbackKind::BlackWhite).unwrap();
        assert!(Codebook::new(too_wide).packed.is_none());
        let too_colourful = Game::new(2, 17, true, FeedbackKind::BlackWhite).unwrap();
        assert!(Codebook::new(too_colourful).packed.is_none());
    }

    #[test]
    fn worked_examples_from_the_seeds() {
        let book = Codebook::new(Game::classic());
        let game = *book.game();
        let score = |secret: &str, guess: &str| {
            let f = book.score(book.parse(guess).unwrap(), book.parse(secret).unwrap());
            (game.black(f), game.white(f))
        };
        // Knuth: codeword 2532, test pattern 3523 gives one black and two white hits.
        assert_eq!(score("2532", "3523"), (1, 2));
        // Knuth: after 1122 with reply four whites, the only code is 2211.
        assert_eq!(score("2211", "1122"), (0, 4));
        // Knuth's seven survivors of 1122 B, 1344 W, 3526 BWW: 4625 cannot tell 3632 from
        // 3662 (both reply BW; the seed's text garbles this pair), while 1462 tells all seven
        // apart and leaves 3632, the puzzle's answer (16 × 227), after BW.
        assert_eq!(score("3632", "4625"), (1, 1));
        assert_eq!(score("3662", "4625"), (1, 1));
        assert_eq!(score("3632", "1462"), (1, 1));
        assert_eq!(score("5532", "4625"), (0, 2));
        assert_eq!(score("1234", "1234"), (4, 0));
    }
}
