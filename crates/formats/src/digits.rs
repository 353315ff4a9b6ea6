//! Codes as the C solver writes them: one digit per peg, colours counted from 0 (`0012`), where
//! this tool counts them from 1 (`1123`) up to nine colours.

use mastermind_core::{Code, Codebook};

/// The most colours a one-digit-per-peg code can name.
pub const MAX_COLOURS: usize = 10;

/// `code` in digits.
pub fn write_code(book: &Codebook, code: Code) -> String {
    book.colours_of(code)
        .iter()
        .map(|&colour| char::from(b'0' + colour))
        .collect()
}

/// Reads `text` as a code of `book`'s game, or says why it is not one.
pub fn read_code(book: &Codebook, text: &str) -> Result<Code, String> {
    let quoted = mastermind_core::excerpt(text);
    let game = book.game();
    let pegs = game.pegs();
    let colours: Option<Vec<u8>> = text
        .chars()
        .map(|c| c.to_digit(10).map(|digit| digit as u8))
        .collect();
    let Some(colours) = colours.filter(|colours| colours.len() == pegs) else {
        return Err(format!(
            "`{quoted}` is not a code: a code is {pegs} digits, one colour from 0 per peg"
        ));
    };
    if let Some(&colour) = colours
        .iter()
        .find(|&&colour| usize::from(colour) >= game.colours())
    {
        return Err(format!(
            "`{quoted}` is not a code of {}: colour {colour} is not one of its {} colours (0–{}); \
             give the game's colours with --colours",
            game.describe(),
            game.colours(),
            game.colours() - 1
        ));
    }
    book.index_of(&colours).ok_or_else(|| {
        format!(
            "`{quoted}` repeats a colour, which {} does not allow",
            game.describe()
        )
    })
}

#[cfg(test)]
mod tests {
    use mastermind_core::Game;

    use super::*;

    #[test]
    fn digits_count_colours_from_zero() {
        let book = Codebook::new(Game::classic());
        let code = read_code(&book, "0012").unwrap();
        assert_eq!(book.format(code), "1123");
        assert_eq!(write_code(&book, code), "0012");
        assert!(read_code(&book, "0016")
            .unwrap_err()
            .contains("colour 6 is not one of its 6 colours (0–5)"));
        assert!(read_code(&book, "001").unwrap_err().contains("4 digits"));
        assert!(read_code(&book, "00a1").unwrap_err().contains("4 digits"));
        let unique = Codebook::new(
            Game::new(4, 6, false, mastermind_core::FeedbackKind::BlackWhite).unwrap(),
        );
        assert!(read_code(&unique, "0012")
            .unwrap_err()
            .contains("repeats a colour"));
    }
}
