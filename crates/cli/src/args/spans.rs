//! Ranges of pegs and colours (`2..10`), as the atlas and the static table take them.

/// An inclusive range of small numbers, such as `2..10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub first: u32,
    pub last: u32,
}

impl Span {
    pub fn values(self) -> Vec<u32> {
        (self.first..=self.last).collect()
    }
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{} to {}", self.first, self.last)
        }
    }
}

/// A span of pegs: within what a game may have, so that no grid runs through billions.
pub fn parse_peg_span(text: &str) -> Result<Span, String> {
    parse_span(text, "pegs", u32::from(mastermind::MAX_PEGS))
}

/// A span of colours, within what a game may have.
pub fn parse_colour_span(text: &str) -> Result<Span, String> {
    parse_span(text, "colours", u32::from(mastermind::MAX_COLOURS))
}

fn parse_span(text: &str, what: &str, most: u32) -> Result<Span, String> {
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{part}` is not a number; expected `A..B` or a number"))
    };
    let (first, last) = match text.split_once("..") {
        Some((first, last)) => (number(first)?, number(last)?),
        None => (number(text)?, number(text)?),
    };
    if first > last {
        return Err(format!(
            "{first}..{last} is empty; the first number comes first"
        ));
    }
    if first == 0 || last > most {
        return Err(format!(
            "a game has 1 to {most} {what}; {text} goes outside that"
        ));
    }
    Ok(Span { first, last })
}
