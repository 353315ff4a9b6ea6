//! A conversation with a person, line by line: prompts and messages go to stderr, answers are
//! read from stdin. A terminal and a pipe work alike, so the interactive commands can be
//! scripted, and stdout stays free for results.

use std::io::{BufRead, IsTerminal, StdinLock, Write};

use anyhow::Context;

pub struct Prompter {
    stdin: StdinLock<'static>,
    /// Answers read from a pipe are echoed, so that a transcript on stderr reads as a dialogue.
    echo: bool,
}

impl Prompter {
    pub fn new() -> Prompter {
        let stdin = std::io::stdin();
        Prompter {
            echo: !stdin.is_terminal(),
            stdin: stdin.lock(),
        }
    }

    /// Shows `prompt` and reads one answer, trimmed; `None` at the end of input. A line that
    /// is not UTF-8 text is refused and asked for again, as any other unreadable answer is.
    pub fn ask(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        let mut stderr = std::io::stderr().lock();
        loop {
            // A closed stderr must not stop the game: the answers still come and the result
            // still goes to stdout.
            let _ = write!(stderr, "{prompt}").and_then(|()| stderr.flush());
            let mut line = Vec::new();
            let read = self
                .stdin
                .read_until(b'\n', &mut line)
                .context("cannot read stdin")?;
            if read == 0 {
                let _ = writeln!(stderr);
                return Ok(None);
            }
            match String::from_utf8(line) {
                Ok(line) => {
                    let line = line.trim_end_matches(['\n', '\r']);
                    if self.echo {
                        let _ = writeln!(stderr, "{line}");
                    }
                    return Ok(Some(line.trim().to_owned()));
                }
                Err(error) => {
                    let at = error.utf8_error().valid_up_to();
                    let _ = writeln!(
                        stderr,
                        "That line is not UTF-8 text (an invalid byte after {at} bytes); type it again."
                    );
                }
            }
        }
    }
}

/// Writes a line of the conversation to stderr.
pub fn say(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
