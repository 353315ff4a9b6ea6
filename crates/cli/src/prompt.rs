//! A conversation with a person, line by line: prompts and messages go to stderr, answers are
//! read from stdin. A terminal and a pipe work alike, so the interactive commands can be
//! scripted, and stdout stays free for results.

use std::io::{BufRead, IsTerminal, Lines, StdinLock, Write};

use anyhow::Context;

pub struct Prompter {
    lines: Lines<StdinLock<'static>>,
    /// Answers read from a pipe are echoed, so that a transcript on stderr reads as a dialogue.
    echo: bool,
}

impl Prompter {
    pub fn new() -> Prompter {
        let stdin = std::io::stdin();
        Prompter {
            echo: !stdin.is_terminal(),
            lines: stdin.lock().lines(),
        }
    }

    /// Shows `prompt` and reads one answer, trimmed; `None` at the end of input.
    pub fn ask(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        let mut stderr = std::io::stderr().lock();
        // A closed stderr must not stop the game: the answers still come and the result
        // still goes to stdout.
        let _ = write!(stderr, "{prompt}").and_then(|()| stderr.flush());
        let Some(line) = self.lines.next() else {
            let _ = writeln!(stderr);
            return Ok(None);
        };
        let line = line.context("cannot read stdin")?;
        if self.echo {
            let _ = writeln!(stderr, "{line}");
        }
        Ok(Some(line.trim().to_owned()))
    }
}

/// Writes a line of the conversation to stderr.
pub fn say(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
