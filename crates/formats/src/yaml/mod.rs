//! The C solver's YAML: a situation is a list of two, the guess and a mapping from each reply
//! that occurs (its label, such as `XO--`) to the one code left after it (guessed next; under
//! the all-black reply, the guess itself) or to the next situation, in the same shape. A reply
//! that is not a key gets no code.
//!
//! The YAML is read by a YAML parser that keeps the line and column of every value, so that a
//! value in the wrong shape, a key that is not a reply of the game or a code that is not a code
//! is reported where it is written, and reading goes on with the rest.

mod write;

use mastermind_core::{Codebook, Feedback, Game};
use mastermind_verify::{Location, Problem, TreePath};
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::Marker;

pub(crate) use write::write;

use crate::labels::read_label;
use crate::meaning::{path_guess, report, Entry, Written};
use crate::SyntaxError;

/// A YAML value and where it starts.
#[derive(Debug)]
struct Value {
    kind: Kind,
    at: Location,
}

#[derive(Debug)]
enum Kind {
    Scalar(String),
    List(Vec<Value>),
    Mapping(Vec<(Value, Value)>),
    Alias,
}

impl Kind {
    fn describe(&self) -> String {
        match self {
            Kind::Scalar(text) => format!("`{text}`"),
            Kind::List(items) => format!("a list of {}", items.len()),
            Kind::Mapping(_) => "a mapping".to_owned(),
            Kind::Alias => "an alias".to_owned(),
        }
    }
}

/// A YAML text's one document.
#[derive(Debug)]
pub(crate) struct Document {
    root: Value,
}

/// A container being filled while the events arrive.
enum Open {
    List(Vec<Value>, Location),
    Mapping(Vec<(Value, Value)>, Option<Value>, Location),
}

fn location(marker: &Marker) -> Location {
    (marker.line(), marker.col() + 1)
}

/// Reads the structure of a YAML text.
pub(crate) fn parse(text: &str) -> Result<Document, SyntaxError> {
    let mut parser = Parser::new_from_str(text);
    let mut open: Vec<Open> = Vec::new();
    let mut root = None;
    let mut documents = 0;
    loop {
        let (event, marker) = parser.next_token().map_err(|error| SyntaxError {
            location: Some(location(error.marker())),
            message: if error.info().contains("recursion limit") {
                // The parser bounds nesting itself, far deeper than any real tree goes.
                "the YAML nests deeper than the YAML parser follows".to_owned()
            } else {
                format!("this is not YAML: {}", error.info())
            },
        })?;
        let at = location(&marker);
        let value = match event {
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                if documents > 1 {
                    return Err(SyntaxError {
                        location: Some(at),
                        message: "a second YAML document: the file holds one tree".to_owned(),
                    });
                }
                continue;
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                open.push(match event {
                    Event::SequenceStart(..) => Open::List(Vec::new(), at),
                    _ => Open::Mapping(Vec::new(), None, at),
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match open.pop() {
                Some(Open::List(items, at)) => Value {
                    kind: Kind::List(items),
                    at,
                },
                Some(Open::Mapping(pairs, _, at)) => Value {
                    // The parser places a block mapping at its first `:`; it starts at its
                    // first key.
                    at: pairs.first().map_or(at, |(key, _)| key.at.min(at)),
                    kind: Kind::Mapping(pairs),
                },
                None => continue,
            },
            Event::Scalar(text, ..) => Value {
                kind: Kind::Scalar(text),
                at,
            },
            Event::Alias(_) => Value {
                kind: Kind::Alias,
                at,
            },
            _ => continue,
        };
        match open.last_mut() {
            None => root = Some(value),
            Some(Open::List(items, _)) => items.push(value),
            Some(Open::Mapping(pairs, key, _)) => match key.take() {
                None => *key = Some(value),
                Some(key) => pairs.push((key, value)),
            },
        }
    }
    match root {
        Some(root) => Ok(Document { root }),
        None => Err(SyntaxError {
            location: None,
            message: "the YAML holds no tree".to_owned(),
        }),
    }
}

impl Document {
    /// The length of the first guess, if the text starts as a tree does.
    pub(crate) fn pegs(&self) -> Option<usize> {
        match &self.root.kind {
            Kind::List(items) => match items.first().map(|item| &item.kind) {
                Some(Kind::Scalar(guess)) => Some(guess.chars().count()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The tree in `game`.
    pub(crate) fn tree(&self, game: &Game, problems: &mut Vec<Problem>) -> Option<Written> {
        let book = Codebook::new(*game);
        situation(&book, &self.root, TreePath::root(), problems)
    }
}

/// The situation `value` at `path`, or `None` (reported) when it is not in the shape of one.
fn situation(
    book: &Codebook,
    value: &Value,
    path: TreePath,
    problems: &mut Vec<Problem>,
) -> Option<Written> {
    // Each part of the shape in turn: what it should be, and what was found instead.
    let wrong = |at: Location, expected: &str, found: &Kind| {
        (at, format!("{expected}; found {}", found.describe()))
    };
    let parts = match &value.kind {
        Kind::List(items) if items.len() == 2 => match (&items[0].kind, &items[1].kind) {
            (Kind::Scalar(guess), Kind::Mapping(pairs)) => Ok((guess, items[0].at, pairs)),
            (Kind::Scalar(_), other) => Err(wrong(items[1].at, "expected the mapping from each reply to what follows it", other)),
            (other, _) => Err(wrong(items[0].at, "expected the guess, a code such as `0012`", other)),
        },
        other => Err(wrong(
            value.at,
            "a situation is a list of two, its guess and a mapping of replies (`- gggg` then `- REPLY: …`)",
            other,
        )),
    };
    let (guess_text, guess_at, pairs) = match parts {
        Ok(parts) => parts,
        Err((at, message)) => {
            report(problems, &path, at, message);
            return None;
        }
    };
    let game = book.game();
    let step_guess = path_guess(book, guess_text);
    let mut seen: Vec<(Feedback, Location)> = Vec::new();
    let mut entries = Vec::new();
    for (key, next) in pairs {
        let reply = match &key.kind {
            Kind::Scalar(label) => read_label(game, label),
            other => Err(format!(
                "expected a reply such as `XO--`; found {}",
                other.describe()
            )),
        };
        let reply = match reply {
            Ok(reply) => reply,
            Err(message) => {
                report(problems, &path, key.at, message);
                continue;
            }
        };
        if let Some(&(_, (line, column))) = seen.iter().find(|(seen, _)| *seen == reply) {
            let message = format!("this reply is already a key at line {line}, column {column}");
            report(problems, &path, key.at, message);
            continue;
        }
        seen.push((reply, key.at));
        let child_path = path.then(&step_guess, &game.feedback_name(reply));
        let entry = match &next.kind {
            Kind::Scalar(code) => Entry::Code(code.clone()),
            Kind::List(_) => situation(book, next, child_path, problems)
                .map_or(Entry::Lost, |written| Entry::Situation(Box::new(written))),
            other => {
                let message = format!(
                    "expected the one code left or the next situation; found {}",
                    other.describe()
                );
                report(problems, &child_path, next.at, message);
                Entry::Lost
            }
        };
        entries.push((reply, key.at, entry));
    }
    Some(Written {
        guess: guess_text.clone(),
        guess_at,
        at: value.at,
        replies: entries,
        absent_means_none: true,
        path,
    })
}
